import type { Kysely } from 'kysely';
import {
  calendarDay,
  dayAt,
  daysOf,
  defaultStatsRange,
  defaultTopUsersStart,
  STATS_MAX_RANGE_DAYS,
  statsRangeProblem,
  utcOffsetMinutes,
  worksInEveryCity,
  type StatsQuery,
  type TopUsersQuery,
} from '../../../src/domain';
import { assertCityExists, assertCityVisible, type Actor } from '../../auth/scope';
import type { Database } from '../../db/schema';
import { apiError, forbidden, invalidFields } from '../../errors';
import { rangeBoundary } from '../../http/dayRange';

/**
 * The city and the time range of a statistics request (spec sections 5, 6, 9). A city admin
 * works in their own city (another one is a 404, as for every list); an admin names one, a
 * 400 otherwise (the screen asks to choose a city first). A missing range is the last 7 days
 * to today; a range longer than 365 days, or running backwards, is a 400 naming the field.
 */
export interface StatsRange {
  cityId: number;
  from: Date;
  /** Exclusive. */
  to: Date;
  /** Minutes east of UTC of the zone `dateFrom` was written in: the chart's days are that zone's. */
  offsetMinutes: number;
  /** Every calendar day of the range, in that zone. */
  days: string[];
}

export async function statsCity(db: Kysely<Database>, user: Actor, asked: number | undefined): Promise<number> {
  if (asked !== undefined) {
    assertCityVisible(user, asked);
    await assertCityExists(db, asked);
    return asked;
  }
  if (worksInEveryCity(user)) throw invalidFields([{ field: 'cityId', message: 'Required', key: 'validation.required' }]);
  if (user.cityId == null) throw forbidden();
  return user.cityId;
}

const rangeError = (dateFrom: string, dateTo: string) => {
  const problem = statsRangeProblem(dateFrom, dateTo);
  if (problem === 'reversed') {
    const args = { from: calendarDay(dateFrom), to: calendarDay(dateTo) };
    return apiError(400, 'STATS_RANGE_REVERSED', args, [{ field: 'dateFrom', message: `must not come after ${args.to}` }]);
  }
  if (problem === 'tooLong') {
    return apiError(400, 'STATS_RANGE_TOO_LONG', { days: STATS_MAX_RANGE_DAYS }, [
      { field: 'dateTo', message: `must be at most ${STATS_MAX_RANGE_DAYS} days after dateFrom` },
    ]);
  }
  return null;
};

export async function statsRange(db: Kysely<Database>, user: Actor, query: StatsQuery, now: Date): Promise<StatsRange> {
  const cityId = await statsCity(db, user, query.cityId);
  const defaults = defaultStatsRange(dayAt(now, 0));
  const dateTo = query.dateTo ?? defaults.to;
  const dateFrom = query.dateFrom ?? defaultStatsRange(calendarDay(dateTo)).from;
  const refused = rangeError(dateFrom, dateTo);
  if (refused) throw refused;
  return {
    cityId,
    from: rangeBoundary(dateFrom, false) ?? now,
    to: rangeBoundary(dateTo, true) ?? now,
    offsetMinutes: utcOffsetMinutes(dateFrom),
    days: daysOf(calendarDay(dateFrom), calendarDay(dateTo)),
  };
}

/**
 * Top customers count from `startDate` (7 days back by default) to now, so its range is the
 * one of the statistics: at most 365 days, ending today in the zone the start was written in.
 */
export async function topUsersRange(
  db: Kysely<Database>,
  user: Actor,
  query: TopUsersQuery,
  now: Date,
): Promise<{ cityId: number; from: Date; to: Date }> {
  const cityId = await statsCity(db, user, query.cityId);
  const startDate = query.startDate ?? defaultTopUsersStart(dayAt(now, 0));
  const today = dayAt(now, utcOffsetMinutes(startDate));
  const refused = rangeError(startDate, today);
  if (refused?.code === 'STATS_RANGE_TOO_LONG') {
    throw apiError(400, 'STATS_RANGE_TOO_LONG', { days: STATS_MAX_RANGE_DAYS }, [
      { field: 'startDate', message: `must be at most ${STATS_MAX_RANGE_DAYS} days back` },
    ]);
  }
  // A start in the future counts nothing: an empty list, not an error.
  return { cityId, from: rangeBoundary(startDate, false) ?? now, to: now };
}

const SLOT_MS = 15 * 60 * 1000;

/**
 * A range as whole quarters of an hour (read from stats_slots) and the parts at its ends that
 * are not (read from the source table): a range the browser sends (the start and the end of
 * the user's days) is all quarters. `stepMs` takes other steps (whole UTC days for a rollup
 * by day).
 */
export function splitBySlots(
  range: { from: Date; to: Date },
  stepMs = SLOT_MS,
): {
  slots: { from: Date; to: Date } | null;
  edges: { from: Date; to: Date }[];
} {
  const from = new Date(Math.ceil(range.from.getTime() / stepMs) * stepMs);
  const to = new Date(Math.floor(range.to.getTime() / stepMs) * stepMs);
  if (from >= to) return { slots: null, edges: range.from < range.to ? [range] : [] };
  const edges: { from: Date; to: Date }[] = [];
  if (range.from < from) edges.push({ from: range.from, to: from });
  if (to < range.to) edges.push({ from: to, to: range.to });
  return { slots: { from, to }, edges };
}
