import type { Kysely } from 'kysely';

/** What pg.Pool tells of its connections (the fields this reads). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** The connections behind a database handle, now. */
export interface PoolStats {
  /** Connections open. */
  total: number;
  /** Of those, running a query or a transaction; null when not measurable. */
  inUse: number | null;
  /** Queries waiting for a connection; null when not measurable. */
  waiting: number | null;
}

const pools = new WeakMap<object, PoolCounts>();

/** Called by openDatabase for a PostgreSQL server's pool, so that metrics can read it. */
export function registerPool<DB>(db: Kysely<DB>, pool: PoolCounts): void {
  pools.set(db, pool);
}

/**
 * The pool of `db`. A handle without a registered pool is the embedded database: one session,
 * whose queue PGlite keeps private, so only its size is known.
 */
export function poolStats<DB>(db: Kysely<DB>): PoolStats {
  const pool = pools.get(db);
  if (!pool) return { total: 1, inUse: null, waiting: null };
  return { total: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount };
}
