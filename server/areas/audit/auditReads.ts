import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { Role, worksInEveryCity, type AuditActor, type AuditFilter, type AuditRecord } from '../../../src/domain';
import { inUserScope, listedCity, type Actor } from '../../auth/scope';
import { paginate, type TotalHeader } from '../../db/paginate';
import type { Database } from '../../db/schema';
import { rangeBoundary } from '../../http/dayRange';
import { auditNames } from './auditNames';

/** A page of the trail unless one is asked for: it grows without end, so it never answers whole. */
const AUDIT_DEFAULT_PER_PAGE = 50;

/** The staff roles that act in the back-office (couriers and customers cannot log in to it). */
const ACTING_ROLES = [Role.ADMIN, Role.CITY_ADMIN, Role.OPERATOR, Role.RESTAURANT_OWNER];

/**
 * Reading the audit trail: a page of it for the filters, newest first, within the user's scope
 * (admins every record, city admins their city's), and the staff whose changes a user may
 * filter by.
 */
export function auditReader(db: Kysely<Database>) {
  const named = auditNames(db);
  const selectRecords = () =>
    db
      .selectFrom('audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.actor_id')
      .select([
        'a.id',
        'a.at',
        'a.action',
        'a.entity',
        'a.entity_id',
        'a.city_id',
        'a.restaurant_id',
        'a.changes',
        'a.actor_id',
        'u.username as actor_username',
        'u.name as actor_name',
      ]);
  type RecordRow = Awaited<ReturnType<ReturnType<typeof selectRecords>['execute']>>[number];

  const toRecord = (row: RecordRow): Omit<AuditRecord, 'names' | 'progress'> => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    cityId: row.city_id,
    restaurantId: row.restaurant_id,
    // A deleted account still names who acted: by its number.
    actor:
      row.actor_id === null
        ? null
        : {
            id: row.actor_id,
            username: row.actor_username,
            name: row.actor_name || row.actor_username || `#${row.actor_id}`,
          },
    changes: row.changes,
  });

  const list = async (user: Actor, filter: AuditFilter, reply: TotalHeader): Promise<AuditRecord[]> => {
    const city = listedCity(user, filter.cityId ?? null);
    if (city === 'none') {
      reply.header('x-total-count', '0');
      return [];
    }
    const query = selectRecords().where((eb) => {
      const conditions: Expression<SqlBool>[] = [inUserScope(eb, user, { city: eb.ref('a.city_id') })];
      if (city !== null) conditions.push(eb('a.city_id', '=', city));
      if (filter.actorId !== undefined) conditions.push(eb('a.actor_id', '=', filter.actorId));
      if (filter.entity !== undefined) conditions.push(eb('a.entity', '=', filter.entity));
      if (filter.entityId !== undefined) conditions.push(eb('a.entity_id', '=', filter.entityId));
      if (filter.action !== undefined) conditions.push(eb('a.action', '=', filter.action));
      const from = rangeBoundary(filter.from, false);
      const to = rangeBoundary(filter.to, true);
      if (from) conditions.push(eb('a.at', '>=', from));
      if (to) conditions.push(eb('a.at', '<', to));
      return eb.and(conditions);
    });
    const rows = await paginate(query, { ...filter, page: filter.page ?? 1, perPage: filter.perPage ?? AUDIT_DEFAULT_PER_PAGE }, reply, {
      columns: { at: 'a.at' },
      defaultOrder: (q) => q.orderBy('a.at', 'desc').orderBy('a.id', 'desc'),
    });
    return named(user, rows.map(toRecord));
  };

  /** Staff who act in the back-office: every one for admins; for a city admin their city's, and the admins. */
  const actors = async (user: Actor): Promise<AuditActor[]> => {
    const rows = await db
      .selectFrom('users as u')
      .leftJoin('restaurants as r', 'r.id', 'u.restaurant_id')
      .select(['u.id', 'u.username', 'u.name', 'u.role_id'])
      .where('u.role_id', 'in', ACTING_ROLES)
      .where((eb) =>
        worksInEveryCity(user)
          ? sql<SqlBool>`true`
          : eb.or([eb('u.role_id', '=', Role.ADMIN), eb(eb.fn.coalesce('u.city_id', 'r.city_id'), '=', user.cityId ?? -1)]),
      )
      .orderBy(sql`lower(u.username)`)
      .orderBy('u.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      name: row.name || row.username || `#${row.id}`,
      roleId: row.role_id,
    }));
  };

  return { list, actors };
}
