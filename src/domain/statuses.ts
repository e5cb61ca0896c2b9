/** Numeric states of spec section 4. */
export const OrderStatus = {
  RESTAURANT_CLOSED: -100,
  CANCELED_BY_RESTAURANT: -20,
  CANCELED_BY_USER: -10,
  DRAFT: 0,
  CREATED: 10,
  NOT_PAID: 20,
  PAID: 25,
  CONFIRMED: 30,
  SERVING: 40,
  DELAYED: 45,
  COOKED: 50,
  WAITING_FOR_COURIER: 60,
  OUT_FOR_DELIVERY: 65,
  IN_RESTAURANT: 70,
  CALL_CUSTOMER: 80,
  DELIVERED: 100,
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUS_VALUES: readonly OrderStatusValue[] = Object.values(OrderStatus);

/** Orders at or above this status count in totals, order count and average cheque. */
export const COUNTED_ORDER_STATUS = OrderStatus.CONFIRMED;

/**
 * Whether an order may move to `next`: forward only, and never out of a final (negative)
 * status. In debug mode every move is allowed.
 */
export const canMoveOrder = (current: number, next: number, debug = false): boolean => debug || (current >= 0 && next > current);

export const PaymentMethod = { CASH: 0, STRIPE: 1 } as const;
/** A chat message's delivery: FAILED is final (the message can never reach its recipient, see messageFailures.ts). */
export const MessageStatus = { CREATED: 0, SENT: 100, DELAYED: 200, FAILED: -1 } as const;
export const MailingStatus = { CREATED: 0, PROCESSING: 50, FINISHED: 100, FAILED: -1 } as const;
export const EventStatus = { PENDING: 0, PROCESSING: 50, PROCESSED: 100, FAILED: -1 } as const;
export const AdStatus = {
  CREATED: 0,
  PUBLISHED: 10,
  FINISHED: 20,
  PUBLISH_FAILED: 30,
  UNPUBLISH_FAILED: 40,
  WAITING_FOR_IMAGE: 50,
} as const;
export const RatingState = { UNSENDED: -1, UNRATED: 0 } as const;
export const PaymentsMode = { CASH_ONLY: 0, CASHLESS_ONLY: 1, BOTH: 2 } as const;
