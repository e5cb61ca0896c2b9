import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecipientState } from '../../server/mailings/senderQueries';
import { MailingStatus } from '../../src/domain';
import { freePort } from '../support/freePort';
import { openTestDb, type TestDb } from './harness';
import { createCustomers, createMailing, createMailingCity, mailingEnded } from './mailingFixtures';

const ROOT = resolve(import.meta.dirname, '../..');
const RECIPIENTS = 400;

/** The real server on `databaseUrl`: its sender sends through the local messenger, whose outbox is a table of the same database. */
async function startServer(databaseUrl: string, dataDir: string): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: '0',
      LOG: 'off',
      MAILING_RATE: '100',
      MAILING_SEND_LEASE: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL' && signal !== 'SIGTERM' && code !== 0) console.error(`The server exited with ${code}:\n${output}`);
  });
  return child;
}

/**
 * A server process killed with -9 in the middle of a mailing, then started again on the same
 * PostgreSQL database: nobody gets the message twice (the local messenger's outbox is counted
 * per chat), and everyone gets it but the sends the killed process had under way, which are
 * counted unconfirmed. PostgreSQL only: the embedded database belongs to one process.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a mailing across kill -9 on postgres', () => {
  let t: TestDb;
  let url: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-crash-'));
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await openTestDb('postgres');
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
    const server = new URL(process.env.TEST_DATABASE_URL ?? '');
    server.pathname = `/${rows[0].name}`;
    url = server.toString();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes where it stopped, with no duplicate and no loss', async () => {
    const { cityId } = await createMailingCity(t.db);
    const customers = await createCustomers(t.db, cityId, RECIPIENTS);
    const id = await createMailing(t.db, cityId);
    const sentSoFar = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM messenger_outbox`.execute(t.db)).rows[0].n);

    const first = await startServer(url, dataDir);
    children.push(first);
    await expect.poll(sentSoFar, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(50);
    first.kill('SIGKILL');
    await new Promise((done) => first.once('exit', done));
    const atKill = await t.db.selectFrom('mailings').select(['status', 'position']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(atKill.status).toBe(MailingStatus.PROCESSING);
    expect(atKill.position).toBeLessThan(RECIPIENTS);

    const second = await startServer(url, dataDir);
    children.push(second);
    const ended = await mailingEnded(t.db, id, 60_000);
    second.kill('SIGTERM');

    const perChat = await sql<{ chat_id: string; n: number }>`
      SELECT chat_id, count(*)::int AS n FROM messenger_outbox GROUP BY chat_id`.execute(t.db);
    expect(perChat.rows.filter((row) => row.n > 1)).toEqual([]);
    const states = await t.db.selectFrom('mailing_recipients').select(['chat_id', 'state']).where('mailing_id', '=', id).execute();
    const unconfirmed = states.filter((r) => r.state === RecipientState.UNCONFIRMED).map((r) => String(r.chat_id));
    const reached = new Set(perChat.rows.map((row) => row.chat_id));
    // Everyone was sent the message, but the sends the killed process had under way (their outcome unknown to it).
    expect(customers.filter((c) => !reached.has(c.chatId) && !unconfirmed.includes(c.chatId))).toEqual([]);
    expect(unconfirmed.length).toBeLessThanOrEqual(3);
    expect(ended).toMatchObject({
      status: MailingStatus.FINISHED,
      position: RECIPIENTS,
      count: RECIPIENTS,
      undelivered: unconfirmed.length,
    });
  });
});
