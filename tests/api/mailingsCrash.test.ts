import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { RecipientState } from '../../server/areas/mailings/senderQueries';
import { MailingStatus, Role, type Mailing } from '../../src/domain';
import { startFakeBotApi, type FakeBotApi } from '../support/fakeBotApi';
import { backends, createStaff, openTestDb, type Backend, type TestDb } from './harness';
import { createCustomers, createMailing, createMailingCity } from './mailingFixtures';
import { logIn, startServerProcess, type ServerProcess } from './serverProcess';

const RECIPIENTS = 300;
/** Far longer than the test may take: a mailing that goes on did not wait for a lease. */
const LEASE_SECONDS = 300;

/**
 * The real server (`tsx server/main.ts`) sending a mailing through the Telegram gateway to a
 * fake Bot API, which records every send: killed with -9 mid-mailing, or stopped with SIGTERM,
 * then started again on the same database.
 */
describe.each(backends)('a mailing across the end of its server process, on %s', (backend: Backend) => {
  let botApi: FakeBotApi;
  let root: string;
  let pg: TestDb | undefined;
  let databaseUrl = '';
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    botApi = await startFakeBotApi();
    root = mkdtempSync(join(tmpdir(), 'backoffice-crash-'));
    if (backend === 'pglite') {
      cpSync(inject('pgliteTemplate'), join(root, 'db'), { recursive: true });
    } else {
      pg = await openTestDb('postgres');
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(pg.db);
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${rows[0].name}`;
      databaseUrl = url.toString();
    }
    await withDb((db) => createStaff(db, { username: 'admin', roleId: Role.ADMIN, password: 'crash-test-secret' }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await pg?.close();
    await botApi.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The database, while no server has it (PGlite is one process's). */
  async function withDb<T>(use: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    if (pg) return use(pg.db);
    const db = openDatabase({ dataDir: join(root, 'db') });
    try {
      await migrateToLatest(db);
      return await use(db);
    } finally {
      await db.destroy();
    }
  }

  const start = async () => {
    const server = await startServerProcess({
      DATA_DIR: root,
      DATABASE_URL: databaseUrl,
      MESSENGER: 'telegram',
      TELEGRAM_API_URL: botApi.url,
      MAILING_RATE: '100',
      MAILING_SEND_LEASE: String(LEASE_SECONDS),
    });
    servers.push(server);
    return { server, auth: await logIn(server, 'admin', 'crash-test-secret') };
  };

  /** The mailing as GET /api/spam shows it, once it has ended. */
  const ended = async (server: ServerProcess, auth: string, cityId: number, id: number, timeoutMs: number): Promise<Mailing> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await fetch(`${server.url}/api/spam?cityId=${cityId}`, { headers: { authorization: auth } });
      const mailing = ((await response.json()) as Mailing[]).find((m) => m.id === id);
      if (mailing && (mailing.status === MailingStatus.FINISHED || mailing.status === MailingStatus.FAILED)) return mailing;
      if (Date.now() > deadline) throw new Error(`mailing ${id} has not ended: ${JSON.stringify(mailing)}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  };

  const mailingFor = () =>
    withDb(async (db) => {
      const { cityId } = await createMailingCity(db);
      const customers = await createCustomers(db, cityId, RECIPIENTS);
      return { cityId, chats: customers.map((c) => c.chatId), id: await createMailing(db, cityId) };
    });

  /** The sends of the Bot API to these chats, per chat. */
  const sendsTo = (chats: string[]) => {
    const wanted = new Set(chats);
    const perChat = new Map<string, number>();
    for (const call of botApi.callsOf('sendMessage')) {
      const chat = String(call.params.chat_id);
      if (wanted.has(chat)) perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
    }
    return perChat;
  };
  const sentSoFar = (chats: string[]) => [...sendsTo(chats).values()].reduce((sum, n) => sum + n, 0);

  const recipients = (id: number) =>
    withDb((db) => db.selectFrom('mailing_recipients').select(['chat_id', 'state']).where('mailing_id', '=', id).execute());

  it(
    'goes on at once after kill -9, not after the lease: nobody gets it twice, the sends in flight are counted unconfirmed',
    { timeout: 240_000 },
    async () => {
      const { cityId, chats, id } = await mailingFor();
      const first = await start();
      await expect.poll(() => sentSoFar(chats), { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(50);
      // The Bot API stops answering: the sends that reach it now are in flight when the process dies.
      botApi.setDelay(600_000);
      const before = botApi.callsOf('sendMessage').length;
      await expect.poll(() => botApi.callsOf('sendMessage').length, { timeout: 10_000, interval: 2 }).toBeGreaterThan(before);
      expect((await first.server.stop('SIGKILL')).signal).toBe('SIGKILL');
      botApi.setDelay(0);
      const inFlight = botApi
        .callsOf('sendMessage')
        .slice(before)
        .map((call) => String(call.params.chat_id));

      const atKill = await recipients(id);
      expect(atKill.filter((r) => r.state === RecipientState.SENDING).length).toBeGreaterThanOrEqual(inFlight.length);

      const restartedAt = Date.now();
      const second = await start();
      // Well before the claims' lease would have freed them.
      const mailing = await ended(second.server, second.auth, cityId, id, 90_000);
      expect(Date.now() - restartedAt).toBeLessThan((LEASE_SECONDS / 3) * 1000);
      expect((await second.server.stop('SIGTERM')).code).toBe(0);

      const perChat = sendsTo(chats);
      expect([...perChat.entries()].filter(([, n]) => n > 1)).toEqual([]);
      const states = await recipients(id);
      const unconfirmed = states.filter((r) => r.state === RecipientState.UNCONFIRMED).map((r) => String(r.chat_id));
      expect(unconfirmed).toEqual(expect.arrayContaining(inFlight));
      // Everyone else got it: the unconfirmed are only the sends in flight and the few claimed just ahead of them.
      expect(chats.filter((chat) => !perChat.has(chat) && !unconfirmed.includes(chat))).toEqual([]);
      expect(unconfirmed.length).toBeLessThanOrEqual(inFlight.length + 8);
      expect(mailing).toMatchObject({
        status: MailingStatus.FINISHED,
        position: RECIPIENTS,
        count: RECIPIENTS,
        undelivered: unconfirmed.length,
        unconfirmed: unconfirmed.length,
      });
    },
  );

  it(
    'stops on SIGTERM with exit code 0 after the sends in hand, and a restart sends to everyone else: each once, none unconfirmed',
    { timeout: 240_000 },
    async () => {
      const { cityId, chats, id } = await mailingFor();
      const first = await start();
      await expect.poll(() => sentSoFar(chats), { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(50);
      // Slow answers: the stop comes with sends in hand.
      botApi.setDelay(300);
      const before = botApi.callsOf('sendMessage').length;
      await expect.poll(() => botApi.callsOf('sendMessage').length, { timeout: 10_000, interval: 2 }).toBeGreaterThan(before + 2);
      expect((await first.server.stop('SIGTERM')).code).toBe(0);
      botApi.setDelay(0);

      // Every claim was recorded or put back: nothing is left in the air.
      const atStop = await recipients(id);
      expect(atStop.filter((r) => r.state === RecipientState.SENDING)).toEqual([]);
      expect(atStop.filter((r) => r.state === RecipientState.PENDING).length).toBeGreaterThan(0);

      const second = await start();
      const mailing = await ended(second.server, second.auth, cityId, id, 90_000);
      expect((await second.server.stop('SIGTERM')).code).toBe(0);
      const perChat = sendsTo(chats);
      expect([...perChat.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      expect([...perChat.keys()].sort()).toEqual([...chats].sort());
      expect(mailing).toMatchObject({
        status: MailingStatus.FINISHED,
        position: RECIPIENTS,
        count: RECIPIENTS,
        undelivered: 0,
        unconfirmed: 0,
      });
    },
  );
});
