import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Locale } from '../../src/domain';
import type { ExportLine } from './exportColumns';
import type { FromWorkbook, ToWorkbook } from './exportWorker';

/** The worker that writes the workbook (exportWorker.ts). */
export const EXPORT_WORKER = new URL('./exportWorker.ts', import.meta.url);

/**
 * A worker thread of Node 20 does not take the loader flags tsx gives this process, so each
 * worker loads its TypeScript script through tsx's own require API (the same under `tsx`, npm start
 * and vitest).
 */
const TSX_API = createRequire(import.meta.url).resolve('tsx/cjs/api');
const bootstrap = (script: URL): string => {
  const path = JSON.stringify(fileURLToPath(script));
  return `require(${JSON.stringify(TSX_API)}).require(${path}, ${path});`;
};

/** Bytes the response may hold unread before the worker gets its next batch. */
const OUTPUT_HIGH_WATER = 1024 * 1024;
/** The worker's own heap: a streaming writer needs little, and a runaway one fails alone. */
const WORKER_HEAP_MB = 256;

export interface WorkbookHandle {
  /** The file's bytes as the worker writes them; ends with the workbook. */
  output: PassThrough;
  /** Hands a batch of rows over; resolves once they are in the sheet and the output has room for more. */
  write: (lines: ExportLine[]) => Promise<void>;
  /** Finishes the workbook; resolves once its last byte is in `output`. */
  end: () => Promise<void>;
  /** Stops the worker at once (the client left, or the export failed); what waits on it is rejected. */
  stop: () => Promise<void>;
}

/** A worker thread writing one workbook in `locale`, fed with write() and end(). */
export function startWorkbook(locale: Locale, script: URL = EXPORT_WORKER): WorkbookHandle {
  const worker = new Worker(bootstrap(script), { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  const output = new PassThrough({ highWaterMark: OUTPUT_HIGH_WATER });
  type Reply = 'taken' | 'done' | 'room';
  let waiting: { kind: Reply; resolve: () => void; reject: (error: Error) => void } | null = null;
  let failure: Error | null = null;

  const settle = (kind: Reply) => {
    if (waiting?.kind !== kind) return;
    const { resolve } = waiting;
    waiting = null;
    resolve();
  };
  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    const pending = waiting;
    waiting = null;
    pending?.reject(error);
    void worker.terminate();
  };
  const awaitWorker = (kind: Reply, message?: ToWorkbook): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting = { kind, resolve, reject };
      if (message) worker.postMessage(message);
    });

  worker.on('message', (message: FromWorkbook) => {
    if (message.kind === 'bytes') output.write(message.chunk);
    else if (message.kind === 'failed') fail(new Error(`The workbook worker failed: ${message.message}`));
    else settle(message.kind);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The workbook worker stopped (exit code ${code})`)));
  output.on('drain', () => settle('room'));
  // A client gone destroys the output; the export stops by stop(), not by an error event.
  output.on('error', () => undefined);
  worker.postMessage({ kind: 'start', locale } satisfies ToWorkbook);

  return {
    output,
    write: async (lines) => {
      await awaitWorker('taken', { kind: 'lines', lines });
      if (output.writableNeedDrain) await awaitWorker('room');
    },
    end: async () => {
      await awaitWorker('done', { kind: 'end' });
      output.end();
      await worker.terminate();
    },
    stop: async () => {
      fail(new Error('The export was stopped'));
      await worker.terminate();
    },
  };
}
