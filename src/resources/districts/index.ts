import MapIcon from '@mui/icons-material/Map';
import { screen, type ResourceManifest } from '../common/manifest';
import { DISTRICT_PATHS } from './paths';

export default {
  name: 'districts',
  icon: MapIcon,
  list: screen(() => import('./DistrictList'), 'DistrictList'),
  edit: screen(() => import('./DistrictEdit'), 'DistrictEdit'),
  recordRepresentation: 'name',
  // A city's districts live under the city, on the spec's paths.
  routes: [
    {
      path: DISTRICT_PATHS.list,
      screen: screen(() => import('./CityDistrictList'), 'CityDistrictList'),
      action: 'list',
      place: { city: 'cityId' },
    },
    {
      path: DISTRICT_PATHS.create,
      screen: screen(() => import('./DistrictCreate'), 'DistrictCreate'),
      action: 'create',
      place: { city: 'cityId' },
    },
    {
      path: DISTRICT_PATHS.edit,
      screen: screen(() => import('./DistrictEdit'), 'DistrictEdit'),
      action: 'edit',
      place: { city: 'cityId' },
    },
  ],
  data: { districts: async () => (await import('./data')).districts },
} satisfies ResourceManifest;
