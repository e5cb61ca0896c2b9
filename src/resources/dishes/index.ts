import FastfoodIcon from '@mui/icons-material/Fastfood';
import { screen, type ResourceManifest } from '../common/manifest';
import { DISH_CREATE_PATH } from './paths';

export default {
  name: 'dishes',
  icon: FastfoodIcon,
  list: screen(() => import('./DishList'), 'DishList'),
  edit: screen(() => import('./DishEdit'), 'DishEdit'),
  recordRepresentation: 'name',
  routes: [{ path: DISH_CREATE_PATH, screen: screen(() => import('./DishCreate'), 'DishCreate'), action: 'create' }],
  // Its pages have kept the app's own title.
  title: false,
  data: { dishes: async () => (await import('./data')).dishes },
} satisfies ResourceManifest;
