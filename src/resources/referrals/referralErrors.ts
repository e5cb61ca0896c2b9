import { HttpError } from 'react-admin';

/** The text of a failed call: the server's message (the client already put it in the user's language by its code). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The API's error code of a failed call, when it has one. */
export const errorCode = (error: unknown): string | undefined => {
  if (!(error instanceof HttpError)) return undefined;
  const body: unknown = error.body;
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
};

/** A refusal will be the same the next time: only a failed connection or a server error is asked again, once. */
export const retryOnce = (failures: number, error: unknown): boolean =>
  failures < 1 && !(error instanceof HttpError && error.status >= 400 && error.status < 500);
