import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  COUNTED_ORDER_STATUS,
  pauseAsOf,
  RECENT_ORDERS_DAYS,
  restaurantDeepLink,
  restaurantRecord,
  WEEK_DAYS,
  type Restaurant,
} from '../../../src/domain';
import { assertInScope, inUserScope, type Actor } from '../../auth/scope';
import { paginate, pageQuery } from '../../db/paginate';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';

const enabledQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? null : v === 'true'))
  .describe('true: only enabled restaurants; false: only disabled ones; absent: all');
export const listQuery = pageQuery([
  'id',
  'name',
  'name_ru',
  'position',
  'enabled',
  'recentOrdersCount',
  'minOrderSum',
  'deliveryTime',
]).extend({
  enabled: enabledQuery,
});
const SORT_COLUMNS = {
  id: 'restaurants.id',
  name: 'restaurants.name',
  name_ru: 'restaurants.name_ru',
  position: 'restaurants.position',
  enabled: 'restaurants.enabled',
  recentOrdersCount: 'recent_orders_count',
  minOrderSum: 'restaurants.min_order_sum',
  deliveryTime: 'restaurants.delivery_time',
} as const;
export const restaurantList = z.array(restaurantRecord);

/**
 * Reading restaurants as the API answers them: one query for the rows (with the recent-orders
 * count), one each for their days, cuisines and district prices, whatever the page size. A
 * deleted restaurant is only marked deleted (its orders keep it); every read leaves it out.
 */
