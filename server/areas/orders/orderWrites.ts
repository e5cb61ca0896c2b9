import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { can, Role, type OrderUpdate } from '../../../src/domain';
import { inUserScope, type Actor } from '../../auth/scope';
import { differsFrom } from '../../db/differsFrom';
import type { Database } from '../../db/schema';
import { apiError, forbidden, notFound } from '../../errors';

export interface OrderUpdateResult {
  id: number;
  status: number;
  courierId: number | null;
}

/** Where a debug move is written down: who moved which order from what to what. */
export type DebugLog = (entry: { orderId: number; userId: number; from: number; to: number }) => void;

/**
 * Status moves and courier changes (spec section 4): forward only and never out of a final
 * status, unless an admin asks for debug mode. The rule is checked by the UPDATE itself, so two
 * staff moving one order at once can never move it backwards: the second finds the row already
 * past its target and changes nothing.
 */
export function orderWriter(db: Kysely<Database>) {
  const scoped = (user: Actor) => (eb: ExpressionBuilder<Database, 'orders'>) =>
    inUserScope(eb, user, { city: eb.ref('orders.city_id'), restaurant: eb.ref('orders.restaurant_id') });

  const current = (user: Actor, id: number) =>
    db.selectFrom('orders').select(['id', 'status', 'city_id', 'courier_id']).where('id', '=', id).where(scoped(user)).executeTakeFirst();

  /** A courier the order's city may use: a user of the courier role in that city (or of none). */
  const assertCourier = async (courierId: number, cityId: number) => {
    const courier = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', courierId)
      .where('role_id', '=', Role.COURIER)
      .where((eb) => eb.or([eb('city_id', '=', cityId), eb('city_id', 'is', null)]))
      .executeTakeFirst();
    if (!courier) throw apiError(400, 'COURIER_NOT_FOUND', { id: courierId }, [{ field: 'courierId', message: 'no such courier' }]);
  };

  const update = async (user: Actor, id: number, change: OrderUpdate, logDebug: DebugLog): Promise<OrderUpdateResult> => {
    if (change.status !== undefined && !can(user.roleId, 'orderStatus', 'edit')) throw forbidden();
    if (change.courierId !== undefined && !can(user.roleId, 'orderCourier', 'edit')) throw forbidden();
    const debug = change.debug === true;
    if (debug && !can(user.roleId, 'orderDebug', 'edit')) throw apiError(403, 'ORDER_DEBUG_ADMIN_ONLY');

    const before = await current(user, id);
    if (!before) throw notFound('ORDER_NOT_FOUND');
    if (change.courierId != null) await assertCourier(change.courierId, before.city_id);

    let query = db
      .updateTable('orders')
      .set({ updated_at: sql`now()` })
      .where('id', '=', id)
      .where(scoped(user));
    if (change.courierId !== undefined) query = query.set({ courier_id: change.courierId });
    const next = change.status;
    if (next !== undefined) {
      query = query.set({ status: next });
      // Forward only, never out of a final status: decided by the row as it is now, not as read above.
      // Staying where it is lets a courier change through with the status it already has.
      if (!debug) query = query.where('status', '>=', 0).where('status', '<=', next);
    }
    // Only a row that differs is written: a save of what is stored moves no time and wakes no live event.
    query = query.where(differsFrom({ status: next, courier_id: change.courierId }));
    const row = await query.returning(['id', 'status', 'courier_id']).executeTakeFirst();
    if (!row) {
      const now = await current(user, id);
      if (!now) throw notFound('ORDER_NOT_FOUND');
      // Asking for what the order already is (a second click, two staff agreeing) changes nothing and is no error.
      const same = (next === undefined || next === now.status) && (change.courierId === undefined || change.courierId === now.courier_id);
      if (same) return { id: now.id, status: now.status, courierId: now.courier_id };
      throw apiError(409, 'ORDER_STATUS_MOVE_REFUSED', { current: now.status, next: next ?? now.status });
    }
    if (debug && next !== undefined) logDebug({ orderId: id, userId: user.id, from: before.status, to: next });
    return { id: row.id, status: row.status, courierId: row.courier_id };
  };

  /**
   * Clears (or replaces) a customer's saved address. Staff reach the customers who ordered in
   * their city; admins every customer.
   */
  const setCustomerAddress = async (user: Actor, customerId: number, address: string | null) => {
    if (!can(user.roleId, 'customerAddress', 'edit')) throw forbidden();
    const reachable = await db
      .selectFrom('users')
      .select('users.id')
      .where('users.id', '=', customerId)
      .where('users.role_id', '=', Role.USER)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('orders').select('orders.id').whereRef('orders.user_id', '=', 'users.id').where(scoped(user))),
          inUserScope(eb, user, { city: eb.ref('users.city_id') }),
        ]),
      )
      .executeTakeFirst();
    if (!reachable) throw notFound('CUSTOMER_NOT_FOUND');
    const value = address === '' ? null : address;
    await db
      .updateTable('users')
      .set({ address: value, ...(value === null ? { additional_address: null } : {}) })
      .where('id', '=', customerId)
      .execute();
    return { id: customerId, address: value };
  };

  /** The staff of a role the user may pick (couriers): an admin's of every city or of one, the others' of their city. */
  const staffOfRole = async (user: Actor, roleId: number, cityId: number | null) => {
    if (!can(user.roleId, roleId === Role.COURIER ? 'couriers' : 'admins', 'list')) throw forbidden();
    let query = db
      .selectFrom('users')
      .select(['id', 'username', 'role_id', 'name', 'telegram_username'])
      .where('role_id', '=', roleId)
      .where((eb) => inUserScope(eb, user, { city: eb.ref('users.city_id') }))
      .orderBy('name')
      .orderBy('username')
      .orderBy('id');
    if (cityId !== null) query = query.where('city_id', '=', cityId);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      roleId: r.role_id,
      name: r.name || r.username || '',
      telegramUsername: r.telegram_username,
    }));
  };

  return { update, setCustomerAddress, staffOfRole };
}
