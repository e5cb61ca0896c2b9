import { format } from 'date-fns';
import { defaultStatsRange } from '../../domain';
import { localDayBoundary } from '../orders/orderQuery';

/** Today in the user's own calendar, as a date input holds it. */
export const localToday = (): string => format(new Date(), 'yyyy-MM-dd');

/** The range the screen opens with (spec section 9): the last 7 days to today. */
export const initialRange = () => defaultStatsRange(localToday());

/**
 * The query of every figure: the city, and the range from the start of the user's first day
 * to the end of their last (the API reads the days in the zone they are written in).
 */
export const statsQueryString = (cityId: number, range: { from: string; to: string }): string =>
  new URLSearchParams({
    cityId: String(cityId),
    dateFrom: localDayBoundary(range.from, false),
    dateTo: localDayBoundary(range.to, true),
  }).toString();
