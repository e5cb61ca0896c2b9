import HistoryIcon from '@mui/icons-material/History';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';

export default {
  name: 'audit',
  icon: HistoryIcon,
  // /audit: the trail, for admins and city admins (their city's).
  list: screen(() => import('./AuditList'), 'AuditList'),
  menu: [{ id: 'audit', path: () => '/audit', places: { [Role.ADMIN]: 140, [Role.CITY_ADMIN]: 130 } }],
  title: { plural: false },
  data: { audit: async () => (await import('./data')).audit },
} satisfies ResourceManifest;
