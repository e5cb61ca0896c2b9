import { List, useCanAccess, useGetOne, useTranslate } from 'react-admin';
import { NotFound } from '../../layout/NotFound';
import { useCityName, type NamedCity } from '../cities/useCityName';
import { OtherCity, useWorksInCity } from '../common/OtherCity';
import { DistrictActions } from './DistrictActions';
import { DistrictRows } from './DistrictRows';
import { useCityIdParam } from './useCityIdParam';

const CityDistrictsTitle = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'cities', action: 'show' });
  const cityName = useCityName();
  const { data } = useGetOne<NamedCity & { id: number }>('cities', { id: cityId }, { enabled: !!canAccess });
  return (
    <>{data ? translate('resources.districts.cityTitle', { city: cityName(data) }) : translate('resources.districts.cityTitleUnnamed')}</>
  );
};

/** /city/{cityId}/districts: the districts of the city in the path. */
export const CityDistrictList = () => {
  const cityId = useCityIdParam();
  const works = useWorksInCity(cityId);
  if (cityId === null) return <NotFound />;
  if (works === null) return null;
  // Another city's districts are not the user's to read or add to: say so, not an error toast.
  if (!works) return <OtherCity />;
  return (
    <List
      key={cityId}
      filter={{ cityId }}
      storeKey={false}
      title={<CityDistrictsTitle cityId={cityId} />}
      actions={<DistrictActions cityId={cityId} />}
      sort={{ field: 'name', order: 'ASC' }}
      empty={false}
      perPage={50}
    >
      <DistrictRows />
    </List>
  );
};
