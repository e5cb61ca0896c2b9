import StorefrontIcon from '@mui/icons-material/Storefront';
import { screen, type ResourceManifest } from '../common/manifest';
import { restaurantsMessages } from './messages';
import { RESTAURANT_CREATE_PATH, RESTAURANT_LIST_PATH } from './paths';

export default {
  name: 'restaurants',
  icon: StorefrontIcon,
  list: screen(() => import('./RestaurantList'), 'RestaurantList'),
  recordRepresentation: 'name',
  // /restaurants/{cityId?}, /restaurant (new) and /restaurant/{id}: the spec's paths (its reviews belong to the reviews resource).
  routes: [
    { path: `${RESTAURANT_LIST_PATH}/:cityId`, screen: screen(() => import('./RestaurantList'), 'RestaurantList') },
    { path: RESTAURANT_CREATE_PATH, screen: screen(() => import('./RestaurantCreate'), 'RestaurantCreate') },
    { path: `${RESTAURANT_CREATE_PATH}/:id`, screen: screen(() => import('./RestaurantEdit'), 'RestaurantEdit') },
  ],
  menu: ['restaurants', 'restaurant'],
  messages: restaurantsMessages,
  data: { restaurants: async () => (await import('./data')).restaurants },
} satisfies ResourceManifest;
