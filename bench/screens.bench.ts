import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { median } from './journeys/actions';
import { ensureBuilt, launchChromium, startDemoServer } from './journeys/server';
import type { BenchResult } from './result';

/**
 * How long the screens an operator opens every day take to show, in Chromium at 1280x800 against
 * the real server with the demo data, each beside the time the browser waited on the API for
 * it (docs/journeys.md): the login to the first order rows, an order's detail, back to the list
 * (its data cached) and the menu to the reviews. The median of RUNS runs, each on a fresh page
 * with an empty cache, as a user's first visit of the day.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VIEWPORT = { width: 1280, height: 800 };
/** How long a screen may take before the run counts as failed. */
const SCREEN_TIMEOUT_MS = 60_000;

/**
 * Runs in the page before the app: remembers the last click, and for an armed CSS selector the
 * moment its first element enters the document (React's commit, just before the paint). The
 * browser's own resource timings tell which requests ran meanwhile and how long. A string, so
 * that it reaches the page as written.
 */
const IN_PAGE = `(() => {
  performance.setResourceTimingBufferSize(100000);
  const state = { clickAt: null, shown: null };
  document.addEventListener('click', () => { state.clickAt = performance.now(); }, true);
  window.__screensBench = {
    arm(selector) {
      state.clickAt = null;
      state.shown = new Promise((resolve) => {
        if (document.querySelector(selector) !== null) { resolve(-1); return; }
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector) === null) return;
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(document, { childList: true, subtree: true });
      });
    },
    async result() {
      const shownAt = await state.shown;
      const entries = performance.getEntriesByType('resource').map((e) => ({
        name: e.name,
        startTime: e.startTime,
        responseEnd: e.responseEnd,
        encodedBodySize: e.encodedBodySize,
      }));
      return JSON.stringify({ clickAt: state.clickAt, shownAt, entries });
    },
  };
})();`;

const Timings = z.object({
  clickAt: z.number().nullable(),
  shownAt: z.number(),
  entries: z.array(z.object({ name: z.string(), startTime: z.number(), responseEnd: z.number(), encodedBodySize: z.number() })),
});

interface ScreenFigures {
  /** From the click to the screen's first element. */
  ms: number;
  /** The time at least one API request was under way meanwhile. */
  apiMs: number;
  /** The API requests: path, start after the click and milliseconds. */
  api: string[];
  jsFiles: number;
  jsKb: number;
  /** The longest chain of JavaScript requests each made after an earlier one had arrived. */
  jsWaves: number;
}

const isApi = (path: string) => (path === '/login' || path === '/graphql' || path.startsWith('/api/')) && path !== '/api/events';

