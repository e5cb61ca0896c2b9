import { TextField } from '@mui/material';
import { AutocompleteInput, ReferenceInput, required, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Ad, Restaurant } from '../../domain';
import { CityInput } from '../common/CityInputs';
import { useFormat } from '../common/useFormat';
import { useAdRole } from './useAdRole';

const REQUIRED = [required()];

/** The restaurant, shown and not picked: an owner's own, or a locked ad's. */
const RestaurantName = ({ id }: { id: number | null }) => {
  const translate = useTranslate();
  const format = useFormat();
  const record = useRecordContext<Ad>();
  const { data } = useGetOne<Restaurant>('restaurants', { id: id ?? 0 }, { enabled: id !== null && !record?.restaurant });
  const restaurant = record?.restaurant ?? data;
  return (
    <TextField
      label={translate('resources.ads.fields.restaurantId')}
      value={restaurant ? format.name(restaurant) : ''}
      slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'ad-restaurant' }, inputLabel: { shrink: true } }}
      sx={{ mb: 2, minWidth: { xs: '100%', sm: 320 } }}
    />
  );
};

/** The restaurants of a city (an admin's choice, or every city), to pick one by name. */
const RestaurantPicker = ({ cityId }: { cityId: number | null }) => {
  const format = useFormat();
  return (
    <ReferenceInput
      source="restaurantId"
      reference="restaurants"
      filter={cityId ? { cityId } : {}}
      perPage={1000}
      sort={{ field: '', order: 'ASC' }}
    >
      <AutocompleteInput
        label="resources.ads.fields.restaurantId"
        optionText={(restaurant: Restaurant) => format.name(restaurant)}
        validate={REQUIRED}
        isRequired
        sx={{ minWidth: { xs: '100%', sm: 320 } }}
      />
    </ReferenceInput>
  );
};

/**
 * The ad's restaurant (spec section 6): admins pick it (after a city, to shorten the list),
 * city admins among their city's, owners post their own; a locked ad's cannot change.
 */
export const AdRestaurantInput = ({ readOnly }: { readOnly: boolean }) => {
  const { ownRestaurant, allCities, cityId, restaurantId } = useAdRole();
  const record = useRecordContext<Ad>();
  const { setValue } = useFormContext();
  const chosenCity: unknown = useWatch({ name: 'cityId' });
  if (ownRestaurant || readOnly) return <RestaurantName id={record?.restaurantId ?? restaurantId} />;
  if (!allCities) return <RestaurantPicker cityId={cityId} />;
  return (
    <>
      <CityInput
        source="cityId"
        isRequired={false}
        onChange={() => setValue('restaurantId', null, { shouldValidate: true })}
        sx={{ minWidth: { xs: '100%', sm: 320 } }}
      />
      <RestaurantPicker cityId={typeof chosenCity === 'number' ? chosenCity : null} />
    </>
  );
};
