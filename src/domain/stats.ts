import { z } from 'zod';
import { STATS_DEFAULT_RANGE_DAYS, STATS_MAX_RANGE_DAYS, TOP_USERS_DEFAULT_DAYS } from './constants';
import { ORDER_TIMER_STAGES } from './orderTimers';
import { dayOrInstant, orderFilterShape } from './orders';
import { pagingFields } from './validation';

/**
 * Statistics and top customers (spec sections 2, 3, 5, 7, 9): the queries the API takes, the
 * figures it answers, and the rules of a range both sides apply (at most 365 days; the chart
 * labels its bars only when the range is over 7 days).
 *
 * A range is `dateFrom` to `dateTo`, both inclusive, each a day (`2026-11-23`, the whole day in
 * UTC) or an instant with its zone; the browser sends the start and the end of the user's own
 * days. The calendar days a range covers are read as written (the date part of each value), and
 * the chart counts days in the zone of `dateFrom`.
 */

/** One endpoint per figure (spec section 7), each under /stats/. */
export const STATS_FIGURES = [
  'orders',
  'newUsers',
  'executionTime',
  'activeUsers',
  'ordersAmount',
  'ordersFunnel',
  'blockedUsersAmount',
  'cartsAmount',
  'orderTimes',
] as const;
export type StatsFigure = (typeof STATS_FIGURES)[number];

/**
 * Optional in the schema because a city admin's figures are of their own city; an admin works
 * in every city and must name one (a 400 naming cityId otherwise): the contract says so.
 */
const statsCityId = orderFilterShape.cityId.meta({
  description:
    'The city of the figures. Required of admins, who work in every city (400 naming cityId without it); city admins get their own city and may name only it.',
});

export const statsQuery = z.object({
  dateFrom: dayOrInstant.optional(),
  dateTo: dayOrInstant.optional(),
  cityId: statsCityId,
});
export type StatsQuery = z.output<typeof statsQuery>;

export const TOP_USERS_MAX_PER_PAGE = 100;
export const TOP_USERS_DEFAULT_PER_PAGE = 25;

/** GET /users/top: the customers of a city by their orders since `startDate` (7 days back by default), paged. */
export const topUsersQuery = z.object({
  cityId: statsCityId,
  startDate: dayOrInstant.optional(),
  ...pagingFields(TOP_USERS_MAX_PER_PAGE),
});
export type TopUsersQuery = z.output<typeof topUsersQuery>;

const count = z.number().int();

/** The orders chart's series: at CONFIRMED or above, before it (draft to paid), cancelled or closed. */
export const ORDER_SERIES = ['confirmed', 'unconfirmed', 'canceled'] as const;
export type OrderSeries = (typeof ORDER_SERIES)[number];

/** GET /stats/orders: the series (`columns`) and one row per day of the range (`data`), days without orders included. */
export const statsOrdersRecord = z.object({
  columns: z.array(z.enum(ORDER_SERIES)),
  data: z.array(z.object({ date: z.string(), confirmed: count, unconfirmed: count, canceled: count })),
});
export type StatsOrders = z.infer<typeof statsOrdersRecord>;

/** newUsers, activeUsers, blockedUsersAmount, cartsAmount. */
export const statsCountRecord = z.object({ count });
export type StatsCount = z.infer<typeof statsCountRecord>;

/** The bot's average response time over the range, and how many responses it averages (null when none). */
export const statsExecutionTimeRecord = z.object({ averageMs: z.number().nullable(), responses: count });
export type StatsExecutionTime = z.infer<typeof statsExecutionTimeRecord>;

/** Customers by how many orders (CONFIRMED or above) they placed in the range: 1, 2, 3, 4 and more. */
export const statsOrdersAmountRecord = z.object({
  amountOfOrders: count,
  amountOfTwoOrders: count,
  amountOfThreeOrders: count,
  amountOfFourAndMoreOrders: count,
});
export type StatsOrdersAmount = z.infer<typeof statsOrdersAmountRecord>;

