/**
 * The Excel export of about 100,000 orders (BENCH_EXPORTED), end to end over HTTP on 127.0.0.1,
 * as an admin exports every order of the data (bench/orderData.ts, loaded by the bench) in
 * Moscow time: the seconds until the last byte beside the 5 s target, and the growth of this
 * process's RSS (the server runs in it) beside its limit, sampled every 10 ms from the thread
 * that downloads. Printed beside them as references, on the same rows:
 *
 * - its reading: the export's own pages (exportRows.ts) read one after the other, nothing else;
 * - the bare exceljs write: the rows already in memory, written by exceljs's streaming writer on
 *   this thread as its documentation shows (addRow(values).commit(), the formats per cell), no
 *   database, no worker, no HTTP;
 * - the export's own workbook code (exportWorkbook.ts) on this thread, no database, no HTTP.
 *
 * BENCH_BACKENDS=pglite|postgres runs one of the two (both by default; the targets are on
 * PostgreSQL), BENCH_EXPORT_RUNS the exports measured (the best counts: the machine is shared).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { Role } from '../src/domain/roles';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/schema';
import { DATE_FORMAT, EXPORT_COLUMNS, moneyFormat, type ExportLine } from '../server/areas/orders/exportColumns';
import { exportPages } from '../server/areas/orders/exportRows';
import { exportLine, wallClock } from '../server/areas/orders/exportSheet';
import { openWorkbook } from '../server/areas/orders/exportWorkbook';
import { orderRange } from '../server/areas/orders/filters';
import { openPglite, openPostgres, type BenchDatabase } from './benchDatabase';
import { loadOrderData, type OrderData } from './orderData';
import type { BenchResult } from './result';

const EXPORTED = Number(process.env.BENCH_EXPORTED || 100_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS || 2);
const TARGET = { seconds: 5, rssMb: 33 };
const ZONE = 'Europe/Moscow';
const SECRET = randomBytes(32).toString('hex');
const BACKENDS = { pglite: openPglite, postgres: openPostgres };
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());

interface Measured {
  label: string;
  rows: number;
  httpS: number;
  megabytes: number;
  rssGrowthMb: number;
  readS: number;
  bareS: number;
  ownS: number;
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, open] of Object.entries(BACKENDS)) {
    if (!chosen.includes(name)) continue;
    let data: OrderData | null = null;
    const label = name === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const database = await open(async (db) => {
      data = await loadOrderData(db, { orders: EXPORTED, customers: Math.max(1000, EXPORTED / 10), log: () => undefined });
    });
    if (!database) {
      console.log('PostgreSQL: no server answers (BENCH_DATABASE_URL or 127.0.0.1:5432), skipped');
      continue;
    }
    try {
      const loaded = data as OrderData | null;
      if (!loaded) throw new Error(`${label}: the order data did not load`);
      results.push(...resultsOf(await measure(database, loaded)));
    } finally {
      await database.close();
    }
  }
  return results;
}

async function measure({ label, db }: BenchDatabase, data: OrderData): Promise<Measured> {
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  console.log(`${label}: load average ${load()} on ${cpus().length} cores before measuring`);
  const filter = { from: data.from.toISOString(), to: data.to.toISOString() };
  const app = await buildApp({ db, jwtSecret: SECRET, version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The bench server has no port');
    const base = `http://127.0.0.1:${address.port}`;
    const headers = { authorization: `Bearer ${await login(base, data)}` };
    const url = `${base}/api/orders/export/excel?${new URLSearchParams({ ...filter, locale: 'en', tz: ZONE }).toString()}`;
    // A first export loads exceljs in its worker and warms the paths: neither is the export's.
    const day = new Date(data.to.getTime() - 86_400_000).toISOString();
    await download(`${base}/api/orders/export/excel?${new URLSearchParams({ from: day, locale: 'en', tz: ZONE }).toString()}`, headers);
    let best: Download | null = null;
    let growth = 0;
    for (let n = 0; n < RUNS; n++) {
      collectGarbage();
      const cpu = process.cpuUsage();
      const got = await download(url, headers);
      const cpuS = cpuSeconds(process.cpuUsage(cpu));
      console.log(
        `${label} export ${n + 1}: ${(got.ms / 1000).toFixed(2)} s, this process's CPU ${cpuS.toFixed(2)} s, ${(got.bytes / 1024 / 1024).toFixed(1)} MB, ` +
          `RSS +${((got.peak - got.before) / 1024 / 1024).toFixed(0)} MB (load ${load()})`,
      );
      if (!best || got.ms < best.ms) best = got;
      growth = Math.max(growth, got.peak - got.before);
    }
    if (!best) throw new Error('No export was measured');

    const lines = await readLines(db, data, filter);
    const rows = lines.length;
    return {
      label,
      rows,
      httpS: best.ms / 1000,
      megabytes: best.bytes / 1024 / 1024,
      rssGrowthMb: growth / 1024 / 1024,
      readS: lines.readMs / 1000,
      bareS: (await bestOf(() => bareWrite(lines), `${label} bare exceljs write`)) / 1000,
      ownS: (await bestOf(() => ownWrite(lines), `${label} its workbook code alone`)) / 1000,
    };
  } finally {
    await app.close();
  }
}

/** The export's rows as its pages read them (unpaced, in one go), made sheet rows; and the time the reading took. */
async function readLines(
  db: Kysely<Database>,
  data: OrderData,
  filter: { from: string; to: string },
): Promise<ExportLine[] & { readMs: number }> {
  const account = await db.selectFrom('users').select('id').where('username', '=', data.admin).executeTakeFirstOrThrow();
  const actor = { id: account.id, roleId: Role.ADMIN, cityId: null, restaurantId: null };
  const range = orderRange(actor, { ...filter, numbers: false });
  const options = { locale: 'en' as const, local: wallClock(ZONE), phone: (phone: string | null) => phone };
  const lines: ExportLine[] = [];
  let readMs = 0;
  let started = performance.now();
  for await (const page of exportPages(db, actor, range)) {
    readMs += performance.now() - started;
    for (const row of page) lines.push(exportLine(row, options));
    started = performance.now();
  }
  return Object.assign(lines, { readMs });
}

