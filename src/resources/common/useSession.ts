import { usePermissions } from 'react-admin';
import { Role } from '../../domain';
import type { Permissions } from '../../providers/authProvider';

/** The logged-in user's role and place, with the questions screens ask most. */
export function useSession() {
  const { permissions, isPending } = usePermissions<Permissions | null>();
  return {
    isPending,
    roleId: permissions?.roleId ?? null,
    cityId: permissions?.cityId ?? null,
    restaurantId: permissions?.restaurantId ?? null,
    isAdmin: permissions?.roleId === Role.ADMIN,
  };
}
