import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * A worker thread of Node 20 does not take the loader flags tsx gives this process, so each
 * worker loads its TypeScript script through tsx's own require API (the same under `tsx`, npm
 * start and vitest).
 */
const TSX_API = createRequire(import.meta.url).resolve('tsx/cjs/api');

/** A worker thread running one of the server's TypeScript scripts. */
export function typescriptWorker(script: URL, resourceLimits?: ResourceLimits): Worker {
  const path = JSON.stringify(fileURLToPath(script));
  return new Worker(`require(${JSON.stringify(TSX_API)}).require(${path}, ${path});`, { eval: true, resourceLimits });
}
