import StorefrontIcon from '@mui/icons-material/Storefront';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { RESTAURANT_CREATE_PATH, RESTAURANT_LIST_PATH, restaurantEditPath } from './paths';

export default {
  name: 'restaurants',
  icon: StorefrontIcon,
  list: screen(() => import('./RestaurantList'), 'RestaurantList'),
  recordRepresentation: 'name',
  // /restaurants/{cityId?}, /restaurant (new) and /restaurant/{id}: the spec's paths (its reviews belong to the reviews resource).
  routes: [
    {
      path: `${RESTAURANT_LIST_PATH}/:cityId`,
      screen: screen(() => import('./RestaurantList'), 'RestaurantList'),
      action: 'list',
      place: { city: 'cityId' },
    },
    { path: RESTAURANT_CREATE_PATH, screen: screen(() => import('./RestaurantCreate'), 'RestaurantCreate'), action: 'create' },
    {
      path: `${RESTAURANT_CREATE_PATH}/:id`,
      screen: screen(() => import('./RestaurantEdit'), 'RestaurantEdit'),
      action: 'show',
      place: { restaurant: 'id' },
    },
  ],
  menu: [
    {
      id: 'restaurants',
      path: (u) => (u.cityId == null ? RESTAURANT_LIST_PATH : `${RESTAURANT_LIST_PATH}/${u.cityId}`),
      places: { [Role.ADMIN]: 40, [Role.CITY_ADMIN]: 10, [Role.OPERATOR]: 10 },
    },
    { id: 'restaurant', path: (u) => restaurantEditPath(u.restaurantId ?? ''), places: { [Role.RESTAURANT_OWNER]: 10 } },
  ],
  data: { restaurants: async () => (await import('./data')).restaurants },
} satisfies ResourceManifest;
