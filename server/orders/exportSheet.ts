import { orderStatusLabel, paymentMethodLabel, type Locale, type Order } from '../../src/domain';

/**
 * The columns of the Excel export, their headers in each language, and how an order fills a
 * row: money as numbers in the order's currency format, the time as a date in the user's zone.
 */
type Texts = Record<Locale, string>;

interface Column {
  key: string;
  header: Texts;
  width: number;
  /** Money columns take the order's currency format; the date column a date format. */
  kind?: 'money' | 'date';
}

export const EXPORT_COLUMNS: readonly Column[] = [
  { key: 'threadId', header: { en: 'Order', ru: 'Заказ', es: 'Pedido' }, width: 12 },
  { key: 'createdAt', header: { en: 'Date', ru: 'Дата', es: 'Fecha' }, width: 18, kind: 'date' },
  { key: 'city', header: { en: 'City', ru: 'Город', es: 'Ciudad' }, width: 16 },
  { key: 'restaurant', header: { en: 'Restaurant', ru: 'Ресторан', es: 'Restaurante' }, width: 24 },
  { key: 'customer', header: { en: 'Customer', ru: 'Клиент', es: 'Cliente' }, width: 22 },
  { key: 'phone', header: { en: 'Phone', ru: 'Телефон', es: 'Teléfono' }, width: 16 },
  { key: 'address', header: { en: 'Address', ru: 'Адрес', es: 'Dirección' }, width: 28 },
  { key: 'items', header: { en: 'Items', ru: 'Позиции', es: 'Productos' }, width: 40 },
  { key: 'sum', header: { en: 'Sum', ru: 'Сумма', es: 'Importe' }, width: 12, kind: 'money' },
  { key: 'deliveryCost', header: { en: 'Delivery', ru: 'Доставка', es: 'Envío' }, width: 12, kind: 'money' },
  { key: 'discount', header: { en: 'Discount', ru: 'Скидка', es: 'Descuento' }, width: 12, kind: 'money' },
  { key: 'totalSum', header: { en: 'Total', ru: 'Итого', es: 'Total' }, width: 12, kind: 'money' },
  { key: 'status', header: { en: 'Status', ru: 'Статус', es: 'Estado' }, width: 20 },
  { key: 'paymentMethod', header: { en: 'Payment', ru: 'Оплата', es: 'Pago' }, width: 12 },
  { key: 'courier', header: { en: 'Courier', ru: 'Курьер', es: 'Repartidor' }, width: 18 },
];

/** The sheet's name in each language. */
export const SHEET_NAME: Texts = { en: 'Orders', ru: 'Заказы', es: 'Pedidos' };

/** `#,##0.00 "EUR"`: a number shown with two decimals and its currency code. */
export const moneyFormat = (currency: string): string => `#,##0.00 "${currency.replace(/"/g, '')}"`;
export const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/**
 * The wall-clock time of an instant in a zone, as the Date Excel will show (Excel dates have
 * no zone: the sheet shows the time the user lives in).
 */
export function wallClock(zone: string): (instant: Date) => Date {
  if (zone === 'UTC') return (instant) => instant;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsetAt = (instant: Date): number => {
    const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
    const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
    return wall - Math.floor(instant.getTime() / 1000) * 1000;
  };
  // Zones change their offset on the quarter hour at the finest: one lookup per quarter hour, not per row.
  const offsets = new Map<number, number>();
  return (instant) => {
    const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = offsetAt(new Date(quarter * QUARTER_HOUR_MS));
      offsets.set(quarter, offset);
    }
    return new Date(instant.getTime() + offset);
  };
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** Whether `zone` is a time zone this server knows (an IANA name such as Europe/Madrid). */
export const isKnownZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export function exportRow(order: Order, locale: Locale, local: (instant: Date) => Date): Record<string, string | number | Date | null> {
  const name = (ru: string, en: string) => (locale === 'ru' && ru ? ru : en);
  return {
    threadId: order.threadId,
    createdAt: local(new Date(order.createdAt)),
    city: name(order.city.name_ru, order.city.name),
    restaurant: name(order.restaurant.name_ru, order.restaurant.name),
    customer: order.user.name,
    phone: order.user.phone,
    address: [order.address, order.additionalAddress].filter(Boolean).join(', '),
    items: order.items.map((item) => `${item.count} x ${name(item.dish.name_ru, item.dish.name)}`).join(', '),
    sum: order.sum,
    deliveryCost: order.deliveryCost,
    discount: order.discount,
    totalSum: order.totalSum,
    status: orderStatusLabel(order.status, locale),
    paymentMethod: paymentMethodLabel(order.paymentMethod, locale),
    courier: order.courierDetails ? (order.courierDetails.username ?? order.courierDetails.name) : '',
  };
}
