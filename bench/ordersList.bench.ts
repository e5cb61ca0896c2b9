/**
 * DRAFT, not in bench/run.ts yet: the order list at 1,000,000 orders (bench/orderData.ts), on
 * PGlite and on a throwaway database of the PostgreSQL server. Each endpoint is measured over
 * real HTTP beside the SQL it ran, replayed with the same driver and concurrency, as in
 * api-throughput: the list's first page and a page 100,000 rows deep, the totals of a month and
 * of a year, and the Excel export of 100,000 orders with the memory the process took for it.
 * BENCH_ORDERS shrinks the data, BENCH_SECONDS the measuring, BENCH_BACKENDS=pglite|postgres
 * runs one of the two.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQueryId, sql, type CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { measureCalls, measureHttp } from './httpLoad';
import { loadOrderData, type OrderData } from './orderData';
import type { BenchResult } from './run';

const ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000);
const EXPORTED = Math.min(100_000, ORDERS / 4);
const CONCURRENCY = [1, 10];
const TIMING = { warmupMs: 500, durationMs: Number(process.env.BENCH_SECONDS || 2.5) * 1000 };
const SECRET = randomBytes(32).toString('hex');
const DAY_MS = 86_400_000;
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());

interface OrdersDatabase {
  label: string;
  db: Kysely<Database>;
  data: OrderData;
  close: () => Promise<void>;
}

/** A fresh embedded database holding the order data, removed afterwards. */
async function openPglite(): Promise<OrdersDatabase> {
  const root = mkdtempSync(join(tmpdir(), 'backoffice-orders-bench-'));
  const db = openDatabase({ dataDir: join(root, 'db') });
  const close = async () => {
    await db.destroy();
    rmSync(root, { recursive: true, force: true });
  };
  return loaded('PGlite', db, close);
}

/** A throwaway database on the PostgreSQL server holding the order data, or null when none answers. */
async function openPostgres(): Promise<OrdersDatabase | null> {
  const url = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = async (statement: string): Promise<boolean> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query(statement);
      return true;
    } catch (error) {
      if (statement === 'SELECT 1') return false;
      throw error;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  if (!(await admin('SELECT 1'))) return null;
  const name = `backoffice_orders_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: target.toString() });
  return loaded('PostgreSQL', db, async () => {
    await db.destroy();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

async function loaded(label: string, db: Kysely<Database>, close: () => Promise<void>): Promise<OrdersDatabase> {
  try {
    const data = await loadOrderData(db, { orders: ORDERS, log: (line) => console.log(`${label} load: ${line}`) });
    return { label, db, data, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, open] of Object.entries({ pglite: openPglite, postgres: openPostgres })) {
    if (!chosen.includes(name)) continue;
    const database = await open();
    if (!database) {
      console.log('PostgreSQL: no server answers (BENCH_DATABASE_URL or 127.0.0.1:5432), skipped');
      continue;
    }
    try {
      results.push({
        name: `${database.label} load of ${ORDERS.toLocaleString('en')} orders`,
        value: database.data.totalMs / 1000,
        unit: 's',
      });
      results.push(...(await measure(database)));
    } finally {
      await database.close();
    }
  }
  return results;
}

const day = (at: Date): string => at.toISOString().slice(0, 10);

/** The query strings measured, all as the admin of the first city. */
async function cases(db: Kysely<Database>, data: OrderData): Promise<{ name: string; path: string }[]> {
  const cityId = data.cityIds[0];
  const to = day(data.to);
  const month = `cityId=${cityId}&from=${day(new Date(data.to.getTime() - 30 * DAY_MS))}&to=${to}`;
  const year = `cityId=${cityId}&from=${day(data.from)}&to=${to}`;
  const yearOrders = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('city_id', '=', cityId)
    .where('created_at', '>=', data.from)
    .executeTakeFirstOrThrow();
  // The deepest page a month holds is shallow: the deep page is taken in the year, at most 100,000 rows in.
  const deepPage = Math.max(1, Math.floor(Math.min(100_000, yearOrders.n - 25) / 25) + 1);
  return [
    { name: 'list, a month, page 1', path: `/api/orders?${month}&page=1&perPage=25` },
    { name: `list, a year, page ${deepPage}`, path: `/api/orders?${year}&page=${deepPage}&perPage=25` },
    { name: 'totals, a month', path: `/api/orders/totals?${month}` },
    { name: 'totals, a year', path: `/api/orders/totals?${year}` },
  ];
}

async function measure({ label, db, data }: OrdersDatabase): Promise<BenchResult[]> {
  const list = await cases(db, data);
  const exportPath = await exportRange(db, data);
  const queries = await recordQueries(db, data, [...list.map((c) => c.path), exportPath]);
  const app = await buildApp({ db, jwtSecret: SECRET, version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The bench server has no port');
    const base = `http://127.0.0.1:${address.port}`;
    const headers = { authorization: `Bearer ${await login(base, data)}` };
    const results: BenchResult[] = [];
    for (const { name, path } of list) {
      const replay = queries.get(path) ?? [];
      for (const concurrency of CONCURRENCY) {
        const over = await measureHttp({ url: `${base}${path}`, headers, concurrency, ...TIMING });
        const direct = await measureCalls(
          async () => {
            for (const query of replay) await db.executeQuery(query);
          },
          { concurrency, ...TIMING },
        );
        if (over.failures > 0 || direct.failures > 0)
          throw new Error(`${label} ${path}: ${over.failures} HTTP and ${direct.failures} SQL failures`);
        const title = `${label} ${name} at ${concurrency} connection${concurrency === 1 ? '' : 's'}`;
        results.push(
          { name: `${title}: HTTP`, value: over.perSecond, unit: 'req/s' },
          { name: `${title}: its SQL`, value: direct.perSecond, unit: 'runs/s' },
          { name: `${title}: ratio`, value: over.perSecond / direct.perSecond, unit: 'x', digits: 2 },
        );
      }
    }
    results.push(...(await measureExport(label, db, `${base}${exportPath}`, headers, queries.get(exportPath) ?? [])));
    return results;
  } finally {
    await app.close();
  }
}