export function restaurantReader(db: Kysely<Database>, now: () => Date) {
  const since = () => new Date(now().getTime() - RECENT_ORDERS_DAYS * 24 * 3600 * 1000);

  const selectRestaurants = () =>
    db
      .selectFrom('restaurants')
      .innerJoin('cities', 'cities.id', 'restaurants.city_id')
      .leftJoin('users as notify', 'notify.id', 'restaurants.notification_user_id')
      .where('restaurants.deleted_at', 'is', null)
      .selectAll('restaurants')
      .select([
        'cities.name as city_name',
        'cities.name_ru as city_name_ru',
        'cities.chatname as city_chatname',
        'cities.currency as city_currency',
        'notify.telegram_id as notify_telegram_id',
        'notify.telegram_username as notify_username',
        'notify.name as notify_name',
        // Orders of the last 30 days at CONFIRMED or above, counted by the database.
        sql<number>`(select count(*)::int from orders where orders.restaurant_id = restaurants.id
          and orders.status >= ${COUNTED_ORDER_STATUS} and orders.created_at >= ${since()})`.as('recent_orders_count'),
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof selectRestaurants>['execute']>>[number];

  /** The records of these rows, with their days, cuisines and district prices. */
  const toRecords = async (rows: Row[]): Promise<Restaurant[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [days, cuisines, districts] = await Promise.all([
      db.selectFrom('restaurant_working_days').selectAll().where('restaurant_id', 'in', ids).orderBy('value').execute(),
      db.selectFrom('restaurant_cuisines').selectAll().where('restaurant_id', 'in', ids).orderBy('cuisine_id').execute(),
      db
        .selectFrom('district_restaurants')
        .innerJoin('districts', 'districts.id', 'district_restaurants.district_id')
        .select([
          'district_restaurants.restaurant_id',
          'district_restaurants.district_id',
          'district_restaurants.enabled',
          'district_restaurants.price',
          'districts.name',
          'districts.name_ru',
        ])
        .where('district_restaurants.restaurant_id', 'in', ids)
        .orderBy('districts.name')
        .execute(),
    ]);
    return rows.map((row) => {
      const stored = new Map(days.filter((d) => d.restaurant_id === row.id).map((d) => [d.value, d]));
      const cuisineIds = cuisines.filter((c) => c.restaurant_id === row.id).map((c) => c.cuisine_id);
      return {
        id: row.id,
        name: row.name,
        name_ru: row.name_ru,
        description: row.description,
        description_ru: row.description_ru,
        receipt_text: row.receipt_text,
        receipt_text_ru: row.receipt_text_ru,
        position: row.position,
        enabled: row.enabled,
        active: row.active,
        minOrderSum: Number(row.min_order_sum),
        deliveryPrice: Number(row.delivery_price),
        deliveryTime: row.delivery_time,
        maximumPreorderTime: row.maximum_preorder_time,
        recentOrdersCount: Number(row.recent_orders_count),
        address: row.address,
        canPickup: row.can_pickup,
        canDelivery: row.can_delivery,
        telegramFileId: row.telegram_file_id,
        schedule: row.schedule,
        link: row.link,
        districtId: row.district_id,
        cityId: row.city_id,
        city: { id: row.city_id, name: row.city_name, name_ru: row.city_name_ru, chatname: row.city_chatname, currency: row.city_currency },
        // Always the seven days, Monday to Sunday: a day never stored is closed.
        workingDays: WEEK_DAYS.map((value) => {
          const day = stored.get(value);
          return { value, enabled: day?.enabled ?? false, schedule: day?.schedule ?? '' };
        }),
        notificationUser:
          row.notification_user_id === null
            ? null
            : { telegramId: row.notify_telegram_id ?? null, username: row.notify_username ?? null, name: row.notify_name ?? '' },
        notificationAccountTelegramId: row.notify_telegram_id ?? null,
        restaurantCuisines: cuisineIds.map((cuisineId) => ({ cuisineId })),
        selectedCuisines: cuisineIds,
        districtRestaurants: districts
          .filter((d) => d.restaurant_id === row.id)
          .map((d) => ({
            restaurantId: d.restaurant_id,
            districtId: d.district_id,
            enabled: d.enabled,
            price: d.price === null ? null : Number(d.price),
            district: { name: d.name, name_ru: d.name_ru },
          })),
        publicLink: restaurantDeepLink(row.city_chatname, row.id),
        // From the stored end, not from whether the job that clears it has run yet.
        ...pauseAsOf(row.paused_at, row.paused_until, now()),
      };
    });
  };

  /** A stored restaurant the user may see, else a 404 (one outside their scope is answered as unknown). */
  const load = async (user: Actor, id: number): Promise<Restaurant> => {
    const row = await selectRestaurants().where('restaurants.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('RESTAURANT_NOT_FOUND');
    assertInScope(user, { cityId: row.city_id, restaurantId: row.id }, notFound('RESTAURANT_NOT_FOUND'));
    const [record] = await toRecords([row]);
    return record;
  };

  /** react-admin's getMany: the restaurants of these ids the user may see (an owner their own). */
  const some = async (user: Actor, ids: readonly number[]): Promise<Restaurant[]> =>
    toRecords(
      await selectRestaurants()
        .where('restaurants.id', 'in', ids)
        .where((eb) => inUserScope(eb, user, { city: eb.ref('restaurants.city_id'), restaurant: eb.ref('restaurants.id') }))
        .execute(),
    );

  const list = async (
    user: Actor,
    cityId: number | null,
    enabled: boolean | null,
    query: z.infer<typeof listQuery>,
    reply: Parameters<typeof paginate>[2],
  ) => {
    let q = selectRestaurants().where((eb) =>
      inUserScope(eb, user, { city: eb.ref('restaurants.city_id'), restaurant: eb.ref('restaurants.id') }),
    );
    if (cityId !== null) q = q.where('restaurants.city_id', '=', cityId);
    if (enabled !== null) q = q.where('restaurants.enabled', '=', enabled);
    const rows = await paginate(q, query, reply, {
      columns: SORT_COLUMNS,
      // The spec's order: busiest first, then position, then name.
      defaultOrder: (o) =>
        o
          .orderBy(sql`recent_orders_count`, 'desc')
          .orderBy('restaurants.position')
          .orderBy('restaurants.name')
          .orderBy('restaurants.id'),
    });
    return toRecords(rows);
  };

  return { load, some, list };
}
