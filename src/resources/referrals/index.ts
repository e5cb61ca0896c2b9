import ShareIcon from '@mui/icons-material/Share';
import { screen, type ResourceManifest } from '../common/manifest';
import { referralsMessages } from './messages';

export default {
  name: 'referrals',
  icon: ShareIcon,
  // /referrals: the list with the form of a new link; a link is never edited.
  list: screen(() => import('./ReferralList'), 'ReferralList'),
  recordRepresentation: 'code',
  menu: ['referrals'],
  messages: referralsMessages,
  data: { referrals: async () => (await import('./data')).referrals },
} satisfies ResourceManifest;