/** The export's query string: the first city's newest EXPORTED orders, as an instant range. */
async function exportRange(db: Kysely<Database>, data: OrderData): Promise<string> {
  const cityId = data.cityIds[0];
  const oldest = await db
    .selectFrom('orders')
    .select('created_at')
    .where('city_id', '=', cityId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(EXPORTED - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  const from = new Date(oldest.created_at).toISOString();
  return `/api/orders/export/excel?cityId=${cityId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(data.to.toISOString())}`;
}

async function measureExport(
  label: string,
  db: Kysely<Database>,
  url: string,
  headers: Record<string, string>,
  replay: CompiledQuery[],
): Promise<BenchResult[]> {
  // A first, small export loads exceljs's code: that memory is not the export's.
  const newest = new URL(url);
  newest.searchParams.set('from', new Date(Date.parse(newest.searchParams.get('to') ?? '') - DAY_MS).toISOString());
  await download(newest.toString(), headers);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const bytes = await download(url, headers);
  const httpMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const sqlStarted = performance.now();
  for (const query of replay) await db.executeQuery(query);
  const sqlMs = performance.now() - sqlStarted;
  const title = `${label} export of ${EXPORTED.toLocaleString('en')} orders`;
  return [
    { name: `${title}: HTTP`, value: httpMs / 1000, unit: 's', digits: 2 },
    { name: `${title}: its SQL`, value: sqlMs / 1000, unit: 's', digits: 2 },
    // As the throughput ratios: its SQL's share, 1 when HTTP and the workbook add nothing.
    { name: `${title}: ratio`, value: sqlMs / httpMs, unit: 'x', digits: 2 },
    { name: `${title}: file`, value: bytes / 1024 / 1024, unit: 'MB' },
    { name: `${title}: RSS growth`, value: (peak - before) / 1024 / 1024, unit: 'MB' },
    { name: `${title}: peak RSS`, value: peak / 1024 / 1024, unit: 'MB' },
  ];
}

/** The response's length, its body read and dropped as it comes. */
function download(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`GET ${url}: ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

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

/**
 * The SQL each request runs, recorded on a second call of it (the first may do a session's
 * first-time work) and kept compiled for replay.
 */
async function recordQueries(db: Kysely<Database>, data: OrderData, paths: string[]): Promise<Map<string, CompiledQuery[]>> {
  const seen: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      seen.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const app = await buildApp({ db: db.withPlugin(recorder), jwtSecret: SECRET, version: 'bench' });
  try {
    const login = await app.inject({ method: 'POST', url: '/login', payload: { username: data.admin, password: data.password } });
    const headers = { authorization: `Bearer ${login.json<{ jwtToken: string }>().jwtToken}` };
    const recorded = new Map<string, CompiledQuery[]>();
    for (const path of paths) {
      // An export is long enough, and its first call does nothing the second would not.
      if (!path.includes('/export/')) await app.inject({ method: 'GET', url: path, headers });
      seen.length = 0;
      const response = await app.inject({ method: 'GET', url: path, headers });
      if (response.statusCode !== 200) throw new Error(`GET ${path}: ${response.statusCode} ${response.body.slice(0, 500)}`);
      recorded.set(
        path,
        seen.map((node) => db.getExecutor().compileQuery(node, createQueryId())),
      );
    }
    return recorded;
  } finally {
    await app.close();
  }
}
