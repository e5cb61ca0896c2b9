import { AutocompleteArrayInput, AutocompleteInput, useGetList } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Restaurant } from '../../domain';
import { useFormat } from './useFormat';
import { useSession } from './useSession';

interface Props {
  source: string;
  label: string;
  /** Several restaurants (the order list) or one. */
  multiple?: boolean;
  /** An admin must pick a city first (the review list): without one the list stays empty. */
  needsCity?: boolean;
  alwaysOn?: boolean;
}

/**
 * A list filter picking restaurants the user may see: an admin's of the city chosen in the
 * same filter form (or of every city), everyone else's of their own city. Disabled restaurants
 * are listed too, since their orders, reviews and ads stay.
 */
export const RestaurantFilterInput = ({ source, label, multiple = false, needsCity = false }: Props) => {
  const { allCities, cityId: ownCity } = useSession();
  const chosenCity: unknown = useWatch({ name: 'cityId' });
  const cityId = allCities ? chosenCity || null : ownCity;
  const enabled = !needsCity || cityId !== null;
  const format = useFormat();
  const { data, isPending } = useGetList<Restaurant>(
    'restaurants',
    {
      filter: cityId ? { cityId, showDisabled: true } : { showDisabled: true },
      pagination: { page: 1, perPage: 1000 },
      sort: { field: '', order: 'ASC' },
    },
    { enabled },
  );
  const props = {
    source,
    label,
    choices: enabled ? (data ?? []) : [],
    optionText: (restaurant: Restaurant) => format.name(restaurant),
    translateChoice: false,
    isPending: isPending && enabled,
    sx: { minWidth: { sm: 260 } },
  };
  return multiple ? <AutocompleteArrayInput {...props} /> : <AutocompleteInput {...props} />;
};
