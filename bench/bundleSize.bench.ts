import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import react from '@vitejs/plugin-react';
import type { BenchResult } from './result';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * The JavaScript a logged-out visitor downloads before the login form shows: the entry chunk
 * and every chunk it imports statically (lazily loaded screens excluded), gzipped, as the
 * browser receives it. Measured for the back-office and for a minimal react-admin app built
 * the same way; the back-office must load no more than the minimal app.
 */
function loginPageBytes(outDir: string): { raw: number; gzip: number; chunks: number } {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`No entry chunk in ${outDir}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry) ?? '';
  visit(entryKey);
  let raw = 0;
  let gzip = 0;
  for (const file of seen) {
    if (!file.endsWith('.js')) continue;
    const data = readFileSync(join(outDir, file));
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { raw, gzip, chunks: seen.size };
}

/** Builds the app with its own vite.config.ts (its chunking is part of what is measured), the minimal app with none. */
async function buildInto(root: string, outDir: string, configFile: string | false): Promise<void> {
  await build({
    root,
    configFile,
    logLevel: 'warn',
    ...(configFile ? {} : { plugins: [react()] }),
    define: { __APP_VERSION__: JSON.stringify('bench') },
    build: { outDir, emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 5000 },
  });
}

export async function run(): Promise<BenchResult[]> {
  const work = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  try {
    await buildInto(ROOT, join(work, 'app'), join(ROOT, 'vite.config.ts'));
    await buildInto(join(ROOT, 'bench', 'minimal-admin'), join(work, 'minimal'), false);
    const app = loginPageBytes(join(work, 'app'));
    const minimal = loginPageBytes(join(work, 'minimal'));
    const kb = (bytes: number) => bytes / 1024;
    return [
      {
        name: 'login page JavaScript, back-office (gzip)',
        value: kb(app.gzip),
        unit: `KB in ${app.chunks} files (${kb(app.raw).toFixed(0)} KB raw)`,
      },
      {
        name: 'login page JavaScript, minimal react-admin app (gzip)',
        value: kb(minimal.gzip),
        unit: `KB in ${minimal.chunks} files (${kb(minimal.raw).toFixed(0)} KB raw)`,
      },
      { name: 'back-office / minimal react-admin', value: app.gzip / minimal.gzip, unit: 'x', digits: 2, target: 1 },
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
