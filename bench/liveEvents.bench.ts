/**
 * 500 live event streams (`GET /api/events`) on one API process, on PGlite and on a throwaway
 * database of the PostgreSQL server:
 *
 * - the memory each stream costs the server: its RSS and its JS heap (both after a full garbage
 *   collection) with the 500 connected, minus the same before them, divided by 500;
 * - the time from a status change (`PUT /api/orders/{id}` over HTTP) to its `order.updated`
 *   reaching every one of the 500 streams, and reaching the first: p50 and p99 over
 *   BENCH_LIVE_CHANGES changes (200 by default), made one after another.
 *
 * The clients run in a process of their own (bench/liveEventsClients.ts), so that the memory and
 * the CPU measured here are the server's (and on PGlite its database's). Their users are an
 * admin, a city admin and an operator of the orders' city: every stream hears every change.
 * BENCH_LIVE_STREAMS changes the number of streams, BENCH_BACKENDS=pglite|postgres runs one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { buildApp } from '../server/app';
import { hashPassword, newAuthKey } from '../server/auth/password';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { LIVE_EVENTS_PATH, OrderStatus, Role } from '../src/domain';
import { openPglite, openPostgres, type BenchDatabase } from './benchDatabase';
import type { LiveClientsMessage } from './liveEventsClients';
import type { BenchResult } from './result';

const STREAMS = Number(process.env.BENCH_LIVE_STREAMS || 500);
const CHANGES = Number(process.env.BENCH_LIVE_CHANGES || 200);
const PASSWORD = 'bench';
const SECRET = randomBytes(32).toString('hex');
const BACKENDS = { pglite: openPglite, postgres: openPostgres };
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());

/**
 * A stream costs little more than its connection (Node's socket, request and response, Fastify's
 * request and reply: about 20 KB of heap measured here): at most 32 KB of heap and 64 KB of RSS,
 * 16 MB for 500. A status change reaches all 500 within 250 ms at p99.
 */
const TARGET = { rssKb: 64, heapKb: 32, allP99Ms: 250 };

const USERS = ['admin', 'cityadmin', 'operator'] as const;

