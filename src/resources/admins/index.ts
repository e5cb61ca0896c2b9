import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { Role } from '../../domain';
import { screen, type ResourceManifest } from '../common/manifest';
import { ADMIN_CREATE_PATH, ADMINS_PATH } from './paths';

export default {
  name: 'admins',
  icon: ManageAccountsIcon,
  list: screen(() => import('./AdminList'), 'AdminList'),
  recordRepresentation: 'username',
  // /admin/add (new) and /admin/{id} (edit): the spec's paths.
  routes: [
    { path: ADMIN_CREATE_PATH, screen: screen(() => import('./AdminCreate'), 'AdminCreate'), action: 'create' },
    { path: '/admin/:id', screen: screen(() => import('./AdminEdit'), 'AdminEdit'), action: 'edit' },
  ],
  menu: [{ id: 'admins', path: () => ADMINS_PATH, places: { [Role.ADMIN]: 130, [Role.CITY_ADMIN]: 110 } }],
  data: { admins: async () => (await import('./data')).admins },
} satisfies ResourceManifest;
