import { sql, type Kysely } from 'kysely';
import { apiErrorMessage, Role, type ApiErrorCode, type ErrorArgs } from '../../../src/domain';
import type { Database } from '../../db/schema';
import { apiError, conflict } from '../../errors';

export interface UniqueFields {
  username?: string;
  telegramId?: number | null;
  /** The account being changed, which may keep its own values. */
  except?: number;
}

/** A 409 that names its field, with the text the browser shows there in the user's language. */
const taken = (code: ApiErrorCode, field: string, args: ErrorArgs) =>
  apiError(409, code, args, [{ field, message: apiErrorMessage(code, args), key: `errors.${code}`, args }]);

/**
 * Usernames are unique whatever their case among staff (login compares them in lower case;
 * the index of migration 001 holds the same rule) and a messenger id belongs to one user of
 * any kind (customers included). A clash is a 409 on its field.
 */
export async function assertAccountUnique(db: Kysely<Database>, { username, telegramId, except }: UniqueFields): Promise<void> {
  if (username !== undefined) {
    let query = db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', sql<string>`lower(${username})`)
      .where('role_id', '<>', Role.USER);
    if (except !== undefined) query = query.where('id', '<>', except);
    if (await query.executeTakeFirst()) {
      throw taken('USERNAME_TAKEN', 'username', { username });
    }
  }
  if (telegramId != null) {
    let query = db.selectFrom('users').select('id').where('telegram_id', '=', telegramId);
    if (except !== undefined) query = query.where('id', '<>', except);
    if (await query.executeTakeFirst()) {
      throw taken('TELEGRAM_ID_TAKEN', 'telegramId', { telegramId });
    }
  }
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * Runs a write that the checks above allowed; when another request took the same username or
 * messenger id in between, the unique indexes refuse it and the same 409 names the field.
 */
export async function writeUnique<T>(db: Kysely<Database>, fields: UniqueFields, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await assertAccountUnique(db, fields);
    throw conflict('DUPLICATE');
  }
}