/** One city with a restaurant, a customer, its staff and the orders whose status moves. */
async function fill(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db);
  const city = await db
    .insertInto('cities')
    .values({ name: 'Bench city', name_ru: 'Bench city', currency: 'EUR', auth_key: newAuthKey() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const restaurant = await db
    .insertInto('restaurants')
    .values({ city_id: city.id, name: 'Bench kitchen', name_ru: 'Bench kitchen', address: 'Main street 1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hash = await hashPassword(PASSWORD);
  const person = { telegram_id: null, telegram_username: null, photo: null, phone: null, contact_type: null, address: null };
  const more = { additional_address: null, restaurant_id: null, referral_link_id: null, last_active_at: null };
  const roles = { admin: Role.ADMIN, cityadmin: Role.CITY_ADMIN, operator: Role.OPERATOR };
  await db
    .insertInto('users')
    .values(
      USERS.map((username) => ({
        username,
        role_id: roles[username],
        password_hash: hash,
        city_id: username === 'admin' ? null : city.id,
        auth_key: newAuthKey(),
        ...person,
        ...more,
      })),
    )
    .execute();
  const customer = await db
    .insertInto('users')
    .values({ username: null, role_id: Role.USER, password_hash: null, city_id: city.id, auth_key: newAuthKey(), ...person, ...more })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('orders')
    .values(
      Array.from({ length: CHANGES + 10 }, (_, i) => ({
        thread_id: `B${String(i).padStart(8, '0')}`,
        city_id: city.id,
        user_id: customer.id,
        restaurant_id: restaurant.id,
        district_id: null,
        address: '10 Delivery Road',
        additional_address: null,
        currency: 'EUR',
        status: OrderStatus.CONFIRMED,
        courier_id: null,
        invoice_id: null,
        provider_payment_charge_id: null,
      })),
    )
    .execute();
}

let gc: (() => void) | null = null;
function collect(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    const found: unknown = runInNewContext('gc');
    if (typeof found !== 'function') throw new Error('No garbage collector to call');
    gc = () => Reflect.apply(found, undefined, []);
  }
  gc();
}

async function settledMemory(): Promise<{ rss: number; heap: number }> {
  for (let i = 0; i < 3; i++) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const clientMessage = z.union([
  z.object({ ready: z.number() }),
  z.object({ orderId: z.number(), lastAt: z.number(), firstAt: z.number() }),
  z.object({ error: z.string() }),
]);

/** The client process, and a way to wait for its next message that matches. */
function startClients(): {
  child: ChildProcess;
  next: <T extends LiveClientsMessage>(match: (m: LiveClientsMessage) => m is T) => Promise<T>;
} {
  const child = fork(join(import.meta.dirname, 'liveEventsClients.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Set<(message: LiveClientsMessage) => void>();
  let failure: Error | null = null;
  child.on('message', (raw) => {
    const message = clientMessage.parse(raw);
    if ('error' in message && !failure) failure = new Error(`live clients: ${message.error}`);
    for (const waiter of [...waiting]) waiter(message);
  });
  const next = <T extends LiveClientsMessage>(match: (m: LiveClientsMessage) => m is T) =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      const timer = setTimeout(() => {
        waiting.delete(waiter);
        reject(new Error('live clients: no answer within 30 s'));
      }, 30_000);
      const waiter = (message: LiveClientsMessage) => {
        if ('error' in message) {
          clearTimeout(timer);
          waiting.delete(waiter);
          reject(new Error(`live clients: ${message.error}`));
        } else if (match(message)) {
          clearTimeout(timer);
          waiting.delete(waiter);
          resolve(message);
        }
      };
      waiting.add(waiter);
    });
  return { child, next };
}

const wallClock = () => performance.timeOrigin + performance.now();

async function measure({ label, db }: BenchDatabase): Promise<BenchResult[]> {
  const app = await buildApp({ db, jwtSecret: SECRET, version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The bench server has no port');
  const base = `http://127.0.0.1:${address.port}`;
  const clients = startClients();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let warm: http.ClientRequest | null = null;
  try {
    const tokens: string[] = [];
    for (const username of USERS) {
      const response = await app.inject({ method: 'POST', url: '/login', payload: { username, password: PASSWORD } });
      tokens.push(z.object({ jwtToken: z.string() }).parse(response.json()).jwtToken);
    }
    const ordersToMove = await db.selectFrom('orders').select('id').orderBy('id').execute();

    // One stream first, so that what every process pays once (LISTEN, its connection) is in the baseline.
    warm = await new Promise<http.ClientRequest>((resolve) => {
      const request = http.get(`${base}/api${LIVE_EVENTS_PATH}`, { headers: { authorization: `Bearer ${tokens[0]}` } }, (response) => {
        response.resume();
        resolve(request);
      });
    });
    const before = await settledMemory();
    clients.child.send({ url: `${base}/api${LIVE_EVENTS_PATH}`, tokens, count: STREAMS });
    await clients.next((m): m is { ready: number } => 'ready' in m);
    const after = await settledMemory();
    const rssKb = (after.rss - before.rss) / 1024 / STREAMS;
    const heapKb = (after.heap - before.heap) / 1024 / STREAMS;

    const all: number[] = [];
    const first: number[] = [];
    for (const { id } of ordersToMove.slice(0, CHANGES)) {
      const arrived = clients.next((m): m is { orderId: number; lastAt: number; firstAt: number } => 'orderId' in m && m.orderId === id);
      const sentAt = wallClock();
      await put(base, agent, tokens[0], id);
      const { firstAt, lastAt } = await arrived;
      all.push(lastAt - sentAt);
      first.push(firstAt - sentAt);
    }
    const title = `${label} ${STREAMS} live streams`;
    const allP50 = percentile(all, 50);
    const allP99 = percentile(all, 99);
    console.log(
      [
        `${title}: ${rssKb.toFixed(1)} KB RSS per stream vs target ${TARGET.rssKb} KB: ratio ${(rssKb / TARGET.rssKb).toFixed(3)}`,
        `${title}: ${heapKb.toFixed(1)} KB heap per stream vs target ${TARGET.heapKb} KB: ratio ${(heapKb / TARGET.heapKb).toFixed(3)}`,
        `${title}: status change to all ${STREAMS} p99 ${allP99.toFixed(1)} ms vs target ${TARGET.allP99Ms} ms: ratio ${(allP99 / TARGET.allP99Ms).toFixed(3)}`,
        `${label}: load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores at the end`,
      ].join('\n'),
    );
    return [
      { name: `${title}: RSS per stream`, value: rssKb, unit: 'KB', target: TARGET.rssKb },
      { name: `${title}: heap per stream`, value: heapKb, unit: 'KB', target: TARGET.heapKb },
      { name: `${title}: status change to the first stream p50`, value: percentile(first, 50), unit: 'ms' },
      { name: `${title}: status change to all p50`, value: allP50, unit: 'ms' },
      { name: `${title}: status change to all p99`, value: allP99, unit: 'ms', target: TARGET.allP99Ms },
      { name: `${title}: status change to all p99 / target`, value: allP99 / TARGET.allP99Ms, unit: 'x', digits: 3, target: 1 },
    ];
  } finally {
    clients.child.send('close');
    warm?.destroy();
    agent.destroy();
    await app.close();
  }
}

/** One status move, over HTTP as the browser makes it. */
function put(base: string, agent: http.Agent, token: string, orderId: number): Promise<void> {
  const body = JSON.stringify({ status: OrderStatus.SERVING });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/orders/${orderId}`,
      {
        method: 'PUT',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`PUT order ${orderId}: ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, open] of Object.entries(BACKENDS)) {
    if (!chosen.includes(name)) continue;
    const database = await open(fill);
    if (!database) {
      console.log('PostgreSQL: no server answers (BENCH_DATABASE_URL or 127.0.0.1:5432), skipped');
      continue;
    }
    try {
      results.push(...(await measure(database)));
    } finally {
      await database.close();
    }
  }
  return results;
}
