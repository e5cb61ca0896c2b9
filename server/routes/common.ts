import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/** Kept for the photo routes until they declare their query schema. */
export { assertCityExists, assertCityVisible, assertCityWritable } from '../auth/scope';
export type { RouteDeps } from './deps';

/** An optional positive id from the query: absent or empty is null, anything else must be an id. */
export function optionalIdParam(request: FastifyRequest, name: string): number | null {
  const query: unknown = request.query;
  const raw = typeof query === 'object' && query !== null && name in query ? Reflect.get(query, name) : undefined;
  if (raw === undefined || raw === '') return null;
  if (typeof raw === 'string' && /^[1-9]\d{0,8}$/.test(raw)) return Number(raw);
  throw badRequest(`${name} must be a positive whole number`, [{ field: name, message: 'must be a positive whole number' }]);
}
