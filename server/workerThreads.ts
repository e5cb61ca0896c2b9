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

/** A worker left idle this long ends; loading a worker's libraries (exceljs) again takes about a second. */
export const IDLE_WORKER_MS = 60_000;

export interface IdleWorkers {
  /** An idle worker (held again) when one is kept, else a new one. */
  take: () => Worker;
  /**
   * A worker done with its work cleanly: kept idle (up to `keep`, for IDLE_WORKER_MS, not
   * holding the process open) for the next; ended beyond that, or once closed.
   */
  keepIdle: (worker: Worker) => void;
  /** Ends the idle workers; none is kept after. */
  close: () => Promise<void>;
}

/** The workers of one script kept between two pieces of work; a worker that failed is ended by its user, not given back. */
export function idleWorkers({ script, heapMb, keep }: { script: URL; heapMb: number; keep: number }): IdleWorkers {
  const idle = new Map<Worker, { timer: NodeJS.Timeout; onExit: () => void }>();
  let closed = false;

  const leaveIdle = (worker: Worker) => {
    const entry = idle.get(worker);
    if (!entry) return;
    clearTimeout(entry.timer);
    worker.off('exit', entry.onExit);
    idle.delete(worker);
  };
  return {
    take: () => {
      for (const worker of idle.keys()) {
        leaveIdle(worker);
        worker.ref();
        return worker;
      }
      return typescriptWorker(script, { maxOldGenerationSizeMb: heapMb });
    },
    keepIdle: (worker) => {
      if (closed || idle.size >= keep) return void worker.terminate();
      worker.unref();
      const timer = setTimeout(() => {
        leaveIdle(worker);
        void worker.terminate();
      }, IDLE_WORKER_MS).unref();
      // One that dies idle leaves the pool.
      const onExit = () => leaveIdle(worker);
      worker.once('exit', onExit);
      idle.set(worker, { timer, onExit });
    },
    close: async () => {
      closed = true;
      const kept = [...idle.keys()];
      kept.forEach(leaveIdle);
      await Promise.all(kept.map((worker) => worker.terminate()));
    },
  };
}
