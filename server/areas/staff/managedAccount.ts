import type { Kysely } from 'kysely';
import { apiErrorMessage, mayAssignRole, mayManageAccount, worksInCity } from '../../../src/domain';
import type { Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { apiError, notFound } from '../../errors';
import { selectStaffAccounts, type StaffRow } from './staffRows';

/** A 403 for a role the actor may not give; on the role field when it is the one asked for. */
const staffRoleRefused = (onField: boolean) =>
  apiError(
    403,
    'STAFF_ROLE_REFUSED',
    undefined,
    onField ? [{ field: 'roleId', message: apiErrorMessage('STAFF_ROLE_REFUSED') }] : undefined,
  );

/** Refuses a role the actor may not assign (spec section 6). */
export function assertMayAssign(actor: Actor, roleId: number): void {
  if (!mayAssignRole(actor.roleId, roleId)) throw staffRoleRefused(true);
}

/**
 * The account, when the actor may manage it: one of another city (or an admin, for anyone but
 * admins) is unknown to them (404); one of their city whose role they may not assign is a 403.
 */
export async function loadManagedAccount(db: Kysely<Database>, actor: Actor, id: number): Promise<StaffRow> {
  const row = await selectStaffAccounts(db).where('users.id', '=', id).executeTakeFirst();
  if (!row || !worksInCity(actor, row.city_id)) throw notFound('STAFF_NOT_FOUND');
  if (!mayManageAccount(actor, { roleId: row.role_id, cityId: row.city_id })) throw staffRoleRefused(false);
  return row;
}
