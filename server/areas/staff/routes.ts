import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, assignableRoles, staffCreateSchema, staffRecord, staffUpdateSchema } from '../../../src/domain';
import { currentUser, requireCan } from '../../auth/authorize';
import { hashPassword } from '../../auth/password';
import { listedCity } from '../../auth/scope';
import { pageQuery } from '../../db/paginate';
import { apiError } from '../../errors';
import { idParams, idsQuery, optionalQueryId } from '../../http/params';
import { placeAccount } from './accountPlacement';
import { assertAccountUnique, writeUnique } from './accountUniqueness';
import { assertMayAssign, loadManagedAccount } from './managedAccount';
import { toStaffAccount } from './staffRows';
import { staffRepository, type StaffChanges } from './repository';
import type { RouteDeps } from '../deps';

const P = API_PATHS.staff;

/** `?roleId=30`: one of the staff roles; empty means every role. */
const roleFilter = z
  .union([z.literal(''), z.enum(['10', '20', '30', '40', '50'])], { error: 'validation.id' })
  .optional()
  .transform((value) => (value ? Number(value) : null));

const listQuery = pageQuery(['id', 'username', 'roleId', 'cityId', 'restaurantId', 'telegramId']).extend({
  roleId: roleFilter,
  cityId: optionalQueryId('city id'),
  ids: idsQuery,
});

/**
 * Staff accounts (spec section 7, Users; section 6, assignable roles). Each user manages the
 * accounts whose role they may assign, in their own city (admins: every account): city admins
 * their city's owners, operators and couriers, operators their city's couriers. Nobody grants
 * a role they may not assign, and nobody deletes themselves. A change of role, city, restaurant,
 * username or password ends the account's sessions (the trigger of migration 003).
 */
export const userRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const accounts = staffRepository(db);
  const answer = async (id: number) => toStaffAccount(await accounts.get(id));

  app.get(
    P.list,
    { schema: { querystring: listQuery, response: { 200: z.array(staffRecord) } }, preValidation: requireCan('admins', 'list') },
    async (request, reply) => {
      const actor = currentUser(request);
      const { roleId, cityId, ids } = request.query;
      const city = listedCity(actor, cityId);
      if (city === 'none') {
        reply.header('x-total-count', '0');
        return [];
      }
      const rows = await accounts.list({ roles: [...assignableRoles(actor.roleId), 0], cityId: city, roleId, ids }, request.query, reply);
      return rows.map(toStaffAccount);
    },
  );

  app.get(
    P.one,
    { schema: { params: idParams, response: { 200: staffRecord } }, preValidation: requireCan('admins', 'show') },
    async (request) => toStaffAccount(await loadManagedAccount(db, currentUser(request), request.params.id)),
  );

  app.post(
    P.create,
    { schema: { body: staffCreateSchema, response: { 201: staffRecord } }, preValidation: requireCan('admins', 'create') },
    async (request, reply) => {
      const actor = currentUser(request);
      const { username, password, telegramId, roleId, cityId, restaurantId } = request.body;
      assertMayAssign(actor, roleId);
      const placement = await placeAccount(db, actor, roleId, { cityId, restaurantId });
      const unique = { username, telegramId };
      await assertAccountUnique(db, unique);
      const passwordHash = await hashPassword(password);
      const id = await writeUnique(db, unique, () =>
        accounts.create({
          username,
          passwordHash,
          roleId,
          cityId: placement.city_id,
          restaurantId: placement.restaurant_id,
          telegramId: telegramId ?? null,
        }),
      );
      reply.status(201);
      return answer(id);
    },
  );

  app.put(
    P.one,
    { schema: { params: idParams, body: staffUpdateSchema, response: { 200: staffRecord } }, preValidation: requireCan('admins', 'edit') },
    async (request) => {
      const actor = currentUser(request);
      const existing = await loadManagedAccount(db, actor, request.params.id);
      const body = request.body;
      const roleId = body.roleId ?? existing.role_id;
      if (roleId !== existing.role_id) {
        // An admin who demoted themselves could lock everyone out of what only admins reach.
        if (existing.id === actor.id) throw apiError(403, 'STAFF_OWN_ROLE');
        assertMayAssign(actor, roleId);
      }
      const changes: StaffChanges = {};
      if (roleId !== existing.role_id || body.cityId !== undefined || body.restaurantId !== undefined) {
        // What the request does not name stays: an owner who becomes a courier works in the restaurant's city.
        const placement = await placeAccount(db, actor, roleId, {
          cityId: body.cityId ?? existing.city_id,
          restaurantId: body.restaurantId ?? existing.restaurant_id,
        });
        Object.assign(changes, { role_id: roleId }, placement);
      }
      if (body.username !== undefined) changes.username = body.username;
      if (body.telegramId !== undefined) changes.telegram_id = body.telegramId;
      if (body.password !== undefined) changes.password_hash = await hashPassword(body.password);
      const unique = { username: body.username, telegramId: body.telegramId, except: existing.id };
      await assertAccountUnique(db, unique);
      // A save of the stored values (the same role again) is answered as it is, with nothing written.
      if (Object.keys(changes).length > 0) {
        await writeUnique(db, unique, () => accounts.update(existing.id, changes));
      }
      return answer(existing.id);
    },
  );

  app.delete(
    P.one,
    { schema: { params: idParams, response: { 200: staffRecord } }, preValidation: requireCan('admins', 'delete') },
    async (request) => {
      const actor = currentUser(request);
      if (request.params.id === actor.id) throw apiError(403, 'STAFF_SELF_DELETE');
      const existing = await loadManagedAccount(db, actor, request.params.id);
      // The trigger of migration 003 ends its sessions; orders it carried keep no courier.
      await accounts.remove(existing.id);
      return toStaffAccount(existing);
    },
  );
};
