import { API_PATHS, fillPath, REVIEW_STATES, ReviewRating, type ReviewState } from '../../domain';
import { localDayBoundary } from '../orders/orderQuery';

const P = API_PATHS.reviews;

/** How many reviews a page shows unless the user picks another size. */
export const REVIEWS_DEFAULT_PER_PAGE = 25;

const positiveId = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const isState = (value: unknown): value is ReviewState => REVIEW_STATES.some((state) => state === value);
const rating = (value: unknown): number | null => {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= ReviewRating.UNSENDED && n <= ReviewRating.MAX_LEVEL ? n : null;
};

/**
 * The list a filter reads: one restaurant's (`restaurant`, the screen /restaurant/{id}/reviews)
 * or one city's (`cityId`); null until a city is known (an admin who has not picked one yet).
 */
export const reviewListPath = (filter: Record<string, unknown>): string | null => {
  const restaurant = positiveId(filter.restaurant);
  if (restaurant !== null) return fillPath(P.restaurantList, { restaurantId: String(restaurant) });
  const cityId = positiveId(filter.cityId);
  return cityId === null ? null : fillPath(P.cityList, { cityId: String(cityId) });
};

/**
 * The query of a list for the filters of its screen: the state, the rating, a restaurant of
 * the city, and the days as the user means them (from the start of `from` to the end of `to`
 * in their own time zone).
 */
export const reviewQuery = (filter: Record<string, unknown>): URLSearchParams => {
  const query = new URLSearchParams();
  if (isState(filter.state)) query.set('state', filter.state);
  const stars = rating(filter.rating);
  if (stars !== null) query.set('rating', String(stars));
  const restaurantId = positiveId(filter.restaurantId);
  // A restaurant's own list takes no other restaurant.
  if (restaurantId !== null && positiveId(filter.restaurant) === null) query.set('restaurantId', String(restaurantId));
  const from = text(filter.from);
  const to = text(filter.to);
  if (from) query.set('from', localDayBoundary(from, false));
  if (to) query.set('to', localDayBoundary(to, true));
  return query;
};
