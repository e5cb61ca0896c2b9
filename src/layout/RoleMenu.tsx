import { createElement } from 'react';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { menuFor } from '../domain';
import type { Permissions } from '../providers/authProvider';
import { menuIcon } from './menuIcons';

/** The menu of the logged-in role, exactly as src/domain/menu.ts lists it. */
export const RoleMenu = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const translate = useTranslate();
  if (!permissions) return <Menu />;
  return (
    <Menu>
      {menuFor(permissions).map((item) => (
        <Menu.Item
          key={item.id}
          to={item.path}
          primaryText={translate(`menu.${item.id}`)}
          leftIcon={createElement(menuIcon(item.id))}
          data-menu-id={item.id}
        />
      ))}
    </Menu>
  );
};
