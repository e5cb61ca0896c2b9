import type { ReactElement } from 'react';
import { RestaurantFilterInput } from '../common/RestaurantFilterInput';
import { BooleanInput, TextInput } from 'react-admin';
import { DateInput } from '../common/DateInput';
import { ORDER_SEARCH_MAX_LENGTH } from '../../domain';
import { CityInput } from '../common/CityInputs';
import { useSession } from '../common/useSession';

/** A switch's label pulls it 11 px left, past the form's edge when it starts a row (on phones). */
const TOGGLE_SX = { ml: '11px' };

/**
 * The filters of the order list (spec section 2): the search, dates, restaurants, the city for
 * admins, and the toggles (late orders only; the numbers one only for roles that see phones). They live in the URL, so a link reproduces the view; owners see
 * one restaurant and get no restaurant picker, and search by number and name only (the API
 * never matches their search against phones).
 */
export function useOrderFilters(): ReactElement[] | null {
  const { isPending, allCities, can } = useSession();
  if (isPending) return null;
  const phones = can('customerPhone', 'show');
  return [
    <TextInput
      key="q"
      source="q"
      label={phones ? 'resources.orders.workspace.searchHelp' : 'resources.orders.workspace.searchHelpOwner'}
      alwaysOn
      resettable
      slotProps={{ htmlInput: { maxLength: ORDER_SEARCH_MAX_LENGTH, type: 'search' } }}
      sx={{ minWidth: { sm: 300 } }}
    />,
    <DateInput key="from" source="from" label="resources.orders.fields.from" alwaysOn />,
    <DateInput key="to" source="to" label="resources.orders.fields.to" alwaysOn />,
    ...(allCities ? [<CityInput key="cityId" source="cityId" label="resources.orders.fields.cityId" isRequired={false} alwaysOn />] : []),
    ...(can('restaurants', 'list')
      ? [<RestaurantFilterInput key="rests" source="rests" label="resources.orders.fields.rests" multiple alwaysOn />]
      : []),
    <BooleanInput key="late" source="late" label="resources.orders.fields.late" alwaysOn sx={TOGGLE_SX} />,
    <BooleanInput key="brief" source="brief" label="resources.orders.fields.brief" alwaysOn sx={TOGGLE_SX} />,
    // Roles that never see phones get no switch that would do nothing for them.
    ...(phones ? [<BooleanInput key="numbers" source="numbers" label="resources.orders.fields.numbers" alwaysOn sx={TOGGLE_SX} />] : []),
  ];
}
