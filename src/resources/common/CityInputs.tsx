import { ReferenceInput, SelectInput, required, useGetList, type SelectInputProps } from 'react-admin';
import { useCityName, type NamedCity } from '../cities/useCityName';
import { useSession } from './useSession';

/** Picks a city from GET /cities, by its name. */
export const CityInput = (props: Omit<SelectInputProps, 'source'> & { source?: string; isRequired?: boolean }) => {
  const { source = 'cityId', isRequired = true, ...rest } = props;
  const cityName = useCityName();
  return (
    <ReferenceInput source={source} reference="cities" sort={{ field: 'name', order: 'ASC' }} perPage={1000}>
      <SelectInput
        optionText={(city: NamedCity) => cityName(city)}
        label="resources.cities.fields.city"
        validate={isRequired ? required() : undefined}
        isRequired={isRequired}
        emptyText={isRequired ? undefined : 'app.allCities'}
        {...rest}
      />
    </ReferenceInput>
  );
};

/**
 * How a list of one city's data is filtered: an admin picks the city (the first one to start
 * with, then whatever they chose last), everyone else sees their own city and no picker.
 */
export function useCityListProps({ allowAll = false }: { allowAll?: boolean } = {}) {
  const { allCities, cityId, isPending } = useSession();
  const cities = useGetList(
    'cities',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: allCities },
  );
  const firstCity = cities.data?.[0]?.id;
  if (isPending || (allCities && cities.isPending)) return { ready: false as const };
  if (allCities) {
    return {
      ready: true as const,
      filters: [<CityInput key="cityId" source="cityId" alwaysOn isRequired={!allowAll} />],
      filterDefaultValues: allowAll || firstCity === undefined ? {} : { cityId: firstCity },
    };
  }
  return { ready: true as const, filter: { cityId } };
}
