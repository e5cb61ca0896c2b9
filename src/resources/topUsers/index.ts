import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Role } from '../../domain';
import { API_PATHS } from '../../domain/apiPaths';
import { screen, type ResourceManifest } from '../common/manifest';

export default {
  name: 'topUsers',
  icon: EmojiEventsIcon,
  // The spec's path, the same as the API's call.
  routes: [{ path: API_PATHS.stats.topUsers, screen: screen(() => import('./TopUsersList'), 'TopUsersList'), action: 'list' }],
  menu: [{ id: 'topUsers', path: () => API_PATHS.stats.topUsers, places: { [Role.ADMIN]: 90, [Role.CITY_ADMIN]: 100 } }],
  data: { topUsers: async () => (await import('./data')).topUsers },
} satisfies ResourceManifest;
