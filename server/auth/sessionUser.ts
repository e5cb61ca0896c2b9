import { sql, type Kysely } from 'kysely';
import { isRoleId, type SessionUser } from '../../src/domain';
import type { Database } from '../db/schema';

export interface StaffRow {
  id: number;
  username: string | null;
  role_id: number;
  city_id: number | null;
  restaurant_id: number | null;
  auth_key: string;
}

/** The JSON shape of a logged-in staff member: the one mapping from its row. */
export function toSessionUser(row: StaffRow): SessionUser | null {
  if (!isRoleId(row.role_id) || row.username == null) return null;
  return {
    id: row.id,
    username: row.username,
    roleId: row.role_id,
    cityId: row.city_id,
    restaurantId: row.restaurant_id,
    authKey: row.auth_key,
  };
}

/**
 * Staff rows with what a session needs. An owner's city is the city of their restaurant, so
 * that the city's reference data (tags, districts, cuisines) is theirs to read.
 */
export const selectStaff = (db: Kysely<Database>) =>
  db
    .selectFrom('users')
    .leftJoin('restaurants', 'restaurants.id', 'users.restaurant_id')
    .select((eb) => [
      'users.id',
      'users.username',
      'users.role_id',
      eb.fn.coalesce('users.city_id', 'restaurants.city_id').as('city_id'),
      'users.restaurant_id',
      'users.auth_key',
    ]);

/**
 * The account a login names, whatever the case of its username; where two spellings exist,
 * a back-office account before a customer's, then the oldest. With the password hash and
 * session version the token needs.
 */
export const findLoginAccount = (db: Kysely<Database>, username: string) =>
  selectStaff(db)
    .select(['users.password_hash', 'users.session_version'])
    .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
    .orderBy(sql`users.role_id = 1000`)
    .orderBy('users.id')
    .executeTakeFirst();
