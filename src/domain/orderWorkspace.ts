import { z } from 'zod';
import { OrderStatus } from './statuses';

/**
 * The order list as the staff work in it: the status tabs with their counts, the search box,
 * and the unread messages of each order's chat. The API filters and counts by these rules; the
 * screens show them.
 */

/** The status tabs of the list, in their order on screen. */
export const ORDER_STATUS_TABS = ['new', 'inProgress', 'onTheWay', 'done', 'cancelled'] as const;
export type OrderStatusTab = (typeof ORDER_STATUS_TABS)[number];

/**
 * Which statuses (spec section 4) each tab holds: every status is in exactly one. New: not yet
 * confirmed by the restaurant (a draft, a cash order just placed, awaiting or after payment).
 * In progress: confirmed, cooking, waiting for or met by the courier at the restaurant. On the
 * way: out for delivery, or the courier calling the customer at the door. Done: delivered.
 * Cancelled: by the customer, the restaurant, or closed.
 */
export const ORDER_STATUS_TAB_STATUSES: Record<OrderStatusTab, readonly number[]> = {
  new: [OrderStatus.DRAFT, OrderStatus.CREATED, OrderStatus.NOT_PAID, OrderStatus.PAID],
  inProgress: [
    OrderStatus.CONFIRMED,
    OrderStatus.SERVING,
    OrderStatus.DELAYED,
    OrderStatus.COOKED,
    OrderStatus.WAITING_FOR_COURIER,
    OrderStatus.IN_RESTAURANT,
  ],
  onTheWay: [OrderStatus.OUT_FOR_DELIVERY, OrderStatus.CALL_CUSTOMER],
  done: [OrderStatus.DELIVERED],
  cancelled: [OrderStatus.CANCELED_BY_USER, OrderStatus.CANCELED_BY_RESTAURANT, OrderStatus.RESTAURANT_CLOSED],
};

/** The tab a status belongs to (null for a number the app does not know). */
export const statusTabOf = (status: number): OrderStatusTab | null =>
  ORDER_STATUS_TABS.find((tab) => ORDER_STATUS_TAB_STATUSES[tab].includes(status)) ?? null;

export const isOrderStatusTab = (value: unknown): value is OrderStatusTab =>
  typeof value === 'string' && (ORDER_STATUS_TABS as readonly string[]).includes(value);

/** GET /orders/statusCounts: how many orders of the filtered range each tab holds, and all of them. */
export const orderStatusCountsRecord = z.object({
  all: z.number().int(),
  new: z.number().int(),
  inProgress: z.number().int(),
  onTheWay: z.number().int(),
  done: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderStatusCounts = z.infer<typeof orderStatusCountsRecord>;

/** The longest search the list takes. */
export const ORDER_SEARCH_MAX_LENGTH = 100;

/** What a search looks for, each part null when the text cannot be one. */
export interface OrderSearchTerms {
  /** The start of an order number (thread id), upper case. */
  number: string | null;
  /** The digits of a phone, matched at the start or the end of the customer's phone's digits. */
  phoneDigits: string | null;
  /** A part of the customer's name, lower case. */
  name: string | null;
}

const NUMBER_START = /^[A-Za-z0-9]{1,9}$/;
const PHONE_TEXT = /^[+\d\s().-]+$/;
/** Fewer digits than this would match half the customers. */
export const PHONE_SEARCH_MIN_DIGITS = 4;
/** A name is searched from two characters on. */
const NAME_MIN_LENGTH = 2;

/**
 * How the list reads a search: the start of an order number; a phone's digits (at least four,
 * from its start or its end) for those who may see phones only; a part of the customer's name
 * when the text holds no digit. Owners never see phones, so their search never matches one.
 */
export function orderSearchTerms(text: string, phones: boolean): OrderSearchTerms {
  const q = text.trim();
  const digits = q.replace(/\D/g, '');
  return {
    number: NUMBER_START.test(q) ? q.toUpperCase() : null,
    phoneDigits: phones && PHONE_TEXT.test(q) && digits.length >= PHONE_SEARCH_MIN_DIGITS ? digits : null,
    name: q.length >= NAME_MIN_LENGTH && !/\d/.test(q) ? q.toLowerCase() : null,
  };
}

/** The search of the list's query: trimmed, at most ORDER_SEARCH_MAX_LENGTH characters. */
export const orderSearchQuery = z.string().trim().max(ORDER_SEARCH_MAX_LENGTH, { error: 'validation.invalid' }).meta({
  description: 'An order number (its start), a customer name (any part) or a phone (its first or last digits; never for owners).',
});

export const orderStatusTabQuery = z.enum(ORDER_STATUS_TABS).meta({ description: 'One status tab of the list.' });

/**
 * Unread messages are counted over the chats of this many recent days: an old order's chat
 * nobody opened is done with, and counting it would bury today's.
 */
export const ORDER_UNREAD_DAYS = 7;

/** GET /orders/unread: the user's unread customer and restaurant messages over the orders they may see. */
export const orderUnreadRecord = z.object({ total: z.number().int() });
/** POST /orders/{threadId}/chat/read: the chat is read up to now for this user. */
export const orderChatReadRecord = z.object({ threadId: z.string(), unread: z.number().int() });