/** Of the customers whose n-th order was placed in the range: how many, and the median and average time from sign-up to it. */
export const funnelStepRecord = z.object({
  customers: count,
  medianSeconds: z.number().nullable(),
  averageSeconds: z.number().nullable(),
});
export const FUNNEL_STEPS = ['first', 'second', 'tenth'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
/** The order number of each step. */
export const FUNNEL_ORDER: Record<FunnelStep, number> = { first: 1, second: 2, tenth: 10 };
export const statsFunnelRecord = z.object({ first: funnelStepRecord, second: funnelStepRecord, tenth: funnelStepRecord });
export type StatsFunnel = z.infer<typeof statsFunnelRecord>;

/**
 * A median of status periods in minutes, exact to the minute: each period counts its whole
 * minutes (floored), and the median of those is a whole minute or, between two, a half.
 */
const medianMinutes = z.number().nullable().meta({
  description:
    'Median minutes of the periods, exact to the minute: each period counts its whole minutes (floored); a half when the two middle ones differ. Null when none ended in the range.',
});

/** How long the periods of one status lasted: their median in minutes (null when none ended in the range) and their number. */
export const statsStatusTimeRecord = z.object({
  status: z.number().int(),
  medianMinutes,
  periods: count,
});
export type StatsStatusTime = z.infer<typeof statsStatusTimeRecord>;

/**
 * One timer stage: the minutes the city allows in each of its statuses now, and the median of
 * every period spent in one of its statuses (the unit a timer measures), then each status's own.
 */
export const statsStageTimeRecord = z.object({
  stage: z.enum(ORDER_TIMER_STAGES),
  limitMinutes: count,
  medianMinutes,
  periods: count,
  statuses: z.array(statsStatusTimeRecord),
});
export type StatsStageTime = z.infer<typeof statsStageTimeRecord>;

/**
 * GET /stats/orderTimes: of the orders placed in the range (drafts aside: they have no clock),
 * how many went late in at least one status, and their share (null without orders); and per
 * timer stage, in ORDER_TIMER_STAGES order, the minutes orders spent in its statuses, over the
 * periods that ended in the range.
 */
export const statsOrderTimesRecord = z.object({
  orders: count,
  lateOrders: count,
  lateShare: z.number().nullable(),
  stages: z.array(statsStageTimeRecord),
});
export type StatsOrderTimes = z.infer<typeof statsOrderTimesRecord>;

/** Top user (spec section 3): `username` is the messaging username, `ordersAmount` the orders counted. */
export const topUserRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string().nullable(),
  photo: z.string().nullable(),
  ordersAmount: count,
});
export type TopUser = z.infer<typeof topUserRecord>;

const DAY_MS = 24 * 3600 * 1000;
const OFFSET = /(?:([+-])(\d{2}):(\d{2})|Z)$/i;

/** The calendar day a range value names: a day itself, or an instant's date as written in its own zone. */
export const calendarDay = (value: string): string => value.slice(0, 10);

/** Minutes east of UTC a value is written in (0 for a bare day, which is a UTC day). */
export const utcOffsetMinutes = (value: string): number => {
  if (value.length === 10) return 0;
  const match = OFFSET.exec(value);
  if (!match?.[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
};

const dayNumber = (day: string): number =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** Whole days from one calendar day to another (negative when `to` comes first). */
export const daysBetween = (from: string, to: string): number => Math.round(dayNumber(to) - dayNumber(from));

export const addDays = (day: string, days: number): string => new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/** Every calendar day from `from` to `to`, both included. */
export const daysOf = (from: string, to: string): string[] =>
  Array.from({ length: Math.max(0, daysBetween(from, to) + 1) }, (_, i) => addDays(from, i));

/** The calendar day an instant falls on `offsetMinutes` east of UTC. */
export const dayAt = (instant: Date, offsetMinutes: number): string =>
  new Date(instant.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);

/** Why a range cannot be asked: its start after its end, or more than 365 days between them. */
export const statsRangeProblem = (dateFrom: string, dateTo: string): 'reversed' | 'tooLong' | null => {
  const days = daysBetween(calendarDay(dateFrom), calendarDay(dateTo));
  if (days < 0) return 'reversed';
  return days > STATS_MAX_RANGE_DAYS ? 'tooLong' : null;
};

/** The default range (spec section 9): the last 7 days to today. */
export const defaultStatsRange = (today: string): { from: string; to: string } => ({
  from: addDays(today, -STATS_DEFAULT_RANGE_DAYS),
  to: today,
});

/** The default start of the top customers (spec section 9): 7 days back. */
export const defaultTopUsersStart = (today: string): string => addDays(today, -TOP_USERS_DEFAULT_DAYS);

/** Why a picked end of a range was moved: the range went over 365 days, or ran backwards. */
export type StatsRangeClamp = 'tooLong' | 'reversed';

/**
 * A range of days after the user picked one of its ends (spec sections 5 and 9). The end
 * picked gives way, never the other one: a start more than 365 days before the end becomes
 * the end's day 365 days back, a start after the end becomes the end's day (and the same for
 * an end picked). `clamped` says why the picked end was moved, so the screen can say so.
 */
export const clampStatsRange = (
  range: { from: string; to: string },
  changed: 'from' | 'to',
): { range: { from: string; to: string }; clamped: StatsRangeClamp | null } => {
  const days = daysBetween(range.from, range.to);
  if (days >= 0 && days <= STATS_MAX_RANGE_DAYS) return { range, clamped: null };
  const clamped: StatsRangeClamp = days < 0 ? 'reversed' : 'tooLong';
  if (changed === 'from') return { range: { from: days < 0 ? range.to : addDays(range.to, -STATS_MAX_RANGE_DAYS), to: range.to }, clamped };
  return { range: { from: range.from, to: days < 0 ? range.from : addDays(range.from, STATS_MAX_RANGE_DAYS) }, clamped };
};

/** The orders chart labels its bars only when the range is over this many days (spec section 9). */
export const DATA_LABELS_AFTER_DAYS = 7;
export const showsDataLabels = (from: string, to: string): boolean =>
  daysBetween(calendarDay(from), calendarDay(to)) > DATA_LABELS_AFTER_DAYS;
