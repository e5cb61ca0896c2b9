import type { ReactElement } from 'react';
import { SelectInput } from 'react-admin';
import { assignableRoles, roleKey } from '../../domain';
import { CityInput } from '../common/CityInputs';
import { useSession } from '../common/useSession';

/**
 * The filters of the staff list, applied by the server: the role (among those the user
 * manages, when there is more than one) and, for admins, the city.
 */
export function useAdminFilters(): ReactElement[] | null {
  const { isPending, roleId, allCities } = useSession();
  if (isPending || roleId === null) return null;
  const roles = assignableRoles(roleId);
  return [
    ...(roles.length > 1
      ? [
          <SelectInput
            key="roleId"
            source="roleId"
            label="resources.admins.fields.roleId"
            choices={roles.map((id) => ({ id, name: `roles.${roleKey(id)}` }))}
            alwaysOn
            sx={{ minWidth: { xs: '100%', sm: 200 } }}
          />,
        ]
      : []),
    ...(allCities
      ? [<CityInput key="cityId" source="cityId" isRequired={false} alwaysOn sx={{ minWidth: { xs: '100%', sm: 200 } }} />]
      : []),
  ];
}
