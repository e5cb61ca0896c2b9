/**
 * `npm start`: serves the app with demo data (DEMO and DEMO_TRAFFIC default to on here; `npm run
 * serve` leaves them off). When dist/ is missing or older than its sources, the browser app is built by a child
 * process while the server opens, migrates and seeds its database; the server takes requests
 * once both are done. Each step says what it does, so a first start is never silent.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../server/config';
import { holdServingUntil } from '../server/serveGate';

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const newestIn = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestIn(join(path, name))), 0);
};

const builtAt = (): number => {
  const index = join(ROOT_DIR, 'dist', 'index.html');
  return existsSync(index) ? statSync(index).mtimeMs : 0;
};

const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(ROOT_DIR, p));
const sourcesAt = Math.max(...sources.filter(existsSync).map(newestIn));

/** Runs `vite build` in its own process; resolves when dist/ is written, ends the start if it fails. */
const buildBrowserApp = (): Promise<void> =>
  new Promise((resolve) => {
    console.log('Building the browser app (alongside the database start)...');
    const vite = join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js');
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT_DIR, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`Cannot build the browser app: ${error.message}`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      if (code !== 0) {
        console.error(`Building the browser app failed (${signal ?? `exit code ${code}`}); see above.`);
        process.exit(code || 1);
      }
      console.log(`Browser app built (${elapsed()})`);
      resolve();
    });
    // The build is this start's: it ends with it.
    process.on('exit', () => child.kill());
  });

if (builtAt() < sourcesAt) holdServingUntil(buildBrowserApp());

process.env.DEMO ??= '1';
// The demo comes alive: simulated customers order and write (DEMO_TRAFFIC=0 keeps it still).
process.env.DEMO_TRAFFIC ??= '1';
await import('../server/main');
console.log(`Started in ${elapsed()}`);
