import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { validate, worksInCity, worksInEveryCity, type Schema, type SessionUser, type ValidateOptions } from '../../src/domain';
import type { Database } from '../db/schema';
import { badRequest, conflict, forbidden, invalidFields, notFound } from '../errors';
import type { MessengerGateway } from '../messenger/gateway';

/** What every area's routes are given by app.ts. */
export interface RouteDeps {
  db: Kysely<Database>;
  messenger: MessengerGateway;
  now: () => Date;
}

/** A positive integer from a path or query parameter, else 400. */
export function idParam(request: FastifyRequest, name = 'id'): number {
  const params = { ...(request.query as Record<string, unknown>), ...(request.params as Record<string, unknown>) };
  const value = toId(params[name]);
  if (value === null) {
    throw badRequest(`${name} must be a positive whole number`, [{ field: name, message: 'must be a positive whole number' }]);
  }
  return value;
}

/** The optional form of idParam: absent or empty is null, anything else must be an id. */
export function optionalIdParam(request: FastifyRequest, name: string): number | null {
  const raw = (request.query as Record<string, unknown>)[name];
  return raw === undefined || raw === '' ? null : idParam(request, name);
}

const toId = (raw: unknown): number | null => {
  const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : typeof raw === 'number' ? raw : NaN;
  return Number.isInteger(value) && value > 0 ? value : null;
};

/** The JSON body as an object, else 400. */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The body must be a JSON object');
  return body as Record<string, unknown>;
}

/**
 * Checks a body against the form's shared schema and keeps only the schema's fields; any
 * problem is a 400 with the field details, before anything is written. `partial` checks only
 * the fields sent (an update).
 */
export function validBody(
  body: Record<string, unknown>,
  schema: Schema,
  options: ValidateOptions = {},
): Record<string, unknown> {
  const errors = validate(schema, body, options);
  if (errors.length) throw invalidFields(errors);
  return Object.fromEntries(Object.keys(schema).filter((key) => key in body).map((key) => [key, body[key]]));
}

/** Reading a city's data: a city outside the user's reach is answered as unknown. */
export function assertCityVisible(user: SessionUser, cityId: number | null | undefined): void {
  if (!worksInCity(user, cityId)) throw notFound('City not found');
}

/** Writing a city's data: admins anywhere, everyone else only in their own city. */
export function assertCityWritable(user: SessionUser, cityId: number | null | undefined): void {
  if (!worksInCity(user, cityId)) throw forbidden('You can only change the data of your own city');
}

/**
 * The city a new row goes to: the one the body names, or for users who work in one city,
 * their own (which the form does not ask them for).
 */
export function withOwnCity(user: SessionUser, body: Record<string, unknown>): Record<string, unknown> {
  return body.cityId === undefined && user.cityId != null && !worksInEveryCity(user) ? { ...body, cityId: user.cityId } : body;
}

export async function cityExists(db: Kysely<Database>, cityId: number): Promise<boolean> {
  return !!(await db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst());
}

/** A 400 on the cityId field when the city does not exist (a 404 would name the wrong thing). */
export async function assertCityExists(db: Kysely<Database>, cityId: number): Promise<void> {
  if (!(await cityExists(db, cityId))) throw badRequest('cityId: no such city', [{ field: 'cityId', message: 'no such city' }]);
}

/**
 * The body of a new row that belongs to a city (tag, cuisine, district): checked against its
 * schema, in the user's own city unless they name one, a city they work in, and one that exists.
 */
export async function newCityRow(
  db: Kysely<Database>,
  request: FastifyRequest,
  user: SessionUser,
  schema: Schema,
): Promise<{ body: Record<string, unknown>; cityId: number }> {
  const body = validBody(withOwnCity(user, bodyObject(request)), schema);
  const cityId = body.cityId as number;
  assertCityWritable(user, cityId);
  await assertCityExists(db, cityId);
  return { body, cityId };
}

/** What may still refer to a row: a label for the message, and the table and column that hold its id. */
export type Reference = readonly [what: string, table: keyof Database & string, column: string];

/** "1 restaurant, 2 orders": what still refers to row `id`, in one query; '' when nothing does. */
export async function countReferences(db: Kysely<Database>, id: number, references: readonly Reference[]): Promise<string> {
  const row = (await db
    .selectNoFrom(
      references.map(([what, table, column]) =>
        sql<number>`(SELECT count(*) FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${id})`.as(what),
      ),
    )
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  return listReferences(Object.fromEntries(references.map(([what]) => [what, Number(row[what])])));
}

/** "2 restaurants, 1 district": the parts of a 409 that say what still refers to a row. */
export function listReferences(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${n === 1 ? what.replace(/ies$/, 'y').replace(/s$/, '') : what}`)
    .join(', ');
}

/**
 * Whether an update moves a city's row (tag, cuisine, district) to another city. The user
 * must be allowed in the new city, the city must exist, and nothing may still refer to the
 * row: a restaurant only uses rows of its own city.
 */
export async function checkCityMove(
  db: Kysely<Database>,
  user: SessionUser,
  existing: { city_id: number; name: string },
  cityId: unknown,
  what: string,
  references?: () => Promise<string>,
): Promise<boolean> {
  if (cityId === undefined || cityId === existing.city_id) return false;
  assertCityWritable(user, cityId as number);
  await assertCityExists(db, cityId as number);
  const used = references ? await references() : '';
  if (used) throw conflict(`${what} "${existing.name}" cannot move to another city: it is still used by ${used}.`);
  return true;
}

/** The name and name_ru an update sets: trimmed, and '' for a cleared Russian name. */
export const nameChanges = (body: Record<string, unknown>): { name?: string; name_ru?: string } => ({
  ...(body.name !== undefined ? { name: (body.name as string).trim() } : {}),
  ...(body.name_ru !== undefined ? { name_ru: (body.name_ru as string | null) ?? '' } : {}),
});

/** Tags and districts are the same shape: a name and a Russian name in a city. */
export type NamedCityTable = 'tags' | 'districts';
export const NAMED_CITY_COLUMNS = ['id', 'name', 'name_ru', 'city_id'] as const;
export interface NamedCityRow {
  id: number;
  name: string;
  name_ru: string;
  city_id: number;
}

/** The JSON of a tag or district (spec section 3): `{id, name, name_ru, cityId}`. */
export const toNamedCityRow = (row: NamedCityRow) => ({ id: row.id, name: row.name, name_ru: row.name_ru, cityId: row.city_id });

/** Loads one tag or district by id, else 404 with `notFoundMessage`. */
export const namedCityRowLoader =
  (db: Kysely<Database>, table: NamedCityTable, notFoundMessage: string) =>
  async (id: number): Promise<NamedCityRow> => {
    const row = await db.selectFrom(table).select(NAMED_CITY_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(notFoundMessage);
    return row;
  };
