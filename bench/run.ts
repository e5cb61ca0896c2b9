/**
 * `npm run bench`: speed and memory targets are measured here, never in timed tests.
 * Each benchmark is a module in bench/ exporting `run(): Promise<BenchResult[]>`.
 */
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  target?: number;
}

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts'));
let failed = false;
for (const file of files) {
  const mod = (await import(`./${file}`)) as { run: () => Promise<BenchResult[]> };
  for (const result of await mod.run()) {
    const verdict = result.target === undefined ? '' : result.value <= result.target ? ' ok' : ' OVER TARGET';
    if (verdict === ' OVER TARGET') failed = true;
    console.log(`${result.name}: ${result.value.toFixed(1)} ${result.unit}${result.target === undefined ? '' : ` (target ≤ ${result.target})`}${verdict}`);
  }
}
if (files.length === 0) console.log('No benchmarks yet.');
process.exit(failed ? 1 : 0);
