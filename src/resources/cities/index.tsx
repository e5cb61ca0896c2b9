import LocationCityIcon from '@mui/icons-material/LocationCity';
import { resourceRoute } from '../common/routes';
import { CityCreate, CityEdit } from './CityEdit';
import { CityList } from './CityList';
import { CITY_CREATE_PATH } from './paths';

export default {
  name: 'cities',
  list: CityList,
  icon: LocationCityIcon,
  recordRepresentation: 'name',
};

/** /city/ (new) and /city/{id} (edit), the spec's paths. */
export const cityRoutes = [
  resourceRoute(CITY_CREATE_PATH, 'cities', <CityCreate />),
  resourceRoute(`${CITY_CREATE_PATH}/:id`, 'cities', <CityEdit />),
];
