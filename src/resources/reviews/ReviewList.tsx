import { Loading } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useCityListProps } from '../common/CityInputs';
import { useSession } from '../common/useSession';
import { restaurantReviewsPath } from '../restaurants/paths';
import { useReviewFilters } from './reviewFilters';
import { ReviewListView } from './ReviewListView';

/**
 * /reviews: the reviews of the user's city; an admin picks the city (the first one to start
 * with). Owners have no city list: theirs is their restaurant's.
 */
export const ReviewList = () => {
  const { can, restaurantId, isPending } = useSession();
  const city = useCityListProps();
  const filters = useReviewFilters({ restaurantPicker: true });
  if (isPending || !city.ready) return <Loading />;
  if (!can('cityReviews', 'list')) {
    return restaurantId === null ? null : <Navigate to={restaurantReviewsPath(restaurantId)} replace />;
  }
  return (
    <ReviewListView
      storeKey="reviews.city"
      filters={[...(city.filters ?? []), ...filters]}
      filter={city.filter}
      filterDefaultValues={city.filterDefaultValues}
    />
  );
};
