import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { freePort } from '../tests/support/freePort';
import { UserActions } from './journeys/actions';
import { JOURNEYS, type Journey } from './journeys/journeys';
import { launchChromium } from './journeys/server';
import type { BenchResult } from './result';

/**
 * The first `npm start` of a new user and the server's memory (README, "Speed"):
 *
 * - a clone-like copy of the project (its files, no dist/, node_modules as installed) started as
 *   `npm start` starts it, on an empty DATA_DIR: the seconds until the login page answers;
 * - that server's resident memory once it serves, the most it held on the way (the demo's seed
 *   included), and after BENCH_MEMORY_MINUTES (5) of the four daily journeys in Chromium;
 * - the same server started again on the data it made: its memory once it serves.
 *
 * Memory is the server process's RSS (/proc), the browser build and Chromium being processes of
 * their own. Each figure is printed beside its limit as a ratio.
 */
const ROOT = resolve(import.meta.dirname, '..');
const RSS_LIMIT_MB = 350;
const START_TARGET_S = 30;
const MINUTES = Number(process.env.BENCH_MEMORY_MINUTES ?? 5);

/** Resident and peak resident memory of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The project's files as a fresh clone has them (tracked and new, nothing ignored), with node_modules linked. */
function cloneLikeCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'bench-memory-clone-'));
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0')) {
    if (!file || file === 'node_modules' || file.startsWith('node_modules/') || file.startsWith('dist/')) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file), { dereference: false, errorOnExist: false });
  }
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(copy, 'node_modules'));
  return copy;
}

interface StartedServer {
  url: string;
  child: ChildProcess;
  /** Seconds from the spawn to the login page answering. */
  seconds: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** `npm start` in `cwd` (the server itself is the child, so its memory is the child's), until GET / answers the page. */
async function startServer(cwd: string, dataDir: string): Promise<StartedServer> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(cwd, 'scripts', 'start.ts')], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', LOG: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 900_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { url, child, seconds: (Date.now() - started) / 1000, output: () => output, stop };
}

/** One journey as the journeys bench makes it: log in, open its start screen, take its steps. */
async function journeyOnce(browser: Browser, baseUrl: string, journey: Journey, run: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${baseUrl}/#/login`);
    await page.locator('input[name="username"]').fill(journey.username);
    await page.locator('input[name="password"]').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/$/);
    await journey.prepare?.(page, baseUrl);
    await page.goto(`${baseUrl}/#${journey.startPath}`);
    await journey.startReady(page).waitFor();
    await journey.steps(page, new UserActions(), run);
  } finally {
    await context.close();
  }
}

const ratio = (value: number, limit: number) => `${value.toFixed(0)} MB, ${(value / limit).toFixed(2)} of the ${limit} MB limit`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

export async function run(): Promise<BenchResult[]> {
  console.log(`Machine load (1 / 5 / 15 min) at start: ${load()} on ${cpus().length} cores`);
  const copy = cloneLikeCopy();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-data-'));
  const results: BenchResult[] = [];
  try {
    // The first start: build, create the database, migrate, seed, serve.
    const first = await startServer(copy, dataDir);
    const pid = first.child.pid ?? 0;
    const atStart = memoryOf(pid);
    console.log(`First start's output:\n${first.output().replace(/^/gm, '  | ')}`);
    console.log(
      `first start to the login page: ${first.seconds.toFixed(1)} s, ${(first.seconds / START_TARGET_S).toFixed(2)} of the ${START_TARGET_S} s target`,
    );
    console.log(`RSS once serving, after the seed: ${ratio(atStart.rss, RSS_LIMIT_MB)}`);
    console.log(`RSS at its highest during the start (the seed's peak): ${ratio(atStart.peak, RSS_LIMIT_MB)}`);
    results.push(
      { name: 'first start (no dist/, empty DATA_DIR) to the login page', value: first.seconds, unit: 's', target: START_TARGET_S },
      { name: 'RSS once serving, demo seeded', value: atStart.rss, unit: 'MB', target: RSS_LIMIT_MB, digits: 0 },
      { name: 'RSS at its highest during the first start', value: atStart.peak, unit: 'MB', digits: 0 },
    );

    // The daily journeys, one after another, for MINUTES.
    const browser = await launchChromium();
    let runs = 0;
    let failures = 0;
    try {
      const until = Date.now() + MINUTES * 60_000;
      for (let i = 0; Date.now() < until; i++) {
        const journey = JOURNEYS[i % JOURNEYS.length];
        try {
          await journeyOnce(browser, first.url, journey, Math.floor(i / JOURNEYS.length));
          runs += 1;
        } catch (error) {
          failures += 1;
          console.error(`${journey.name}: failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        }
      }
    } finally {
      await browser.close();
    }
    const afterJourneys = memoryOf(pid);
    console.log(`RSS after ${MINUTES} min of the journeys (${runs} made, ${failures} failed): ${ratio(afterJourneys.rss, RSS_LIMIT_MB)}`);
    console.log(`RSS at its highest until then: ${ratio(afterJourneys.peak, RSS_LIMIT_MB)}`);
    results.push(
      {
        name: `RSS after ${MINUTES} min of the daily journeys (${runs} made)`,
        value: afterJourneys.rss,
        unit: 'MB',
        target: RSS_LIMIT_MB,
        digits: 0,
      },
      { name: 'RSS at its highest, journeys included', value: afterJourneys.peak, unit: 'MB', digits: 0 },
    );
    if (failures > 0) results.push({ name: 'journeys that failed', value: failures, unit: '', digits: 0, target: 0 });
    await first.stop();

    // Started again on the data it made: what every later start holds.
    const second = await startServer(copy, dataDir);
    const again = memoryOf(second.child.pid ?? 0);
    await second.stop();
    console.log(`second start to the login page: ${second.seconds.toFixed(1)} s; RSS once serving: ${ratio(again.rss, RSS_LIMIT_MB)}`);
    results.push(
      { name: 'second start to the login page', value: second.seconds, unit: 's' },
      { name: 'RSS once serving, second start', value: again.rss, unit: 'MB', target: RSS_LIMIT_MB, digits: 0 },
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
  console.log(`Machine load (1 / 5 / 15 min) at end: ${load()} on ${cpus().length} cores`);
  return results;
}
