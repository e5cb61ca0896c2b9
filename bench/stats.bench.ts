/**
 * The statistics and the top customers at 1,000,000 orders and 100,000 customers
 * (bench/orderData.ts, with the carts, bot responses, new and blocking customers of
 * bench/statsData.ts), on PGlite and on a throwaway database of the PostgreSQL server. Each
 * endpoint is asked over real HTTP on 127.0.0.1, one request at a time, for a 365-day range of
 * the busiest city (London, 44% of the orders) as an admin sees it from UTC; beside it, the SQL
 * that request ran (recorded by a Kysely plugin on the server's own database handle) sent
 * through the same driver. Target on PostgreSQL: every endpoint's median under 200 ms.
 *
 * BENCH_ORDERS shrinks the data, BENCH_SECONDS the measuring (per endpoint),
 * BENCH_BACKENDS=pglite|postgres runs one of the two; BENCH_SQL=1 prints the recorded SQL.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createQueryId, type CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/schema';
import { STATS_FIGURES } from '../src/domain/stats';
import { openPglite, openPostgres, type BenchDatabase } from './benchDatabase';
import { loadOrderData, type OrderData } from './orderData';
import type { BenchResult } from './result';
import { loadStatsData } from './statsData';

const ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 3);
const SECRET = randomBytes(32).toString('hex');
const DAY_MS = 86_400_000;
const TARGET_MS = 200;
const BACKENDS = { pglite: openPglite, postgres: openPostgres };
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());

interface Measured {
  backend: string;
  endpoint: string;
  http: { p50: number; p95: number; count: number };
  sql: { p50: number; p95: number };
}

export async function run(): Promise<BenchResult[]> {
  const rows: Measured[] = [];
  const results: BenchResult[] = [];
  for (const [name, open] of Object.entries(BACKENDS)) {
    if (!chosen.includes(name)) continue;
    const label = name === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const log = (line: string) => console.log(`${label} load: ${line}`);
    let data: OrderData | null = null;
    const database = await open(async (db) => {
      const loaded = await loadOrderData(db, { orders: ORDERS, log });
      await loadStatsData(db, loaded, log);
      data = loaded;
    });
    if (!database) {
      console.log('PostgreSQL: no server answers (BENCH_DATABASE_URL or 127.0.0.1:5432), skipped');
      continue;
    }
    try {
      const loaded = data as OrderData | null;
      if (!loaded) throw new Error(`${label}: the data did not load`);
      rows.push(...(await measure(database, loaded)));
    } finally {
      await database.close();
    }
  }
  for (const row of rows) {
    const targeted = row.backend === 'PostgreSQL';
    const title = `${row.backend} ${row.endpoint}, 365 days`;
    results.push(
      { name: `${title}: HTTP p50`, value: row.http.p50, unit: 'ms', ...(targeted ? { target: TARGET_MS } : {}) },
      { name: `${title}: HTTP p95`, value: row.http.p95, unit: 'ms' },
      { name: `${title}: its SQL p50`, value: row.sql.p50, unit: 'ms' },
      { name: `${title}: HTTP / its SQL`, value: row.http.p50 / row.sql.p50, unit: 'x', digits: 2 },
    );
  }
  console.log(`\n${markdown(rows)}\n`);
  return results;
}

async function measure({ label, db }: BenchDatabase, data: OrderData): Promise<Measured[]> {
  console.log(
    `${label}: load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${cpus().length} cores before measuring`,
  );
  const recorder = queryRecorder(db);
  const app = await buildApp({ db: db.withPlugin(recorder.plugin), jwtSecret: SECRET, version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The bench server has no port');
    const base = `http://127.0.0.1:${address.port}`;
    const headers = { authorization: `Bearer ${await login(base, data)}` };
    const rows: Measured[] = [];
    for (const [endpoint, path] of endpoints(data)) {
      // The request's SQL, recorded on its second call (the first may warm what a session warms once).
      await send(base, headers, path);
      const queries = await recorder.record(() => send(base, headers, path));
      if (process.env.BENCH_SQL) for (const q of queries) console.log(`${endpoint}: ${q.sql}`);
      const http = await timeHttp(base, headers, path);
      const direct = await timeCalls(async () => {
        for (const query of queries) await db.executeQuery(query);
      });
      rows.push({ backend: label, endpoint, http, sql: direct });
      console.log(
        `${label} ${endpoint}: HTTP p50 ${http.p50.toFixed(1)} p95 ${http.p95.toFixed(1)} ms (${http.count} requests); ` +
          `its SQL p50 ${direct.p50.toFixed(1)} p95 ${direct.p95.toFixed(1)} ms`,
      );
    }
    return rows;
  } finally {
    await app.close();
  }
}

/** Every figure and the top customers' first page, for the year up to the data's last day. */
function endpoints(data: OrderData): [string, string][] {
  const cityId = data.cityIds[0];
  const last = new Date(data.to.getTime() - 1).toISOString().slice(0, 10);
  const first = new Date(Date.parse(last) - 365 * DAY_MS).toISOString().slice(0, 10);
  const range = new URLSearchParams({
    cityId: String(cityId),
    dateFrom: `${first}T00:00:00.000+00:00`,
    dateTo: `${last}T23:59:59.999+00:00`,
  });
  const top = new URLSearchParams({ cityId: String(cityId), startDate: `${first}T00:00:00.000+00:00`, page: '1', perPage: '25' });
  return [
    ...STATS_FIGURES.map((figure): [string, string] => [`/stats/${figure}`, `/api/stats/${figure}?${range.toString()}`]),
    ['/users/top', `/api/users/top?${top.toString()}`],
  ];
}

