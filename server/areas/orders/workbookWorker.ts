import { PassThrough } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import type { Locale } from '../../../src/domain';
import type { ExportLine } from './exportColumns';
import type { FromWorkbook, ToWorkbook } from './exportWorker';
import { typescriptWorker } from '../../workerThreads';

/** The worker that writes the workbook (exportWorker.ts). */
export const EXPORT_WORKER = new URL('./exportWorker.ts', import.meta.url);

/** Bytes the response may hold unread before the worker gets its next batch. */
const OUTPUT_HIGH_WATER = 1024 * 1024;
/** The worker's own heap: a streaming writer needs little, and a runaway one fails alone. */
const WORKER_HEAP_MB = 256;
/** A worker left idle this long ends; loading exceljs in a new one takes about a second. */
const IDLE_MS = 60_000;

export interface WorkbookHandle {
  /** The file's bytes as the worker writes them; ends with the workbook. */
  output: PassThrough;
  /**
   * Hands a batch of rows over at once (several may be on their way); resolves once they are in
   * the sheet and the output has room for more.
   */
  write: (lines: ExportLine[]) => Promise<void>;
  /** Finishes the workbook; resolves once its last byte is in `output`. */
  end: () => Promise<void>;
  /** Stops the worker at once (the client left, or the export failed); what waits on it is rejected. */
  stop: () => Promise<void>;
}

export interface WorkbookWorkers {
  /** A workbook in `locale`, written by an idle worker when one is kept, else by a new one. */
  start: (locale: Locale) => WorkbookHandle;
  /** Ends every worker, busy or idle (the app closes). */
  close: () => Promise<void>;
}

/**
 * The workbook workers of one app: a worker that finished its workbook cleanly is kept idle
 * (up to `keep`, for IDLE_MS, not holding the process open) for the next export; one that
 * failed or was stopped is ended.
 */
export function workbookWorkers({ script = EXPORT_WORKER, keep }: { script?: URL; keep: number }): WorkbookWorkers {
  const idle = new Map<Worker, { timer: NodeJS.Timeout; onExit: () => void }>();
  const busy = new Set<WorkbookHandle>();
  let closed = false;

  const leaveIdle = (worker: Worker) => {
    const entry = idle.get(worker);
    if (!entry) return;
    clearTimeout(entry.timer);
    worker.off('exit', entry.onExit);
    idle.delete(worker);
  };
  const take = (): Worker => {
    for (const worker of idle.keys()) {
      leaveIdle(worker);
      worker.ref();
      return worker;
    }
    return typescriptWorker(script, { maxOldGenerationSizeMb: WORKER_HEAP_MB });
  };
  const keepIdle = (worker: Worker) => {
    if (closed || idle.size >= keep) return void worker.terminate();
    worker.unref();
    const timer = setTimeout(() => {
      leaveIdle(worker);
      void worker.terminate();
    }, IDLE_MS).unref();
    // One that dies idle leaves the pool.
    const onExit = () => leaveIdle(worker);
    worker.once('exit', onExit);
    idle.set(worker, { timer, onExit });
  };

  const start = (locale: Locale): WorkbookHandle => {
    const worker = take();
    const output = new PassThrough({ highWaterMark: OUTPUT_HIGH_WATER });
    type Reply = 'taken' | 'done' | 'room';
    // Replies come in the order of the messages, so each `taken` or `done` answers the first
    // that waits for it; `room` answers every write that waits for the client.
    let waiting: { kind: Reply; resolve: () => void; reject: (error: Error) => void }[] = [];
    let failure: Error | null = null;

    const settle = (kind: Reply) => {
      const answered = kind === 'room' ? waiting.filter((w) => w.kind === 'room') : waiting.filter((w) => w.kind === kind).slice(0, 1);
      waiting = waiting.filter((w) => !answered.includes(w));
      for (const { resolve } of answered) resolve();
    };
    const release = () => {
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
      busy.delete(handle);
    };
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      const pending = waiting;
      waiting = [];
      for (const { reject } of pending) reject(error);
      release();
      void worker.terminate();
    };
    const onMessage = (message: FromWorkbook) => {
      if (message.kind === 'bytes') output.write(message.chunk);
      else if (message.kind === 'failed') fail(new Error(`The workbook worker failed: ${message.message}`));
      else settle(message.kind);
    };
    const onExit = (code: number) => fail(new Error(`The workbook worker stopped (exit code ${code})`));
    const awaitWorker = (kind: Reply, message?: ToWorkbook): Promise<void> =>
      new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        waiting.push({ kind, resolve, reject });
        if (message) worker.postMessage(message);
      });

    worker.on('message', onMessage);
    worker.on('error', fail);
    worker.on('exit', onExit);
    output.on('drain', () => settle('room'));
    // A client gone destroys the output; the export stops by stop(), not by an error event.
    output.on('error', () => undefined);
    worker.postMessage({ kind: 'start', locale } satisfies ToWorkbook);

    const handle: WorkbookHandle = {
      output,
      write: async (lines) => {
        await awaitWorker('taken', { kind: 'lines', lines });
        if (output.writableNeedDrain) await awaitWorker('room');
      },
      end: async () => {
        await awaitWorker('done', { kind: 'end' });
        output.end();
        failure = new Error('The workbook is finished');
        release();
        keepIdle(worker);
      },
      stop: async () => {
        if (failure) return;
        fail(new Error('The export was stopped'));
        await worker.terminate();
      },
    };
    busy.add(handle);
    return handle;
  };

  return {
    start,
    close: async () => {
      closed = true;
      await Promise.all([...busy].map((handle) => handle.stop()));
      const kept = [...idle.keys()];
      kept.forEach(leaveIdle);
      await Promise.all(kept.map((worker) => worker.terminate()));
    },
  };
}
