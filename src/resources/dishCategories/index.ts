import MenuBookIcon from '@mui/icons-material/MenuBook';
import { screen, type ResourceManifest } from '../common/manifest';
import { DISH_CATEGORY_PATHS } from './paths';

export default {
  name: 'dishCategories',
  icon: MenuBookIcon,
  recordRepresentation: 'name',
  // A restaurant's categories live on the spec's own paths, under the restaurant.
  routes: [
    {
      path: DISH_CATEGORY_PATHS.list,
      screen: screen(() => import('./DishCategoryList'), 'DishCategoryList'),
      action: 'list',
      place: { restaurant: 'restaurantId' },
    },
    { path: DISH_CATEGORY_PATHS.create, screen: screen(() => import('./DishCategoryCreate'), 'DishCategoryCreate'), action: 'create' },
    { path: DISH_CATEGORY_PATHS.edit, screen: screen(() => import('./DishCategoryEdit'), 'DishCategoryEdit'), action: 'edit' },
  ],
  // Its pages have kept the app's own title.
  title: false,
  data: { dishCategories: async () => (await import('./data')).dishCategories },
} satisfies ResourceManifest;
