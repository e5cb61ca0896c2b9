/**
 * `npm start`: builds the browser app when dist/ is missing or older than its sources, then
 * serves it with demo data (DEMO defaults to on here; `npm run serve` leaves it off).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../server/config';

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

if (builtAt() < sourcesAt) {
  console.log('Building the browser app...');
  const vite = join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT_DIR, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.DEMO ??= '1';
await import('../server/main');
