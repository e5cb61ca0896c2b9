import ShareIcon from '@mui/icons-material/Share';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';

export default {
  name: 'referrals',
  icon: ShareIcon,
  // /referrals: the list with the form of a new link; a link is never edited.
  list: screen(() => import('./ReferralList'), 'ReferralList'),
  recordRepresentation: 'code',
  menu: [{ id: 'referrals', path: () => '/referrals', places: { [Role.ADMIN]: 120, [Role.CITY_ADMIN]: 120 } }],
  data: { referrals: async () => (await import('./data')).referrals },
} satisfies ResourceManifest;
