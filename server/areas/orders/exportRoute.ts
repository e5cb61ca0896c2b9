import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, LOCALES, orderFilterQuery } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { apiError } from '../../errors';
import { orderRange } from './filters';
import { DEFAULT_EXPORT_CONCURRENCY } from '../../config';
import { exportLimiter } from './exportLimiter';
import { exportPacer, exportPages, type ExportOrderRow } from './exportRows';
import { exportLine, isKnownZone, wallClock } from './exportSheet';
import { phoneFor } from './orderRows';
import { workbookWorkers } from './workbookWorker';
import type { RouteDeps } from '../deps';

const exportQuery = orderFilterQuery.extend({
  locale: z.enum(LOCALES).default('en'),
  tz: z
    .string()
    .max(64)
    .refine(isKnownZone, { error: 'validation.invalid' })
    .default('UTC')
    .describe('the IANA time zone the dates are shown in, e.g. Europe/Madrid'),
});

/** Rows made sheet rows and posted to the worker in one turn of the event loop (about a millisecond here). */
const HAND_ROWS = 100;

/** Another request this recent, or one still under way that began this recently, makes the exports make way. */
const QUIET_MS = 1000;

/**
 * Whether requests other than exports are about: one began or ended less than QUIET_MS ago. A
 * request under way for longer (a live event stream, say) does not count: it asks nothing of
 * the database while it waits. Seen at the HTTP server, so requests made in-process (inject)
 * are not.
 */
function requestTraffic(server: Server): () => boolean {
  let lastSeen = -Infinity;
  const seen = () => {
    lastSeen = performance.now();
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.includes(API_PATHS.orders.export)) return;
    seen();
    response.once('close', seen);
  });
  return () => performance.now() - lastSeen < QUIET_MS;
}

const fileName = (now: Date) => `orders-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.xlsx`;

/**
 * GET /orders/export/excel: the orders of the list's filters and scope as an .xlsx. The rows
 * are read in short keyset pages on this thread and handed in batches to a worker thread that
 * writes the workbook (exportWorkbook.ts); its bytes stream to the client. The next
 * page is read while the worker writes the last, and handed over only once the worker has
 * taken that one and the client has read what waits, so memory stays flat however long the
 * range. A limiter keeps the exports made at once to
 * EXPORT_CONCURRENCY, one per user; the others are refused with 429 and Retry-After.
 */
export const orderExportRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now, exports: options = {} }) => {
  const concurrency = options.concurrency ?? DEFAULT_EXPORT_CONCURRENCY;
  const limiter = exportLimiter({ concurrency });
  const pace = exportPacer(requestTraffic(app.server));
  const workers = workbookWorkers({ script: options.workerScript, keep: concurrency });
  app.addHook('onClose', workers.close);

  app.get(
    API_PATHS.orders.export,
    {
      schema: {
        querystring: exportQuery,
        description:
          'The workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet), named by Content-Disposition. ' +
          'At most EXPORT_CONCURRENCY exports run at once, one per user: beyond, 429 EXPORT_BUSY or EXPORT_ALREADY_RUNNING with Retry-After.',
      },
      preValidation: requireCan('orders', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { locale, tz, ...filter } = request.query;
      const range = orderRange(user, filter, now());
      const permit = limiter.acquire(user.id);
      const workbook = workers.start(locale);
      let over = false;
      // Once, when the workbook is written or the client has gone: stop reading, free the place.
      const finish = () => {
        if (over) return;
        over = true;
        permit.release();
        void workbook.stop();
      };
      reply.raw.once('close', finish);

      const view = { numbers: filter.numbers };
      const lineOptions = { locale, local: wallClock(tz), phone: (phone: string | null) => phoneFor(user, phone, view) };
      /**
       * Hands a page to the worker HAND_ROWS rows a turn of the event loop, so that a request
       * that comes in meanwhile waits a millisecond or so at most; once all are posted, answers
       * a promise of the worker's having taken them.
       */
      const hand = async (rows: ExportOrderRow[]): Promise<{ taken: Promise<void> }> => {
        const batches: Promise<void>[] = [];
        for (let at = 0; at < rows.length && !over; at += HAND_ROWS) {
          if (at > 0) await nextTurn();
          const batch = workbook.write(rows.slice(at, at + HAND_ROWS).map((row) => exportLine(row, lineOptions)));
          // Awaited later; a failure meanwhile must not go unhandled.
          batch.catch(() => undefined);
          batches.push(batch);
        }
        const taken = Promise.all(batches).then(() => undefined);
        taken.catch(() => undefined);
        return { taken };
      };
      const pages = exportPages(db, user, range, options.pages, pace);

      // The first page goes in before the answer starts: a failure to start is an error answer, not a broken file.
      // A database error goes on as it is (the error handler knows those); a worker's is EXPORT_FAILED.
      const first = await pages.next().catch((error: unknown) => {
        finish();
        throw error;
      });
      try {
        if (!first.done) await (await hand(first.value)).taken;
      } catch (error) {
        finish();
        await pages.return(undefined);
        if (reply.raw.destroyed) return reply;
        request.log.error({ err: error }, 'order export failed');
        throw apiError(500, 'EXPORT_FAILED');
      }

      // The worker writes a page while the next one is read: at most one page waits on each side.
      const rest = async () => {
        let taken = Promise.resolve();
        for (let page = await pages.next(); !page.done && !over; page = await pages.next()) {
          await taken;
          if (over) return;
          ({ taken } = await hand(page.value));
        }
        await taken;
        if (!over) await workbook.end();
      };
      void rest()
        .catch((error: unknown) => {
          // A client that left stops the worker on purpose; anything else is the export's failure.
          if (!over) request.log.error({ err: error }, 'order export failed');
          workbook.output.destroy(error instanceof Error ? error : new Error(String(error)));
        })
        .finally(async () => {
          await pages.return(undefined);
          finish();
        })
        .catch((error: unknown) => request.log.error({ err: error }, 'order export did not close its reading'));

      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName(now())}"`)
        .header('cache-control', 'no-store');
      return reply.send(workbook.output);
    },
  );
};
