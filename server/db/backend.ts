/** Which database a Kysely instance was opened on: the embedded one in this process, or a server. */
export type DatabaseBackend = { kind: 'embedded' } | { kind: 'server'; connectionString: string };

const backends = new WeakMap<object, DatabaseBackend>();

/** Called by openDatabase, so that whoever holds the Kysely instance can open a connection of its own to it. */
export const registerBackend = (db: object, backend: DatabaseBackend): void => {
  backends.set(db, backend);
};

/** The backend of a database opened by openDatabase; undefined for any other handle (a plugin's, a transaction). */
export const backendOf = (db: object): DatabaseBackend | undefined => backends.get(db);
