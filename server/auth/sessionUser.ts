import type { Kysely } from 'kysely';
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
