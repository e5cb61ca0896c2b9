import BarChartIcon from '@mui/icons-material/BarChart';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';

export default {
  name: 'stats',
  icon: BarChartIcon,
  // /stats: loaded on its first visit, with recharts, so the login page carries neither.
  list: screen(() => import('./StatsPage'), 'StatsPage'),
  menu: [{ id: 'stats', path: () => '/stats', places: { [Role.ADMIN]: 10, [Role.CITY_ADMIN]: 80 } }],
  title: { plural: false },
  data: { stats: async () => (await import('./data')).stats },
} satisfies ResourceManifest;
