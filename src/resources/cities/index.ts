import LocationCityIcon from '@mui/icons-material/LocationCity';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { CITY_CREATE_PATH, cityEditPath } from './paths';

export default {
  name: 'cities',
  icon: LocationCityIcon,
  list: screen(() => import('./CityList'), 'CityList'),
  recordRepresentation: 'name',
  // /city/ (new) and /city/{id} (edit), the spec's paths.
  routes: [
    { path: CITY_CREATE_PATH, screen: screen(() => import('./CityCreate'), 'CityCreate'), action: 'create' },
    { path: `${CITY_CREATE_PATH}/:id`, screen: screen(() => import('./CityEdit'), 'CityEdit'), action: 'show', place: { city: 'id' } },
  ],
  menu: [
    { id: 'cities', path: () => '/cities', places: { [Role.ADMIN]: 70 } },
    { id: 'city', path: (u) => cityEditPath(u.cityId ?? ''), places: { [Role.CITY_ADMIN]: 50, [Role.OPERATOR]: 30 } },
  ],
  data: {
    cities: async () => (await import('./data')).cities,
    cityConfig: async () => (await import('./data')).cityConfig,
    globalSettings: async () => (await import('./data')).globalSettings,
    orderTimers: async () => (await import('./data')).cityOrderTimers,
  },
} satisfies ResourceManifest;
