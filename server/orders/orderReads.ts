import { sql, type Kysely } from 'kysely';
import { COUNTED_ORDER_STATUS, ORDERS_DEFAULT_PER_PAGE, type Order, type OrderTotals } from '../../src/domain';
import { assertInScope, type Actor } from '../auth/scope';
import type { Database } from '../db/schema';
import { notFound } from '../errors';
import { inOrderRange, type OrderRange } from './filters';
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
      .where(inOrderRange(user, range))
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

  /** How many orders the range holds, whatever their status (the list's X-Total-Count). */
  const count = async (user: Actor, range: OrderRange): Promise<number> => {
    const row = await db
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(inOrderRange(user, range))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  /**
   * Sum, delivery, order count and average cheque of the range, per currency, over the orders
   * at CONFIRMED or above only: computed by the database, whatever the range's size.
   */
  const totals = async (user: Actor, range: OrderRange): Promise<OrderTotals> => {
    const counted = sql`orders.status >= ${COUNTED_ORDER_STATUS}`;
    const rows = await db
      .selectFrom('orders')
      .select([
        'orders.currency',
        sql<number>`count(*) FILTER (WHERE ${counted})::int`.as('count'),
        sql<number>`coalesce(sum(orders.sum) FILTER (WHERE ${counted}), 0)`.as('sum'),
        sql<number>`coalesce(sum(orders.delivery_cost) FILTER (WHERE ${counted}), 0)`.as('delivery'),
        // Exact decimal arithmetic: (sum + delivery) / count to two decimals, '0' when nothing counts.
        sql<string>`CASE WHEN count(*) FILTER (WHERE ${counted}) = 0 THEN '0' ELSE round(
          (coalesce(sum(orders.sum) FILTER (WHERE ${counted}), 0) + coalesce(sum(orders.delivery_cost) FILTER (WHERE ${counted}), 0))
          / count(*) FILTER (WHERE ${counted}), 2)::text END`.as('average_cheque'),
      ])
      .where(inOrderRange(user, range))
      .groupBy('orders.currency')
      .orderBy('orders.currency')
      .execute();
    return {
      lines: rows.map((row) => ({
        currency: row.currency,
        sum: Number(row.sum),
        delivery: Number(row.delivery),
        count: Number(row.count),
        averageCheque: row.average_cheque,
      })),
    };
  };

  /** The order of a thread, if the user may see it. */
  const byThread = async (user: Actor, threadId: string, view: OrderView): Promise<Order> => {
    const row = await selectOrders(db).where('o.thread_id', '=', threadId).executeTakeFirst();
    assertInScope(user, row ? { cityId: row.city_id, restaurantId: row.restaurant_id } : null, notFound('ORDER_NOT_FOUND'));
    if (!row) throw notFound('ORDER_NOT_FOUND');
    return toOrder(user, row, view);
  };

  return { page, count, totals, byThread };
}
