import { AutocompleteInput, ReferenceInput, required } from 'react-admin';
import type { Restaurant } from '../../domain';
import { useCityName } from '../cities/useCityName';
import { useFormat } from '../common/useFormat';

const REQUIRED = [required()];

/**
 * An owner's restaurant: among the user's city's restaurants, or every city's for admins (each
 * with its city, as names repeat across cities). Disabled restaurants too: an owner is often
 * set up before the restaurant opens.
 */
export const StaffRestaurantInput = ({ cityId }: { cityId: number | null }) => {
  const format = useFormat();
  const cityName = useCityName();
  return (
    <ReferenceInput
      source="restaurantId"
      reference="restaurants"
      filter={{ ...(cityId === null ? {} : { cityId }), showDisabled: true }}
      perPage={1000}
      sort={{ field: '', order: 'ASC' }}
    >
      <AutocompleteInput
        label="resources.admins.fields.restaurantId"
        optionText={(restaurant: Restaurant) =>
          cityId === null ? `${format.name(restaurant)} · ${cityName(restaurant.city)}` : format.name(restaurant)
        }
        validate={REQUIRED}
        isRequired
        sx={{ minWidth: { xs: '100%', sm: 320 } }}
      />
    </ReferenceInput>
  );
};
