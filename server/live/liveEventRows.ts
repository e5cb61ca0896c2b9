import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { LIVE_EVENT_TYPES, liveEventSchema, type LiveEvent } from '../../src/domain';
import { inUserScope, type Actor } from '../auth/scope';
import type { Database } from '../db/schema';

/**
 * The `live_events` table (migration 013) and its channel: reading an event back from a row or
 * from a notification, the replay after a reconnect, the poll while LISTEN is down, and the
 * retention. The mapping from a stored event to the contract's LiveEvent lives here only.
 */

/** The channel the triggers of migration 013 announce each event on, with its content. */
export const LIVE_CHANNEL = 'live_events';

/** How long events are kept: a reconnect after a longer absence reloads its screens anyway. */
export const LIVE_RETENTION_MS = 60 * 60_000;

/**
 * Ids are taken when an event is inserted but become visible when its transaction commits, so
 * a lower id may appear after a higher one (two changes committing at once). Whoever reads
 * "what came after id N" therefore also reads what was inserted in the few seconds before N:
 * a transaction that took its id then may have committed after N was seen. The triggers' own
 * transactions (a status move, a message, a recipient of a mailing) last milliseconds; ten
 * seconds is ample. The reader may be sent an event twice; ids are unique and it drops one it
 * has seen (the hub does the same for its polls).
 */
export const COMMIT_WINDOW_SECONDS = 10;

/** What the table holds and the channel carries, in either spelling. */
const storedEvent = z.object({
  id: z.number().int().positive(),
  type: z.enum(LIVE_EVENT_TYPES),
  cityId: z.number().int().nullable(),
  restaurantId: z.number().int().nullable(),
  payload: z.record(z.string(), z.unknown()),
  at: z.union([z.date(), z.string()]),
});
type StoredEvent = z.infer<typeof storedEvent>;

/** The contract's event; null for a payload that does not fit it (never sent). */
function toLiveEvent({ id, type, cityId, restaurantId, payload, at }: StoredEvent): LiveEvent | null {
  const parsed = liveEventSchema.safeParse({ ...payload, id, type, cityId, restaurantId, at: new Date(at).toISOString() });
  return parsed.success ? parsed.data : null;
}

/** An event as announced on the channel (JSON built by the `live_event` function). */
export function parseNotification(text: string): LiveEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = storedEvent.safeParse(json);
  return parsed.success ? toLiveEvent(parsed.data) : null;
}

const selectEvents = (db: Kysely<Database>) =>
  db
    .selectFrom('live_events')
    .select(['id', 'type', 'city_id as cityId', 'restaurant_id as restaurantId', 'payload', 'created_at as at'])
    .orderBy('id');

const toEvents = (rows: unknown[]): LiveEvent[] =>
  rows.flatMap((row) => {
    const parsed = storedEvent.safeParse(row);
    const event = parsed.success ? toLiveEvent(parsed.data) : null;
    return event ? [event] : [];
  });

/**
 * What a reconnecting user missed after the event `lastId`: every later id in their scope, and
 * those inserted in the commit window before it (see COMMIT_WINDOW_SECONDS). When `lastId` is
 * no longer kept, every later id.
 */
export async function eventsAfter(db: Kysely<Database>, user: Actor, lastId: number): Promise<LiveEvent[]> {
  const rows = await selectEvents(db)
    .where((eb) =>
      eb.or([
        eb('id', '>', lastId),
        eb(
          'created_at',
          '>=',
          sql<Date>`(SELECT created_at - make_interval(secs => ${COMMIT_WINDOW_SECONDS}) FROM live_events WHERE id = ${lastId})`,
        ),
      ]),
    )
    .where((eb) => inUserScope(eb, user, { city: eb.ref('city_id'), restaurant: eb.ref('restaurant_id') }))
    .execute();
  return toEvents(rows);
}

/** How far back a first connection's `since` may reach: it covers the moment between a screen's load and its stream. */
export const SINCE_LIMIT_SECONDS = 60;

/**
 * What a user's first stream missed since `since` (when their screen loaded, by their clock):
 * the events in their scope written from then on, or from SINCE_LIMIT_SECONDS ago if that is
 * later (a wrong clock does not replay the hour).
 */
export async function eventsSince(db: Kysely<Database>, user: Actor, since: Date): Promise<LiveEvent[]> {
  const rows = await selectEvents(db)
    .where(
      'created_at',
      '>=',
      sql<Date>`greatest(${since}::timestamptz, clock_timestamp() - make_interval(secs => ${SINCE_LIMIT_SECONDS}))`,
    )
    .where((eb) => inUserScope(eb, user, { city: eb.ref('city_id'), restaurant: eb.ref('restaurant_id') }))
    .execute();
  return toEvents(rows);
}

/**
 * The poll of a process whose LISTEN is down: events above `cursor` (the highest it has seen),
 * and those of the last commit window, all above `floor` (the highest when it began). The
 * caller drops the ones it has already passed on.
 */
export async function recentEvents(db: Kysely<Database>, floor: number, cursor: number): Promise<LiveEvent[]> {
  const rows = await selectEvents(db)
    .where('id', '>', floor)
    .where((eb) =>
      eb.or([eb('id', '>', cursor), eb('created_at', '>', sql<Date>`clock_timestamp() - make_interval(secs => ${COMMIT_WINDOW_SECONDS})`)]),
    )
    .execute();
  return toEvents(rows);
}

/** The highest id so far (0 for none): where a process starts hearing. */
export async function lastLiveEventId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Removes events written before `before`. Any process may run it at any time. */
export async function pruneLiveEvents(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('live_events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
