import { sql, type Expression, type Kysely } from 'kysely';
import { COUNTED_ORDER_STATUS, ORDERS_DEFAULT_PER_PAGE, type Order, type OrderTotals } from '../../../src/domain';
import { assertInScope, inUserScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { inOrderRange, narrowsRows, type OrderRange } from './filters';
import { selectOrders, toOrder, type OrderView } from './orderRows';

export interface OrderPage {
  page?: number;
  perPage?: number;
}

/**
 * Reading orders: a page of the list, its count, the totals of its range, and one order by
 * thread id. Every read applies the user's scope in SQL; a single order outside it is a 404.
 */
export function orderReader(db: Kysely<Database>) {
  /**
   * One page, newest first. The page's ids are found first on the covering index alone
   * (a deep OFFSET then skips index entries, not table rows), and only those rows are read
   * with their joins and subqueries.
   */
  const page = async (user: Actor, range: OrderRange, view: OrderView, paging: OrderPage): Promise<Order[]> => {
    const perPage = paging.perPage ?? ORDERS_DEFAULT_PER_PAGE;
    const offset = ((paging.page ?? 1) - 1) * perPage;
    const ids = db
      .selectFrom('orders')
      .select('orders.id')
      .where((eb) =>
        inOrderRange(eb, user, range, {
          city: eb.ref('orders.city_id'),
          restaurant: eb.ref('orders.restaurant_id'),
          createdAt: eb.ref('orders.created_at'),
          threadId: eb.ref('orders.thread_id'),
          user: eb.ref('orders.user_id'),
          status: eb.ref('orders.status'),
        }),
      )
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(perPage)
      .offset(offset);
    const rows = await selectOrders(db)
      .innerJoin(ids.as('page'), 'page.id', 'o.id')
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .execute();
    return rows.map((row) => toOrder(user, row, view));
  };

  /**
   * How many orders the range holds (the list's X-Total-Count), and per currency the sum,
   * delivery, count and average cheque of those at CONFIRMED or above. Whole UTC days come
   * from the day totals the database keeps in step with the orders (migration 006); only the
   * partial days at the ends of the range are read from the orders themselves. Exact decimal
   * arithmetic throughout: (sum + delivery) / count to two decimals, '0' when nothing counts.
   */
  const aggregate = async (user: Actor, range: OrderRange): Promise<{ total: number; totals: OrderTotals }> => {
    // A search or a status tab narrows by what the day totals do not hold: the orders answer alone.
    const { days, edges } = narrowsRows(range) ? { days: null, edges: [range] } : splitByDays(range);
    const counted = sql`orders.status >= ${COUNTED_ORDER_STATUS}`;
    const parts: AggregatePart[] = edges.map((edge) =>
      db
        .selectFrom('orders')
        .select([
          'orders.currency',
          sql<number>`count(*)`.as('orders'),
          sql<number>`count(*) FILTER (WHERE ${counted})`.as('counted'),
          sql<number>`coalesce(sum(orders.sum) FILTER (WHERE ${counted}), 0)`.as('sum'),
          sql<number>`coalesce(sum(orders.delivery_cost) FILTER (WHERE ${counted}), 0)`.as('delivery'),
        ])
        .where((eb) =>
          inOrderRange(eb, user, edge, {
            city: eb.ref('orders.city_id'),
            restaurant: eb.ref('orders.restaurant_id'),
            createdAt: eb.ref('orders.created_at'),
            threadId: eb.ref('orders.thread_id'),
            user: eb.ref('orders.user_id'),
            status: eb.ref('orders.status'),
          }),
        )
        .groupBy('orders.currency'),
    );
    if (days) {
      let q = db
        .selectFrom('order_day_totals as t')
        .select([
          't.currency',
          sql<number>`t.orders`.as('orders'),
          sql<number>`t.counted`.as('counted'),
          sql<number>`t.sum`.as('sum'),
          sql<number>`t.delivery`.as('delivery'),
        ])
        .where((eb) => inUserScope(eb, user, { city: eb.ref('t.city_id'), restaurant: eb.ref('t.restaurant_id') }));
      if (range.cityId !== null) q = q.where('t.city_id', '=', range.cityId);
      if (range.restaurantIds) q = q.where('t.restaurant_id', 'in', range.restaurantIds);
      if (days.from) q = q.where('t.day', '>=', dayOf(days.from));
      if (days.to) q = q.where('t.day', '<', dayOf(days.to));
      parts.push(q);
    }
    const all = sql<AggregateRow>`(${sql.join(parts, sql` UNION ALL `)})`;
    const rows = await db
      .selectFrom(all.as('x'))
      .select([
        'x.currency',
        sql<number>`sum(x.orders)::int`.as('orders'),
        sql<number>`sum(x.counted)::int`.as('count'),
        sql<number>`sum(x.sum)`.as('sum'),
        sql<number>`sum(x.delivery)`.as('delivery'),
        sql<string>`CASE WHEN sum(x.counted) = 0 THEN '0' ELSE round((sum(x.sum) + sum(x.delivery)) / sum(x.counted), 2)::text END`.as(
          'average_cheque',
        ),
      ])
      .groupBy('x.currency')
      .having(sql<boolean>`sum(x.orders) > 0`)
      .orderBy('x.currency')
      .execute();
    return {
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
    };
  };

  /** The order of a thread, if the user may see it. */
  const byThread = async (user: Actor, threadId: string, view: OrderView): Promise<Order> => {
    const row = await selectOrders(db).where('o.thread_id', '=', threadId).executeTakeFirst();
    if (!row) throw notFound('ORDER_NOT_FOUND');
    assertInScope(user, { cityId: row.city_id, restaurantId: row.restaurant_id }, notFound('ORDER_NOT_FOUND'));
    return toOrder(user, row, view);
  };

  return { page, aggregate, byThread };
}

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
