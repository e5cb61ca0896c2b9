import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import { screen, type ResourceManifest } from '../common/manifest';
import { cuisinesMessages } from './messages';
import { CUISINE_CREATE_PATH } from './paths';

export default {
  name: 'cuisines',
  icon: RestaurantMenuIcon,
  list: screen(() => import('./CuisineList'), 'CuisineList'),
  edit: screen(() => import('./CuisineEdit'), 'CuisineEdit'),
  recordRepresentation: 'name',
  routes: [{ path: CUISINE_CREATE_PATH, screen: screen(() => import('./CuisineCreate'), 'CuisineCreate') }],
  menu: ['cuisines'],
  messages: cuisinesMessages,
  data: { cuisines: async () => (await import('./data')).cuisines },
} satisfies ResourceManifest;
