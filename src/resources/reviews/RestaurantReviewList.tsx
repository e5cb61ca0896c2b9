import { useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Restaurant } from '../../domain';
import { useFormat } from '../common/useFormat';
import { useReviewFilters } from './reviewFilters';
import { ReviewListView } from './ReviewListView';

/** /restaurant/{id}/reviews: the reviews of one restaurant, titled with its name. */
export const RestaurantReviewList = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const format = useFormat();
  const filters = useReviewFilters({ restaurantPicker: false });
  const { data: restaurant } = useGetOne<Restaurant>('restaurants', { id: Number(id) }, { enabled: /^[1-9]\d{0,9}$/.test(id) });
  const title = restaurant
    ? translate('resources.reviews.restaurantTitle', { name: format.name(restaurant) })
    : translate('resources.reviews.name', { smart_count: 2 });
  return <ReviewListView key={id} storeKey={`reviews.restaurant.${id}`} title={title} filters={filters} filter={{ restaurant: id }} />;
};
