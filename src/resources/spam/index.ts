import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';

export default {
  name: 'spam',
  icon: ForwardToInboxIcon,
  // /spam: the recipient count, the composer and the previous mailings on one screen.
  list: screen(() => import('./SpamPage'), 'SpamPage'),
  menu: [{ id: 'spam', path: () => '/spam', places: { [Role.ADMIN]: 80, [Role.CITY_ADMIN]: 90 } }],
  data: { spam: async () => (await import('./data')).spam },
} satisfies ResourceManifest;
