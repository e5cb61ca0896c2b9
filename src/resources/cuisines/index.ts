import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { CUISINE_CREATE_PATH } from './paths';

export default {
  name: 'cuisines',
  icon: RestaurantMenuIcon,
  list: screen(() => import('./CuisineList'), 'CuisineList'),
  edit: screen(() => import('./CuisineEdit'), 'CuisineEdit'),
  recordRepresentation: 'name',
  routes: [{ path: CUISINE_CREATE_PATH, screen: screen(() => import('./CuisineCreate'), 'CuisineCreate'), action: 'create' }],
  menu: [{ id: 'cuisines', path: () => '/cuisines', places: { [Role.ADMIN]: 30, [Role.CITY_ADMIN]: 30 } }],
  data: { cuisines: async () => (await import('./data')).cuisines },
} satisfies ResourceManifest;
