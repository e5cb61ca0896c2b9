import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import type { Locale } from '../../../src/domain';
import type { ExportLine } from './exportColumns';
import { openWorkbook, type OpenWorkbook } from './exportWorkbook';

/**
 * The worker thread that writes an export's workbook (exceljs's streaming writer), so that
 * rendering the sheet's XML and zipping it never holds up the server's event loop. It takes
 * the rows in batches, answers `taken` once a batch is in the sheet, and sends the file's
 * bytes back as they come out of the zip; the thread that reads the rows posts a page's
 * batches at once and waits for their `taken` before it posts the next page's, so at most
 * one page is in flight while the next is read. A worker writes one
 * workbook after another (`start` begins the next), so it is kept for the next export.
 */
export type ToWorkbook = { kind: 'start'; locale: Locale } | { kind: 'lines'; lines: ExportLine[] } | { kind: 'end' };
export type FromWorkbook =
  { kind: 'bytes'; chunk: Uint8Array } | { kind: 'taken' } | { kind: 'done' } | { kind: 'failed'; message: string };

function serve(port: NonNullable<typeof parentPort>): void {
  const send = (message: FromWorkbook, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  // The file's bytes go to the thread that serves it (each workbook has its own stream: the zip ends it).
  const bytesOut = () =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        // A copy of its own, handed over without another copy (the zip's buffers are reused).
        const bytes = new Uint8Array(chunk);
        send({ kind: 'bytes', chunk: bytes }, [bytes.buffer]);
        done();
      },
    });
  let workbook: OpenWorkbook | null = null;

  const handle = async (message: ToWorkbook): Promise<void> => {
    if (message.kind === 'start') {
      workbook = openWorkbook(bytesOut(), message.locale);
      return;
    }
    if (!workbook) throw new Error('The workbook was not started');
    if (message.kind === 'lines') {
      workbook.write(message.lines);
      // The zip compresses what the sheet wrote a piece per turn of this thread's event loop:
      // without a turn after each batch, the sheet's XML would pile up ahead of it in memory.
      await nextTurn();
      send({ kind: 'taken' });
      return;
    }
    // Resolves once the last byte has gone out, so `done` comes after every `bytes`.
    await workbook.end();
    workbook = null;
    send({ kind: 'done' });
  };

  // One message at a time, in the order they came.
  let queue = Promise.resolve();
  port.on('message', (message: ToWorkbook) => {
    queue = queue
      .then(() => handle(message))
      .catch((error: unknown) => {
        send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
        port.close();
      });
  });
}

/**
 * A workbook is background work: on Linux this thread runs at a lower priority than the one
 * that serves requests (threads are scheduled apart there), so on a busy machine the requests
 * get the CPU first and the export takes what is left.
 */
function lowerPriority(): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(thread)) setPriority(thread, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // No per-thread priority here (not Linux, or not allowed): the worker runs at the process's.
  }
}

if (parentPort) {
  lowerPriority();
  serve(parentPort);
}
