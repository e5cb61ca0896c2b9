import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../auth/scope';
import type { Database } from '../db/schema';
import { inOrderRange, type OrderRange } from './filters';

/**
 * The export's reading of the orders: only the columns the sheet shows (no chat count, no
 * dish descriptions), walked in keyset pages in the list's order (newest first, then by id).
 * A page is one short statement, and the reader gives the event loop a turn between pages: on
 * the embedded database every statement runs on the server's own thread, so a page bounds how
 * long any other request can wait behind an export.
 */
export const selectExportRows = (db: Kysely<Database>) =>
  db
    .selectFrom('orders as o')
    .innerJoin('cities as c', 'c.id', 'o.city_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
    .leftJoin('users as k', 'k.id', 'o.courier_id')
    .select([
      'o.id',
      'o.thread_id',
      'o.created_at',
      sql<string>`o.created_at::text`.as('cursor_at'),
      'o.address',
      'o.additional_address',
      'o.sum',
      'o.delivery_cost',
      'o.discount',
      'o.total_sum',
      'o.currency',
      'o.status',
      'o.payment_method',
      'o.courier_id',
      'c.name as city_name',
      'c.name_ru as city_name_ru',
      'r.name as restaurant_name',
      'r.name_ru as restaurant_name_ru',
      'u.name as customer_name',
      'u.phone as customer_phone',
      'k.telegram_username as courier_username',
      'k.name as courier_name',
      'k.username as courier_login',
      // [count, name, name_ru] per item: the sheet needs nothing else of them.
      sql<[number, string, string | null][]>`(
        SELECT coalesce(json_agg(json_build_array(i.count, i.name, i.name_ru) ORDER BY i.id), '[]'::json)
        FROM order_items i WHERE i.order_id = o.id)`.as('items'),
    ]);

export type ExportOrderRow = Awaited<ReturnType<ReturnType<typeof selectExportRows>['execute']>>[number];

/** Rows per page: a page of the embedded database takes a few milliseconds of the server's thread. */
export const EXPORT_PAGE_ROWS = 250;

/** The orders of a range in the list's order, page by page; stops when the caller stops asking. */
export async function* exportPages(
  db: Kysely<Database>,
  user: Actor,
  range: OrderRange,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<ExportOrderRow[]> {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    let query = selectExportRows(db)
      .where(inOrderRange(user, range, 'o'))
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(pageRows);
    if (after) query = query.where(sql<boolean>`(o.created_at, o.id) < (${after.at}::timestamptz, ${after.id})`);
    const rows = await query.execute();
    if (rows.length > 0) yield rows;
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursor_at, id: last.id };
    // The requests that came in meanwhile go first: their statements queue before the next page's.
    await nextTurn();
  }
}
