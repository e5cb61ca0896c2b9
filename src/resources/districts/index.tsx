import MapIcon from '@mui/icons-material/Map';
import { resourceRoute } from '../common/routes';
import { DistrictCreate } from './DistrictCreate';
import { DistrictEdit } from './DistrictEdit';
import { CityDistrictList, DistrictList } from './DistrictList';
import { DISTRICT_PATHS } from './paths';

export default {
  name: 'districts',
  list: DistrictList,
  edit: DistrictEdit,
  icon: MapIcon,
  recordRepresentation: 'name',
};

/** The spec's paths of a city's districts, which react-admin does not make itself. */
export const districtRoutes = [
  resourceRoute(DISTRICT_PATHS.list, 'districts', <CityDistrictList />),
  resourceRoute(DISTRICT_PATHS.create, 'districts', <DistrictCreate />),
  resourceRoute(DISTRICT_PATHS.edit, 'districts', <DistrictEdit />),
];
