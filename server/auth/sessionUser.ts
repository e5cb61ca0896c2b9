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

export const staffColumns = ['id', 'username', 'role_id', 'city_id', 'restaurant_id', 'auth_key'] as const;

export async function loadSessionUser(db: Kysely<Database>, id: number): Promise<SessionUser | null> {
  const row = await db.selectFrom('users').select(staffColumns).where('id', '=', id).executeTakeFirst();
  return row ? toSessionUser(row) : null;
}
