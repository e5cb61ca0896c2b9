import type { Kysely } from 'kysely';
import { z } from 'zod';
import { orderLateOf, type OrderTimelineEntry, type TimelinePerson } from '../../../src/domain';
import { assertInScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';

/** The newest messages a timeline shows, as many as the chat's longest history. */
const TIMELINE_MESSAGES = 1000;

const statusMove = z.tuple([z.number().int().nullable(), z.number().int()]);
const courierChange = z.tuple([z.number().int().nullable(), z.number().int().nullable()]);

const personName = (name: string | null, username: string | null, id: number) => name || username || `#${id}`;

/**
 * An order's timeline, oldest first: its creation, each status move and courier
 * change, and each time it ran late, from the audit trail with who made it (nobody named: the customer through the bot, or
 * the system), and its chat's messages. The order is read in the user's scope, like the order
 * itself: outside it, the order is unknown.
 */
export function orderTimeline(db: Kysely<Database>) {
  return async (user: Actor, orderId: number): Promise<OrderTimelineEntry[]> => {
    const order = await db
      .selectFrom('orders as o')
      .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
      .leftJoin('users as c', 'c.id', 'o.user_id')
      .select(['o.id', 'o.city_id', 'o.restaurant_id', 'o.created_at', 'o.user_id', 'c.name', 'c.username', 'r.name as restaurant_name'])
      .where('o.id', '=', orderId)
      .executeTakeFirst();
    if (!order) throw notFound('ORDER_NOT_FOUND');
    assertInScope(user, { cityId: order.city_id, restaurantId: order.restaurant_id }, notFound('ORDER_NOT_FOUND'));

    const changes = await db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select(['a.at', 'a.action', 'a.actor_id', 'a.changes', 'u.name', 'u.username'])
      .where('a.entity', '=', 'orders')
      .where('a.entity_id', '=', String(orderId))
      .orderBy('a.at')
      .orderBy('a.id')
      .execute();
    const messages = await db
      .selectFrom('order_messages as m')
      .leftJoin('users as f', 'f.id', 'm.from_id')
      .select(['m.id', 'm.from_id', 'm.text', 'm.restaurant_sent', 'm.created_at', 'f.name', 'f.username'])
      .where('m.order_id', '=', orderId)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(TIMELINE_MESSAGES)
      .execute();

    const couriers = new Set<number>();
    for (const change of changes) {
      const moved = courierChange.safeParse(change.changes.courier_id);
      if (moved.success) for (const id of moved.data) if (id !== null) couriers.add(id);
    }
    const courierRows = couriers.size
      ? await db
          .selectFrom('users')
          .select(['id', 'name', 'username'])
          .where('id', 'in', [...couriers])
          .execute()
      : [];
    const courierOf = (id: number | null): TimelinePerson | null => {
      if (id === null) return null;
      const row = courierRows.find((c) => c.id === id);
      return { id, name: row ? personName(row.name, row.username, id) : `#${id}` };
    };

    const entries: OrderTimelineEntry[] = [];
    const created = changes.find((change) => change.action === 'insert' && change.actor_id !== null);
    entries.push({
      kind: 'created',
      at: order.created_at.toISOString(),
      actor:
        created && created.actor_id !== null
          ? { id: created.actor_id, name: personName(created.name, created.username, created.actor_id) }
          : { id: order.user_id, name: personName(order.name, order.username, order.user_id) },
    });
    for (const change of changes) {
      if (change.action !== 'update') continue;
      const at = new Date(change.at).toISOString();
      const actor =
        change.actor_id === null ? null : { id: change.actor_id, name: personName(change.name, change.username, change.actor_id) };
      const late = orderLateOf(change.changes);
      if (late) entries.push({ kind: 'late', at, status: late.status, minutes: late.minutes, heldBy: late.heldBy });
      const status = statusMove.safeParse(change.changes.status);
      if (status.success) entries.push({ kind: 'status', at, actor, from: status.data[0], to: status.data[1] });
      const courier = courierChange.safeParse(change.changes.courier_id);
      if (courier.success) entries.push({ kind: 'courier', at, actor, from: courierOf(courier.data[0]), to: courierOf(courier.data[1]) });
    }
    for (const message of messages.reverse()) {
      const from = message.from_id;
      entries.push({
        kind: 'message',
        at: message.created_at.toISOString(),
        // The restaurant speaks as itself, as in the chat's history.
        actor:
          from === null
            ? null
            : { id: from, name: message.restaurant_sent ? order.restaurant_name : personName(message.name, message.username, from) },
        text: message.text,
        toRestaurant: !message.restaurant_sent && from === order.user_id,
      });
    }
    // Oldest first; at one instant, in the order written above (creation, changes, messages).
    return entries
      .map((entry, index) => ({ entry, index, time: Date.parse(entry.at) }))
      .sort((a, b) => a.time - b.time || a.index - b.index)
      .map(({ entry }) => entry);
  };
}
