import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { API_PATHS, LOCALES, orderFilterQuery } from '../../src/domain';
import { currentUser, requireCan } from '../auth/authorize';
import { inOrderRange, orderRange } from '../orders/filters';
import { DATE_FORMAT, EXPORT_COLUMNS, exportRow, isKnownZone, moneyFormat, SHEET_NAME, wallClock } from '../orders/exportSheet';
import { selectOrders, toOrder } from '../orders/orderRows';
import type { RouteDeps } from './deps';

const exportQuery = orderFilterQuery.extend({
  locale: z.enum(LOCALES).default('en'),
  tz: z
    .string()
    .max(64)
    .refine(isKnownZone, { error: 'validation.invalid' })
    .default('UTC')
    .describe('the IANA time zone the dates are shown in, e.g. Europe/Madrid'),
});

/** Rows read per query: the export walks the range by keyset, so memory stays flat however long it is. */
const BATCH = 2000;
/** Above this many buffered bytes the export waits for the client to read. */
const HIGH_WATER = 1024 * 1024;

const MONEY_COLUMNS = EXPORT_COLUMNS.filter((c) => c.kind === 'money').map((c) => c.key);

const fileName = (now: Date) => `orders-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.xlsx`;

/**
 * GET /orders/export/excel: the orders of the list's filters and scope as an .xlsx, written by
 * exceljs's streaming writer straight into the response while the rows are read in batches.
 */
export const orderExportRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.get(
    API_PATHS.orders.export,
    {
      schema: {
        querystring: exportQuery,
        description: 'The workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet), named by Content-Disposition.',
      },
      preValidation: requireCan('orders', 'list'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { locale, tz, ...filter } = request.query;
      const range = orderRange(user, filter);
      const local = wallClock(tz);
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet(SHEET_NAME[locale], { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = EXPORT_COLUMNS.map((c) => ({
        key: c.key,
        header: c.header[locale],
        width: c.width,
        ...(c.kind === 'date' ? { style: { numFmt: DATE_FORMAT } } : {}),
      }));
      sheet.getRow(1).font = { bold: true };

      const batch = (after: { at: string; id: number } | null) => {
        let query = selectOrders(db)
          .select(sql<string>`o.created_at::text`.as('cursor_at'))
          .where(inOrderRange(user, range, 'o'))
          .orderBy('o.created_at', 'desc')
          .orderBy('o.id', 'desc')
          .limit(BATCH);
        if (after) query = query.where(sql<boolean>`(o.created_at, o.id) < (${after.at}::timestamptz, ${after.id})`);
        return query.execute();
      };

      const write = async () => {
        let rows = await batch(null);
        for (;;) {
          // The next batch is read while this one is written.
          const last = rows.length === BATCH ? rows[rows.length - 1] : null;
          const next = last ? batch({ at: last.cursor_at, id: last.id }) : null;
          for (const row of rows) {
            const order = toOrder(user, row, { numbers: filter.numbers });
            const added = sheet.addRow(exportRow(order, locale, local));
            const format = moneyFormat(order.currency);
            for (const column of MONEY_COLUMNS) added.getCell(column).numFmt = format;
            added.commit();
          }
          if (!next) break;
          if (out.writableLength > HIGH_WATER) await once(out, 'drain');
          rows = await next;
        }
        sheet.commit();
        await workbook.commit();
      };

      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName(now())}"`)
        .header('cache-control', 'no-store');
      write().catch((error: unknown) => {
        request.log.error({ err: error }, 'order export failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply.send(out);
    },
  );
};
