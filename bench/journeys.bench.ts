import { cpus, loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { median, UserActions, type JourneyFigures } from './journeys/actions';
import { JOURNEYS, type Journey } from './journeys/journeys';
import { ensureBuilt, launchChromium, startDemoServer } from './journeys/server';
import type { BenchResult } from './result';

/**
 * The four daily journeys in Chromium at 1280x800 against the real server with the demo data:
 * the user's clicks and entries, and the seconds from the first action to the goal on screen,
 * the median of RUNS runs, each on a fresh page (docs/journeys.md).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_JOURNEYS=owner,mailing runs only the journeys whose names contain one of these words. */
const ONLY = (process.env.BENCH_JOURNEYS ?? '').split(',').filter(Boolean);
const VIEWPORT = { width: 1280, height: 800 };

async function runOnce(browser: Browser, baseUrl: string, journey: Journey, run: number): Promise<JourneyFigures> {
  const context = await browser.newContext({ viewport: VIEWPORT });
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
    const act = new UserActions();
    await journey.steps(page, act, run);
    return act.done();
  } finally {
    await context.close();
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

export async function run(): Promise<BenchResult[]> {
  ensureBuilt();
  const loadBefore = loadavg()[0];
  console.log(`Machine load (1 / 5 / 15 min) at start: ${load()} on ${cpus().length} cores`);
  const server = await startDemoServer();
  const browser = await launchChromium();
  const rows: { journey: string; clicks: number; entries: number; actions: number; seconds: number; runs: string }[] = [];
  const results: BenchResult[] = [];
  let failed = 0;
  try {
    for (const journey of JOURNEYS.filter((j) => ONLY.length === 0 || ONLY.some((word) => j.name.includes(word)))) {
      const figures: JourneyFigures[] = [];
      try {
        for (let i = 0; i < RUNS; i++) figures.push(await runOnce(browser, server.url, journey, i));
      } catch (error) {
        failed += 1;
        console.error(`${journey.name}: failed in run ${figures.length + 1}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const row = {
        journey: journey.name,
        clicks: median(figures.map((f) => f.clicks)),
        entries: median(figures.map((f) => f.entries)),
        actions: median(figures.map((f) => f.actions)),
        seconds: median(figures.map((f) => f.seconds)),
        runs: figures.map((f) => `${f.actions} in ${f.seconds.toFixed(1)} s`).join(', '),
      };
      rows.push(row);
      results.push(
        {
          name: `${journey.name}: actions`,
          value: row.actions,
          unit: `(${row.clicks} clicks, ${row.entries} entries)`,
          digits: 0,
        },
        {
          name: `${journey.name}: time`,
          value: row.seconds,
          unit: `s (${(row.seconds / row.actions).toFixed(2)} s per action)`,
        },
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const loadAfter = loadavg()[0];
  console.log(`Machine load (1 / 5 / 15 min) at end: ${load()} on ${cpus().length} cores`);
  console.log(`\nDaily journeys (${VIEWPORT.width}x${VIEWPORT.height}, Chromium, median of ${RUNS}):`);
  console.log('| journey | clicks + entries | seconds | s per action | runs |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.journey} | ${row.actions} (${row.clicks} + ${row.entries}) | ${row.seconds.toFixed(1)} | ${(row.seconds / row.actions).toFixed(2)} | ${row.runs} |`,
    );
  }
  console.log('');
  results.push({
    name: 'machine load, 1-minute average, start / end',
    value: loadBefore,
    unit: `/ ${loadAfter.toFixed(2)} on ${cpus().length} cores`,
    digits: 2,
  });
  if (failed > 0) results.push({ name: 'journeys that failed', value: failed, unit: '', digits: 0, target: 0 });
  return results;
}
