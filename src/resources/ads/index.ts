import CampaignIcon from '@mui/icons-material/Campaign';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { AD_CREATE_PATH, ADS_PATH } from './paths';

export default {
  name: 'ads',
  icon: CampaignIcon,
  list: screen(() => import('./AdList'), 'AdList'),
  edit: screen(() => import('./AdEdit'), 'AdEdit'),
  recordRepresentation: 'id',
  routes: [{ path: AD_CREATE_PATH, screen: screen(() => import('./AdCreate'), 'AdCreate'), action: 'create' }],
  menu: [{ id: 'ads', path: () => ADS_PATH, places: { [Role.ADMIN]: 60, [Role.CITY_ADMIN]: 40, [Role.RESTAURANT_OWNER]: 20 } }],
  data: { ads: async () => (await import('./data')).ads },
} satisfies ResourceManifest;
