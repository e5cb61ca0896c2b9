/**
 * `npm run dev`: the API with demo data on API_PORT (3001) and Vite's dev server with hot
 * reload on PORT (3000), proxying /api, /graphql and /login to the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT_DIR } from '../server/config';

const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [];
const run = (args: string[], env: NodeJS.ProcessEnv) => {
  const child = spawn(process.execPath, args, { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    children.forEach((c) => c !== child && c.kill());
    process.exit(code ?? 0);
  });
  children.push(child);
};

run([join(ROOT_DIR, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch', 'server/main.ts'], {
  PORT: apiPort,
  DEMO: process.env.DEMO ?? '1',
});
run([join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js')], { API_PORT: apiPort });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => children.forEach((c) => c.kill(signal)));
}
