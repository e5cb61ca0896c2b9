import type { Worker } from 'node:worker_threads';
import type { ErrorArgs } from '../../../src/domain';
import { MENU_FILE_MAX_UNPACKED_BYTES } from '../../../src/domain/menuSheet';
import type { MenuPlan, MenuRights, StoredMenu } from '../../../src/domain/menuSheetPlan';
import { apiError, HttpError, retryLater, type FieldError } from '../../errors';
import { idleWorkers } from '../../workerThreads';

/** The worker that reads an uploaded menu file and plans its import (planWorker.ts). */
export const MENU_PLAN_WORKER = new URL('./planWorker.ts', import.meta.url);

/**
 * Menu files read and planned at once by one process: each takes a core for up to a second or
 * two at the largest file. Beyond, 429 MENU_IMPORT_BUSY with Retry-After.
 */
export const MENU_PLANS_AT_ONCE = 2;
/** The unpacked limit, as the refusal names it. */
const UNPACKED_MEGABYTES = Math.round(MENU_FILE_MAX_UNPACKED_BYTES / 1024 / 1024);
/** Seconds a refused import is told to wait. */
const RETRY_AFTER_SECONDS = 5;
/** A worker's heap: a 2 MB file unpacks to at most 64 MB of XML, which the reader holds as objects. */
const WORKER_HEAP_MB = 1024;

export interface PlanRequest {
  file: Uint8Array;
  menu: StoredMenu;
  rights: MenuRights;
}

export type PlanReply =
  | { kind: 'plan'; plan: MenuPlan }
  | { kind: 'refused'; statusCode: number; code: string; message: string; args?: ErrorArgs; details?: FieldError[] }
  | { kind: 'failed'; message: string };

export interface MenuPlanner {
  /**
   * Reads `file` and plans its import into `menu` on a worker thread: the event loop goes on
   * serving meanwhile. A refusal of the file (too large once unpacked, not a workbook, too many
   * rows) is the same HttpError as on the serving thread.
   */
  plan: (file: Buffer, menu: StoredMenu, rights: MenuRights) => Promise<MenuPlan>;
  /** Ends the workers, busy or idle (the app closes). */
  close: () => Promise<void>;
}

/** The planner of one app: at most MENU_PLANS_AT_ONCE workers busy, one kept idle for the next file. */
export function menuPlanner({ script = MENU_PLAN_WORKER, atOnce = MENU_PLANS_AT_ONCE } = {}): MenuPlanner {
  const workers = idleWorkers({ script, heapMb: WORKER_HEAP_MB, keep: 1 });
  const busy = new Set<Worker>();
  let closed = false;
  const done = (worker: Worker) => {
    busy.delete(worker);
    workers.keepIdle(worker);
  };

  const plan = (file: Buffer, menu: StoredMenu, rights: MenuRights): Promise<MenuPlan> => {
    if (closed || busy.size >= atOnce) return Promise.reject(retryLater(429, 'MENU_IMPORT_BUSY', RETRY_AFTER_SECONDS));
    const worker = workers.take();
    busy.add(worker);
    return new Promise<MenuPlan>((resolve, reject) => {
      const detach = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: PlanReply) => {
        detach();
        done(worker);
        if (reply.kind === 'plan') resolve(reply.plan);
        else if (reply.kind === 'refused')
          reject(new HttpError(reply.statusCode, reply.code, reply.message, reply.details, undefined, reply.args));
        else reject(new Error(`The menu planner failed: ${reply.message}`));
      };
      const onError = (error: Error & { code?: string }) => {
        detach();
        busy.delete(worker);
        void worker.terminate();
        // A file whose contents outgrow the worker's heap is refused as too large, not a failure of the server.
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
          reject(apiError(413, 'MENU_FILE_TOO_LARGE_UNPACKED', { megabytes: UNPACKED_MEGABYTES }));
        else reject(error);
      };
      const onExit = (code: number) => {
        detach();
        busy.delete(worker);
        reject(new Error(`The menu planner stopped (exit code ${code})`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ file: new Uint8Array(file), menu, rights } satisfies PlanRequest);
    });
  };

  return {
    plan,
    async close() {
      closed = true;
      const running = [...busy];
      busy.clear();
      await Promise.all([workers.close(), ...running.map((worker) => worker.terminate())]);
    },
  };
}
