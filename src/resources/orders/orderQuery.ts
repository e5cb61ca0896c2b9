import { endOfDay, format, startOfDay } from 'date-fns';
import { isOrderStatusTab, orderFilterParams, type OrderFilterValues } from '../../domain';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant with the user's offset (`2026-11-23T00:00:00.000+03:00`), as the API takes it. */
const instant = (date: Date) => format(date, "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");

/**
 * A day of the filter as the user means it: from the start of their `from` day to the end of
 * their `to` day, in their own time zone (the API reads a bare day in UTC).
 */
export const localDayBoundary = (value: string, end: boolean): string => {
  const match = DAY.exec(value);
  if (!match) return value;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return instant(end ? endOfDay(day) : startOfDay(day));
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/** The list's filter values as they come back from the URL (strings, numbers, arrays). */
export const orderFilterValues = (filter: Record<string, unknown>): OrderFilterValues => {
  const rests = Array.isArray(filter.rests) ? filter.rests : filter.rests === undefined ? [] : [filter.rests];
  return {
    cityId: number(filter.cityId),
    rests: rests.map(number).filter((rest): rest is number => rest !== null),
    from: text(filter.from),
    to: text(filter.to),
    numbers: filter.numbers === true || filter.numbers === 'true',
    brief: filter.brief === true || filter.brief === 'true',
    q: text(filter.q)?.trim() || null,
    status: isOrderStatusTab(filter.status) ? filter.status : null,
    late: filter.late === true || filter.late === 'true',
  };
};

/** The query of the list, the totals and the export for one filter (the status tabs' counts leave out `status`). */
export const orderQuery = (filter: Record<string, unknown>): URLSearchParams => {
  const values = orderFilterValues(filter);
  return orderFilterParams({
    ...values,
    from: values.from ? localDayBoundary(values.from, false) : null,
    to: values.to ? localDayBoundary(values.to, true) : null,
  });
};
