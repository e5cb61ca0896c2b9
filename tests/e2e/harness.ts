import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../src/domain/liveEvents';
import { freePort } from '../support/freePort';

const ROOT = resolve(import.meta.dirname, '../..');

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

export { CHROMIUM_ARGS };

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** The real server (built app, fresh DATA_DIR) on a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-e2e-'));
  // The demo seeded once for the run (globalSetup.ts), copied: the server finds it seeded and only migrates.
  const demo = (env.DEMO ?? '1') !== '0' && env.DATABASE_URL === undefined;
  if (demo) cpSync(inject('demoDatabase'), join(dataDir, 'db'), { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'server', 'main.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', DEMO_TRAFFIC: '0', LOG: 'off', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });

export async function logIn(page: Page, baseUrl: string, username: string, password = 'demo'): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Every Content-Security-Policy violation the page reports, from the console and from the
 * `securitypolicyviolation` event, so that each journey can assert none happened.
 */
const cspViolations = new WeakMap<Page, string[]>();

async function watchCsp(page: Page): Promise<void> {
  const seen: string[] = [];
  cspViolations.set(page, seen);
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

/** The CSP violations this page has reported so far. */
export const cspViolationsOf = (page: Page): string[] => cspViolations.get(page) ?? [];

/** Fails when the page reported a CSP violation. */
export function expectNoCspViolation(page: Page): void {
  expect(cspViolationsOf(page)).toEqual([]);
}

/** Rules of lesser impact that every screen must pass too. */
const ALWAYS_CHECKED = ['page-has-heading-one', 'landmark-one-main', 'empty-table-header'];

/**
 * Runs axe-core on the screen as it is and fails on any serious or critical violation (or a missing
 * level-one heading, main landmark or table header),
 * naming the rule, the screen and the elements. Each journey calls it on the screens it visits.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('load');
  // Toasts and transitions settle before the check: a toast still fading in has the contrast of
  // its half-way colours.
  await page.waitForTimeout(300);
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('.MuiSnackbarContent-root')].every(
          (toast) =>
            getComputedStyle(toast).opacity === '1' && ['none', 'matrix(1, 0, 0, 1, 0, 0)'].includes(getComputedStyle(toast).transform),
        ),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALWAYS_CHECKED.includes(v.id))
    .map(
      (v) =>
        `${screen} @${page.viewportSize()?.width}px: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}

/** The href of each menu entry, in order. */
export async function menuPaths(page: Page): Promise<string[]> {
  const links = page.locator('[data-menu-id]');
  await links.first().waitFor();
  const hrefs = await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^#/, ''));
}

/**
 * The real server (with `env`) and a browser for the tests of one describe block, started
 * before them and stopped after. `newPage` opens a fresh context, so no login is shared.
 */
export function useServerAndBrowser(env: Record<string, string> = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get url(): string {
      if (!server) throw new Error('The server has not started');
      return server.url;
    },
    async newPage(width = 1280): Promise<Page> {
      if (!browser) throw new Error('The browser has not started');
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      watchRequests(page);
      await watchCsp(page);
      return page;
    },
  };
}

/** The input or text area of a form field, by its name. */
export const fieldInput = (page: Page, name: string) => page.locator(`input[name="${name}"], textarea[name="${name}"]`).first();

/**
 * The page's requests still waiting for their answer, but for the live event stream, which never
 * ends (so Playwright's 'networkidle' would never come once it is open).
 */
const inFlight = new WeakMap<Page, Set<Request>>();
const isLiveStream = (request: Request) => new URL(request.url()).pathname === `/api${LIVE_EVENTS_PATH}`;

function watchRequests(page: Page): void {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on('request', (request) => {
    if (!isLiveStream(request)) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/** Waits until no request but the live stream has been open for half a second (as 'networkidle' would). */
export async function waitForQuiet(page: Page, timeoutMs = 30_000): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    if (Date.now() > deadline) throw new Error(`Requests still open after ${timeoutMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opens a screen by its path and waits until it has loaded. */
export async function openScreen(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/#${path}`);
  await page.locator('#react-admin-title').waitFor({ state: 'attached' });
  await waitForQuiet(page);
}

/** Checks the screen with axe at 1280 and 375 px, then goes back to 1280. */
export async function expectAccessibleAtBothWidths(page: Page, screen: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, screen);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
