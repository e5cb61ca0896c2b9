import RateReviewIcon from '@mui/icons-material/RateReview';
import { screen, type ResourceManifest } from '../common/manifest';
import { reviewsMessages } from './messages';
import { RESTAURANT_REVIEWS_ROUTE } from './paths';

export default {
  name: 'reviews',
  icon: RateReviewIcon,
  // /reviews: the user's city (an admin picks one); /restaurant/{id}/reviews: one restaurant's.
  list: screen(() => import('./ReviewList'), 'ReviewList'),
  routes: [{ path: RESTAURANT_REVIEWS_ROUTE, screen: screen(() => import('./RestaurantReviewList'), 'RestaurantReviewList') }],
  menu: ['reviews', 'ownReviews'],
  messages: reviewsMessages,
  data: { reviews: async () => (await import('./data')).reviews },
} satisfies ResourceManifest;
