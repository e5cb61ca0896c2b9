import { createElement } from 'react';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import type { Permissions } from '../providers/authProvider';
import { RESOURCES } from '../resources';
import { menuFor } from './menu';

/** The menu of the logged-in role, as the resource manifests place their entries. */
export const RoleMenu = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const translate = useTranslate();
  if (!permissions) return <Menu />;
  return (
    <Menu>
      {menuFor(permissions, RESOURCES).map((item) => (
        <Menu.Item
          key={item.id}
          to={item.path}
          primaryText={translate(`menu.${item.id}`)}
          leftIcon={createElement(item.icon)}
          data-menu-id={item.id}
        />
      ))}
    </Menu>
  );
};
