import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../server/db/connect';
import { seedDemo } from '../../server/db/demo';
import type { Database } from '../../server/db/schema';
import { dataTables, ident } from '../../server/ops/dataTables';
import type { Backend } from './harness';

/** A demo small enough for PGlite in a test (seconds, not a minute), still with rows in every table the demo fills. */
export const SMALL_DEMO = { customers: 40, orders: 150, abandonedCarts: 40, botResponses: 80, days: 20 };

export interface EmptyDatabase {
  db: Kysely<Database>;
  /** The DATA_DIR (PGlite) or the postgres:// URL (server) the database is at. */
  dataDir?: string;
  databaseUrl?: string;
  close: () => Promise<void>;
}

/** A database that has never been migrated: an empty DATA_DIR, or a new database on the server. */
export async function openEmptyDatabase(backend: Backend): Promise<EmptyDatabase> {
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-ops-'));
    const db = openDatabase({ dataDir: join(dataDir, 'db') });
    return {
      db,
      dataDir,
      close: async () => {
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `backoffice_ops_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = openDatabase({ databaseUrl });
  return {
    db,
    databaseUrl,
    close: async () => {
      await db.destroy();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Per table, an md5 of its rows' text, the rows sorted by that text: equal sums mean equal rows,
 * whichever backend holds them (times written in UTC, text sorted bytewise, not by locale).
 */
export async function tableChecksums(db: Kysely<Database>, only?: readonly string[]): Promise<Record<string, string>> {
  const tables = (await dataTables(db)).filter((t) => !only || only.includes(t.name));
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
    await sql`SET LOCAL DateStyle = 'ISO, YMD'`.execute(trx);
    await sql`SET LOCAL IntervalStyle = 'postgres'`.execute(trx);
    await sql`SET LOCAL extra_float_digits = 1`.execute(trx);
    const sums: Record<string, string> = {};
    for (const table of tables) {
      const { rows } = await sql<{ sum: string; n: number }>`
        SELECT md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text COLLATE "C"), '')) AS sum, count(*)::int AS n
        FROM ${sql.raw(ident(table.name))} AS t`.execute(trx);
      sums[table.name] = `${rows[0].n}:${rows[0].sum}`;
    }
    return sums;
  });
}

/**
 * The demo, small, plus a row in each table the demo leaves empty (logins, the outbox, events,
 * files, the ad slots, mailing recipients, the bot's texts, the audit trail, live events and chat reads), so that a copy of every table is checked.
 */
export async function seedEveryTable(db: Kysely<Database>): Promise<void> {
  await seedDemo(db, { now: new Date('2026-11-20T12:00:00Z'), size: SMALL_DEMO });
  const at = new Date('2026-11-20T11:00:00.123456Z');
  await db.insertInto('login_failures').values({ username: 'admin', ip: '10.0.0.7', failed_at: at }).execute();
  await db.insertInto('login_addresses').values({ username: 'admin', ip: '10.0.0.7', logged_in_at: at }).execute();
  await db
    .insertInto('languages')
    .values({ code: 'en', data: JSON.stringify({ greeting: 'Hello, {name}!' }) })
    .execute();
  await db.insertInto('stored_files').values({ id: 'photo-1', city_id: 1, mime_type: 'image/jpeg', size: 1234, created_at: at }).execute();
  // The demo's mailings are all ended with no recipient left: one sent recipient of the first.
  const mailing = await db.selectFrom('mailings').select('id').orderBy('id').executeTakeFirstOrThrow();
  const customer = await db
    .selectFrom('users')
    .select(['id', 'telegram_id'])
    .where('telegram_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('mailing_recipients')
    .values({
      mailing_id: mailing.id,
      user_id: customer.id,
      chat_id: Number(customer.telegram_id),
      state: 1,
      claimed_at: at,
      done_at: at,
      error: null,
      claimed_by: null,
    })
    .execute();
  await db.insertInto('ad_chat_slots').values({ chat_id: '100200300', next_free_at: at, ad_id: null }).execute();
  await db
    .insertInto('events')
    .values({
      type: 'order.message',
      payload: JSON.stringify({ text: "it's \\ \"quoted\"\nand 'multi-line' — ünïcode 🍕" }),
      last_error: null,
      processed_at: null,
    })
    .execute();
  await db
    .insertInto('messenger_outbox')
    .values({
      bot_id: 1,
      chat_id: '100200300',
      text: 'Hello\tthere',
      photo_id: null,
      button: JSON.stringify({ text: 'Open', url: 'https://example.com' }),
      deleted_at: null,
      sent_at: at,
    })
    .execute();
  // A change made by an actor: an audit entry; a status move: a live event (the seed writes neither).
  await db.connection().execute(async (conn) => {
    await sql`SELECT set_config('app.actor', '1', false)`.execute(conn);
    await conn.updateTable('cities').set({ chatname: 'renamed_chat' }).where('id', '=', 1).execute();
    await sql`SELECT set_config('app.actor', '', false)`.execute(conn);
  });
  await db.updateTable('orders').set({ status: -10 }).where('id', '=', 1).execute();
  // A staff member who opened an order's chat (the demo has nobody reading yet).
  await db.insertInto('order_chat_reads').values({ user_id: 1, order_id: 1, read_at: at }).execute();
  // A city's own order timer, and a notification someone read (the demo's history notifies nobody).
  await db.insertInto('city_order_timers').values({ city_id: 1, stage: 'cooking', minutes: 35 }).execute();
  const notification = await db
    .insertInto('notifications')
    .values({
      kind: 'mailingFinished',
      city_id: 1,
      restaurant_id: null,
      audience: [1, 2],
      args: JSON.stringify({ mailingId: mailing.id }),
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('notification_reads').values({ user_id: 1, notification_id: notification.id, read_at: at }).execute();
  // A staff member with a second factor (sealed secret, as stored) and one recovery code spent.
  await db
    .insertInto('staff_second_factors')
    .values({ user_id: 1, secret_sealed: 'v1.bm9uY2U.dGFn.Ym9keQ', last_step: 67_000_000, confirmed_at: at })
    .execute();
  await db
    .insertInto('staff_recovery_codes')
    .values({ user_id: 1, code_hash: 'a'.repeat(64), used_at: at })
    .execute();
}
