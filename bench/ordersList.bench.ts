/**
 * The order screens at 1,000,000 orders (bench/orderData.ts: 100,000 customers, 3 cities, 60
 * restaurants, items and messages), on PGlite and on a throwaway database of the PostgreSQL
 * server, each loaded by the bench itself (the load time is printed). Measured over real HTTP
 * on 127.0.0.1, as the browser asks (an admin looking at Saint Petersburg from UTC+3, so that
 * the ranges start and end inside UTC days):
 *
 * - the list's first page with its totals (one request, as the list screen makes it), for 30
 *   days of a city, then of two of its restaurants;
 * - a deep page (offset 100,000 over a year) alone, as paging does (the totals stay cached);
 * - an order's detail: GraphQL getOrder and its chat (GET /api/orders/{threadId}) at once;
 * - a search over every order (the list with its totals, as the search box asks): by a whole
 *   order number, then by a customer's phone, one client, each of several orders in turn; its
 *   p99 is printed beside its limit (50 ms on PostgreSQL) as a ratio;
 * - the Excel export of about 100,000 orders, with the growth of this process's RSS (the
 *   server runs in it), sampled every 10 ms by a worker thread while the file downloads.
 *
 * Every figure stands beside the same SQL sent through the same driver and pool: the SQL each
 * request ran, recorded by a Kysely plugin on the server's own database handle (so it follows
 * the code), replayed in the same stages (queries the endpoint runs together run together) with
 * the same concurrency; "HTTP / SQL" is the time per operation over HTTP over its SQL's. The
 * load client runs in a worker thread, sharing the machine's cores with the server and the
 * database: a missed target is printed with how busy they were.
 *
 * On PostgreSQL the list with its totals is measured once more at 20,000 orders and 10 clients,
 * where its SQL is cheap and the cost of the request itself shows: its requests per second over
 * its SQL's, at least 0.45.
 *
 * BENCH_ORDERS shrinks the data, BENCH_SECONDS the measuring, BENCH_BACKENDS=pglite|postgres
 * runs one of the two, BENCH_CASES="search|export" only the cases (and the export) whose name
 * holds one of its words; BENCH_SQL=1 prints the SQL recorded for each request.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { createQueryId, sql, type CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/schema';
import { openPglite, openPostgres, type BenchDatabase } from './benchDatabase';
import { loadOrderData, type OrderData } from './orderData';
import type { BenchResult } from './result';

const ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000);
const EXPORTED = Math.min(100_000, Math.floor(ORDERS / 4));
const SECONDS = Number(process.env.BENCH_SECONDS || 2.5);
const TIMING = { warmupMs: 500, durationMs: SECONDS * 1000 };
const SECRET = randomBytes(32).toString('hex');
const DAY_MS = 86_400_000;
/** Saint Petersburg, seen from its own zone. */
const CITY_INDEX = 1;
const OFFSET = '+03:00';
const DEEP_OFFSET = 100_000;
const PER_PAGE = 25;
/** Orders whose detail is opened in turn. */
const DETAIL_ORDERS = 50;
const BACKENDS = { pglite: openPglite, postgres: openPostgres };
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());
/** BENCH_CASES: only the cases whose name holds one of these |-separated words ("export" for the export); all by default. */
const onlyCases = (process.env.BENCH_CASES || '')
  .split('|')
  .map((word) => word.trim())
  .filter(Boolean);
const picked = (name: string): boolean => onlyCases.length === 0 || onlyCases.some((word) => name.includes(word));

/** Targets on PostgreSQL (spec of the bench): the list with its totals, and the export. */
const TARGET = { listRatio: 1.2, listP99Ms: 50, listAt: 50, exportS: 5, exportRssMb: 100, searchMs: 50 };
/**
 * The cost of a request itself, where the SQL is cheap: the list with its totals at 20,000 orders
 * and 10 clients must answer at least 0.45 times as many requests per second as its SQL alone (a
 * server that runs the same SQL and does nothing else reaches 0.45 to 0.53 on the reference machine).
 */
const SMALL = { orders: 20_000, connections: 10, case: 'list + totals, a city, 30 days', throughputRatio: 0.45 };
const SEARCHES = { number: 'search by number, every order', phone: 'search by phone, every order' };

