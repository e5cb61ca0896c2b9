import CampaignIcon from '@mui/icons-material/Campaign';
import { screen, type ResourceManifest } from '../common/manifest';
import { adsMessages } from './messages';
import { AD_CREATE_PATH } from './paths';

export default {
  name: 'ads',
  icon: CampaignIcon,
  list: screen(() => import('./AdList'), 'AdList'),
  edit: screen(() => import('./AdEdit'), 'AdEdit'),
  recordRepresentation: 'id',
  routes: [{ path: AD_CREATE_PATH, screen: screen(() => import('./AdCreate'), 'AdCreate') }],
  menu: ['ads'],
  messages: adsMessages,
  data: { ads: async () => (await import('./data')).ads },
} satisfies ResourceManifest;
