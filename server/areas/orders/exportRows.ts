import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { inOrderRange, type OrderRange } from './filters';
import { ordersWithParties } from './orderRows';

/**
 * The export's reading of the orders: only the columns the sheet shows (no chat count, no
 * dish descriptions), walked in keyset pages in the list's order (newest first, then by id).
 * A page is one short statement, and the reader gives the event loop a turn between pages: on
 * the embedded database every statement runs on the server's own thread, so a page bounds how
 * long any other request can wait behind an export.
 */
export const selectExportRows = (db: Kysely<Database>) =>
  ordersWithParties(db).select([
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

/**
 * How much of this thread a page's statement may take at once. On the embedded database a
 * statement runs on this thread from start to end (about 0.1 ms per exported order here, and a
 * few milliseconds per statement whatever its size): each page is sized from how long the last
 * one kept this thread busy. While other requests are under way the budget is short, so that
 * one that comes in meanwhile waits a few milliseconds at most; with nobody else about, pages
 * are longer, since each statement's own cost would otherwise be most of the export's. On a
 * server this thread only parses the rows as they arrive, a network read at a time between
 * other work, so no page holds it up for long whatever its size, and pages grow to `max`. (The
 * route hands the rows to the worker a few at a time for the same reason.)
 */
export interface PageSizing {
  /** The busy time a page aims at while other requests are under way. */
  budgetMs: number;
  /** The busy time a page aims at with no other request about; `budgetMs` when not given. */
  aloneBudgetMs?: number;
  first: number;
  min: number;
  max: number;
}

export const EXPORT_PAGES: PageSizing = { budgetMs: 3, aloneBudgetMs: 50, first: 50, min: 10, max: 1000 };

/** The turns of the exports at the database. */
export interface Pacer {
  /** Runs one page's statement when its turn comes. */
  turn: <T>(read: () => Promise<T>) => Promise<T>;
  /** Whether other requests are under way or were a moment ago: the exports then make way for them. */
  crowded: () => boolean;
}

/** The longest rest after a page. */
const MAX_REST_MS = 200;

/**
 * The turns of an app's exports at the database: one page at a time. While other requests are
 * about (`crowded`), a page waits until the one before it has rested as long as it took: so the
 * exports together take at most half of one core of the database (the server's own thread, on
 * the embedded one) however many run, and the requests that come meanwhile find it idle half
 * the time. With nobody else about there is nothing to make way for, and pages follow each
 * other at once. Always crowded unless told otherwise.
 */
export function exportPacer(crowded: () => boolean = () => true): Pacer {
  let previous: Promise<void> = Promise.resolve();
  /** When the last page's rest ends. */
  let restedAt = 0;
  return {
    crowded,
    turn: async (read) => {
      const waitFor = previous;
      let next: () => void = () => undefined;
      previous = new Promise<void>((resolve) => {
        next = resolve;
      });
      try {
        await waitFor;
        const rest = restedAt - performance.now();
        if (rest > 0 && crowded()) await sleep(rest);
        const started = performance.now();
        try {
          return await read();
        } finally {
          const ended = performance.now();
          restedAt = ended + Math.min(MAX_REST_MS, ended - started);
        }
      } finally {
        next();
      }
    },
  };
}

/** Every page at once, for a reader alone. */
const unpaced: Pacer = { turn: (read) => read(), crowded: () => false };

/**
 * A statement that kept this thread busy for this share of its time or more ran on it (the
 * embedded database); on a server this thread waits for most of it.
 */
const ON_THIS_THREAD = 0.8;

/** The orders of a range in the list's order, page by page; stops when the caller stops asking. */
export async function* exportPages(
  db: Kysely<Database>,
  user: Actor,
  range: OrderRange,
  sizing: PageSizing = EXPORT_PAGES,
  pace: Pacer = unpaced,
): AsyncGenerator<ExportOrderRow[], void, undefined> {
  let after: { at: string; id: number } | null = null;
  let size = sizing.first;
  for (;;) {
    let query = selectExportRows(db)
      .where((eb) =>
        inOrderRange(eb, user, range, {
          city: eb.ref('o.city_id'),
          restaurant: eb.ref('o.restaurant_id'),
          createdAt: eb.ref('o.created_at'),
          threadId: eb.ref('o.thread_id'),
          user: eb.ref('o.user_id'),
          status: eb.ref('o.status'),
          statusSince: eb.ref('o.status_since'),
        }),
      )
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(size);
    if (after) query = query.where(sql<boolean>`(o.created_at, o.id) < (${after.at}::timestamptz, ${after.id})`);
    const { rows, blockedMs } = await pace.turn(async () => {
      const before = performance.eventLoopUtilization();
      const started = performance.now();
      const read = await query.execute();
      const busyMs = performance.eventLoopUtilization(before).active;
      return { rows: read, blockedMs: busyMs >= ON_THIS_THREAD * (performance.now() - started) ? busyMs : 0 };
    });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursor_at, id: last.id };
    // The requests that came in meanwhile go first: their statements queue before the next page's,
    // and they make the next page short at once.
    await nextTurn();
    const budgetMs = pace.crowded() ? sizing.budgetMs : (sizing.aloneBudgetMs ?? sizing.budgetMs);
    const fitting = (size * budgetMs) / Math.max(0.1, blockedMs);
    size = Math.round(Math.min(sizing.max, Math.max(sizing.min, Math.min(fitting, size * 2))));
  }
}
