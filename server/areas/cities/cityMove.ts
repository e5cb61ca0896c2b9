import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/scope';
import { assertCityExists, assertCityWritable, cityOfNewRow } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { conflict, invalidFields } from '../../errors';

/**
 * Whether an update moves a city's row (tag, cuisine, district) to another city. The user
 * must be allowed in the new city, the city must exist, and nothing may still refer to the
 * row: a restaurant only uses rows of its own city.
 */
export async function checkCityMove(
  db: Kysely<Database>,
  user: Actor,
  existing: { city_id: number; name: string },
  cityId: number | undefined,
  what: string,
  references?: () => Promise<string>,
): Promise<boolean> {
  if (cityId === undefined || cityId === existing.city_id) return false;
  assertCityWritable(user, cityId);
  await assertCityExists(db, cityId);
  const used = references ? await references() : '';
  if (used) throw conflict('CITY_MOVE_IN_USE', { what, name: existing.name, used });
  return true;
}

/**
 * The city a new row goes to (the one named, or the user's own), else a 400 on cityId: a city
 * the user works in, and one that exists.
 */
export async function newRowCity(db: Kysely<Database>, user: Actor, named: number | undefined): Promise<number> {
  const cityId = cityOfNewRow(user, named);
  if (cityId === undefined) throw invalidFields([{ field: 'cityId', message: 'Required', key: 'validation.required' }]);
  assertCityWritable(user, cityId);
  await assertCityExists(db, cityId);
  return cityId;
}

/** The name and name_ru an update sets: trimmed, and '' for a cleared Russian name. */
export const nameChanges = (body: { name?: string; name_ru?: string | null }): { name?: string; name_ru?: string } => ({
  ...(body.name !== undefined ? { name: body.name.trim() } : {}),
  ...(body.name_ru !== undefined ? { name_ru: body.name_ru ?? '' } : {}),
});