/** The fields the order screen asks for (src/resources/orders/orderGraphql.ts). */
const ORDER_DETAIL = `query OrderDetail($threadId: String!, $numbers: Boolean) { getOrder(threadId: $threadId, numbers: $numbers) {
  id threadId cityId city { id name name_ru currency } userId user { id name username address additionalAddress contactType phone }
  address additionalAddress restaurantId restaurant { id cityId name name_ru description description_ru address }
  items { id count sum dish { id name name_ru description description_ru price } } sum deliveryCost discount totalSum status
  paymentMethod courierId courierTelegramId courierDetails { username name } createdAt paymentReceipt { providerPaymentChargeId }
  invoiceId serviceFee currency messagesAmount } }`;

/** One HTTP request of the browser's. */
interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** What the browser asks at once (one screen), and what is timed as one operation. */
type Operation = Call[];

interface Case {
  name: string;
  connections: number[];
  /** Operations taken in turn by each client (the details of several orders, say). */
  operations: Operation[];
}

/** The SQL of one request: stages run one after the other, the queries of a stage together. */
type Stages = CompiledQuery[][];

interface Timing {
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

interface Measured {
  backend: string;
  /** The orders of the database measured. */
  orders: number;
  name: string;
  connections: number;
  http: Timing;
  sql: Timing;
  /** The busy share of the machine's cores and of the server's event loop during the HTTP run. */
  machineCpu: number;
  serverLoop: number;
}

interface ExportMeasured {
  backend: string;
  rows: number;
  httpS: number;
  sqlS: number;
  megabytes: number;
  rssGrowthMb: number;
  peakRssMb: number;
  /** The RSS growth with garbage collected every 250 ms, measured when the growth is over its target. */
  liveGrowthMb?: number;
}

/** What one database is measured for: its size, the cases, and the clients of each (the case's own when none). */
export interface MeasureScope {
  orders: number;
  picked: (name: string) => boolean;
  connections?: number[];
  exported: boolean;
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const rows: Measured[] = [];
  const exports: ExportMeasured[] = [];
  const notes: string[] = [];
  const scopes: { backend: string; scope: MeasureScope }[] = [];
  for (const backend of Object.keys(BACKENDS)) {
    if (chosen.includes(backend)) scopes.push({ backend, scope: { orders: ORDERS, picked, exported: picked('export') } });
  }
  // The per-request cost on small data, on PostgreSQL, where its target applies; the same database when it is that small.
  if (chosen.includes('postgres') && picked(SMALL.case) && ORDERS !== SMALL.orders) {
    scopes.push({
      backend: 'postgres',
      scope: { orders: SMALL.orders, picked: (name) => name === SMALL.case, connections: [SMALL.connections], exported: false },
    });
  }
  for (const { backend, scope } of scopes) {
    const open = backend === 'pglite' ? BACKENDS.pglite : BACKENDS.postgres;
    let data: OrderData | null = null;
    const label = backend === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const database = await open(async (db) => {
      data = await loadOrderData(db, { orders: scope.orders, log: (line) => console.log(`${label} load: ${line}`) });
    });
    if (!database) {
      console.log('PostgreSQL: no server answers (BENCH_DATABASE_URL or 127.0.0.1:5432), skipped');
      continue;
    }
    try {
      const loaded = data as OrderData | null;
      if (!loaded) throw new Error(`${label}: the order data did not load`);
      results.push({ name: `${label} load of ${scope.orders.toLocaleString('en')} orders`, value: loaded.totalMs / 1000, unit: 's' });
      const measured = await measureOrders(database, loaded, scope);
      rows.push(...measured.rows);
      if (measured.exported) exports.push(measured.exported);
    } finally {
      await database.close();
    }
  }
  for (const row of rows) results.push(...resultsOf(row, notes));
  for (const exported of exports) results.push(...exportResults(exported, notes));
  console.log(`\n${markdown(rows, exports)}\n`);
  for (const note of notes) console.log(note);
  return results;
}

/** Every case on one database, loaded with `data`. */
export async function measureOrders(
  { label, db }: BenchDatabase,
  data: OrderData,
  scope: MeasureScope = { orders: ORDERS, picked, exported: picked('export') },
): Promise<{ rows: Measured[]; exported: ExportMeasured | null }> {
  console.log(
    `${label}: load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${cpus().length} cores before measuring`,
  );
  const cases = (await casesOf(db, data, scope.orders))
    .filter((c) => scope.picked(c.name))
    .map((c) => ({ ...c, connections: scope.connections ?? c.connections }));
  // The export's range is found before anything is measured; a scope without the export has none.
  const exportPath = scope.exported ? await exportRange(db, data) : null;
  const recorder = queryRecorder(db);
  const recorded = new Map<string, Stages>();
  const replay = (operation: Operation) => () =>
    Promise.all(
      operation.map(async (call) => {
        for (const stage of recorded.get(key(call)) ?? []) await Promise.all(stage.map((query) => db.executeQuery(query)));
      }),
    );

  const app = await buildApp({ db: db.withPlugin(recorder.plugin), jwtSecret: SECRET, version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The bench server has no port');
    const base = `http://127.0.0.1:${address.port}`;
    const headers = { authorization: `Bearer ${await login(base, data)}` };
    // Each request's SQL, recorded on its second call: the first may do a session's first-time work.
    for (const call of cases.flatMap((c) => c.operations.flat())) {
      if (recorded.has(key(call))) continue;
      await send(base, headers, call);
      recorded.set(key(call), await recorder.record(() => send(base, headers, call)));
      if (process.env.BENCH_SQL) {
        console.log(`${call.method} ${call.path}:`);
        for (const [n, stage] of (recorded.get(key(call)) ?? []).entries()) for (const q of stage) console.log(`  ${n + 1}. ${q.sql}`);
      }
    }
    // Compiles the server's hot paths and fills the pool and the caches before anything counts.
    for (const { operations } of cases) await loadHttp({ base, headers, operations, connections: 10, warmupMs: 0, durationMs: 1000 });

    const rows: Measured[] = [];
    for (const { name, connections, operations } of cases) {
      for (const n of connections) {
        const cpuBefore = cpuTimes();
        const loopBefore = performance.eventLoopUtilization();
        const http = await loadHttp({ base, headers, operations, connections: n, ...TIMING });
        const machineCpu = busyShare(cpuBefore, cpuTimes());
        const serverLoop = performance.eventLoopUtilization(loopBefore).utilization;
        const direct = await loadCalls(operations.map(replay), n, TIMING);
        if (http.failures > 0 || direct.failures > 0)
          throw new Error(`${label} ${name}: ${http.failures} HTTP and ${direct.failures} SQL failures at ${n} connections`);
        rows.push({ backend: label, orders: scope.orders, name, connections: n, http, sql: direct, machineCpu, serverLoop });
        console.log(
          `${label} ${name}${scope.orders === ORDERS ? '' : ` at ${scope.orders.toLocaleString('en')} orders`}, ${n}: HTTP ${http.perSecond.toFixed(0)}/s p50 ${http.p50.toFixed(1)} p99 ${http.p99.toFixed(1)} ms; ` +
            `SQL ${direct.perSecond.toFixed(0)}/s p50 ${direct.p50.toFixed(1)} p99 ${direct.p99.toFixed(1)} ms; ` +
            `cores ${percent(machineCpu)} busy, server loop ${percent(serverLoop)}`,
        );
      }
    }
    return { rows, exported: exportPath === null ? null : await measureExport(label, db, base, exportPath, headers, recorder) };
  } finally {
    await app.close();
  }
}

const day = (at: Date): string => at.toISOString().slice(0, 10);
/** The start or end of a day in the browser's zone, as the list sends it (src/resources/orders/orderQuery.ts). */
const localStart = (date: string) => `${date}T00:00:00.000${OFFSET}`;
const localEnd = (date: string) => `${date}T23:59:59.999${OFFSET}`;
/** The day, in the browser's zone, an instant falls on. */
const localDay = (at: Date): string => day(new Date(at.getTime() + 3 * 3600_000));
const query = (params: Record<string, string | number | number[]>): string => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  return search.toString();
};

async function casesOf(db: Kysely<Database>, data: OrderData, orders: number): Promise<Case[]> {
  const cityId = data.cityIds[CITY_INDEX];
  const last = localDay(new Date(data.to.getTime() - 1));
  const month = { cityId, from: localStart(day(new Date(Date.parse(last) - 29 * DAY_MS))), to: localEnd(last) };
  const year = { cityId, from: localStart(day(new Date(Date.parse(last) - 364 * DAY_MS))), to: localEnd(last) };
  const rests = { ...month, rests: data.restaurantIds[CITY_INDEX].slice(0, 2) };
  // The list page brings the totals of its range (X-Order-Totals): one request per screen.
  const listAndTotals = (filter: Record<string, string | number | number[]>): Operation => [
    { method: 'GET', path: `/api/orders?${query({ ...filter, page: 1, perPage: PER_PAGE })}` },
  ];
  const { n: yearOrders } = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('city_id', '=', cityId)
    .where('created_at', '>=', new Date(year.from))
    .where('created_at', '<=', new Date(year.to))
    .executeTakeFirstOrThrow();
  const deepPage = Math.max(1, Math.floor(Math.min(DEEP_OFFSET, yearOrders - PER_PAGE) / PER_PAGE) + 1);
  // Orders spread over the year, each opened in turn.
  const threads = await db
    .selectFrom('orders')
    .select('thread_id')
    .where('city_id', '=', cityId)
    .where(sql<boolean>`id % ${Math.max(1, Math.floor(orders / DETAIL_ORDERS / 4))} = 0`)
    .orderBy('id')
    .limit(DETAIL_ORDERS)
    .execute();
  // Orders with a customer's phone, spread over the table: each searched in turn, by number and by phone.
  const searched = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.thread_id', 'u.phone'])
    .where('u.phone', 'is not', null)
    .where(sql<boolean>`o.id % ${Math.max(1, Math.floor(orders / DETAIL_ORDERS / 2))} = 0`)
    .orderBy('o.id')
    .limit(DETAIL_ORDERS)
    .execute();
  return [
    { name: SEARCHES.number, connections: [1], operations: searched.map((r) => listAndTotals({ q: r.thread_id })) },
    { name: SEARCHES.phone, connections: [1], operations: searched.map((r) => listAndTotals({ q: r.phone ?? '' })) },
    { name: 'list + totals, a city, 30 days', connections: [1, 10, 50], operations: [listAndTotals(month)] },
    { name: 'list + totals, 2 restaurants, 30 days', connections: [1, 10, 50], operations: [listAndTotals(rests)] },
    {
      name: `list page ${deepPage} (offset ${((deepPage - 1) * PER_PAGE).toLocaleString('en')}), a city, a year`,
      connections: [1, 10],
      operations: [[{ method: 'GET', path: `/api/orders?${query({ ...year, page: deepPage, perPage: PER_PAGE })}` }]],
    },
    {
      name: 'detail: getOrder + chat',
      connections: [1, 10],
      operations: threads.map(({ thread_id }) => [
        { method: 'POST', path: '/graphql', body: { query: ORDER_DETAIL, variables: { threadId: thread_id, numbers: true } } },
        { method: 'GET', path: `/api/orders/${thread_id}` },
      ]),
    },
  ];
}

/** The export's query string: the city's newest whole days (in the browser's zone) holding about EXPORTED orders. */
async function exportRange(db: Kysely<Database>, data: OrderData): Promise<string> {
  const cityId = data.cityIds[CITY_INDEX];
  const oldest = await db
    .selectFrom('orders')
    .select('created_at')
    .where('city_id', '=', cityId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(EXPORTED - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  // The first whole day after the EXPORTED-th newest order: a little under EXPORTED.
  const from = day(new Date(Date.parse(localDay(new Date(oldest.created_at))) + DAY_MS));
  const to = localDay(new Date(data.to.getTime() - 1));
  return `/api/orders/export/excel?${query({ cityId, from: localStart(from), to: localEnd(to), locale: 'en', tz: 'Europe/Moscow' })}`;
}

const key = (call: Call): string => `${call.method} ${call.path} ${call.body === undefined ? '' : JSON.stringify(call.body)}`;

async function login(base: string, data: OrderData): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: data.admin, password: data.password }),
  });
  if (!response.ok) throw new Error(`Login: ${response.status}`);
  const { jwtToken } = (await response.json()) as { jwtToken: string };
  return jwtToken;
}

