import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import { resourceRoute } from '../common/routes';
import { CuisineCreate } from './CuisineCreate';
import { CuisineEdit } from './CuisineEdit';
import { CuisineList } from './CuisineList';
import { CUISINE_CREATE_PATH } from './paths';

export default {
  name: 'cuisines',
  list: CuisineList,
  edit: CuisineEdit,
  icon: RestaurantMenuIcon,
  recordRepresentation: 'name',
};

/** The spec's paths react-admin does not make itself. */
export const cuisineRoutes = [resourceRoute(CUISINE_CREATE_PATH, 'cuisines', <CuisineCreate />)];