async function login(base: string, data: OrderData): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: data.admin, password: data.password }),
  });
  if (!response.ok) throw new Error(`Login: ${response.status}`);
  return ((await response.json()) as { jwtToken: string }).jwtToken;
}

async function send(base: string, headers: Record<string, string>, path: string): Promise<void> {
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
}

/** The queries the server ran while `request` waited (executed ones: a builder used inside another passes here too), compiled for replay. */
function queryRecorder(db: Kysely<Database>) {
  let on = false;
  const compiled = new Map<string, CompiledQuery>();
  const executed: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (on) compiled.set(queryId.queryId, db.getExecutor().compileQuery(node, createQueryId()));
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      const query = on ? compiled.get(queryId.queryId) : undefined;
      if (query) executed.push(query);
      return result;
    },
  };
  const record = async (request: () => Promise<unknown>): Promise<CompiledQuery[]> => {
    compiled.clear();
    executed.length = 0;
    on = true;
    try {
      await request();
    } finally {
      on = false;
    }
    return [...executed];
  };
  return { plugin, record };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

/** Calls `call` one after the other for SECONDS (after one warm-up call), at least 5 times. */
async function timeCalls(call: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await call();
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until || latencies.length < 5) {
    const started = performance.now();
    await call();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) };
}

/** The same over HTTP, from a worker thread, so the client's work does not run on the server's thread. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, seconds } = workerData;
(async () => {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  await fetch(url, { headers }).then((r) => r.arrayBuffer());
  while (performance.now() < until || latencies.length < 5) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error('HTTP ' + response.status);
    latencies.push(performance.now() - started);
  }
  parentPort.postMessage(latencies);
})().catch((error) => parentPort.postMessage(String(error)));
`;

function timeHttp(base: string, headers: Record<string, string>, path: string): Promise<Measured['http']> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { url: `${base}${path}`, headers, seconds: SECONDS } });
    worker.once('message', (answer: number[] | string) => {
      void worker.terminate();
      if (typeof answer === 'string') return reject(new Error(`${path}: ${answer}`));
      const sorted = [...answer].sort((a, b) => a - b);
      resolve({ p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), count: sorted.length });
    });
    worker.once('error', reject);
  });
}

function markdown(rows: Measured[]): string {
  const ms = (value: number) => value.toFixed(1);
  return [
    '| database | endpoint, 365 days | HTTP p50 ms | HTTP p95 ms | its SQL p50 ms | HTTP / SQL |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.backend} | \`${r.endpoint}\` | ${ms(r.http.p50)} | ${ms(r.http.p95)} | ${ms(r.sql.p50)} | ${(r.http.p50 / r.sql.p50).toFixed(2)} |`,
    ),
  ].join('\n');
}
