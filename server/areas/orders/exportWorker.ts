import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import type { Locale } from '../../../src/domain';
import { DATE_FORMAT, EXPORT_COLUMNS, moneyFormat, SHEET_NAME, type ExportLine } from './exportColumns';

/**
 * The worker thread that writes an export's workbook (exceljs's streaming writer), so that
 * rendering the sheet's XML and zipping it never holds up the server's event loop. It takes
 * the rows in batches, answers `taken` once a batch is in the sheet, and sends the file's
 * bytes back as they come out of the zip; the thread that reads the rows waits for `taken`
 * before it sends the next batch, so at most one batch is in flight. A worker writes one
 * workbook after another (`start` begins the next), so it is kept for the next export.
 */
export type ToWorkbook = { kind: 'start'; locale: Locale } | { kind: 'lines'; lines: ExportLine[] } | { kind: 'end' };
export type FromWorkbook =
  { kind: 'bytes'; chunk: Uint8Array } | { kind: 'taken' } | { kind: 'done' } | { kind: 'failed'; message: string };

const MONEY_COLUMNS = EXPORT_COLUMNS.flatMap((column, index) => (column.kind === 'money' ? [index + 1] : []));

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
  let workbook: ExcelJS.stream.xlsx.WorkbookWriter | null = null;
  let sheet: ExcelJS.Worksheet | null = null;

  const handle = async (message: ToWorkbook): Promise<void> => {
    if (message.kind === 'start') {
      workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: bytesOut(), useStyles: true, useSharedStrings: false });
      sheet = workbook.addWorksheet(SHEET_NAME[message.locale], { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = EXPORT_COLUMNS.map((c) => ({
        key: c.key,
        header: c.header[message.locale],
        width: c.width,
        ...(c.kind === 'date' ? { style: { numFmt: DATE_FORMAT } } : {}),
      }));
      sheet.getRow(1).font = { bold: true };
      return;
    }
    if (!workbook || !sheet) throw new Error('The workbook was not started');
    if (message.kind === 'lines') {
      for (const line of message.lines) {
        const row = sheet.addRow(line.values);
        const format = moneyFormat(line.currency);
        for (const column of MONEY_COLUMNS) row.getCell(column).numFmt = format;
        row.commit();
      }
      send({ kind: 'taken' });
      return;
    }
    sheet.commit();
    // Resolves once the last byte has gone out, so `done` comes after every `bytes`.
    await workbook.commit();
    workbook = null;
    sheet = null;
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
