import { sql, type Kysely } from 'kysely';
import {
  MessageStatus,
  ORDER_MESSAGES_DEFAULT_LIMIT,
  readFailureReason,
  Role,
  type MessageDirection,
  type MessageFailureReason,
  type OrderMessage,
} from '../../../src/domain';
import { assertInScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { enqueueEvent } from '../../jobs/events';

/**
 * An order's chat: its history, and the three ways staff write into it (spec section 2,
 * /orders/{id}). A message is written with its delivery event in one transaction; the event
 * worker sends it and marks it sent, delayed (to be tried again) or failed (with the reason),
 * so a messenger outage never loses one.
 */
export const ORDER_MESSAGES_MAX_LIMIT = 1000;

export type MessageKind = MessageDirection | 'ADMIN';

interface ChatOrder {
  id: number;
  city_id: number;
  restaurant_id: number;
  user_id: number;
  restaurant_name: string;
  notification_user_id: number | null;
  /** The notification account's messenger id: where a message to the restaurant goes. */
  notification_chat: number | null;
  /** The customer's messenger id: where a message to the customer goes. */
  customer_chat: number | null;
}

export function orderChat(db: Kysely<Database>, onEvent: () => void = () => {}) {
  /** The order of a thread as the chat needs it, if the user may see it. */
  const chatOrder = async (user: Actor, threadId: string): Promise<ChatOrder> => {
    const order = await db
      .selectFrom('orders')
      .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
      .leftJoin('users as notified', 'notified.id', 'restaurants.notification_user_id')
      .leftJoin('users as customer', 'customer.id', 'orders.user_id')
      .select([
        'orders.id',
        'orders.city_id',
        'orders.restaurant_id',
        'orders.user_id',
        'restaurants.name as restaurant_name',
        'restaurants.notification_user_id',
        'notified.telegram_id as notification_chat',
        'customer.telegram_id as customer_chat',
      ])
      .where('orders.thread_id', '=', threadId)
      .executeTakeFirst();
    if (!order) throw notFound('ORDER_NOT_FOUND');
    assertInScope(user, { cityId: order.city_id, restaurantId: order.restaurant_id }, notFound('ORDER_NOT_FOUND'));
    return order;
  };

  const selectMessages = () =>
    db
      .selectFrom('order_messages as m')
      .innerJoin('orders as o', 'o.id', 'm.order_id')
      .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
      .leftJoin('users as f', 'f.id', 'm.from_id')
      .leftJoin('users as t', 't.id', 'm.to_id')
      .select([
        'm.id',
        'm.order_id',
        'm.from_id',
        'm.to_id',
        'm.text',
        'm.url',
        'm.status',
        'm.failure',
        'm.restaurant_sent',
        'm.order_has_been_changed',
        'm.created_at',
        'r.id as restaurant_id',
        'r.name as restaurant_name',
        'r.name_ru as restaurant_name_ru',
        'o.thread_id',
        'o.user_id as customer_id',
        sql<string>`coalesce(nullif(f.name, ''), f.username, '')`.as('from_name'),
        sql<string>`coalesce(nullif(t.name, ''), t.username, '')`.as('to_name'),
        'f.role_id as from_role',
      ]);
  type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

  /**
   * Who a line is from and to, as the history names them: the restaurant speaks as itself,
   * a message to the restaurant reaches the restaurant, staff sign with their name.
   */
  const toMessage = (row: MessageRow): OrderMessage => {
    const toRestaurant = !row.restaurant_sent && row.from_id === row.customer_id;
    return {
      id: row.id,
      orderId: row.order_id,
      fromId: row.from_id,
      toId: row.to_id,
      from: { name: row.restaurant_sent ? row.restaurant_name : row.from_name },
      to: { name: toRestaurant ? row.restaurant_name : row.to_name },
      text: row.text,
      url: row.url,
      status: row.status,
      failure: row.status === MessageStatus.FAILED ? readFailureReason(row.failure) : null,
      restaurantSent: row.restaurant_sent,
      adminSent: !row.restaurant_sent && row.from_role !== null && row.from_role !== Role.USER,
      orderHasBeenChanged: row.order_has_been_changed,
      createdAt: row.created_at.toISOString(),
      order: { threadId: row.thread_id, restaurant: { id: row.restaurant_id, name: row.restaurant_name, name_ru: row.restaurant_name_ru } },
    };
  };

  /** The last `limit` lines of a thread, oldest first. */
  const history = async (user: Actor, threadId: string, limit = ORDER_MESSAGES_DEFAULT_LIMIT): Promise<OrderMessage[]> => {
    const order = await chatOrder(user, threadId);
    const rows = await selectMessages()
      .where('m.order_id', '=', order.id)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(Math.min(Math.max(limit, 1), ORDER_MESSAGES_MAX_LIMIT))
      .execute();
    return rows.reverse().map(toMessage);
  };

  /**
   * Writes a line and its delivery event together. To the customer as the restaurant, to the
   * restaurant as the customer (its notification account receives it), or a direct message
   * from the staff member, whose link becomes a button. A message whose recipient the messenger
   * could never reach (a restaurant without a notification account, a customer without a
   * messenger id) is written failed at once, with the reason, and no delivery is tried: the
   * chat shows it, and the text is kept.
   */
  const send = async (user: Actor, threadId: string, kind: MessageKind, text: string, url: string | null = null): Promise<OrderMessage> => {
    const order = await chatOrder(user, threadId);
    const parties = {
      TO_USER: { from_id: user.id, to_id: order.user_id, restaurant_sent: true },
      TO_RESTAURANT: { from_id: order.user_id, to_id: order.notification_user_id, restaurant_sent: false },
      ADMIN: { from_id: user.id, to_id: order.user_id, restaurant_sent: false },
    }[kind];
    const unreachable: MessageFailureReason | null =
      kind === 'TO_RESTAURANT'
        ? order.notification_user_id === null || order.notification_chat === null
          ? 'NO_NOTIFICATION_ACCOUNT'
          : null
        : order.customer_chat === null
          ? 'NO_MESSENGER_ACCOUNT'
          : null;
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('order_messages')
        .values({
          order_id: order.id,
          text,
          url: kind === 'ADMIN' ? url : null,
          status: unreachable === null ? MessageStatus.CREATED : MessageStatus.FAILED,
          failure: unreachable,
          ...parties,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Written by staff in the customer's name: not something a customer wrote, so never unread.
      if (kind === 'TO_RESTAURANT') await trx.updateTable('order_messages').set({ incoming: false }).where('id', '=', row.id).execute();
      if (unreachable === null) await enqueueEvent(trx, { type: 'order_message', payload: { messageId: row.id } });
      return row.id;
    });
    if (unreachable === null) onEvent();
    return toMessage(await selectMessages().where('m.id', '=', id).executeTakeFirstOrThrow());
  };

  return { history, send };
}
