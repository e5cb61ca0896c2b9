/**
 * A mass mailing of 100,000 recipients sent by the mailing sender (server/areas/mailings/mailingSender.ts)
 * through the Telegram gateway to the fake Bot API (in a process of its own, answering each
 * message after 30 ms over HTTP), on PGlite and on a throwaway database of the PostgreSQL server:
 *
 * - how long fixing the recipients takes when the mailing starts (one INSERT … SELECT);
 * - the messages per second sustained from the first send to the last, beside the configured
 *   rate, and the most sent in any one second beside it (the messenger counts per second);
 * - that every recipient got exactly one message (counted by the fake Bot API per chat);
 * - the peak RSS of this process (the sender, and on PGlite the database, run in it), sampled
 *   every 50 ms during the mailing, beside the RSS before it;
 * - then the sender's ceiling: 20,000 recipients at a rate no database here can serve, through
 *   an in-process stand-in that counts the calls (HTTP would be the limit there, not the sender).
 *
 * The product sends 25 messages per second per bot by default, under the Bot API's 30: at that
 * rate 100,000 messages take 67 minutes, so the bench configures BENCH_MAILING_RATE (default
 * 400 per second, the rate of 16 cities' bots at once; 100,000 messages in 250 s) to see whether
 * the sender keeps its rate. BENCH_RECIPIENTS shrinks the mailing, BENCH_BACKENDS=pglite|postgres
 * runs one of the two.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { newAuthKey } from '../server/auth/password';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { startMailingSender } from '../server/areas/mailings/mailingSender';
import type { MessengerGateway } from '../server/messenger/gateway';
import { telegramMessenger } from '../server/messenger/telegram';
import { MailingStatus, Role } from '../src/domain';
import { openPglite, openPostgres, type BenchDatabase } from './benchDatabase';
import type { BenchResult } from './result';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS || 100_000);
const RATE = Number(process.env.BENCH_MAILING_RATE || 400);
const CEILING = { recipients: Math.min(20_000, RECIPIENTS), rate: 10_000 };
const LATENCY_MS = 30;
const BACKENDS = { pglite: openPglite, postgres: openPostgres };
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());

/**
 * The sender keeps at least 95 % of its rate and its memory stays flat. It hands the gateway no
 * more than the rate in any second (one more for the clock's edges); counted where the fake Bot
 * API receives them (as Telegram counts), the HTTP path's jitter on a busy machine may bunch a
 * few, so no second there holds more than 5 % over (the default rate of 25 is 17 % under
 * Telegram's 30).
 */
const TARGET = { rateShortfall: 1 / 0.95, sentOverRate: (RATE + 1) / RATE, receivedOverRate: 1.05, rssGrowthMb: 100 };

