import type { ReactElement } from 'react';
import { AutocompleteArrayInput, BooleanInput, DateInput, useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Restaurant } from '../../domain';
import { CityInput } from '../common/CityInputs';
import { useSession } from '../common/useSession';
import { useOrderFormat } from './useOrderFormat';

/**
 * The restaurants the user may see, to pick several: an admin's of the city chosen in the
 * filter (or of every city), the others' of their own city. Disabled restaurants are listed
 * too, since their orders stay.
 */
const RestaurantsInput = ({ source }: { source: string; alwaysOn?: boolean }) => {
  const { allCities, cityId: ownCity } = useSession();
  const chosenCity: unknown = useWatch({ name: 'cityId' });
  const cityId = allCities ? chosenCity || null : ownCity;
  const format = useOrderFormat();
  const { data, isPending } = useGetList<Restaurant>('restaurants', {
    filter: cityId ? { cityId, showDisabled: true } : { showDisabled: true },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: '', order: 'ASC' },
  });
  return (
    <AutocompleteArrayInput
      source={source}
      label="resources.orders.fields.rests"
      choices={data ?? []}
      optionText={(restaurant: Restaurant) => format.name(restaurant)}
      translateChoice={false}
      isPending={isPending}
      sx={{ minWidth: { xs: '100%', sm: 260 } }}
    />
  );
};

/** A switch's label pulls it 11 px left, past the form's edge when it starts a row (on phones). */
const TOGGLE_SX = { ml: '11px' };

/**
 * The filters of the order list (spec section 2): dates, restaurants, the city for admins,
 * and the two toggles. They live in the URL, so a link reproduces the view; owners see one
 * restaurant and get no restaurant picker.
 */
export function useOrderFilters(): ReactElement[] | null {
  const { isPending, allCities, can } = useSession();
  if (isPending) return null;
  return [
    <DateInput key="from" source="from" label="resources.orders.fields.from" alwaysOn />,
    <DateInput key="to" source="to" label="resources.orders.fields.to" alwaysOn />,
    ...(allCities ? [<CityInput key="cityId" source="cityId" label="resources.orders.fields.cityId" isRequired={false} alwaysOn />] : []),
    ...(can('restaurants', 'list') ? [<RestaurantsInput key="rests" source="rests" alwaysOn />] : []),
    <BooleanInput key="brief" source="brief" label="resources.orders.fields.brief" alwaysOn sx={TOGGLE_SX} />,
    <BooleanInput key="numbers" source="numbers" label="resources.orders.fields.numbers" alwaysOn sx={TOGGLE_SX} />,
  ];
}
