import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryCompiler, type TransactionSettings } from 'kysely';
import { currentActor } from './actorContext';

/**
 * The actor of each database session, as last set: keyed by the session (a pool's connection,
 * or the one embedded database), so that a connection already set for the right actor costs
 * nothing more. A session never set has no actor.
 */
const sessionActors = new WeakMap<object, string>();

const SET_ACTOR = "select set_config('app.actor', $1, false)";

/**
 * Wraps a driver so that every connection it hands out carries the actor of the code that asked
 * for it (./actorContext.ts) in `app.actor`, set before anything else runs on it (a transaction's
 * BEGIN included) and only when it differs from what the session already holds. The setting is
 * the session's, not a transaction's, so it is set outside any transaction and a rollback keeps it.
 */
class ActorDriver implements Driver {
  readonly savepoint?: Driver['savepoint'];
  readonly rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  readonly releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    private readonly inner: Driver,
    private readonly sessionOf: (connection: DatabaseConnection) => object,
  ) {
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
    if (savepoint)
      this.savepoint = (connection, name, compile: QueryCompiler['compileQuery']) => savepoint.call(inner, connection, name, compile);
    if (rollbackToSavepoint) {
      this.rollbackToSavepoint = (connection, name, compile) => rollbackToSavepoint.call(inner, connection, name, compile);
    }
    if (releaseSavepoint) this.releaseSavepoint = (connection, name, compile) => releaseSavepoint.call(inner, connection, name, compile);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Read before waiting for a connection: the asker's actor, not whoever frees one.
    const actor = currentActor();
    const connection = await this.inner.acquireConnection();
    const session = this.sessionOf(connection);
    if ((sessionActors.get(session) ?? '') !== actor) {
      try {
        await connection.executeQuery(CompiledQuery.raw(SET_ACTOR, [actor]));
      } catch (error) {
        await this.inner.releaseConnection(connection);
        throw error;
      }
      sessionActors.set(session, actor);
    }
    return connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * A dialect whose connections carry the request's actor. `sessionOf` names the database
 * session behind a connection: the connection itself for a pool, the embedded database for
 * PGlite (one session, whatever connection object the dialect hands out).
 */
export const withActor = (dialect: Dialect, sessionOf: (connection: DatabaseConnection) => object): Dialect => ({
  createDriver: () => new ActorDriver(dialect.createDriver(), sessionOf),
  createQueryCompiler: () => dialect.createQueryCompiler(),
  createAdapter: () => dialect.createAdapter(),
  createIntrospector: (db) => dialect.createIntrospector(db),
});
