import { z } from 'zod';
import { OrderStatus } from './statuses';
import { atLeastOneField, integer } from './validation';

/**
 * Order timers: how long an order may wait in each stage before it is late. Each city keeps
 * its own minutes per stage (table city_order_timers, migration 023); a stage with no row takes
 * the default here, so a new city starts with these.
 *
 * The clock of an order is `orders.status_since`: when its status last changed (a trigger
 * keeps it, whoever writes the status: the API or the bot). An order is late once it has been
 * in a status longer than its stage allows; the server escalates it once per (order, status)
 * (table order_late_escalations). The browser only shows the clock.
 */
export const ORDER_TIMER_STAGES = ['new', 'confirmed', 'cooking', 'onTheWay'] as const;
export type OrderTimerStage = (typeof ORDER_TIMER_STAGES)[number];

/** Minutes per stage for a city that has not set its own. */
export const DEFAULT_ORDER_TIMER_MINUTES: Record<OrderTimerStage, number> = {
  new: 5,
  confirmed: 10,
  cooking: 40,
  onTheWay: 60,
};

/** The bounds of a stage's minutes, in the API and the form. */
export const ORDER_TIMER_MIN_MINUTES = 1;
export const ORDER_TIMER_MAX_MINUTES = 1440;

/**
 * The statuses waiting in each stage. New: placed, not yet confirmed (waiting for the
 * restaurant's confirmation). Confirmed: waiting for the kitchen to start. Cooking: cooking,
 * delayed, cooked or waiting for a courier (waiting to leave). On the way: out for delivery, the
 * courier at the restaurant or calling the customer (waiting to be delivered). Drafts, final
 * statuses and delivered orders have no clock.
 */
export const ORDER_TIMER_STAGE_STATUSES: Record<OrderTimerStage, readonly number[]> = {
  new: [OrderStatus.CREATED, OrderStatus.NOT_PAID, OrderStatus.PAID],
  confirmed: [OrderStatus.CONFIRMED],
  cooking: [OrderStatus.SERVING, OrderStatus.DELAYED, OrderStatus.COOKED, OrderStatus.WAITING_FOR_COURIER],
  onTheWay: [OrderStatus.OUT_FOR_DELIVERY, OrderStatus.IN_RESTAURANT, OrderStatus.CALL_CUSTOMER],
};

/** Who holds an order up in each stage: the restaurant's owner hears of it too when it is the restaurant. */
export const ORDER_TIMER_STAGE_HELD_BY: Record<OrderTimerStage, 'restaurant' | 'operator'> = {
  new: 'restaurant',
  confirmed: 'restaurant',
  cooking: 'restaurant',
  onTheWay: 'operator',
};

/** The stage a status waits in, or null for a status with no clock. */
export const orderTimerStageOf = (status: number): OrderTimerStage | null =>
  ORDER_TIMER_STAGES.find((stage) => ORDER_TIMER_STAGE_STATUSES[stage].includes(status)) ?? null;

/** The share of its minutes after which a clock turns amber. */
export const ORDER_TIMER_WARNING_SHARE = 0.8;

export type OrderTimerState = 'ok' | 'warning' | 'late';

/** The colour of a clock that has run `elapsedMs` of a stage allowed `minutes`. */
export const orderTimerState = (elapsedMs: number, minutes: number): OrderTimerState => {
  const allowedMs = minutes * 60_000;
  if (elapsedMs >= allowedMs) return 'late';
  return elapsedMs >= allowedMs * ORDER_TIMER_WARNING_SHARE ? 'warning' : 'ok';
};

/** The stage, the minutes it allows and who holds the order up there, for an order's status; null when it has no clock. */
export const orderTimerOf = (
  status: number,
  minutes: Partial<Record<OrderTimerStage, number>> = {},
): { stage: OrderTimerStage; minutes: number; heldBy: 'restaurant' | 'operator' } | null => {
  const stage = orderTimerStageOf(status);
  if (stage === null) return null;
  return { stage, minutes: minutes[stage] ?? DEFAULT_ORDER_TIMER_MINUTES[stage], heldBy: ORDER_TIMER_STAGE_HELD_BY[stage] };
};

/** A city's timer settings: GET reads them, PUT writes them. */
export const ORDER_TIMERS_PATH = '/cities/:cityId/orderTimers';
/** How many orders of the user's scope are late now (the Orders menu entry's count). */
export const ORDER_LATE_COUNT_PATH = '/orders/lateCount';

const stageMinutes = integer({ min: ORDER_TIMER_MIN_MINUTES, max: ORDER_TIMER_MAX_MINUTES });

/**
 * A city's own minutes per stage, as the form edits them and PUT takes them: a number, or null
 * for the default (the city then follows the product's default). A stage left out keeps what
 * the city has.
 */
export const cityOrderTimersSchema = z
  .strictObject({
    new: stageMinutes.nullable().optional(),
    confirmed: stageMinutes.nullable().optional(),
    cooking: stageMinutes.nullable().optional(),
    onTheWay: stageMinutes.nullable().optional(),
  })
  .refine(atLeastOneField, { error: 'validation.nothingToChange' });
export type CityOrderTimersInput = z.output<typeof cityOrderTimersSchema>;

const stageRecord = <T extends z.ZodType>(value: T) => z.object({ new: value, confirmed: value, cooking: value, onTheWay: value });

/** A city's timers: its own minutes per stage (null: the default) and the minutes that apply. */
export const cityOrderTimersRecord = z.object({
  cityId: z.number().int(),
  custom: stageRecord(z.number().int().nullable()),
  minutes: stageRecord(z.number().int()),
  defaults: stageRecord(z.number().int()),
});
export type CityOrderTimers = z.infer<typeof cityOrderTimersRecord>;

export const orderLateCountRecord = z.object({ total: z.number().int() });
