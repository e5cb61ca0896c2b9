/**
 * Requests per second of list endpoints over real HTTP, beside the same SQL run directly with
 * the same driver and concurrency: the ratio is what the API adds (HTTP, authentication,
 * validation, serialisation) to the query it has to run anyway.
 */
import { randomBytes } from 'node:crypto';
import { createQueryId, type CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { buildApp } from '../server/app';
import { DEMO_PASSWORD } from '../server/db/demo';
import type { Database } from '../server/db/schema';
import { openPglite, openPostgres, type BenchDatabase } from './benchDatabase';
import { measureCalls, measureHttp } from './httpLoad';
import type { BenchResult } from './result';

const ENDPOINTS = ['/api/cities', '/api/cuisines'];
const CONCURRENCY = [10, 50];
const TIMING = { warmupMs: 500, durationMs: Number(process.env.BENCH_SECONDS || 2.5) * 1000 };
const SECRET = randomBytes(32).toString('hex');
/** BENCH_BACKENDS=pglite or =postgres runs one of them; both by default. */
const BACKENDS = { pglite: openPglite, postgres: openPostgres };
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, open] of Object.entries(BACKENDS)) {
    if (!chosen.includes(name)) continue;
    const database = await open();
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

async function measure({ label, db }: BenchDatabase): Promise<BenchResult[]> {
  const queries = await recordQueries(db);
  const app = await buildApp({ db, jwtSecret: SECRET, version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The bench server has no port');
    const base = `http://127.0.0.1:${address.port}`;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    const { jwtToken } = (await login.json()) as { jwtToken: string };
    const headers = { authorization: `Bearer ${jwtToken}` };
    // Compiles the server's hot paths and opens the pool's connections before anything is counted:
    // without it the first case measured comes out at half its speed.
    for (const path of ENDPOINTS) {
      for (const concurrency of CONCURRENCY)
        await measureHttp({ url: `${base}${path}`, headers, concurrency, warmupMs: 0, durationMs: 1000 });
    }
    const results: BenchResult[] = [];
    for (const path of ENDPOINTS) {
      const replay = queries.get(path) ?? [];
      for (const concurrency of CONCURRENCY) {
        const http = await measureHttp({ url: `${base}${path}`, headers, concurrency, ...TIMING });
        const direct = await measureCalls(
          async () => {
            for (const query of replay) await db.executeQuery(query);
          },
          { concurrency, ...TIMING },
        );
        if (http.failures > 0 || direct.failures > 0)
          throw new Error(`${label} ${path}: ${http.failures} HTTP and ${direct.failures} SQL failures`);
        const name = `${label} GET ${path} at ${concurrency} connections`;
        results.push(
          { name: `${name}: HTTP`, value: http.perSecond, unit: 'req/s' },
          { name: `${name}: its SQL`, value: direct.perSecond, unit: 'runs/s' },
          { name: `${name}: ratio`, value: http.perSecond / direct.perSecond, unit: 'x', digits: 2 },
        );
      }
    }
    return results;
  } finally {
    await app.close();
  }
}

/**
 * The SQL each endpoint runs, recorded on a call of it (not the first, so that nothing the
 * first request of a session does is counted) and kept compiled for replay.
 */
async function recordQueries(db: Kysely<Database>): Promise<Map<string, CompiledQuery[]>> {
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
    const login = await app.inject({ method: 'POST', url: '/login', payload: { username: 'admin', password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${login.json<{ jwtToken: string }>().jwtToken}` };
    const recorded = new Map<string, CompiledQuery[]>();
    for (const path of ENDPOINTS) {
      await app.inject({ method: 'GET', url: path, headers });
      seen.length = 0;
      const response = await app.inject({ method: 'GET', url: path, headers });
      if (response.statusCode !== 200) throw new Error(`GET ${path}: ${response.statusCode} ${response.body}`);
      const compiled = seen.map((node) => db.getExecutor().compileQuery(node, createQueryId()));
      recorded.set(
        path,
        compiled.filter((query) => !query.sql.includes('session_version')),
      );
    }
    return recorded;
  } finally {
    await app.close();
  }
}