/** One request as the browser sends it; anything but a 200 (or a GraphQL error) stops the bench. */
async function send(base: string, headers: Record<string, string>, call: Call): Promise<void> {
  const response = await fetch(`${base}${call.path}`, {
    method: call.method,
    headers: call.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const body = await response.text();
  if (response.status !== 200 || (call.path === '/graphql' && 'errors' in (JSON.parse(body) as object)))
    throw new Error(`${call.method} ${call.path}: ${response.status} ${body.slice(0, 500)}`);
}

/**
 * The SQL the server runs while `record` waits for a request, taken by a Kysely plugin on the
 * server's own database handle (idle otherwise: one test per query) and compiled for replay.
 * Only queries that were executed count (a subquery's builder passes through the plugin too,
 * never executed on its own); a query that starts before the ones of its stage have all ended
 * is replayed together with them, as the endpoint's Promise.all runs them.
 */
function queryRecorder(db: Kysely<Database>): { plugin: KyselyPlugin; record: (request: () => Promise<unknown>) => Promise<Stages> } {
  let on = false;
  let tick = 0;
  const started = new Map<string, { node: RootOperationNode; at: number }>();
  const executed: { node: RootOperationNode; at: number; done: number }[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (on) started.set(queryId.queryId, { node, at: tick++ });
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      const query = on ? started.get(queryId.queryId) : undefined;
      if (query) executed.push({ ...query, done: tick++ });
      return result;
    },
  };
  const record = async (request: () => Promise<unknown>): Promise<Stages> => {
    started.clear();
    executed.length = 0;
    on = true;
    try {
      await request();
    } finally {
      on = false;
    }
    const stages: Stages = [];
    let end = -1;
    for (const { node, at, done } of executed.sort((a, b) => a.at - b.at)) {
      const compiled = db.getExecutor().compileQuery(node, createQueryId());
      if (at < end) stages[stages.length - 1].push(compiled);
      else stages.push([compiled]);
      end = Math.max(end, done);
    }
    return stages;
  };
  return { plugin, record };
}

/** Latency percentiles (nearest rank) and throughput of operations timed over `durationMs`. */
function timing(latencies: number[], failures: number, durationMs: number): Timing {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
  return { perSecond: sorted.length / (durationMs / 1000), p50: at(0.5), p99: at(0.99), failures };
}

/**
 * The HTTP client, in a worker thread so that its work does not run on the server's thread:
 * `connections` clients each keep one operation in flight, its requests sent at once on their
 * own keep-alive connections, as a browser tab does; an operation's latency is until its last
 * answer. Operations finished within the window count.
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, headers, operations, connections, warmupMs, durationMs } = workerData;
const target = new URL(base);
const width = Math.max(...operations.map((operation) => operation.length));
const agent = new http.Agent({ keepAlive: true, maxSockets: connections * width });
const request = (call) => new Promise((resolve) => {
  const body = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
  const req = http.request({
    agent, host: target.hostname, port: target.port, method: call.method, path: call.path,
    headers: body ? { ...headers, 'content-type': 'application/json', 'content-length': body.length } : headers,
  }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode === 200));
  });
  req.on('error', () => resolve(false));
  req.end(body);
});
const from = Date.now() + warmupMs;
const until = from + durationMs;
const latencies = [];
let failures = 0;
let next = 0;
const client = async () => {
  for (;;) {
    const operation = operations[next++ % operations.length];
    const started = performance.now();
    const answers = await Promise.all(operation.map(request));
    const ms = performance.now() - started;
    const at = Date.now();
    if (at >= until) return;
    if (at >= from) answers.every(Boolean) ? latencies.push(ms) : failures++;
  }
};
Promise.all(Array.from({ length: connections }, client)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, failures });
});
`;

interface LoadOptions {
  base: string;
  headers: Record<string, string>;
  operations: Operation[];
  connections: number;
  warmupMs: number;
  durationMs: number;
}

function loadHttp(options: LoadOptions): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: options });
    worker.once('message', ({ latencies, failures }: { latencies: number[]; failures: number }) => {
      resolve(timing(latencies, failures, options.durationMs));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The same loop over the replayed SQL, on this thread: `connections` callers, each calling in turn. */
async function loadCalls(calls: (() => Promise<unknown>)[], connections: number, { warmupMs, durationMs }: typeof TIMING): Promise<Timing> {
  const from = Date.now() + warmupMs;
  const until = from + durationMs;
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const caller = async () => {
    for (;;) {
      const call = calls[next++ % calls.length];
      const started = performance.now();
      const ok = await call().then(
        () => true,
        () => false,
      );
      const ms = performance.now() - started;
      const at = Date.now();
      if (at >= until) return;
      if (at >= from) {
        if (ok) latencies.push(ms);
        else failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  return timing(latencies, failures, durationMs);
}

const cpuTimes = () =>
  cpus().reduce(
    (sum, { times }) => ({ idle: sum.idle + times.idle, total: sum.total + times.user + times.nice + times.sys + times.irq + times.idle }),
    { idle: 0, total: 0 },
  );
const busyShare = (before: ReturnType<typeof cpuTimes>, after: ReturnType<typeof cpuTimes>): number =>
  1 - (after.idle - before.idle) / Math.max(1, after.total - before.total);

/**
 * Downloads the export in a worker thread, reading and dropping the body as it comes, and
 * samples the RSS of this process (the server's) every 10 ms meanwhile, from that thread: the
 * server's thread is busy writing the workbook, and would sample late.
 */
const DOWNLOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers } = workerData;
const before = process.memoryUsage.rss();
let peak = before;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 10);
const started = performance.now();
http.get(url, { headers }, (res) => {
  let bytes = 0;
  res.on('data', (chunk) => { bytes += chunk.length; });
  res.on('end', () => {
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    parentPort.postMessage({ status: res.statusCode, bytes, ms, before, peak });
  });
}).on('error', (error) => parentPort.postMessage({ status: 0, error: String(error) }));
`;

interface Download {
  status: number;
  bytes: number;
  ms: number;
  before: number;
  peak: number;
  error?: string;
}

function download(url: string, headers: Record<string, string>): Promise<Download> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(DOWNLOAD, { eval: true, workerData: { url, headers } });
    worker.once('message', (result: Download) => {
      void worker.terminate();
      if (result.status !== 200) reject(new Error(`GET ${url}: ${result.status} ${result.error ?? ''}`));
      else resolve(result);
    });
    worker.once('error', reject);
  });
}

/** A full garbage collection, so that the RSS before the export holds no garbage of the cases before. */
let gc: (() => void) | null = null;
const collectGarbage = (): void => {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
};

async function measureExport(
  label: string,
  db: Kysely<Database>,
  base: string,
  path: string,
  headers: Record<string, string>,
  recorder: ReturnType<typeof queryRecorder>,
): Promise<ExportMeasured> {
  const targeted = label === 'PostgreSQL';
  const rows = await totalCount(base, path, headers);
  // A first export of a day loads exceljs and warms its paths: that memory is not the export's.
  const url = new URL(`${base}${path}`);
  const dayOnly = new URL(url);
  dayOnly.searchParams.set('from', dayOnly.searchParams.get('to')?.replace('T23:59:59.999', 'T00:00:00.000') ?? '');
  await download(dayOnly.toString(), headers);
  collectGarbage();
  // The export measured is the one whose SQL is recorded (its first call does nothing a second would not).
  let result: Download | null = null;
  const replay = await recorder.record(async () => {
    result = await download(url.toString(), headers);
  });
  if (!result) throw new Error('The export did not download');
  const { ms, bytes, before, peak } = result as Download;
  const started = performance.now();
  for (const stage of replay) await Promise.all(stage.map((query) => db.executeQuery(query)));
  const sqlMs = performance.now() - started;
  // Over the target, the export runs again with a full collection every 250 ms on this thread:
  // what the RSS still grows by then is memory the export holds, not garbage V8 has not collected yet.
  let liveGrowthMb: number | undefined;
  if (targeted && (peak - before) / 1024 / 1024 > TARGET.exportRssMb) {
    collectGarbage();
    const collector = setInterval(collectGarbage, 250);
    try {
      const again = await download(url.toString(), headers);
      liveGrowthMb = (again.peak - again.before) / 1024 / 1024;
    } finally {
      clearInterval(collector);
    }
  }
  const exported: ExportMeasured = {
    backend: label,
    rows,
    httpS: ms / 1000,
    sqlS: sqlMs / 1000,
    megabytes: bytes / 1024 / 1024,
    rssGrowthMb: (peak - before) / 1024 / 1024,
    peakRssMb: peak / 1024 / 1024,
    liveGrowthMb,
  };
  console.log(
    `${label} export of ${rows.toLocaleString('en')} orders: ${exported.httpS.toFixed(2)} s, its SQL ${exported.sqlS.toFixed(2)} s, ` +
      `${exported.megabytes.toFixed(1)} MB, RSS +${exported.rssGrowthMb.toFixed(0)} MB (peak ${exported.peakRssMb.toFixed(0)} MB)` +
      (liveGrowthMb === undefined ? '' : `, +${liveGrowthMb.toFixed(0)} MB with garbage collected every 250 ms`),
  );
  return exported;
}

/** How many orders the export holds: the list's X-Total-Count for the same filter. */
async function totalCount(base: string, exportPath: string, headers: Record<string, string>): Promise<number> {
  const search = new URL(`${base}${exportPath}`).searchParams;
  search.delete('locale');
  search.delete('tz');
  search.set('perPage', '1');
  const response = await fetch(`${base}/api/orders?${search.toString()}`, { headers });
  if (!response.ok) throw new Error(`The export's count: ${response.status}`);
  await response.arrayBuffer();
  return Number(response.headers.get('x-total-count'));
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const isList = (row: Measured) => row.name.startsWith('list + totals, a city');

/** The results of one case at one concurrency; the targets apply to the list with totals on PostgreSQL. */
function resultsOf(row: Measured, notes: string[]): BenchResult[] {
  const size = row.orders === ORDERS ? '' : ` at ${row.orders.toLocaleString('en')} orders,`;
  const title = `${row.backend} ${row.name}${size} at ${row.connections} client${row.connections === 1 ? '' : 's'}`;
  const targeted = row.backend === 'PostgreSQL' && isList(row) && row.connections === TARGET.listAt;
  const ratio = row.sql.perSecond / row.http.perSecond;
  const results: BenchResult[] = [
    { name: `${title}: HTTP`, value: row.http.perSecond, unit: 'ops/s' },
    { name: `${title}: HTTP p50`, value: row.http.p50, unit: 'ms' },
    { name: `${title}: HTTP p99`, value: row.http.p99, unit: 'ms', ...(targeted ? { target: TARGET.listP99Ms } : {}) },
    { name: `${title}: its SQL`, value: row.sql.perSecond, unit: 'ops/s' },
    { name: `${title}: its SQL p50`, value: row.sql.p50, unit: 'ms' },
    { name: `${title}: its SQL p99`, value: row.sql.p99, unit: 'ms' },
    // The time HTTP takes per operation over its SQL's (the inverse of the throughput ratio): 1 when the API adds nothing.
    { name: `${title}: HTTP / its SQL`, value: ratio, unit: 'x', digits: 2, ...(targeted ? { target: TARGET.listRatio } : {}) },
  ];
  const small =
    row.backend === 'PostgreSQL' && row.orders === SMALL.orders && row.name === SMALL.case && row.connections === SMALL.connections;
  if (small) {
    // Requests per second over its SQL's, at least SMALL.throughputRatio; as a limit the runner checks, its inverse at most 1 / that.
    const throughput = row.http.perSecond / row.sql.perSecond;
    results.push(
      { name: `${title}: HTTP ops/s / its SQL ops/s (at least ${SMALL.throughputRatio})`, value: throughput, unit: 'x', digits: 2 },
      {
        name: `${title}: its SQL ops/s / HTTP ops/s`,
        value: 1 / throughput,
        unit: 'x',
        digits: 2,
        target: Math.round(100 / SMALL.throughputRatio) / 100,
      },
    );
    if (throughput < SMALL.throughputRatio)
      notes.push(
        `MISSED ${title}: HTTP ${row.http.perSecond.toFixed(0)}/s is ${throughput.toFixed(2)} of its SQL's ${row.sql.perSecond.toFixed(0)}/s ` +
          `< ${SMALL.throughputRatio}: the machine's cores were ${percent(row.machineCpu)} busy, the server's event loop ${percent(row.serverLoop)}`,
      );
  }
  const search = row.backend === 'PostgreSQL' && Object.values(SEARCHES).includes(row.name);
  if (search) {
    // The search's p99 beside its limit: at most 1.
    results.push({
      name: `${title}: HTTP p99 / ${TARGET.searchMs} ms`,
      value: row.http.p99 / TARGET.searchMs,
      unit: 'x',
      digits: 2,
      target: 1,
    });
    if (row.http.p99 > TARGET.searchMs)
      notes.push(
        `MISSED ${title}: HTTP p99 ${row.http.p99.toFixed(1)} ms > ${TARGET.searchMs} ms; its SQL alone: p99 ${row.sql.p99.toFixed(1)} ms`,
      );
  }
  if (targeted) {
    const why =
      `the machine's ${cpus().length} cores were ${percent(row.machineCpu)} busy (server, its load client and the database on ` +
      `the same cores), the server's event loop ${percent(row.serverLoop)}; its SQL alone: p99 ${row.sql.p99.toFixed(1)} ms`;
    if (row.http.p99 > TARGET.listP99Ms)
      notes.push(`MISSED ${title}: HTTP p99 ${row.http.p99.toFixed(1)} ms > ${TARGET.listP99Ms} ms: ${why}`);
    if (ratio > TARGET.listRatio) notes.push(`MISSED ${title}: HTTP / its SQL ${ratio.toFixed(2)} > ${TARGET.listRatio}: ${why}`);
  }
  return results;
}

function exportResults(exported: ExportMeasured, notes: string[]): BenchResult[] {
  const title = `${exported.backend} export of ${exported.rows.toLocaleString('en')} orders`;
  const targeted = exported.backend === 'PostgreSQL';
  if (targeted && exported.httpS > TARGET.exportS)
    notes.push(`MISSED ${title}: ${exported.httpS.toFixed(2)} s > ${TARGET.exportS} s, of which its SQL ${exported.sqlS.toFixed(2)} s`);
  if (targeted && exported.rssGrowthMb > TARGET.exportRssMb)
    notes.push(
      `MISSED ${title}: RSS growth ${exported.rssGrowthMb.toFixed(0)} MB > ${TARGET.exportRssMb} MB` +
        (exported.liveGrowthMb === undefined
          ? ''
          : `; with a full garbage collection every 250 ms it grows by ${exported.liveGrowthMb.toFixed(0)} MB: the rest is garbage V8 collects late`),
    );
  return [
    { name: `${title}: HTTP`, value: exported.httpS, unit: 's', digits: 2, ...(targeted ? { target: TARGET.exportS } : {}) },
    { name: `${title}: its SQL`, value: exported.sqlS, unit: 's', digits: 2 },
    { name: `${title}: HTTP / its SQL`, value: exported.httpS / exported.sqlS, unit: 'x', digits: 2 },
    { name: `${title}: file`, value: exported.megabytes, unit: 'MB' },
    // This process serves (the server runs in it, PGlite too), sampled every 10 ms during the download.
    { name: `${title}: RSS growth`, value: exported.rssGrowthMb, unit: 'MB', ...(targeted ? { target: TARGET.exportRssMb } : {}) },
    { name: `${title}: peak RSS`, value: exported.peakRssMb, unit: 'MB' },
  ];
}

/** The results as the tables of the README. */
function markdown(rows: Measured[], exports: ExportMeasured[]): string {
  const ms = (value: number) => value.toFixed(1);
  const count = (value: number) => Math.round(value).toLocaleString('en');
  const lines = [
    '| database | orders | operation | clients | HTTP p50 ms | HTTP p99 ms | HTTP ops/s | its SQL p50 ms | its SQL p99 ms | its SQL ops/s | HTTP / SQL |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${count(r.orders)} | ${r.name} | ${r.connections} | ${ms(r.http.p50)} | ${ms(r.http.p99)} | ${count(r.http.perSecond)} | ` +
        `${ms(r.sql.p50)} | ${ms(r.sql.p99)} | ${count(r.sql.perSecond)} | ${(r.sql.perSecond / r.http.perSecond).toFixed(2)} |`,
    ),
    '',
    '| database | export | HTTP | its SQL | file | RSS growth | peak RSS | RSS growth, GC every 250 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...exports.map(
      (e) =>
        `| ${e.backend} | ${count(e.rows)} orders | ${e.httpS.toFixed(2)} s | ${e.sqlS.toFixed(2)} s | ${e.megabytes.toFixed(1)} MB | ` +
        `${e.rssGrowthMb.toFixed(0)} MB | ${e.peakRssMb.toFixed(0)} MB | ${e.liveGrowthMb === undefined ? '' : `${e.liveGrowthMb.toFixed(0)} MB`} |`,
    ),
  ];
  return lines.join('\n');
}
