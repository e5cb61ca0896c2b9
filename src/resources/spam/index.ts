import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { screen, type ResourceManifest } from '../common/manifest';
import { spamMessages } from './messages';

export default {
  name: 'spam',
  icon: ForwardToInboxIcon,
  // /spam: the recipient count, the composer and the previous mailings on one screen.
  list: screen(() => import('./SpamPage'), 'SpamPage'),
  menu: ['spam'],
  messages: spamMessages,
  data: { spam: async () => (await import('./data')).spam },
} satisfies ResourceManifest;
