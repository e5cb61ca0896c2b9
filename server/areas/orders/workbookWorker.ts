import { PassThrough } from 'node:stream';
import type { Locale } from '../../../src/domain';
import type { ExportLine } from './exportColumns';
import type { FromWorkbook, ToWorkbook } from './exportWorker';
import { idleWorkers } from '../../workerThreads';

/** The worker that writes the workbook (exportWorker.ts). */
export const EXPORT_WORKER = new URL('./exportWorker.ts', import.meta.url);

/** Bytes the response may hold unread before the worker gets its next batch. */
const OUTPUT_HIGH_WATER = 1024 * 1024;
/** The worker's own heap: a streaming writer needs little, and a runaway one fails alone. */
const WORKER_HEAP_MB = 256;

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
 * (up to `keep`, for IDLE_WORKER_MS, not holding the process open) for the next export; one that
 * failed or was stopped is ended.
 */
export function workbookWorkers({ script = EXPORT_WORKER, keep }: { script?: URL; keep: number }): WorkbookWorkers {
  const workers = idleWorkers({ script, heapMb: WORKER_HEAP_MB, keep });
  const busy = new Set<WorkbookHandle>();

  const start = (locale: Locale): WorkbookHandle => {
    const worker = workers.take();
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
        workers.keepIdle(worker);
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
      await workers.close();
      await Promise.all([...busy].map((handle) => handle.stop()));
    },
  };
}
