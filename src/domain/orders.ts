import { z } from 'zod';
import { orderSearchQuery, orderStatusTabQuery, type OrderStatusTab } from './orderWorkspace';
import { canMoveOrder, ORDER_STATUS_VALUES, OrderStatus, PaymentMethod } from './statuses';
import { messageFailureReason } from './messageFailures';
import { flag, id, optionalText, requiredText } from './validation';

/**
 * Orders (spec sections 3, 4, 7): the filters of the list, the records the API answers, and
 * the inputs of status moves, courier changes and chat messages. Both the API routes and the
 * GraphQL resolvers take and answer these shapes; the screens read the same types.
 */

/** A thread id: nine letters or digits (spec section 9). */
export const THREAD_ID_PATTERN = /^[A-Za-z0-9]{9}$/;
export const threadId = () => z.string().regex(THREAD_ID_PATTERN, { error: 'validation.threadId' });

/** How many orders a page may hold (each comes with its items and chat count). */
export const ORDERS_MAX_PER_PAGE = 200;
export const ORDERS_DEFAULT_PER_PAGE = 25;

/** A day (`2026-11-23`, the whole day in UTC) or an instant with its zone (`2026-11-23T00:00:00+03:00`). */
export const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'validation.date' });

/** Numbers arrive as text in a query: `rests=1&rests=2`, `rests=1,2` or `rests[]=1`. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter((v) => v !== ''))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/, { error: 'validation.id' })
          .transform(Number),
      )
      .max(500),
  )
  .refine((ids) => ids.every((n) => n <= 2_147_483_647), { error: 'validation.id' });

const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * The filters of the order list, its totals and its export: the same for all three, so the
 * export holds exactly what the list shows. `from` and `to` are inclusive; a day given as
 * `to` covers that whole day. `numbers` asks for the customers' phones (never for owners).
 * `q` searches (orderSearchTerms), `status` keeps one status tab and `late` the late orders.
 */
export const orderFilterShape = {
  cityId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: 'validation.id' })
    .transform(Number)
    .optional(),
  rests: idList.optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  numbers: queryFlag,
  q: orderSearchQuery.optional(),
  status: orderStatusTabQuery.optional(),
  /** Only the orders whose clock has run past their stage's minutes now (src/domain/orderTimers.ts). */
  late: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
};
export const orderFilterQuery = z.object(orderFilterShape);
export type OrderFilter = z.output<typeof orderFilterQuery>;

/** The filters as the browser holds them (the URL of the list) before they become a query. */
export interface OrderFilterValues {
  cityId?: number | null;
  rests?: number[];
  from?: string | null;
  to?: string | null;
  numbers?: boolean;
  brief?: boolean;
  q?: string | null;
  status?: OrderStatusTab | null;
  late?: boolean;
}

/** The query string of a filter, as the list, the totals and the export send it. */
export const orderFilterParams = (filter: OrderFilterValues): URLSearchParams => {
  const params = new URLSearchParams();
  if (filter.cityId) params.set('cityId', String(filter.cityId));
  for (const rest of filter.rests ?? []) params.append('rests', String(rest));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.numbers) params.set('numbers', 'true');
  if (filter.q && filter.q.trim() !== '') params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  if (filter.late) params.set('late', 'true');
  return params;
};

const money = z.number();
const isoTime = z.string();

export const orderItemRecord = z.object({
  id: z.number().int(),
  dish: z.object({
    id: z.number().int().nullable(),
    name: z.string(),
    name_ru: z.string(),
    description: z.string().nullable(),
    description_ru: z.string().nullable(),
    price: money,
  }),
  count: z.number().int(),
  sum: money,
});

/**
 * An order as the list, the detail and GraphQL answer it (spec section 3). `user.phone` is
 * null unless the numbers were asked for, and masked for owners; the payment data (receipt,
 * invoice id) are null for everyone but admins and city admins. The service fee goes to everyone
 * who sees the total, so that the bill adds up.
 */
