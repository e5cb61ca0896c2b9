import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded database migrated and seeded with the demo once, copied by each file's server. */
    demoDatabase: string;
  }
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Seeds the demo once for the whole browser run: each file's server starts on its own copy of
 * it (tests/e2e/harness.ts) instead of seeding its own, which cost every file the same seconds
 * of CPU while another file's browser waited for the cores.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-e2e-demo-'));
  const database = join(dir, 'db');
  const prepared = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(ROOT, 'server', 'db', 'prepareDemo.ts'), database],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, LOG: 'off' } },
  );
  if (prepared.status !== 0) throw new Error(`Seeding the demo for the browser tests failed:\n${prepared.stdout}\n${prepared.stderr}`);
  project.provide('demoDatabase', database);
  return () => rmSync(dir, { recursive: true, force: true });
}
