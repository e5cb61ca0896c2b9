import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { validate, type Schema, type SessionUser, type ValidateOptions } from '../../src/domain';
import { assertInScope, userScope } from '../auth/authorize';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../errors';

/** What every area's routes are given by app.ts. */
export interface RouteDeps {
  db: Kysely<Database>;
  now: () => Date;
}

/** A positive integer from a path or query parameter, else 400. */
export function idParam(request: FastifyRequest, name = 'id'): number {
  const params = { ...(request.params as Record<string, unknown>), ...(request.query as Record<string, unknown>) };
  const raw = params[name];
  const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value <= 0) {
    throw badRequest(`${name} must be a positive whole number`, [{ field: name, message: 'must be a positive whole number' }]);
  }
  return value;
}

/** The JSON body as an object, else 400. */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Checks a body against the form's shared schema; any problem is a 400 with field details. */
export function validBody(request: FastifyRequest, schema: Schema, options: ValidateOptions = {}): Record<string, unknown> {
  const body = bodyObject(request);
  const errors = validate(schema, body, { strict: true, ...options });
  if (errors.length) {
    throw badRequest(
      errors.map((e) => `${e.field}: ${e.message}`).join('; '),
      errors.map(({ field, message }) => ({ field, message })),
    );
  }
  return body;
}

/** The city the user works in, when it is theirs to see; else 404. */
export async function cityInScope(db: Kysely<Database>, user: SessionUser, cityId: number): Promise<void> {
  const city = await db.selectFrom('cities').select('id').where('id', '=', cityId).executeTakeFirst();
  if (!city) throw notFound('City not found');
  assertInScope(user, { cityId: city.id });
}

/** For lists: the city a user is confined to, or null when they see every city. */
export function confinedCity(user: SessionUser): number | null {
  const scope = userScope(user);
  return scope.kind === 'city' ? scope.cityId : scope.kind === 'all' ? null : (user.cityId ?? -1);
}
