import HistoryIcon from '@mui/icons-material/History';
import { screen, type ResourceManifest } from '../common/manifest';
import { auditMessages } from './messages';

export default {
  name: 'audit',
  icon: HistoryIcon,
  // /audit: the trail, for admins and city admins (their city's).
  list: screen(() => import('./AuditList'), 'AuditList'),
  menu: ['audit'],
  title: { plural: false },
  messages: auditMessages,
  data: { audit: async () => (await import('./data')).audit },
} satisfies ResourceManifest;
