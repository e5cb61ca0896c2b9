import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { TAG_CREATE_PATH } from './paths';

export default {
  name: 'tags',
  icon: LocalOfferIcon,
  list: screen(() => import('./TagList'), 'TagList'),
  edit: screen(() => import('./TagEdit'), 'TagEdit'),
  recordRepresentation: 'name',
  routes: [{ path: TAG_CREATE_PATH, screen: screen(() => import('./TagCreate'), 'TagCreate'), action: 'create' }],
  menu: [{ id: 'tags', path: () => '/tags', places: { [Role.ADMIN]: 110, [Role.CITY_ADMIN]: 70 } }],
  data: { tags: async () => (await import('./data')).tags },
} satisfies ResourceManifest;
