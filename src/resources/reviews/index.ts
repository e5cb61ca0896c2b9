import RateReviewIcon from '@mui/icons-material/RateReview';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { RESTAURANT_REVIEWS_ROUTE } from './paths';

export default {
  name: 'reviews',
  icon: RateReviewIcon,
  // /reviews: the user's city (an admin picks one); /restaurant/{id}/reviews: one restaurant's.
  list: screen(() => import('./ReviewList'), 'ReviewList'),
  routes: [
    {
      path: RESTAURANT_REVIEWS_ROUTE,
      screen: screen(() => import('./RestaurantReviewList'), 'RestaurantReviewList'),
      action: 'list',
      place: { restaurant: 'id' },
    },
  ],
  menu: [
    { id: 'reviews', path: () => '/reviews', places: { [Role.ADMIN]: 50, [Role.CITY_ADMIN]: 20, [Role.OPERATOR]: 20 } },
    { id: 'ownReviews', path: (u) => `/restaurant/${u.restaurantId ?? ''}/reviews`, places: { [Role.RESTAURANT_OWNER]: 40 } },
  ],
  data: { reviews: async () => (await import('./data')).reviews },
} satisfies ResourceManifest;
