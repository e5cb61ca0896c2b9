/**
 * What the server waits for before it serves, once its database is ready. `npm start` builds
 * the browser app alongside the database's preparation and holds the serving until the build
 * is there, so that the first page asked for is the app. Nothing to wait for otherwise.
 */
let pending: Promise<void> = Promise.resolve();

export const holdServingUntil = (ready: Promise<void>): void => {
  pending = ready;
};

export const readyToServe = (): Promise<void> => pending;
