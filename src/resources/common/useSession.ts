import { usePermissions } from 'react-admin';
import { can, worksInEveryCity, type Action, type ResourceName } from '../../domain';
import type { Permissions } from '../../providers/authProvider';

/**
 * The logged-in user's role and place. What they may do is asked of src/domain, the rules
 * the API applies, never of the role id directly.
 */
export function useSession() {
  const { permissions, isPending } = usePermissions<Permissions | null>();
  return {
    isPending,
    roleId: permissions?.roleId ?? null,
    cityId: permissions?.cityId ?? null,
    restaurantId: permissions?.restaurantId ?? null,
    /** Works in every city (picks one on the screens of a city), rather than in their own. */
    allCities: permissions ? worksInEveryCity(permissions) : false,
    can: (resource: ResourceName, action: Action) => (permissions ? can(permissions.roleId, resource, action) : false),
  };
}