export const orderRecord = z.object({
  id: z.number().int(),
  threadId: z.string(),
  cityId: z.number().int(),
  city: z.object({ id: z.number().int(), name: z.string(), name_ru: z.string(), currency: z.string() }),
  userId: z.number().int(),
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    username: z.string().nullable(),
    address: z.string().nullable(),
    additionalAddress: z.string().nullable(),
    contactType: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** Where this order goes (the customer's saved address may have changed since). */
  address: z.string().nullable(),
  additionalAddress: z.string().nullable(),
  restaurantId: z.number().int(),
  restaurant: z.object({
    id: z.number().int(),
    cityId: z.number().int(),
    name: z.string(),
    name_ru: z.string(),
    description: z.string(),
    description_ru: z.string(),
    address: z.string(),
  }),
  items: z.array(orderItemRecord),
  sum: money,
  deliveryCost: money,
  discount: money,
  totalSum: money,
  status: z.number().int(),
  paymentMethod: z.number().int(),
  courierId: z.number().int().nullable(),
  courierTelegramId: z.number().nullable(),
  courierDetails: z.object({ username: z.string().nullable(), name: z.string() }).nullable(),
  createdAt: isoTime,
  /** When the order entered its status: its clock (src/domain/orderTimers.ts). */
  statusSince: isoTime,
  /** The minutes its city allows the order's stage; null for a status with no clock (drafts, final, delivered). */
  timerMinutes: z.number().int().nullable(),
  paymentReceipt: z.object({ providerPaymentChargeId: z.string() }).nullable(),
  invoiceId: z.string().nullable(),
  serviceFee: money.nullable(),
  currency: z.string(),
  messagesAmount: z.number().int(),
});
export type Order = z.infer<typeof orderRecord>;

/** An order of the list: with the unread customer and restaurant messages of its chat for the reader (orderWorkspace.ts). */
export const orderListRecord = orderRecord.extend({ unreadMessages: z.number().int() });
export type OrderListItem = z.infer<typeof orderListRecord>;

/**
 * The totals of a filtered range, one line per currency (an admin's list over every city mixes
 * currencies): only orders at CONFIRMED or above count. `averageCheque` is (sum + delivery) /
 * count to two decimals, '0' when no order counts.
 */
export const orderTotalsLine = z.object({
  currency: z.string(),
  sum: money,
  delivery: money,
  count: z.number().int(),
  averageCheque: z.string(),
});
export const orderTotalsRecord = z.object({ lines: z.array(orderTotalsLine) });
export type OrderTotals = z.infer<typeof orderTotalsRecord>;
/** GET /orders sends the totals of its range in this header (JSON of orderTotalsRecord), beside X-Total-Count. */
export const ORDER_TOTALS_HEADER = 'x-order-totals';

const STATUS_NUMBERS = new Set<number>(ORDER_STATUS_VALUES);
const statusValue = z.number({ error: 'validation.status' }).refine((v) => STATUS_NUMBERS.has(v), { error: 'validation.status' });

/**
 * PUT /orders/{id} and GraphQL updateOrder: a status move, a courier change, or both.
 * `debug` (admins only, logged) allows any move.
 */
export const orderUpdateSchema = z
  .strictObject({
    status: statusValue.optional(),
    courierId: id().nullable().optional(),
    debug: flag().optional(),
  })
  .refine((v) => v.status !== undefined || v.courierId !== undefined, { error: 'validation.nothingToChange' });
export type OrderUpdate = z.infer<typeof orderUpdateSchema>;
export const orderUpdateResult = z.object({ id: z.number().int(), status: z.number().int(), courierId: z.number().int().nullable() });

/** A chat message's text (the messenger takes up to 4096 characters). */
export const MESSAGE_MAX_LENGTH = 4096;
export const orderMessageSchema = z.strictObject({ text: requiredText({ lessThan: MESSAGE_MAX_LENGTH + 1 }) });
export const URL_PATTERN = /^https?:\/\/[^\s]+$/i;
/** A direct admin message; the link, when given, becomes a button under it. */
export const adminMessageSchema = z.strictObject({
  text: requiredText({ lessThan: MESSAGE_MAX_LENGTH + 1 }),
  url: optionalText({ lessThan: 1024, pattern: { regex: URL_PATTERN, key: 'url' } }),
});

/** Who a chat message goes to, as GraphQL's sendOrderMessage names it. */
export const MESSAGE_DIRECTIONS = ['TO_USER', 'TO_RESTAURANT'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/**
 * A line of an order's chat; `status` is the message status (created 0, sent 100, delayed 200,
 * failed -1), and `failure` why a failed one can never be delivered.
 */
export const orderMessageRecord = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  fromId: z.number().int().nullable(),
  toId: z.number().int().nullable(),
  from: z.object({ name: z.string() }),
  to: z.object({ name: z.string() }),
  text: z.string(),
  url: z.string().nullable(),
  status: z.number().int(),
  failure: messageFailureReason.nullable(),
  restaurantSent: z.boolean(),
  /** Sent by staff as a direct admin message. */
  adminSent: z.boolean(),
  orderHasBeenChanged: z.boolean(),
  createdAt: isoTime,
  /** The message's order, as the chat list names it (spec section 3). */
  order: z.object({
    threadId: z.string(),
    restaurant: z.object({ id: z.number().int(), name: z.string(), name_ru: z.string() }),
  }),
});
export type OrderMessage = z.infer<typeof orderMessageRecord>;
export const ORDER_MESSAGES_DEFAULT_LIMIT = 200;

/** PUT /users/{id}/address: clears (or replaces) a customer's saved address. */
export const customerAddressSchema = z.strictObject({ address: optionalText({ lessThan: 512 }) });

/** A courier as the courier dropdown lists it (GraphQL getAdmins(role: COURIER)). */
export const courierRecord = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  roleId: z.number().int(),
  name: z.string(),
  telegramUsername: z.string().nullable(),
});
export type Courier = z.infer<typeof courierRecord>;

/**
 * Whether the option `option` of the status dropdown is offered for an order at `current`
 * (spec section 4): outside debug mode never for a final (negative) order, and only forward.
 */
export const statusOptionDisabled = (current: number, option: number, debug: boolean): boolean => !canMoveOrder(current, option, debug);

/** A phone as owners see it: every digit but the last two hidden. */
export const maskPhone = (phone: string): string => {
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => (++seen > digits - 2 ? d : '•'));
};

export const isCashless = (paymentMethod: number): boolean => paymentMethod === PaymentMethod.STRIPE;
export const isFinalStatus = (status: number): boolean => status < OrderStatus.DRAFT;

/** The messenger's link to a username, for couriers and customers. */
export const messengerLink = (username: string): string => `https://t.me/${username.replace(/^@/, '')}`;

/** A map link to an address (the restaurant block of the detail). */
export const mapLink = (address: string): string => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
