import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';
import { DatabaseUnavailableError } from '../errors';

/**
 * SQLSTATEs that say the server is not there (shutting down, crashed, starting up, out of
 * connection slots) rather than that the query was wrong. Class 08 (connection exception) too.
 */
const UNREACHABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** The socket's own errors: nobody listens, the peer went away, the network is down. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * What pg, pg-pool, Kysely and PGlite say when they have no connection to use: a socket that
 * ended, no connection within the pool's timeout, a client that lost its connection earlier,
 * a pool or database already closed (a stop in progress).
 */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /Cannot use a pool after calling end on the pool/,
  /driver has already been destroyed/,
  /PGlite is closed/,
];

const MAX_CAUSES = 5;

function unreachable(error: unknown, socketCodes: boolean, depth: number): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== 'object' || error === null || depth > MAX_CAUSES) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (UNREACHABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || (socketCodes && SOCKET_CODES.has(code))) return true;
  if (error instanceof Error && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // A connect to a name with several addresses fails with all of them (AggregateError); a
  // timeout of pg-pool wraps the socket's error as its cause.
  if (error instanceof AggregateError && error.errors.some((inner) => unreachable(inner, socketCodes, depth + 1))) return true;
  return error instanceof Error && error.cause !== undefined && unreachable(error.cause, socketCodes, depth + 1);
}

/** Whether an error of a database call means that the database could not be reached, not that the query was refused. */
export const isDatabaseUnreachable = (error: unknown): boolean => unreachable(error, true, 0);

/**
 * The same for an error of unknown origin: only the database's own words count (its SQLSTATEs,
 * the driver's messages), since a socket error may as well come from a call to the messenger.
 */
export const namesUnreachableDatabase = (error: unknown): boolean => unreachable(error, false, 0);

/** A database call's error as the API reports it: an unreachable database becomes DatabaseUnavailableError. */
export const asUnavailable = <E>(error: E, origin: 'database' | 'unknown' = 'database'): E | DatabaseUnavailableError =>
  !(error instanceof DatabaseUnavailableError) && (origin === 'database' ? isDatabaseUnreachable(error) : namesUnreachableDatabase(error))
    ? new DatabaseUnavailableError(error)
    : error;

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asUnavailable(error);
  }
}

class GuardedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return guarded(() => this.inner.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw asUnavailable(error);
    }
  }
}

/**
 * A driver whose every failure to reach the database (acquiring a connection, a query, a
 * transaction's statements) is a DatabaseUnavailableError, whichever code path ran it: a route,
 * a GraphQL resolver, the login, the authentication's session check. Each connection keeps one
 * wrapper, so that whoever keys state by connection (the actor driver) sees the same object.
 */
class GuardedDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, GuardedConnection>();
  readonly savepoint?: Driver['savepoint'];
  readonly rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  readonly releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(private readonly inner: Driver) {
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
    type Step = NonNullable<Driver['savepoint']>;
    const guardStep =
      (step: Step): Step =>
      (connection, name, compile: QueryCompiler['compileQuery']) =>
        guarded(() => step.call(inner, this.unwrap(connection), name, compile));
    if (savepoint) this.savepoint = guardStep(savepoint);
    if (rollbackToSavepoint) this.rollbackToSavepoint = guardStep(rollbackToSavepoint);
    if (releaseSavepoint) this.releaseSavepoint = guardStep(releaseSavepoint);
  }

  private wrap(connection: DatabaseConnection): GuardedConnection {
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new GuardedConnection(connection);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  private unwrap(connection: DatabaseConnection): DatabaseConnection {
    return connection instanceof GuardedConnection ? connection.inner : connection;
  }

  init(): Promise<void> {
    return guarded(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.wrap(await guarded(() => this.inner.acquireConnection()));
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return guarded(() => this.inner.beginTransaction(this.unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return guarded(() => this.inner.commitTransaction(this.unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return guarded(() => this.inner.rollbackTransaction(this.unwrap(connection)));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(this.unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** A dialect whose driver reports an unreachable database as DatabaseUnavailableError (a 503). */
export const reportingUnavailable = (dialect: Dialect): Dialect => ({
  createDriver: () => new GuardedDriver(dialect.createDriver()),
  createQueryCompiler: () => dialect.createQueryCompiler(),
  createAdapter: () => dialect.createAdapter(),
  createIntrospector: (db) => dialect.createIntrospector(db),
});
