import { sql, type Kysely, type Transaction } from 'kysely';
import { Role } from '../../../src/domain';
import type { Database } from '../../db/schema';

/**
 * Who a mailing reaches: the city's customers the messenger knows (a chat id), who have not
 * blocked the bot, active since the date when one is given. The count the screen shows and
 * the recipients fixed at the start are the same query.
 */
const audience = (db: Kysely<Database> | Transaction<Database>, cityId: number, since: Date | null) => {
  let query = db
    .selectFrom('users')
    .where('role_id', '=', Role.USER)
    .where('city_id', '=', cityId)
    .where('telegram_id', 'is not', null)
    .where('blocked', '=', false)
    .where('blocked_at', 'is', null);
  if (since) query = query.where('last_active_at', '>=', since);
  return query;
};

export async function countAudience(db: Kysely<Database>, cityId: number, since: Date | null): Promise<number> {
  const row = await audience(db, cityId, since)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Writes the mailing's recipients in one statement, inside the transaction that starts it, so
 * that the audience is fixed from then on; answers how many there are.
 */
export async function fixAudience(trx: Transaction<Database>, mailingId: number, cityId: number, since: Date | null): Promise<number> {
  const row = await trx
    .with('fixed', (qb) =>
      qb
        .insertInto('mailing_recipients')
        .columns(['mailing_id', 'user_id', 'chat_id'])
        .expression(
          audience(trx, cityId, since).select((eb) => [
            eb.val(mailingId).as('mailing_id'),
            'id',
            // Not null by the audience's own condition.
            sql<number>`telegram_id`.as('chat_id'),
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