/** A city with its bot and `count` customers, written by the database itself. */
async function cityWithCustomers(db: Kysely<Database>, name: string, count: number, firstChat: number): Promise<number> {
  const city = await db
    .insertInto('cities')
    .values({ name, currency: 'EUR', auth_key: newAuthKey() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('bots')
    .values({ bot_token: `${city.id}:bench`, city_id: city.id })
    .execute();
  await sql`
    INSERT INTO users (role_id, telegram_id, name, city_id, auth_key, last_active_at)
    SELECT ${Role.USER}, ${firstChat} + g, 'Customer ' || g, ${city.id}, md5(g::text), now() - (g % 30) * interval '1 day'
    FROM generate_series(1, ${count}) AS g`.execute(db);
  return city.id;
}

async function fill(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db);
  await cityWithCustomers(db, 'Bench city', RECIPIENTS, 500_000_000);
  await cityWithCustomers(db, 'Ceiling city', CEILING.recipients, 600_000_000);
}

/** The Bot API stand-in: counts the calls and their times, answers each after LATENCY_MS. */
function countingMessenger(capacity: number) {
  const times = new Float64Array(capacity + 1000);
  let calls = 0;
  const gateway: MessengerGateway = {
    async sendMessage() {
      times[calls] = performance.now();
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
      return { messageId: String(calls), messageIds: [String(calls)] };
    },
    deleteMessage: async () => true,
    storePhoto: async () => 'bench-photo',
    getPhoto: async () => null,
    storeVideo: async () => 'bench-video',
    getVideo: async () => null,
    missingFiles: async () => [],
  };
  return {
    gateway,
    report: async (): Promise<Report> => ({ times: times.subarray(0, calls), sent: times.subarray(0, calls), duplicates: 0 }),
  };
}

interface Report {
  /** When each message reached the Bot API (as it counts them). */
  times: ArrayLike<number>;
  /** When the sender handed each message to the gateway. */
  sent: ArrayLike<number>;
  duplicates: number;
}

interface BenchMessenger {
  gateway: MessengerGateway;
  report: () => Promise<Report>;
}

const reportSchema = z.object({ times: z.array(z.number()), chats: z.number(), duplicates: z.number() });

/** The fake Bot API in its own process, and the Telegram gateway talking to it. */
async function fakeBotApi(db: Kysely<Database>, filesDir: string): Promise<BenchMessenger & { close: () => void }> {
  const child: ChildProcess = fork(join(import.meta.dirname, 'fakeBotApiProcess.ts'), [String(LATENCY_MS)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(schema: z.ZodType<T>): Promise<T> =>
    new Promise((resolve, reject) => {
      child.once('message', (message) => resolve(schema.parse(message)));
      child.once('exit', (code) => reject(new Error(`the fake Bot API exited with ${String(code)}`)));
    });
  const { url } = await next(z.object({ url: z.string() }));
  const telegram = telegramMessenger({ db, filesDir, apiRoot: url });
  const sent: number[] = [];
  const gateway: MessengerGateway = {
    ...telegram,
    sendMessage: (message) => {
      sent.push(performance.now());
      return telegram.sendMessage(message);
    },
  };
  return {
    gateway,
    report: async () => {
      const answer = next(reportSchema);
      child.send('report');
      const { times, duplicates } = await answer;
      return { times, sent: sent.splice(0), duplicates };
    },
    close: () => child.send('close'),
  };
}

/** The most calls in any window of one second (times in order). */
function mostInOneSecond(times: ArrayLike<number>): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[last] - times[first] >= 1000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

interface Sent {
  fixS: number;
  spanS: number;
  sustained: number;
  most: number;
  mostSent: number;
  peakRss: number;
  rssBefore: number;
}

/** Sends one mailing to every customer of `city` at `rate`, and measures it. */
async function mail(
  label: string,
  db: Kysely<Database>,
  messenger: BenchMessenger,
  city: string,
  count: number,
  rate: number,
): Promise<Sent> {
  const { id: cityId } = await db.selectFrom('cities').select('id').where('name', '=', city).executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('mailings')
    .values({ city_id: cityId, text: 'Bench mailing: 20% off every order tonight!', photo_id: null, config: '{}', created_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rssBefore = process.memoryUsage.rss();
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
  const started = performance.now();
  const sender = startMailingSender({ db, messenger: messenger.gateway, rate, pollMs: 100 });
  let fixedAt = 0;
  const ended: readonly number[] = [MailingStatus.FINISHED, MailingStatus.FAILED];
  let status: number;
  try {
    for (;;) {
      ({ status } = await db.selectFrom('mailings').select('status').where('id', '=', id).executeTakeFirstOrThrow());
      if (!fixedAt && status !== MailingStatus.CREATED) fixedAt = performance.now();
      if (ended.includes(status)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await sender.stop();
    clearInterval(sampler);
  }
  const { times, sent: handedOver, duplicates } = await messenger.report();
  const sent = await db
    .selectFrom('mailing_recipients')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('mailing_id', '=', id)
    .where('state', '=', 100)
    .executeTakeFirstOrThrow();
  if (status !== MailingStatus.FINISHED || sent.n !== count || times.length !== count || duplicates > 0) {
    throw new Error(
      `${label}: the mailing ended at status ${status} with ${sent.n} sent, ${times.length} calls of ${count}, ${duplicates} chats twice`,
    );
  }
  const spanS = (times[times.length - 1] - times[0]) / 1000;
  // The rate of each tenth of the mailing: a sender that slows down as it goes shows here.
  const tenth = Math.floor(times.length / 10);
  const tenths = Array.from({ length: 10 }, (_, k) => (tenth - 1) / ((times[(k + 1) * tenth - 1] - times[k * tenth]) / 1000));
  console.log(`${label}: ${count.toLocaleString('en')} at ${rate} msg/s, each tenth: ${tenths.map((r) => r.toFixed(0)).join(', ')} msg/s`);
  return {
    fixS: (fixedAt - started) / 1000,
    spanS,
    sustained: (times.length - 1) / spanS,
    most: mostInOneSecond(times),
    mostSent: mostInOneSecond(handedOver),
    peakRss,
    rssBefore,
  };
}

async function measure({ label, db }: BenchDatabase): Promise<BenchResult[]> {
  const title = `${label} mailing of ${RECIPIENTS.toLocaleString('en')}`;
  const filesDir = mkdtempSync(join(tmpdir(), 'backoffice-bench-files-'));
  const botApi = await fakeBotApi(db, filesDir);
  let main: Sent;
  try {
    main = await mail(label, db, botApi, 'Bench city', RECIPIENTS, RATE);
  } finally {
    botApi.close();
    rmSync(filesDir, { recursive: true, force: true });
  }
  const growth = mb(main.peakRss - main.rssBefore);
  const ceiling = await mail(label, db, countingMessenger(CEILING.recipients), 'Ceiling city', CEILING.recipients, CEILING.rate);
  console.log(
    [
      `${title} through the Telegram gateway and the fake Bot API, each recipient once: recipients fixed in about ${main.fixS.toFixed(1)} s (status polled every 250 ms); sent in ${main.spanS.toFixed(1)} s`,
      `${title}: sustained ${main.sustained.toFixed(1)} msg/s vs configured ${RATE} msg/s: ratio ${(main.sustained / RATE).toFixed(3)}`,
      `${title}: most sent in one second ${main.mostSent} vs configured ${RATE}: ratio ${(main.mostSent / RATE).toFixed(3)}`,
      `${title}: most received by the Bot API in one second ${main.most} vs configured ${RATE}: ratio ${(main.most / RATE).toFixed(3)}`,
      `${title}: peak RSS ${mb(main.peakRss).toFixed(0)} MB vs ${mb(main.rssBefore).toFixed(0)} MB before: growth ${growth.toFixed(0)} MB`,
      `${label} ceiling: ${CEILING.recipients.toLocaleString('en')} recipients at a configured ${CEILING.rate} msg/s went at ` +
        `${ceiling.sustained.toFixed(1)} msg/s (${(ceiling.sustained / 25).toFixed(0)} bots at the default 25 msg/s)`,
      // Other work on the machine takes the cores the sender and its database need.
      `${label}: load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores at the end`,
    ].join('\n'),
  );
  return [
    { name: `${title}: recipients fixed`, value: main.fixS, unit: 's', digits: 1 },
    { name: `${title}: sustained rate`, value: main.sustained, unit: 'msg/s' },
    { name: `${title}: configured / sustained rate`, value: RATE / main.sustained, unit: 'x', digits: 3, target: TARGET.rateShortfall },
    {
      name: `${title}: most sent in one second / configured rate`,
      value: main.mostSent / RATE,
      unit: 'x',
      digits: 3,
      target: TARGET.sentOverRate,
    },
    {
      name: `${title}: most received in one second / configured rate`,
      value: main.most / RATE,
      unit: 'x',
      digits: 3,
      target: TARGET.receivedOverRate,
    },
    { name: `${title}: peak RSS`, value: mb(main.peakRss), unit: 'MB' },
    { name: `${title}: RSS growth`, value: growth, unit: 'MB', target: TARGET.rssGrowthMb },
    { name: `${label} sender's ceiling (${CEILING.recipients.toLocaleString('en')} recipients)`, value: ceiling.sustained, unit: 'msg/s' },
  ];
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, open] of Object.entries(BACKENDS)) {
    if (!chosen.includes(name)) continue;
    const loadStart = performance.now();
    const database = await open(fill);
    if (!database) {
      console.log('PostgreSQL: no server answers (BENCH_DATABASE_URL or 127.0.0.1:5432), skipped');
      continue;
    }
    const loaded = (RECIPIENTS + CEILING.recipients).toLocaleString('en');
    console.log(`${database.label}: ${loaded} customers loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    try {
      results.push(...(await measure(database)));
    } finally {
      await database.close();
    }
  }
  return results;
}
