import { Badge } from '@mui/material';
import { createElement } from 'react';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import type { Permissions } from '../providers/authProvider';
import { RESOURCES } from '../resources';
import { useMenuEntry, usePreloadMenu } from '../resources/common/preload';
import { useLateCount, useUnreadTotal } from '../resources/orders/orderWorkspaceReads';
import { menuFor, type MenuItem } from './menu';

/** The Orders entry's icon, with the user's unread chat messages over every order they see, and below them their late orders. */
const OrdersIcon = ({ icon }: { icon: MenuItem['icon'] }) => {
  const translate = useTranslate();
  const unread = useUnreadTotal();
  const late = useLateCount();
  return (
    <Badge
      badgeContent={late}
      color="warning"
      max={999}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      data-testid="menu-late"
      data-late={late}
      slotProps={{ badge: { 'aria-label': translate('resources.orders.workspace.late', { smart_count: late }) } }}
    >
      <Badge
        badgeContent={unread}
        color="error"
        max={999}
        data-testid="menu-unread"
        data-unread={unread}
        slotProps={{ badge: { 'aria-label': translate('resources.orders.workspace.unread', { smart_count: unread }) } }}
      >
        {createElement(icon)}
      </Badge>
    </Badge>
  );
};

/** One entry: its screen's code loads when pointed at, and a click waits for that code rather than for a loading state. */
const MenuEntry = ({ item }: { item: MenuItem }) => {
  const translate = useTranslate();
  const handlers = useMenuEntry(item.path);
  return (
    <Menu.Item
      to={item.path}
      primaryText={translate(`menu.${item.id}`)}
      leftIcon={item.id === 'orders' ? <OrdersIcon icon={item.icon} /> : createElement(item.icon)}
      data-menu-id={item.id}
      {...handlers}
    />
  );
};

/** The menu of the logged-in role, as the resource manifests place their entries. */
export const RoleMenu = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const items = permissions ? menuFor(permissions, RESOURCES) : [];
  usePreloadMenu(items.map(({ path }) => path));
  if (!permissions) return <Menu />;
  return (
    <Menu>
      {items.map((item) => (
        <MenuEntry key={item.id} item={item} />
      ))}
    </Menu>
  );
};
