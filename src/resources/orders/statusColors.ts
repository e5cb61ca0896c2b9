import { OrderStatus, type OrderStatusValue } from '../../domain';

/**
 * One badge colour per order status (spec section 4). White text on each of them has a
 * contrast of at least 4.5:1 (WCAG AA), which the order tests assert.
 */
export const STATUS_COLORS: Record<OrderStatusValue, string> = {
  [OrderStatus.RESTAURANT_CLOSED]: '#424242',
  [OrderStatus.CANCELED_BY_RESTAURANT]: '#b71c1c',
  [OrderStatus.CANCELED_BY_USER]: '#880e4f',
  [OrderStatus.DRAFT]: '#546e7a',
  [OrderStatus.CREATED]: '#0d47a1',
  [OrderStatus.NOT_PAID]: '#9a4a00',
  [OrderStatus.PAID]: '#00695c',
  [OrderStatus.CONFIRMED]: '#1565c0',
  [OrderStatus.SERVING]: '#6a1b9a',
  [OrderStatus.DELAYED]: '#bf360c',
  [OrderStatus.COOKED]: '#4527a0',
  [OrderStatus.WAITING_FOR_COURIER]: '#283593',
  [OrderStatus.OUT_FOR_DELIVERY]: '#01579b',
  [OrderStatus.IN_RESTAURANT]: '#33691e',
  [OrderStatus.CALL_CUSTOMER]: '#ad1457',
  [OrderStatus.DELIVERED]: '#1b5e20',
};

const BY_NUMBER = new Map<number, string>(Object.entries(STATUS_COLORS).map(([status, color]) => [Number(status), color]));

/** The badge colour of a status; a number the app does not know is grey. */
export const statusColor = (status: number): string => BY_NUMBER.get(status) ?? '#424242';
