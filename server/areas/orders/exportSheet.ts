import { orderStatusLabel, paymentMethodLabel, type Locale } from '../../../src/domain';
import { EXPORT_COLUMNS, type CellValue, type ExportLine } from './exportColumns';
import type { ExportOrderRow } from './exportRows';

/**
 * How an order fills a row of the Excel export: money as numbers in the order's currency
 * format, the time as a date in the user's zone, names in the asked language.
 */

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
  // Zones change their offset on the quarter hour at the finest, and at most once a day: a day
  // whose midnights (UTC) have the same offset has it throughout, and the others are looked up
  // by the quarter hour. So a year of orders costs a few hundred lookups, not one per order
  // (each is a formatToParts, slower than the rest of the row).
  const quarters = new Map<number, number>();
  const quarterOffset = (time: number): number => {
    const quarter = Math.floor(time / QUARTER_HOUR_MS);
    let offset = quarters.get(quarter);
    if (offset === undefined) {
      offset = offsetAt(new Date(quarter * QUARTER_HOUR_MS));
      quarters.set(quarter, offset);
    }
    return offset;
  };
  /** Each day's offset, or NaN on a day the offset changes. */
  const days = new Map<number, number>();
  return (instant) => {
    const time = instant.getTime();
    const day = Math.floor(time / DAY_MS);
    let offset = days.get(day);
    if (offset === undefined) {
      const start = offsetAt(new Date(day * DAY_MS));
      offset = start === offsetAt(new Date((day + 1) * DAY_MS)) ? start : NaN;
      days.set(day, offset);
    }
    return new Date(time + (Number.isNaN(offset) ? quarterOffset(time) : offset));
  };
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `zone` is a time zone this server knows (an IANA name such as Europe/Madrid). */
export const isKnownZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export interface LineOptions {
  locale: Locale;
  /** The wall clock of the user's zone (wallClock). */
  local: (instant: Date) => Date;
  /** The customer's phone as this reader may see it (orderRows' phoneFor). */
  phone: (phone: string | null) => string | null;
}

/** One order as a row of the sheet, its values in the order of EXPORT_COLUMNS. */
export function exportLine(row: ExportOrderRow, { locale, local, phone }: LineOptions): ExportLine {
  const name = (ru: string | null, en: string) => (locale === 'ru' && ru ? ru : en);
  const cells: Record<string, CellValue> = {
    threadId: row.thread_id,
    createdAt: local(row.created_at),
    city: name(row.city_name_ru, row.city_name),
    restaurant: name(row.restaurant_name_ru, row.restaurant_name),
    customer: row.customer_name,
    phone: phone(row.customer_phone),
    address: [row.address, row.additional_address].filter(Boolean).join(', '),
    items: row.items.map(([count, en, ru]) => `${count} x ${name(ru, en)}`).join(', '),
    sum: Number(row.sum),
    deliveryCost: Number(row.delivery_cost),
    discount: Number(row.discount),
    totalSum: Number(row.total_sum),
    status: orderStatusLabel(row.status, locale),
    paymentMethod: paymentMethodLabel(row.payment_method, locale),
    courier: row.courier_id === null ? '' : (row.courier_username ?? (row.courier_name || row.courier_login || '')),
  };
  return { values: EXPORT_COLUMNS.map((column) => cells[column.key] ?? null), currency: row.currency };
}
