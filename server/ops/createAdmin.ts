import type { Kysely } from 'kysely';
import { check, Role, staffCreateSchema } from '../../src/domain';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import { assertAccountUnique, writeUnique } from '../areas/staff/accountUniqueness';
import { staffRepository } from '../areas/staff/repository';

/** An admin that cannot be created; its message is for the operator. */
export class CreateAdminError extends Error {}

/** The staff API's rules for a new account's username and password, nothing else. */
const adminFields = staffCreateSchema.pick({ username: true, password: true });
const adminName = staffCreateSchema.pick({ username: true });

const operatorMessage = (errors: { field: string; message: string }[]) => errors.map((e) => `${e.field}: ${e.message}`).join('; ');

/** Throws when `name` cannot be a new admin's: asked before the password, so nobody types one for nothing. */
export async function checkAdminName(db: Kysely<Database>, name: string): Promise<void> {
  const checked = check(adminName, { username: name });
  if (checked.errors) throw new CreateAdminError(operatorMessage(checked.errors));
  try {
    await assertAccountUnique(db, { username: checked.data.username });
  } catch (error) {
    if (error instanceof HttpError) throw new CreateAdminError(error.message);
    throw error;
  }
}

/**
 * Creates an admin account (the first one of a new installation, or one more) with the same
 * rules as `POST /api/users`: the username trimmed and free whatever its case, the password
 * long enough, hashed the same way.
 */
export async function createAdmin(db: Kysely<Database>, name: string, password: string): Promise<{ id: number; username: string }> {
  const checked = check(adminFields, { username: name, password });
  if (checked.errors) throw new CreateAdminError(operatorMessage(checked.errors));
  const { username } = checked.data;
  const unique = { username };
  try {
    await assertAccountUnique(db, unique);
    const passwordHash = await hashPassword(checked.data.password);
    const id = await writeUnique(db, unique, () =>
      staffRepository(db).create({ username, passwordHash, roleId: Role.ADMIN, cityId: null, restaurantId: null }),
    );
    return { id, username };
  } catch (error) {
    // The API's 409 (the name is taken) as the operator's message.
    if (error instanceof HttpError) throw new CreateAdminError(error.message);
    throw error;
  }
}
