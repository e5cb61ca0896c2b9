import { sql, type Kysely, type Transaction } from 'kysely';
import { COUNTED_ORDER_STATUS, Role, type MailingAudience } from '../../../src/domain';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Who a mailing reaches: its city, "active since", the filters, and the moment "within N days" counts back from. */
export interface AudienceSpec {
  cityId: number;
  since: Date | null;
  filters: MailingAudience;
  /** The count's now; the sender uses the mailing's creation, so it sends to the audience that was confirmed. */
  asOf: Date;
}

const DAY_MS = 86_400_000;
const COUNTED = sql.lit(COUNTED_ORDER_STATUS);

/**
 * The customers with counted orders that the order filters ask for, or null when none is set.
 * With restaurants chosen, only their orders count (orders_counted_restaurant_idx); else the
 * city's (orders_counted_customer_idx for a number of orders, orders_counted_city_idx for a
 * recent one). One pass over the index, grouped by customer, whatever the combination.
 */
function orderedCustomers(db: Db, { cityId, filters, asOf }: AudienceSpec) {
  const { restaurantIds, minOrders, orderedWithinDays } = filters;
  if (restaurantIds.length === 0 && minOrders === null && orderedWithinDays === null) return null;
  const from = orderedWithinDays === null ? null : new Date(asOf.getTime() - orderedWithinDays * DAY_MS);
  let orders = db
    .selectFrom('orders as o')
    .select('o.user_id')
    .where('o.city_id', '=', cityId)
    .where(sql<boolean>`o.status >= ${COUNTED}`);
  if (restaurantIds.length > 0) orders = orders.where('o.restaurant_id', 'in', restaurantIds);
  if (minOrders === null) return from ? orders.where('o.created_at', '>=', from) : orders;
  // Each customer's orders, all of them, for their number; the newest for "within".
  let grouped = orders.groupBy('o.user_id').having(sql<boolean>`count(*) >= ${minOrders}`);
  if (from) grouped = grouped.having(sql<boolean>`max(o.created_at) >= ${from}`);
  return grouped;
}

/**
 * The city's customers the messenger knows (a chat id), who have not blocked the bot, active
 * since the date when one is given, narrowed by the filters. The count the screen shows, the
 * count a new mailing is made with and the recipients fixed when it starts are this one query.
 */
const audience = (db: Db, spec: AudienceSpec) => {
  const { cityId, since, filters } = spec;
  let query = db
    .selectFrom('users as u')
    .where('u.role_id', '=', Role.USER)
    .where('u.city_id', '=', cityId)
    .where('u.telegram_id', 'is not', null)
    .where('u.blocked', '=', false)
    .where('u.blocked_at', 'is', null);
  if (since) query = query.where('u.last_active_at', '>=', since);
  if (filters.languages.length > 0) query = query.where('u.language', 'in', filters.languages);
  if (filters.neverOrdered) {
    // customer_milestones has a row for each customer and city with a counted order.
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('customer_milestones as m').select('m.user_id').whereRef('m.user_id', '=', 'u.id').where('m.city_id', '=', cityId),
        ),
      ),
    );
  }
  const ordered = orderedCustomers(db, spec);
  if (ordered) query = query.where('u.id', 'in', ordered);
  return query;
};

const countQuery = (db: Kysely<Database>, spec: AudienceSpec) => audience(db, spec).select(sql<number>`count(*)::int`.as('n'));

export async function countAudience(db: Kysely<Database>, spec: AudienceSpec): Promise<number> {
  return (await countQuery(db, spec).executeTakeFirstOrThrow()).n;
}

/** The count's plan as PostgreSQL ran it (the bench prints it). */
export async function explainCount(db: Kysely<Database>, spec: AudienceSpec): Promise<string> {
  const compiled = countQuery(db, spec).compile();
  const { rows } = await db.executeQuery<Record<string, string>>({
    ...compiled,
    sql: `EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`,
  });
  return rows.map((row) => Object.values(row).join('')).join('\n');
}

/**
 * Writes the mailing's recipients in one statement, inside the transaction that starts it, so
 * that the audience is fixed from then on; answers how many there are.
 */
export async function fixAudience(trx: Transaction<Database>, mailingId: number, spec: AudienceSpec): Promise<number> {
  const row = await trx
    .with('fixed', (qb) =>
      qb
        .insertInto('mailing_recipients')
        .columns(['mailing_id', 'user_id', 'chat_id'])
        .expression(
          audience(trx, spec).select((eb) => [
            eb.val(mailingId).as('mailing_id'),
            'u.id',
            // Not null by the audience's own condition.
            sql<number>`u.telegram_id`.as('chat_id'),
          ]),
        )
        .returning('user_id'),
    )
    .selectFrom('fixed')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Customers' last activity feeds the audience ("active since"): the sender of a message was active at `at`. */
export async function markActive(db: Kysely<Database>, telegramId: number, at: Date): Promise<void> {
  await db.updateTable('users').set({ last_active_at: at }).where('telegram_id', '=', telegramId).execute();
}

/**
 * The chosen restaurants that are not the city's (or do not exist): a mailing's restaurants
 * are always those of its own city.
 */
export async function restaurantsOutsideCity(db: Kysely<Database>, cityId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', 'in', [...ids])
    .where('city_id', '=', cityId)
    .where('deleted_at', 'is', null)
    .execute();
  const inCity = new Set(found.map((row) => row.id));
  return ids.filter((id) => !inCity.has(id));
}
