import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a subscriber hears: each payload, and whether it is hearing everything right now. */
export interface NotificationHandlers {
  notify: (payload: string) => void;
  /** The subscription is (again) in place: from now on no notification is missed. */
  up: () => void;
  /** The subscription is lost: notifications may be missed until the next `up`. */
  down: () => void;
}

/** LISTEN on one channel of the database a Kysely instance was opened on. */
export interface NotificationSource {
  subscribe: (channel: string, handlers: NotificationHandlers) => () => Promise<void>;
}

const sources = new WeakMap<object, NotificationSource>();

/** Called by openDatabase, so that whoever holds the Kysely instance can listen on it. */
export const registerNotifications = (db: object, source: NotificationSource): void => {
  sources.set(db, source);
};

/** The notifications of a database, when it was opened by openDatabase. */
export const notificationsOf = (db: object): NotificationSource | undefined => sources.get(db);

/** PGlite runs in this process: its notifications arrive with the query that caused them. */
export const pgliteNotifications = (pglite: PGlite): NotificationSource => ({
  subscribe: (channel, handlers) => {
    const unlisten = pglite.listen(channel, handlers.notify).then(
      (stop) => {
        handlers.up();
        return stop;
      },
      () => undefined,
    );
    return async () => {
      const stop = await unlisten;
      if (stop && !pglite.closed) await stop();
      handlers.down();
    };
  },
});

const RETRY_MS = 1000;
const HEARTBEAT_MS = 5000;
const HEARTBEAT_TIMEOUT_MS = 2000;
/** How long a stop waits for the server's goodbye before it drops the socket. */
const END_TIMEOUT_MS = 1000;

/** Rejects after `ms`; the timer does not keep the process alive. */
const deadline = (ms: number): Promise<never> => new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref());

/**
 * A PostgreSQL server: one dedicated connection that LISTENs, reconnects a second after it
 * drops or after a connect that fails or does not answer within `connectTimeoutMs`, and pings
 * every few seconds so that a silently dead connection is noticed. No error of its connection
 * reaches the process: every one of them is a reason to reconnect.
 */
export const pgNotifications = (connectionString: string, connectTimeoutMs: number): NotificationSource => ({
  subscribe: (channel, handlers) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;

    const lost = (lostClient: pg.Client) => {
      if (client !== lostClient) return;
      client = undefined;
      handlers.down();
      lostClient.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(connect, RETRY_MS).unref();
    };

    const connect = async () => {
      const next = new pg.Client({ connectionString, keepAlive: true, connectionTimeoutMillis: connectTimeoutMs });
      client = next;
      next.on('error', () => lost(next));
      next.on('end', () => lost(next));
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) handlers.notify(message.payload);
      });
      try {
        await next.connect();
        await Promise.race([next.query(`LISTEN ${pg.escapeIdentifier(channel)}`), deadline(connectTimeoutMs)]);
        if (client === next && !stopped) handlers.up();
      } catch {
        lost(next);
      }
    };

    const heartbeat = setInterval(() => {
      const current = client;
      if (!current) return;
      Promise.race([current.query('SELECT 1'), deadline(HEARTBEAT_TIMEOUT_MS)]).catch(() => lost(current));
    }, HEARTBEAT_MS).unref();

    void connect();
    return async () => {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      const current = client;
      client = undefined;
      handlers.down();
      // A server that no longer answers must not hold up the stop.
      await Promise.race([current?.end(), deadline(END_TIMEOUT_MS)]).catch(() => undefined);
    };
  },
});
