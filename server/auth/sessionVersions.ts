import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { notificationsOf } from '../db/notifications';

/** The channel the users trigger of 003_session_versions notifies, with the account id. */
export const SESSION_CHANNEL = 'session_changed';

export interface SessionVersionOptions {
  /** How long a version read from the database is trusted while no one is listening. */
  uncheckedMs?: number;
  /** How long it is trusted while LISTEN is in place: a safety net, not the mechanism. */
  listeningMs?: number;
  maxEntries?: number;
}

interface Entry {
  /** null: the account is gone. */
  version: number | null;
  readAt: number;
}

/**
 * Each account's current `session_version`, kept in this process so that a request costs no
 * session lookup. The database tells every process which account changed (LISTEN), and the
 * entry is read again on its next request; while that channel is down, an entry is trusted
 * for two seconds only, so a change still takes effect within two seconds.
 */
export class SessionVersions {
  private readonly entries = new Map<number, Entry>();
  private listening = false;
  /** Moves on every change heard, so that a read racing a change is not kept. */
  private generation = 0;
  private readonly uncheckedMs: number;
  private readonly listeningMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly load: (userId: number) => Promise<number | null>,
    options: SessionVersionOptions = {},
  ) {
    this.uncheckedMs = options.uncheckedMs ?? 2000;
    this.listeningMs = options.listeningMs ?? 5 * 60_000;
    this.maxEntries = options.maxEntries ?? 50_000;
  }

  /** The account's version, or null when it no longer exists. */
  async current(userId: number): Promise<number | null> {
    const entry = this.entries.get(userId);
    const at = performance.now();
    if (entry && at - entry.readAt < (this.listening ? this.listeningMs : this.uncheckedMs)) return entry.version;
    const generation = this.generation;
    const version = await this.load(userId);
    if (generation === this.generation) this.remember(userId, { version, readAt: at });
    return version;
  }

  changed(userId: number): void {
    this.generation++;
    this.entries.delete(userId);
  }

  /** LISTEN is (again) in place: what was read before it may have missed changes. */
  listeningStarted(): void {
    this.generation++;
    this.entries.clear();
    this.listening = true;
  }

  listeningStopped(): void {
    this.listening = false;
  }

  private remember(userId: number, entry: Entry): void {
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    // The oldest reads go first; they are read again when needed.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

/** Versions of one database, kept current by its notifications when it has them. */
export function watchSessionVersions(db: Kysely<Database>, options?: SessionVersionOptions) {
  const versions = new SessionVersions(async (userId) => {
    const row = await db.selectFrom('users').select('session_version').where('id', '=', userId).executeTakeFirst();
    return row ? row.session_version : null;
  }, options);
  const source = notificationsOf(db);
  const stop = source?.subscribe(SESSION_CHANNEL, {
    notify: (payload) => {
      const userId = Number(payload);
      if (Number.isInteger(userId)) versions.changed(userId);
    },
    up: () => versions.listeningStarted(),
    down: () => versions.listeningStopped(),
  });
  return { versions, stop: async () => stop?.() };
}