const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

const cpuSeconds = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1e6;

async function bestOf(write: () => Promise<void>, name: string): Promise<number> {
  let best = Infinity;
  for (let n = 0; n < RUNS; n++) {
    collectGarbage();
    const started = performance.now();
    const cpu = process.cpuUsage();
    await write();
    const ms = performance.now() - started;
    console.log(`${name}: ${(ms / 1000).toFixed(2)} s, CPU ${cpuSeconds(process.cpuUsage(cpu)).toFixed(2)} s`);
    best = Math.min(best, ms);
  }
  return best;
}

/** The rows written as exceljs's streaming writer is used plainly: the header row, then each row with its formats. */
async function bareWrite(lines: ExportLine[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink(), useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Orders');
  sheet.columns = EXPORT_COLUMNS.map((c) => ({ key: c.key, header: c.header.en, width: c.width }));
  for (const line of lines) {
    const row = sheet.addRow(line.values);
    EXPORT_COLUMNS.forEach((column, index) => {
      if (column.kind === 'date') row.getCell(index + 1).numFmt = DATE_FORMAT;
      if (column.kind === 'money') row.getCell(index + 1).numFmt = moneyFormat(line.currency);
    });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** The rows through the export's own workbook code, on this thread. */
async function ownWrite(lines: ExportLine[]): Promise<void> {
  const workbook = openWorkbook(sink(), 'en');
  workbook.write(lines);
  await workbook.end();
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
 * Downloads in a worker thread, dropping the body as it comes, and samples this process's RSS
 * every 10 ms from there (the server's thread may be too busy to sample on time).
 */
const DOWNLOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const before = process.memoryUsage.rss();
let peak = before;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 10);
const started = performance.now();
http.get(workerData.url, { headers: workerData.headers }, (res) => {
  let bytes = 0;
  res.on('data', (chunk) => { bytes += chunk.length; });
  res.on('end', () => {
    const ms = performance.now() - started;
    clearInterval(sampler);
    parentPort.postMessage({ status: res.statusCode, bytes, ms, before, peak: Math.max(peak, process.memoryUsage.rss()) });
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

/** A full collection before each measure, so that no garbage of the one before counts in it. */
let gc: (() => void) | null = null;
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

function resultsOf(m: Measured): BenchResult[] {
  const title = `${m.label} export of ${m.rows.toLocaleString('en')} orders`;
  const targeted = m.label === 'PostgreSQL';
  return [
    { name: `${title}: HTTP`, value: m.httpS, unit: 's', digits: 2 },
    {
      name: `${title}: HTTP / ${TARGET.seconds} s`,
      value: m.httpS / TARGET.seconds,
      unit: 'x',
      digits: 2,
      ...(targeted ? { target: 1 } : {}),
    },
    { name: `${title}: its reading alone`, value: m.readS, unit: 's', digits: 2 },
    { name: `${title}: bare exceljs write of its rows`, value: m.bareS, unit: 's', digits: 2 },
    { name: `${title}: its workbook code alone`, value: m.ownS, unit: 's', digits: 2 },
    { name: `${title}: HTTP / bare exceljs write`, value: m.httpS / m.bareS, unit: 'x', digits: 2 },
    { name: `${title}: file`, value: m.megabytes, unit: 'MB' },
    { name: `${title}: RSS growth`, value: m.rssGrowthMb, unit: 'MB' },
    {
      name: `${title}: RSS growth / ${TARGET.rssMb} MB`,
      value: m.rssGrowthMb / TARGET.rssMb,
      unit: 'x',
      digits: 2,
      ...(targeted ? { target: 1 } : {}),
    },
  ];
}
