/**
 * A cheap request while ten managers export a year of orders at once: the time of `GET
 * /api/cities` and of the order list's first page (a city, 30 days, with its totals), asked
 * one at a time (10 ms apart) by a client in a worker thread, with the server idle (half the
 * time before the exports, half after) and while ten other clients (ten admin accounts, in a
 * second worker thread) each export the whole range over and over, waiting Retry-After
 * whenever the server refuses (EXPORT_CONCURRENCY, two by default, run at once). Target: the
 * busy p99 at most 3 x the idle p99. Printed beside it: the server's event-loop delay, the
 * bytes of workbooks streamed, the exports finished and refused meanwhile.
 *
 * PGlite always; a throwaway database on the PostgreSQL server too when one answers
 * (BENCH_DATABASE_URL, or 127.0.0.1:5432). BENCH_EXPORT_ORDERS sets the orders (50,000 over a
 * year by default), BENCH_SECONDS the seconds idle and busy are each measured (20), BENCH_BACKENDS=pglite|postgres.
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { z } from 'zod';
import { buildApp } from '../server/app';
import { openPglite, openPostgres, type BenchDatabase } from './benchDatabase';
import { loadOrderData, type OrderData } from './orderData';
import type { BenchResult } from './result';

const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS || 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
const EXPORTERS = 10;
const TARGET_RATIO = 3;
const SECRET = randomBytes(32).toString('hex');
const DAY_MS = 86_400_000;
const BACKENDS = { pglite: openPglite, postgres: openPostgres };
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());

/** Asks each path in turn, one request at a time with a 10 ms pause, for `ms`; answers each path's times. */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, paths, headers, ms } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const ask = (path) => new Promise((resolve) => {
  const started = performance.now();
  const req = http.get(base + path, { agent, headers }, (res) => {
    res.resume();
    res.on('end', () => resolve({ ms: performance.now() - started, ok: res.statusCode === 200 }));
  });
  req.on('error', () => resolve({ ms: performance.now() - started, ok: false }));
});
(async () => {
  const times = paths.map(() => []);
  let failures = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    for (let i = 0; i < paths.length; i++) {
      const { ms: took, ok } = await ask(paths[i]);
      if (ok) times[i].push(took); else failures++;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  agent.destroy();
  parentPort.postMessage({ times, failures });
})();
`;

/** Each token exports `path` over and over, waiting Retry-After on a 429, until told to stop; counts what it got. */
const EXPORTERS_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, path, tokens } = workerData;
let stopping = false;
const counts = { done: 0, refused: 0, failed: 0, bytes: 0 };
const requests = new Set();
const once = (token) => new Promise((resolve) => {
  const req = http.get(base + path, { headers: { authorization: 'Bearer ' + token } }, (res) => {
    let bytes = 0;
    res.on('data', (chunk) => { bytes += chunk.length; counts.bytes += chunk.length; });
    res.on('end', () => { requests.delete(req); resolve({ status: res.statusCode, retryAfter: Number(res.headers['retry-after'] || 1), bytes }); });
    res.on('error', () => { requests.delete(req); resolve({ status: 0, retryAfter: 1, bytes }); });
  });
  requests.add(req);
  req.on('error', () => { requests.delete(req); resolve({ status: 0, retryAfter: 1, bytes: 0 }); });
});
const loop = async (token) => {
  while (!stopping) {
    const { status, retryAfter } = await once(token);
    if (stopping) return;
    if (status === 200) counts.done++;
    else if (status === 429) { counts.refused++; await new Promise((r) => setTimeout(r, retryAfter * 1000)); }
    else { counts.failed++; await new Promise((r) => setTimeout(r, 1000)); }
  }
};
const loops = tokens.map(loop);
parentPort.on('message', () => {
  stopping = true;
  for (const req of requests) req.destroy();
  Promise.all(loops).then(() => parentPort.postMessage(counts));
});
`;

interface ProbeResult {
  times: number[][];
  failures: number;
}
interface ExportCounts {
  done: number;
  refused: number;
  failed: number;
  bytes: number;
}

function probe(base: string, paths: string[], headers: Record<string, string>, ms: number): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PROBE, { eval: true, workerData: { base, paths, headers, ms } });
    worker.once('message', (result: ProbeResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

const percentile = (values: number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
};

interface Phase {
  p50: number[];
  p99: number[];
  loopP99: number;
}

async function measure(label: string, database: BenchDatabase, data: OrderData): Promise<BenchResult[]> {
  const { db } = database;
  // Ten managers: admin accounts with the admin's password.
  const { max } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO users (id, role_id, username, password_hash, name, auth_key, language)
    SELECT ${max} + g, role_id, 'manager' || g, password_hash, 'Manager ' || g, 'bench-manager-' || g, language
    FROM users, generate_series(1, ${EXPORTERS}) g WHERE username = ${data.admin}`.execute(db);

  const app = await buildApp({ db, jwtSecret: SECRET, version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The bench server has no port');
  const base = `http://127.0.0.1:${address.port}`;
  const token = async (username: string) => {
    const response = await app.inject({ method: 'POST', url: '/login', payload: { username, password: data.password } });
    return z.object({ jwtToken: z.string() }).parse(response.json()).jwtToken;
  };
  try {
    const headers = { authorization: `Bearer ${await token(data.admin)}` };
    const managers = await Promise.all(Array.from({ length: EXPORTERS }, (_, i) => token(`manager${i + 1}`)));
    const day = (time: number) => new Date(time).toISOString().slice(0, 10);
    const to = data.to.getTime();
    const list = `/api/orders?cityId=${data.cityIds[0]}&from=${day(to - 30 * DAY_MS)}&to=${day(to)}&page=1&perPage=25`;
    const paths = ['/api/cities', list];
    const exportPath = `/api/orders/export/excel?from=${day(data.from.getTime())}&to=${day(to)}&tz=UTC`;

    // Warm: the routes compiled, a worker started once, the pages the probes read cached.
    await probe(base, paths, headers, 1000);
    await fetch(`${base}/api/orders/export/excel?from=${day(to - DAY_MS)}&to=${day(to)}`, { headers }).then((r) => r.arrayBuffer());

    /** The probe's times over windows of `ms`, pooled, with the server's event-loop delay meanwhile. */
    const phase = () => {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      const times: number[][] = paths.map(() => []);
      let failures = 0;
      return {
        window: async (ms: number) => {
          loop.enable();
          const result = await probe(base, paths, headers, ms);
          loop.disable();
          result.times.forEach((each, i) => times[i].push(...each));
          failures += result.failures;
        },
        result: (): Phase & { failures: number } => ({
          p50: times.map((each) => percentile(each, 0.5)),
          p99: times.map((each) => percentile(each, 0.99)),
          loopP99: loop.percentile(99) / 1e6,
          failures,
        }),
      };
    };

    // Idle half before the exports and half after, so that the machine's own moods weigh on both sides.
    const idle = phase();
    const busy = phase();
    await idle.window((SECONDS * 1000) / 2);
    const exporters = new Worker(EXPORTERS_CODE, { eval: true, workerData: { base, path: exportPath, tokens: managers } });
    // The exports are under way (their first pages read, their workers started) before the probe starts.
    await sleep(2000);
    await busy.window(SECONDS * 1000);
    const counts = await new Promise<ExportCounts>((resolve, reject) => {
      exporters.once('message', resolve);
      exporters.once('error', reject);
      exporters.postMessage('stop');
    });
    await exporters.terminate();
    // The stopped downloads' exports end as the server sees their clients gone.
    await sleep(1000);
    await idle.window((SECONDS * 1000) / 2);
    const [idleResult, busyResult] = [idle.result(), busy.result()];

    const names = ['GET /api/cities', 'GET /api/orders (a city, 30 days, first page with totals)'];
    console.log(
      `${label}: ${ORDERS.toLocaleString('en')} orders; in the ${SECONDS + 2} s of exports, ${(counts.bytes / 1024 / 1024).toFixed(1)} MB ` +
        `of workbooks streamed, ${counts.done} exports finished, ${counts.refused} refusals (429), ${counts.failed} failures; event-loop delay p99 idle ${idleResult.loopP99.toFixed(1)} ms, ` +
        `busy ${busyResult.loopP99.toFixed(1)} ms; probe failures ${idleResult.failures + busyResult.failures}`,
    );
    return names.flatMap((name, i) => [
      { name: `${label} ${name}: idle p50`, value: idleResult.p50[i], unit: 'ms' },
      { name: `${label} ${name}: idle p99`, value: idleResult.p99[i], unit: 'ms' },
      { name: `${label} ${name}: p50 during ${EXPORTERS} exports`, value: busyResult.p50[i], unit: 'ms' },
      { name: `${label} ${name}: p99 during ${EXPORTERS} exports`, value: busyResult.p99[i], unit: 'ms' },
      {
        name: `${label} ${name}: p99 during ${EXPORTERS} exports / idle p99`,
        value: busyResult.p99[i] / idleResult.p99[i],
        unit: 'x',
        digits: 2,
        target: TARGET_RATIO,
      },
    ]);
  } finally {
    await app.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, open] of Object.entries(BACKENDS)) {
    if (!chosen.includes(name)) continue;
    const label = name === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const loaded: { data?: OrderData } = {};
    const database = await open(async (db) => {
      loaded.data = await loadOrderData(db, { orders: ORDERS, customers: Math.max(1000, ORDERS / 10), log: () => undefined });
    });
    if (!database) {
      console.log('PostgreSQL: no server answers (BENCH_DATABASE_URL or 127.0.0.1:5432), skipped');
      continue;
    }
    try {
      if (!loaded.data) throw new Error(`${label}: the order data did not load`);
      results.push(...(await measure(label, database, loaded.data)));
    } finally {
      await database.close();
    }
  }
  return results;
}
