import type { SvgIconComponent } from '@mui/icons-material';
import LogoutIcon from '@mui/icons-material/Logout';
import type { RoleId } from '../domain';
import type { MenuItemId, MenuUser, ResourceManifest } from '../resources/common/manifest';

export interface MenuItem {
  /** Its label is `menu.<id>`. */
  id: MenuItemId | 'logout';
  /** The route, with the user's own city or restaurant filled in. */
  path: string;
  /** The icon of the resource it belongs to. */
  icon: SvgIconComponent;
}

/**
 * The menu of a user's role, gathered from the resources' menu entries in the places they give
 * for that role (the order of spec section 2), and the app's own log-out last. A role that has
 * no entry (couriers, customers) has no menu at all.
 */
export const menuFor = (user: MenuUser & { roleId: RoleId }, resources: readonly Pick<ResourceManifest, 'icon' | 'menu'>[]): MenuItem[] => {
  const entries = resources.flatMap(({ icon, menu = [] }) =>
    menu.flatMap((entry) => {
      const place = entry.places[user.roleId];
      return place === undefined ? [] : [{ place, item: { id: entry.id, path: entry.path(user), icon } }];
    }),
  );
  if (entries.length === 0) return [];
  const items: MenuItem[] = entries.sort((a, b) => a.place - b.place).map(({ item }) => item);
  return [...items, { id: 'logout', path: '/logout', icon: LogoutIcon }];
};
