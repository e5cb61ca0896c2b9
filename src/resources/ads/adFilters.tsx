import type { ReactElement } from 'react';
import { RestaurantFilterInput } from '../common/RestaurantFilterInput';
import { SelectInput } from 'react-admin';
import { AD_STATUS_VALUES } from '../../domain';
import { CityInput } from '../common/CityInputs';
import { useAdRole } from './useAdRole';

const STATUS_CHOICES = AD_STATUS_VALUES.map((status) => ({ id: status, name: `resources.ads.statuses.${status}` }));

/**
 * The filters of the ad list, applied by the server: the status for everyone, the
 * restaurant for those who post for several, the city for admins.
 */
export function useAdFilters(): ReactElement[] | null {
  const { isPending, allCities, ownRestaurant } = useAdRole();
  if (isPending) return null;
  return [
    <SelectInput
      key="status"
      source="status"
      label="resources.ads.fields.status"
      choices={STATUS_CHOICES}
      alwaysOn
      sx={{ minWidth: { xs: '100%', sm: 220 } }}
    />,
    ...(allCities
      ? [<CityInput key="cityId" source="cityId" isRequired={false} alwaysOn sx={{ minWidth: { xs: '100%', sm: 200 } }} />]
      : []),
    ...(ownRestaurant
      ? []
      : [<RestaurantFilterInput key="restaurantId" source="restaurantId" label="resources.ads.fields.restaurantId" alwaysOn />]),
  ];
}
