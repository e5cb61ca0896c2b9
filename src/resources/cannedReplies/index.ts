import QuickreplyIcon from '@mui/icons-material/Quickreply';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { CANNED_REPLY_CREATE_PATH } from './paths';

export default {
  name: 'cannedReplies',
  icon: QuickreplyIcon,
  list: screen(() => import('./CannedReplyList'), 'CannedReplyList'),
  edit: screen(() => import('./CannedReplyEdit'), 'CannedReplyEdit'),
  recordRepresentation: 'title',
  routes: [{ path: CANNED_REPLY_CREATE_PATH, screen: screen(() => import('./CannedReplyCreate'), 'CannedReplyCreate'), action: 'create' }],
  // Right after the orders, whose chats use them.
  menu: [
    {
      id: 'cannedReplies',
      path: () => '/cannedReplies',
      places: { [Role.ADMIN]: 105, [Role.CITY_ADMIN]: 65, [Role.OPERATOR]: 45, [Role.RESTAURANT_OWNER]: 35 },
    },
  ],
  data: { cannedReplies: async () => (await import('./data')).cannedReplies },
} satisfies ResourceManifest;