/** The length of the union of some intervals. */
function covered(intervals: readonly [number, number][]): number {
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

/**
 * The round trips of JavaScript: a request is one trip after the deepest request that had
 * arrived before it was made (it may have been what asked for it), the first ones one trip.
 * Requests made together, as the preloads of one import are, count once.
 */
function waves(requests: readonly { startTime: number; responseEnd: number }[]): number {
  const sorted = [...requests].sort((a, b) => a.startTime - b.startTime);
  const depth: number[] = [];
  sorted.forEach((request, i) => {
    let deepest = 0;
    for (let j = 0; j < i; j++) if (sorted[j].responseEnd <= request.startTime) deepest = Math.max(deepest, depth[j]);
    depth.push(deepest + 1);
  });
  return Math.max(0, ...depth);
}

/** Times one screen: arms the watch for `shown`, takes the user's action, and waits for the screen. */
async function timeScreen(page: Page, shown: string, action: () => Promise<void>): Promise<ScreenFigures> {
  await page.evaluate(`window.__screensBench.arm(${JSON.stringify(shown)})`);
  await action();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${shown} was not shown within ${SCREEN_TIMEOUT_MS / 1000} s`)), SCREEN_TIMEOUT_MS);
  });
  const raw = await Promise.race([page.evaluate('window.__screensBench.result()'), timeout]).finally(() => clearTimeout(timer));
  const { clickAt, shownAt, entries } = Timings.parse(JSON.parse(String(raw)));
  if (clickAt === null) throw new Error(`No click before ${shown}`);
  if (shownAt < 0) throw new Error(`${shown} was on screen before the action`);
  const during = entries
    .map((entry) => ({ ...entry, path: new URL(entry.name).pathname }))
    .filter((entry) => entry.startTime >= clickAt - 1 && entry.startTime <= shownAt);
  const api = during.filter((entry) => isApi(entry.path));
  const js = during.filter((entry) => entry.path.endsWith('.js'));
  return {
    ms: shownAt - clickAt,
    apiMs: covered(api.map((entry) => [entry.startTime, Math.min(entry.responseEnd, shownAt)])),
    api: api.map(
      (entry) => `${entry.path} +${(entry.startTime - clickAt).toFixed(0)} ${(entry.responseEnd - entry.startTime).toFixed(0)} ms`,
    ),
    jsFiles: js.length,
    jsKb: js.reduce((sum, entry) => sum + entry.encodedBodySize, 0) / 1024,
    jsWaves: waves(js),
  };
}

const SCREENS = [
  'login submit -> order rows',
  'order list -> order detail',
  'detail -> back to the list (cached)',
  'menu -> Reviews',
] as const;
type Screen = (typeof SCREENS)[number];

/** One run of the four screens as the operator, in a fresh browser context (empty cache). */
async function runOnce(browser: Browser, baseUrl: string): Promise<Record<Screen, ScreenFigures>> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(IN_PAGE);
    const page = await context.newPage();
    page.setDefaultTimeout(SCREEN_TIMEOUT_MS);
    // A logged-out visit of the order list: the login page, then the list it asked for.
    await page.goto(`${baseUrl}/#/orders`);
    await page.locator('input[name="username"]').fill('operator');
    await page.locator('input[name="password"]').fill('demo');
    const login = await timeScreen(page, 'article[data-order]', () => page.getByRole('button', { name: 'Sign in' }).click());
    const detail = await timeScreen(page, '[data-testid="order-details"]', () =>
      page.locator('article[data-order]').first().getByRole('heading').getByRole('link').click(),
    );
    // The detail's own link back to the list: the list's first page is in the cache.
    const back = await timeScreen(page, 'article[data-order]', () => page.getByRole('link', { name: 'All orders', exact: true }).click());
    const reviews = await timeScreen(page, 'article[data-review]', () =>
      page.getByRole('menuitem', { name: 'Reviews', exact: true }).click(),
    );
    return {
      'login submit -> order rows': login,
      'order list -> order detail': detail,
      'detail -> back to the list (cached)': back,
      'menu -> Reviews': reviews,
    };
  } finally {
    await context.close();
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** Within this many times the API time behind it, or under CACHED_MS when its data is cached. */
const RATIO_TARGET = 3;
const CACHED_MS = 300;
/** Waves of JavaScript after the login before the first screen shows. */
const WAVES_TARGET = 3;

export async function run(): Promise<BenchResult[]> {
  ensureBuilt();
  const loadBefore = loadavg()[0];
  console.log(`Machine load (1 / 5 / 15 min) at start: ${load()} on ${cpus().length} cores`);
  const server = await startDemoServer();
  const browser = await launchChromium();
  const runs: Record<Screen, ScreenFigures>[] = [];
  try {
    // One run unmeasured: the server's first answers (its caches, the JIT) are not a user's.
    await runOnce(browser, server.url);
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(browser, server.url));
  } finally {
    await browser.close();
    await server.stop();
  }
  const loadAfter = loadavg()[0];
  console.log(`Machine load (1 / 5 / 15 min) at end: ${load()} on ${cpus().length} cores`);

  const results: BenchResult[] = [];
  console.log(`\nScreens as the operator (${VIEWPORT.width}x${VIEWPORT.height}, Chromium, empty cache, median of ${RUNS}):`);
  console.log('| screen | ms | API ms | ratio | JS files (KB) | JS waves | runs (ms / API ms) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const screen of SCREENS) {
    const figures = runs.map((r) => r[screen]);
    const ms = median(figures.map((f) => f.ms));
    const apiMs = median(figures.map((f) => f.apiMs));
    const ratio = ms / Math.max(apiMs, 1);
    const jsFiles = median(figures.map((f) => f.jsFiles));
    const jsKb = median(figures.map((f) => f.jsKb));
    const jsWaves = median(figures.map((f) => f.jsWaves));
    const each = figures.map((f) => `${f.ms.toFixed(0)}/${f.apiMs.toFixed(0)}`).join(', ');
    console.log(
      `| ${screen} | ${ms.toFixed(0)} | ${apiMs.toFixed(0)} | ${ratio.toFixed(1)} | ${jsFiles} (${jsKb.toFixed(0)}) | ${jsWaves} | ${each} |`,
    );
    console.log(`|   API requests of the last run: ${figures[figures.length - 1].api.join(', ') || 'none'} |`);
    const cached = screen.includes('cached');
    results.push(
      cached
        ? { name: `${screen}: time`, value: ms, unit: `ms (API ${apiMs.toFixed(0)} ms)`, digits: 0, target: CACHED_MS }
        : {
            name: `${screen}: time / API time`,
            value: ratio,
            unit: `x (${ms.toFixed(0)} ms / API ${apiMs.toFixed(0)} ms)`,
            digits: 2,
            ...(screen.startsWith('login') || screen.startsWith('menu') ? { target: RATIO_TARGET } : {}),
          },
    );
    if (screen.startsWith('login')) {
      results.push({
        name: `${screen}: JavaScript round trips`,
        value: jsWaves,
        unit: `waves (${jsFiles} files, ${jsKb.toFixed(0)} KB)`,
        digits: 0,
        target: WAVES_TARGET,
      });
    }
  }
  console.log('');
  results.push({
    name: 'machine load, 1-minute average, start / end',
    value: loadBefore,
    unit: `/ ${loadAfter.toFixed(2)} on ${cpus().length} cores`,
    digits: 2,
  });
  return results;
}
