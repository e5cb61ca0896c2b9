import type { Kysely } from 'kysely';
import {
  AUDIT_NAME_KINDS,
  Role,
  auditNameKey,
  auditReferences,
  auditSubject,
  type AuditName,
  type AuditNameKind,
  type AuditRecord,
} from '../../../src/domain';
import { inUserScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';

/** How much of a mailing's text names it. */
const MAILING_NAME_LENGTH = 40;

type Unnamed = Omit<AuditRecord, 'names' | 'progress'>;
interface Resolved {
  names: Map<string, AuditName>;
  progress: Map<number, { position: number; count: number }>;
}

const personName = (name: string | null, username: string | null, id: number) => name || username || `#${id}`;
const mailingName = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAILING_NAME_LENGTH ? `${line.slice(0, MAILING_NAME_LENGTH - 1)}…` : line;
};

/**
 * The names a page of the trail mentions, read in one query per kind of record (never one per
 * row), each within the user's scope: a city admin gets the names of their city's people,
 * restaurants, orders and mailings (and the admins'), never another city's; an id outside the
 * scope stays a number.
 */
export function auditNames(db: Kysely<Database>) {
  const read = async (user: Actor, kind: AuditNameKind, ids: number[], found: Resolved): Promise<void> => {
    const put = (id: number, name: string, name_ru: string | null = null) =>
      found.names.set(auditNameKey(kind, id), { name, name_ru: name_ru || null });
    switch (kind) {
      case 'users': {
        const rows = await db
          .selectFrom('users as u')
          .leftJoin('restaurants as r', 'r.id', 'u.restaurant_id')
          .select(['u.id', 'u.name', 'u.username'])
          .where('u.id', 'in', ids)
          .where((eb) =>
            eb.or([
              // Who acts in every city is named to everyone who reads the trail, as in its filter.
              eb('u.role_id', '=', Role.ADMIN),
              inUserScope(eb, user, { city: eb.fn.coalesce('u.city_id', 'r.city_id'), restaurant: eb.ref('u.restaurant_id') }),
            ]),
          )
          .execute();
        for (const row of rows) put(row.id, personName(row.name, row.username, row.id));
        return;
      }
      case 'cities': {
        const rows = await db
          .selectFrom('cities as c')
          .select(['c.id', 'c.name', 'c.name_ru'])
          .where('c.id', 'in', ids)
          .where((eb) => inUserScope(eb, user, { city: eb.ref('c.id') }))
          .execute();
        for (const row of rows) put(row.id, row.name, row.name_ru);
        return;
      }
      case 'districts': {
        const rows = await db
          .selectFrom('districts as x')
          .select(['x.id', 'x.name', 'x.name_ru'])
          .where('x.id', 'in', ids)
          .where((eb) => inUserScope(eb, user, { city: eb.ref('x.city_id') }))
          .execute();
        for (const row of rows) put(row.id, row.name, row.name_ru);
        return;
      }
      case 'cuisines': {
        const rows = await db
          .selectFrom('cuisines as x')
          .select(['x.id', 'x.name', 'x.name_ru'])
          .where('x.id', 'in', ids)
          .where((eb) => inUserScope(eb, user, { city: eb.ref('x.city_id') }))
          .execute();
        for (const row of rows) put(row.id, row.name, row.name_ru);
        return;
      }
      case 'tags': {
        const rows = await db
          .selectFrom('tags as x')
          .select(['x.id', 'x.name', 'x.name_ru'])
          .where('x.id', 'in', ids)
          .where((eb) => inUserScope(eb, user, { city: eb.ref('x.city_id') }))
          .execute();
        for (const row of rows) put(row.id, row.name, row.name_ru);
        return;
      }
      case 'restaurants': {
        const rows = await db
          .selectFrom('restaurants as r')
          .select(['r.id', 'r.name', 'r.name_ru'])
          .where('r.id', 'in', ids)
          .where((eb) => inUserScope(eb, user, { city: eb.ref('r.city_id'), restaurant: eb.ref('r.id') }))
          .execute();
        for (const row of rows) put(row.id, row.name, row.name_ru);
        return;
      }
      case 'dish_categories': {
        const rows = await db
          .selectFrom('dish_categories as c')
          .innerJoin('restaurants as r', 'r.id', 'c.restaurant_id')
          .select(['c.id', 'c.name', 'c.name_ru'])
          .where('c.id', 'in', ids)
          .where((eb) => inUserScope(eb, user, { city: eb.ref('r.city_id'), restaurant: eb.ref('r.id') }))
          .execute();
        for (const row of rows) put(row.id, row.name, row.name_ru);
        return;
      }
      case 'dishes': {
        const rows = await db
          .selectFrom('dishes as d')
          .innerJoin('dish_categories as c', 'c.id', 'd.dish_category_id')
          .innerJoin('restaurants as r', 'r.id', 'c.restaurant_id')
          .select(['d.id', 'd.name', 'd.name_ru'])
          .where('d.id', 'in', ids)
          .where((eb) => inUserScope(eb, user, { city: eb.ref('r.city_id'), restaurant: eb.ref('r.id') }))
          .execute();
        for (const row of rows) put(row.id, row.name, row.name_ru);
        return;
      }
      case 'orders': {
        // An order by the number people use for it, not its internal id.
        const rows = await db
          .selectFrom('orders as o')
          .select(['o.id', 'o.thread_id'])
          .where('o.id', 'in', ids)
          .where((eb) => inUserScope(eb, user, { city: eb.ref('o.city_id'), restaurant: eb.ref('o.restaurant_id') }))
          .execute();
        for (const row of rows) put(row.id, row.thread_id);
        return;
      }
      case 'mailings': {
        const rows = await db
          .selectFrom('mailings as m')
          .select(['m.id', 'm.text', 'm.position', 'm.count'])
          .where('m.id', 'in', ids)
          .where((eb) => inUserScope(eb, user, { city: eb.ref('m.city_id') }))
          .execute();
        for (const row of rows) {
          put(row.id, mailingName(row.text));
          found.progress.set(row.id, { position: row.position, count: row.count });
        }
        return;
      }
    }
  };

  /** The page's records with the names each one mentions, and a mailing's progress. */
  return async (user: Actor, records: Unnamed[]): Promise<AuditRecord[]> => {
    const wanted = new Map<AuditNameKind, Set<number>>();
    const referenced = records.map((record) => {
      const refs = auditReferences(record);
      for (const { kind, id } of refs) {
        const ids = wanted.get(kind) ?? new Set<number>();
        ids.add(id);
        wanted.set(kind, ids);
      }
      return refs;
    });
    const found: Resolved = { names: new Map(), progress: new Map() };
    await Promise.all(
      AUDIT_NAME_KINDS.filter((kind) => wanted.has(kind)).map((kind) => read(user, kind, [...(wanted.get(kind) ?? [])], found)),
    );
    return records.map((record, index) => {
      const names: Record<string, AuditName> = {};
      for (const { kind, id } of referenced[index]) {
        const key = auditNameKey(kind, id);
        const name = found.names.get(key);
        if (name) names[key] = name;
      }
      const subject = auditSubject(record);
      const progress = subject?.kind === 'mailings' ? (found.progress.get(subject.id) ?? null) : null;
      return { ...record, names, progress };
    });
  };
}
