import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import { COUNTED_ORDER_STATUS, ORDERS_DEFAULT_PER_PAGE, type Order, type OrderListItem, type OrderTotals } from '../../../src/domain';
import { assertInScope, inUserScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { unreadMessagesOf } from './chatReads';
import { inOrderRange, narrowsRows, type OrderRange, type OrderRangeColumns } from './filters';
import { selectOrders, toOrder, type OrderRow, type OrderView } from './orderRows';

export interface OrderPage {
  page?: number;
  perPage?: number;
}

/**
 * Reading orders: a page of the list, its count, the totals of its range, and one order by
 * thread id. Every read applies the user's scope in SQL; a single order outside it is a 404.
 */
export function orderReader(db: Kysely<Database>) {
  const newestIds = db.selectFrom('orders').select('orders.id').orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc');
  /**
   * The list's columns and joins, the same for every request: built and compiled once, and the
   * request's page joined to their text. They take no parameter, so their text stands alone.
   */
  const listColumns = selectOrders(db)
    .select([
      // The instants as milliseconds: JSON numbers, whatever the session's time zone and date style.
      sql<number>`floor(extract(epoch from o.created_at) * 1000)::bigint`.as('created_ms'),
      sql<number>`floor(extract(epoch from o.status_since) * 1000)::bigint`.as('status_since_ms'),
    ])
    .compile();
  if (listColumns.parameters.length > 0) throw new Error("The order list's columns must take no parameter");
  const listFrom = sql.raw(listColumns.sql);

  /**
   * One page of the list, newest first, with the user's unread messages of each order, the count
   * of the range and its totals: one statement, so one round trip whatever the page holds. The
   * page's ids are found first on the covering index alone (a deep OFFSET then skips index
   * entries, not table rows), and only those rows are read with their joins and subqueries. The
   * rows come back as one JSON array, which the driver parses at once rather than field by field.
   */
  const list = async (user: Actor, range: OrderRange, view: OrderView, paging: OrderPage): Promise<OrderList> => {
    const perPage = paging.perPage ?? ORDERS_DEFAULT_PER_PAGE;
    const offset = ((paging.page ?? 1) - 1) * perPage;
    const ids = newestIds
      .where((eb) => inOrderRange(eb, user, range, orderColumns(eb)))
      .limit(perPage)
      .offset(offset);
    const rows = sql`SELECT p.*, ${unreadMessagesOf(user, sql.ref('p.id'))} AS unread
      FROM (${listFrom} INNER JOIN (${ids}) AS page ON page.id = o.id) p`;
    const { page, lines } = await db
      .selectNoFrom([
        sql<ListedRow[]>`(SELECT coalesce(json_agg(p ORDER BY p.created_at DESC, p.id DESC), '[]'::json) FROM (${rows}) p)`.as('page'),
        sql<TotalsRow[]>`(SELECT coalesce(json_agg(t ORDER BY t.currency), '[]'::json) FROM (${totalsQuery(user, range)}) t)`.as('lines'),
      ])
      .executeTakeFirstOrThrow();
    return {
      rows: page.map((row) => ({
        ...toOrder(user, { ...row, created_at: new Date(row.created_ms), status_since: new Date(row.status_since_ms) }, view),
        unreadMessages: row.unread,
      })),
      ...totalsOf(lines),
    };
  };

  /**
   * How many orders the range holds (the list's X-Total-Count), and per currency the sum,
   * delivery, count and average cheque of those at CONFIRMED or above. Whole UTC days come
   * from the day totals the database keeps in step with the orders (migration 006); only the
   * partial days at the ends of the range are read from the orders themselves. Exact decimal
   * arithmetic throughout: (sum + delivery) / count to two decimals, '0' when nothing counts.
   */
  /** The parts of the totals, their columns built once: a request adds its filter. */
  const counted = sql`orders.status >= ${COUNTED_ORDER_STATUS}`;
  const fromOrders = db
    .selectFrom('orders')
    .select([
      'orders.currency',
      sql<number>`count(*)`.as('orders'),
      sql<number>`count(*) FILTER (WHERE ${counted})`.as('counted'),
      sql<number>`coalesce(sum(orders.sum) FILTER (WHERE ${counted}), 0)`.as('sum'),
      sql<number>`coalesce(sum(orders.delivery_cost) FILTER (WHERE ${counted}), 0)`.as('delivery'),
    ])
    .groupBy('orders.currency');
  const fromDays = db
    .selectFrom('order_day_totals as t')
    .select([
      't.currency',
      sql<number>`t.orders`.as('orders'),
      sql<number>`t.counted`.as('counted'),
      sql<number>`t.sum`.as('sum'),
      sql<number>`t.delivery`.as('delivery'),
    ]);

  const totalsQuery = (user: Actor, range: OrderRange): RawBuilder<TotalsRow> => {
    // A search or a status tab narrows by what the day totals do not hold: the orders answer alone.
    const { days, edges } = narrowsRows(range) ? { days: null, edges: [range] } : splitByDays(range);
    const parts: AggregatePart[] = edges.map((edge) => fromOrders.where((eb) => inOrderRange(eb, user, edge, orderColumns(eb))));
    if (days) {
      let q = fromDays.where((eb) => inUserScope(eb, user, { city: eb.ref('t.city_id'), restaurant: eb.ref('t.restaurant_id') }));
      if (range.cityId !== null) q = q.where('t.city_id', '=', range.cityId);
      if (range.restaurantIds) q = q.where('t.restaurant_id', 'in', range.restaurantIds);
      if (days.from) q = q.where('t.day', '>=', dayOf(days.from));
      if (days.to) q = q.where('t.day', '<', dayOf(days.to));
      parts.push(q);
    }
    return sql<TotalsRow>`SELECT x.currency, sum(x.orders)::int AS orders, sum(x.counted)::int AS count, sum(x.sum) AS sum,
      sum(x.delivery) AS delivery,
      CASE WHEN sum(x.counted) = 0 THEN '0' ELSE round((sum(x.sum) + sum(x.delivery)) / sum(x.counted), 2)::text END AS average_cheque
      FROM (${sql.join(parts, sql` UNION ALL `)}) x
      GROUP BY x.currency HAVING sum(x.orders) > 0 ORDER BY x.currency`;
  };

  const aggregate = async (user: Actor, range: OrderRange): Promise<{ total: number; totals: OrderTotals }> =>
    totalsOf((await totalsQuery(user, range).execute(db)).rows);

  /** The order of a thread, if the user may see it. */
  const byThread = async (user: Actor, threadId: string, view: OrderView): Promise<Order> => {
    const row = await selectOrders(db).where('o.thread_id', '=', threadId).executeTakeFirst();
    if (!row) throw notFound('ORDER_NOT_FOUND');
    assertInScope(user, { cityId: row.city_id, restaurantId: row.restaurant_id }, notFound('ORDER_NOT_FOUND'));
    return toOrder(user, row, view);
  };

  return { list, aggregate, byThread };
}

/** The orders columns a range filters on, for a query over `orders`. */
const orderColumns = (eb: ExpressionBuilder<Database, 'orders'>): OrderRangeColumns => ({
  city: eb.ref('orders.city_id'),
  restaurant: eb.ref('orders.restaurant_id'),
  createdAt: eb.ref('orders.created_at'),
  threadId: eb.ref('orders.thread_id'),
  user: eb.ref('orders.user_id'),
  status: eb.ref('orders.status'),
  statusSince: eb.ref('orders.status_since'),
});

/** A row of the list as its JSON array holds it: the instant in milliseconds, and the user's unread messages. */
type ListedRow = Omit<OrderRow, 'created_at' | 'status_since'> & { created_ms: number; status_since_ms: number; unread: number };

export interface OrderList {
  rows: OrderListItem[];
  total: number;
  totals: OrderTotals;
}

/** One currency's line of the totals, as the database sums it (from rows, or from their JSON: numbers either way). */
interface TotalsRow {
  currency: string;
  orders: number;
  count: number;
  sum: number;
  delivery: number;
  average_cheque: string;
}

/** The count of a range and its totals, from its lines. */
const totalsOf = (rows: readonly TotalsRow[]): { total: number; totals: OrderTotals } => ({
  total: rows.reduce((n, row) => n + Number(row.orders), 0),
  totals: {
    lines: rows.map((row) => ({
      currency: row.currency,
      sum: Number(row.sum),
      delivery: Number(row.delivery),
      count: Number(row.count),
      averageCheque: row.average_cheque,
    })),
  },
});

interface AggregateRow {
  currency: string;
  orders: number;
  counted: number;
  sum: number;
  delivery: number;
}
type AggregatePart = Expression<AggregateRow>;

const DAY_MS = 24 * 3600 * 1000;
const floorDay = (instant: Date) => new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (instant: Date) => new Date(Math.ceil(instant.getTime() / DAY_MS) * DAY_MS);
const dayOf = (midnight: Date) => midnight.toISOString().slice(0, 10);

/**
 * A range as whole UTC days (null bounds: open) and the partial days at its ends; a range
 * shorter than a whole day is all edge.
 */
export function splitByDays(range: OrderRange): { days: { from: Date | null; to: Date | null } | null; edges: OrderRange[] } {
  const from = range.from ? ceilDay(range.from) : null;
  const to = range.to ? floorDay(range.to) : null;
  if (from && to && from >= to) return { days: null, edges: [range] };
  const edges: OrderRange[] = [];
  if (range.from && from && from > range.from) edges.push({ ...range, from: range.from, to: from });
  if (range.to && to && to < range.to) edges.push({ ...range, from: to, to: range.to });
  return { days: { from, to }, edges };
}
