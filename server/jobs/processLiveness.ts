import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { backendOf } from '../db/backend';
import type { Database } from '../db/schema';

/**
 * Whether the owner of a claim is alive, so that the claims of a process that died are taken
 * over at once instead of after their lease.
 *
 * - Embedded database (PGlite): the data-directory lock (server/db/lock.ts) proves no other
 *   process has it open, so every owner but this process's own is gone.
 * - PostgreSQL server: the process holds a session advisory lock, keyed by its owner id, on a
 *   connection of its own; the server frees it when that connection ends, however the process
 *   ends. Another process tries the lock (and lets go of it at once): taken means the owner is
 *   gone. When the connection drops while the process lives (a database restart), its session
 *   ends: its claims may now be taken for dead by others, so it sends none of them, and it
 *   reconnects under a new owner id (ids are never given twice, so a dead owner stays dead).
 * - Any other handle (one wrapped by a plugin): unknown; its claims carry no owner and wait for
 *   their lease.
 *
 * One liveness per database handle, shared by the mailing sender and the event worker.
 */

/** The advisory-lock key space of the owner locks; the owner id is the second key. */
const OWNER_LOCK_SPACE = 0x6f77_6e72;
const RETRY_MS = 1000;
const HEARTBEAT_MS = 2000;
const HEARTBEAT_TIMEOUT_MS = 2000;
const CONNECT_TIMEOUT_MS = 5000;

/** One spell of holding the lock: its claims are this process's while it lasts. */
export interface LivenessSession {
  /** The owner id recorded on the claims made in this session; null when liveness is unknown. */
  readonly owner: number | null;
  /** False once the lock was lost: the claims of this session may already be taken for dead. */
  held(): boolean;
}

export interface ProcessLiveness {
  /** The session to claim and send under; null while no lock is held (claim and send nothing then). */
  current(): LivenessSession | null;
  /** The session, waiting up to `timeoutMs` for one (the first moments after a start or a lost connection). */
  whenHeld(timeoutMs: number): Promise<LivenessSession | null>;
  /** Of these owner ids, those whose process is certainly gone: their claims are dead. */
  deadAmong(owners: readonly number[]): Promise<number[]>;
  /** This user is done with it; the last one lets the lock go. */
  release(): Promise<void>;
}

interface Core {
  current(): LivenessSession | null;
  deadAmong(owners: readonly number[]): Promise<number[]>;
  stop(): Promise<void>;
}

class Session implements LivenessSession {
  private alive = true;
  constructor(readonly owner: number | null) {}
  held = () => this.alive;
  end() {
    this.alive = false;
  }
}

const NEXT_OWNER = "SELECT nextval('process_owners_seq')::int AS owner";

/** PGlite: one owner id for as long as the process has the database open. */
function embeddedCore(db: Kysely<Database>): Core {
  let session: Session | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const start = async () => {
    try {
      const { rows } = await sql<{ owner: number }>`${sql.raw(NEXT_OWNER)}`.execute(db);
      if (stopped) return;
      session = new Session(Number(rows[0].owner));
    } catch {
      if (!stopped) retry = setTimeout(() => void start(), RETRY_MS).unref();
    }
  };
  void start();
  return {
    current: () => session,
    deadAmong: async (owners) => owners.filter((owner) => owner !== session?.owner),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      session?.end();
      session = null;
    },
  };
}

/** A PostgreSQL server: the owner lock on a dedicated connection, taken again (as a new owner) after it drops. */
function serverCore(db: Kysely<Database>, connectionString: string): Core {
  let session: Session | null = null;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = undefined;
    session?.end();
    session = null;
    lostClient.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect(), RETRY_MS).unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      const { rows } = await next.query<{ owner: number }>(NEXT_OWNER);
      const owner = Number(rows[0].owner);
      const taken = await next.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS taken', [OWNER_LOCK_SPACE, owner]);
      // A new id is nobody's: refused only by a server that has no advisory locks.
      if (!taken.rows[0].taken) throw new Error('the owner lock was refused');
      if (client === next && !stopped) session = new Session(owner);
    } catch {
      lost(next);
    }
  };

  // A connection that died silently (no answer) is taken as lost: its lock may be gone already.
  const heartbeat = setInterval(() => {
    const current = client;
    if (!current || !session) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), HEARTBEAT_TIMEOUT_MS).unref();
    });
    Promise.race([current.query('SELECT 1'), timeout])
      .catch(() => lost(current))
      .finally(() => clearTimeout(timer));
  }, HEARTBEAT_MS).unref();

  void connect();
  return {
    current: () => session,
    async deadAmong(owners) {
      if (owners.length === 0) return [];
      // Taken at once and let go in the same statement: a lock nobody holds means its owner is gone.
      const { rows } = await sql<{ owner: number }>`
        SELECT o AS owner FROM unnest(${[...owners]}::int[]) AS o
        WHERE CASE WHEN pg_try_advisory_lock(${OWNER_LOCK_SPACE}, o) THEN pg_advisory_unlock(${OWNER_LOCK_SPACE}, o) ELSE false END`.execute(
        db,
      );
      return rows.map((row) => Number(row.owner));
    },
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      session?.end();
      session = null;
      const current = client;
      client = undefined;
      // Ending the connection ends its lock.
      await current?.end().catch(() => undefined);
    },
  };
}

/** A handle whose database is not known: claims carry no owner and are judged by their lease only. */
function unknownCore(): Core {
  const session = new Session(null);
  return {
    current: () => (session.held() ? session : null),
    deadAmong: async () => [],
    async stop() {
      session.end();
    },
  };
}

const shared = new WeakMap<object, { core: Core; users: number }>();

/** The liveness of this process on `db`, started by its first user and stopped when the last one releases it. */
export function acquireLiveness(db: Kysely<Database>): ProcessLiveness {
  let entry = shared.get(db);
  if (!entry) {
    const backend = backendOf(db);
    const core =
      backend?.kind === 'server'
        ? serverCore(db, backend.connectionString)
        : backend?.kind === 'embedded'
          ? embeddedCore(db)
          : unknownCore();
    entry = { core, users: 0 };
    shared.set(db, entry);
  }
  const mine = entry;
  mine.users += 1;
  let released = false;
  const current = () => (released ? null : mine.core.current());
  return {
    current,
    async whenHeld(timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (!released && !current() && performance.now() < deadline) await new Promise((done) => setTimeout(done, 10));
      return current();
    },
    deadAmong: (owners) => mine.core.deadAmong(owners),
    async release() {
      if (released) return;
      released = true;
      mine.users -= 1;
      if (mine.users > 0) return;
      if (shared.get(db) === mine) shared.delete(db);
      await mine.core.stop();
    },
  };
}
