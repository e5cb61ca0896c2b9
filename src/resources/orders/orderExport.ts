import { format } from 'date-fns';
import { HttpError } from 'react-admin';
import { API_PATHS, type Locale } from '../../domain';
import { dispositionFileName, downloadFile } from '../../providers/download';
import { api } from '../../providers/rest';
import { orderQuery } from './orderQuery';

/** The Excel export of the order list (spec section 7, Orders). */
const P = API_PATHS.orders;

/** The file name the server gives (`filename*=` or `filename=`), else `orders` and the time (spec section 7). */
export const exportFileName = (disposition: string | null, now = new Date()): string =>
  dispositionFileName(disposition) ?? `orders${format(now, 'yyyyMMddHHmmss')}.xlsx`;

/** The longest the browser waits its turn for an export before it gives up and says why. */
export const EXPORT_QUEUE_MAX_MS = 10 * 60_000;

/**
 * Seconds to wait before asking again, when the server refused the export because others are
 * being made (429 EXPORT_BUSY, or EXPORT_ALREADY_RUNNING for the user's own): its Retry-After,
 * which the answer also gives as `args.seconds`. Null for any other error.
 */
export const exportQueueWait = (error: unknown): number | null => {
  if (!(error instanceof HttpError) || error.status !== 429) return null;
  const body: unknown = error.body;
  if (typeof body !== 'object' || body === null || !('code' in body)) return null;
  if (body.code !== 'EXPORT_BUSY' && body.code !== 'EXPORT_ALREADY_RUNNING') return null;
  const args: unknown = 'args' in body ? body.args : null;
  const seconds = typeof args === 'object' && args !== null && 'seconds' in args && typeof args.seconds === 'number' ? args.seconds : 5;
  return Math.min(60, Math.max(1, seconds));
};

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('The export was abandoned', 'AbortError'));
    });
  });

export interface ExportWaiting {
  /** Called when the server says to wait: its message (in the user's language) and the seconds. */
  onQueued?: (message: string, seconds: number) => void;
  /** Abandons the export (the screen was left). */
  signal?: AbortSignal;
}

/**
 * Downloads the Excel export of a filter in the interface language and the user's time zone,
 * saved under the server's name. While the server is busy with other exports it waits its
 * turn (Retry-After, a little spread so that refused clients do not come back at once), up to
 * EXPORT_QUEUE_MAX_MS; then, or on any other error, it throws.
 */
export async function downloadExport(filter: Record<string, unknown>, locale: Locale, waiting: ExportWaiting = {}): Promise<string> {
  const query = orderQuery(filter);
  query.set('locale', locale);
  // The sheet's dates in the user's own zone, as the list shows them.
  query.set('tz', Intl.DateTimeFormat().resolvedOptions().timeZone);
  const deadline = Date.now() + EXPORT_QUEUE_MAX_MS;
  for (;;) {
    try {
      return await saveExport(api(`${P.export}?${query.toString()}`), waiting.signal);
    } catch (error) {
      const seconds = exportQueueWait(error);
      if (seconds === null || Date.now() + seconds * 1000 > deadline || waiting.signal?.aborted) throw error;
      waiting.onQueued?.(error instanceof Error ? error.message : String(error), seconds);
      await pause(seconds * 1000 + Math.random() * 500, waiting.signal);
    }
  }
}

const saveExport = (url: string, signal?: AbortSignal): Promise<string> => downloadFile(url, () => exportFileName(null), signal);
