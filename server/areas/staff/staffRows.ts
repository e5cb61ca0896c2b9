import { sql, type Kysely } from 'kysely';
import { STAFF_ACCOUNT_ROLES, type StaffAccount } from '../../../src/domain';
import type { Database } from '../../db/schema';

/**
 * The city an account works in: an owner's is their restaurant's (so it follows the restaurant
 * when it moves), everyone else's is their own. The one expression lists and checks share.
 */
export const accountCity = sql<number | null>`coalesce(restaurants.city_id, users.city_id)`;

/** Staff accounts (never customers) with their city and restaurant, and nothing secret. */
export const selectStaffAccounts = (db: Kysely<Database>) =>
  db
    .selectFrom('users')
    .leftJoin('restaurants', 'restaurants.id', 'users.restaurant_id')
    .leftJoin('cities', (join) => join.on(sql.ref('cities.id'), '=', accountCity))
    .where('users.role_id', 'in', [...STAFF_ACCOUNT_ROLES])
    .select([
      'users.id',
      'users.username',
      'users.telegram_id',
      'users.role_id',
      'users.restaurant_id',
      accountCity.as('city_id'),
      'cities.name as city_name',
      'cities.name_ru as city_name_ru',
      'restaurants.name as restaurant_name',
      'restaurants.name_ru as restaurant_name_ru',
    ]);

export type StaffRow = Awaited<ReturnType<ReturnType<typeof selectStaffAccounts>['executeTakeFirstOrThrow']>>;

/** The JSON of an account (spec section 3, Admin user): the one mapping from its row. */
export const toStaffAccount = (row: StaffRow): StaffAccount => ({
  id: row.id,
  username: row.username ?? '',
  telegramId: row.telegram_id,
  roleId: row.role_id,
  cityId: row.city_id,
  restaurantId: row.restaurant_id,
  city: row.city_id !== null && row.city_name ? { id: row.city_id, name: row.city_name, name_ru: row.city_name_ru ?? '' } : null,
  restaurant:
    row.restaurant_id !== null && row.restaurant_name
      ? { id: row.restaurant_id, name: row.restaurant_name, name_ru: row.restaurant_name_ru ?? '' }
      : null,
});
