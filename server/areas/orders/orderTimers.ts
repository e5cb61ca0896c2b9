import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  DEFAULT_ORDER_TIMER_MINUTES,
  ORDER_TIMER_STAGES,
  type CityOrderTimers,
  type CityOrderTimersInput,
  type OrderTimerStage,
} from '../../../src/domain';
import { inUserScope, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { isLate } from './orderTimerSql';

const isStage = (stage: string): stage is OrderTimerStage => ORDER_TIMER_STAGES.some((s) => s === stage);

/**
 * The repository of order timers: a city's minutes per stage (a stage with no row takes the
 * default) and the count of late orders in a user's scope.
 */
export function orderTimerRepository(db: Kysely<Database>) {
  const read = async (cityId: number): Promise<CityOrderTimers> => {
    const rows = await db.selectFrom('city_order_timers').select(['stage', 'minutes']).where('city_id', '=', cityId).execute();
    const custom: CityOrderTimers['custom'] = { new: null, confirmed: null, cooking: null, onTheWay: null };
    for (const row of rows) if (isStage(row.stage)) custom[row.stage] = row.minutes;
    const minutes = { ...DEFAULT_ORDER_TIMER_MINUTES };
    for (const stage of ORDER_TIMER_STAGES) minutes[stage] = custom[stage] ?? DEFAULT_ORDER_TIMER_MINUTES[stage];
    return { cityId, custom, minutes, defaults: { ...DEFAULT_ORDER_TIMER_MINUTES } };
  };

  /** Writes the stages given: a number is the city's own, null goes back to the default; the others stay. */
  const write = async (cityId: number, input: CityOrderTimersInput): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      for (const stage of ORDER_TIMER_STAGES) {
        const minutes = input[stage];
        if (minutes === undefined) continue;
        if (minutes === null) {
          await trx.deleteFrom('city_order_timers').where('city_id', '=', cityId).where('stage', '=', stage).execute();
          continue;
        }
        // The same value again is no change: the audit trail records none.
        await trx
          .insertInto('city_order_timers')
          .values({ city_id: cityId, stage, minutes })
          .onConflict((oc) =>
            oc
              .columns(['city_id', 'stage'])
              .doUpdateSet({ minutes })
              .where(sql<boolean>`city_order_timers.minutes IS DISTINCT FROM excluded.minutes`),
          )
          .execute();
      }
    });
  };

  /** How many orders of the user's scope are late at `now`: found on the open orders' index. */
  const lateCount = async (user: Actor, now: Date): Promise<number> => {
    const row = await db
      .selectFrom('orders as o')
      .select(sql<number>`count(*)::int`.as('total'))
      .where((eb) => isLate({ city: eb.ref('o.city_id'), status: eb.ref('o.status'), statusSince: eb.ref('o.status_since') }, now))
      .where((eb) => inUserScope(eb, user, { city: eb.ref('o.city_id'), restaurant: eb.ref('o.restaurant_id') }))
      .executeTakeFirstOrThrow();
    return row.total;
  };

  return { read, write, lateCount };
}
