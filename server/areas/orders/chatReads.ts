import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { ORDER_STATUS_TAB_STATUSES, ORDER_STATUS_TABS, ORDER_UNREAD_DAYS, type OrderStatusCounts } from '../../../src/domain';
import { assertInScope, inUserScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { inOrderRange, type OrderRange } from './filters';

/**
 * What the order list adds for the one who reads it: the unread customer and restaurant
 * messages of each chat since the user last opened it (migration 016; over the last
 * ORDER_UNREAD_DAYS days only), their total over the user's scope, and the counts of the status
 * tabs. Every read keeps to the user's scope.
 */
/** Messages before this do not count as unread. */
const horizon = sql<Date>`now() - make_interval(days => ${ORDER_UNREAD_DAYS})`;

/**
 * The unread messages of one order for the user, as a column of a query over orders (`order`
 * holds the order's id): the order's recent part of the messages' index (order, time), joined
 * to the user's last read. The horizon stands alone so that it bounds that index range.
 */
export const unreadMessagesOf = (user: Actor, order: Expression<number>): RawBuilder<number> =>
  sql<number>`(SELECT count(*)::int FROM order_messages m
    LEFT JOIN order_chat_reads r ON r.order_id = m.order_id AND r.user_id = ${user.id}
    WHERE m.order_id = ${order} AND m.created_at > ${horizon} AND m.incoming AND (r.read_at IS NULL OR m.created_at > r.read_at))`;

export function orderWorkspace(db: Kysely<Database>) {
  /**
   * The user's unread messages over every order they may see: the newest part of the index of
   * incoming messages, each joined to its order (for the scope) and to the user's last read.
   */
  const unreadTotal = async (user: Actor): Promise<number> => {
    const row = await db
      .selectFrom('order_messages as m')
      .innerJoin('orders as o', 'o.id', 'm.order_id')
      .leftJoin('order_chat_reads as r', (join) => join.onRef('r.order_id', '=', 'm.order_id').on('r.user_id', '=', user.id))
      .select(sql<number>`count(*)::int`.as('total'))
      .where('m.incoming', '=', true)
      .where(sql<boolean>`m.created_at > ${horizon}`)
      .where((eb) => eb.or([eb('r.read_at', 'is', null), eb('m.created_at', '>', eb.ref('r.read_at'))]))
      .where((eb) => inUserScope(eb, user, { city: eb.ref('o.city_id'), restaurant: eb.ref('o.restaurant_id') }))
      .executeTakeFirstOrThrow();
    return row.total;
  };

  /** The user has read the chat of a thread up to now (a 404 for an order outside their scope). */
  const markRead = async (user: Actor, threadId: string): Promise<void> => {
    const order = await db
      .selectFrom('orders')
      .select(['id', 'city_id', 'restaurant_id'])
      .where('thread_id', '=', threadId)
      .executeTakeFirst();
    if (!order) throw notFound('ORDER_NOT_FOUND');
    assertInScope(user, { cityId: order.city_id, restaurantId: order.restaurant_id }, notFound('ORDER_NOT_FOUND'));
    await db
      .insertInto('order_chat_reads')
      .values({ user_id: user.id, order_id: order.id, read_at: sql<Date>`now()` })
      .onConflict((oc) => oc.columns(['user_id', 'order_id']).doUpdateSet({ read_at: sql<Date>`now()` }))
      .execute();
  };

  /**
   * How many orders of the range (its status tab left out) each tab holds: one statement,
   * grouped by status on the list's indexes (which hold the status).
   */
  const statusCounts = async (user: Actor, range: OrderRange): Promise<OrderStatusCounts> => {
    const rows = await db
      .selectFrom('orders')
      .select(['orders.status', sql<number>`count(*)::int`.as('n')])
      .where((eb) =>
        inOrderRange(
          eb,
          user,
          { ...range, statuses: null },
          {
            city: eb.ref('orders.city_id'),
            restaurant: eb.ref('orders.restaurant_id'),
            createdAt: eb.ref('orders.created_at'),
            threadId: eb.ref('orders.thread_id'),
            user: eb.ref('orders.user_id'),
            status: eb.ref('orders.status'),
            statusSince: eb.ref('orders.status_since'),
          },
        ),
      )
      .groupBy('orders.status')
      .execute();
    const counts: OrderStatusCounts = { all: 0, new: 0, inProgress: 0, onTheWay: 0, done: 0, cancelled: 0 };
    for (const row of rows) {
      counts.all += row.n;
      const tab = ORDER_STATUS_TABS.find((t) => ORDER_STATUS_TAB_STATUSES[t].includes(row.status));
      if (tab) counts[tab] += row.n;
    }
    return counts;
  };

  return { unreadTotal, markRead, statusCounts };
}
