import { List, useCanAccess, useGetOne, useListContext, useTranslate } from 'react-admin';
import { useCityName, type NamedCity } from '../cities/useCityName';
import { CreateAction } from '../common/CreateAction';
import { NotFound } from '../../layout/NotFound';
import { CityScopedList } from '../common/CityScopedList';
import { OtherCity, useWorksInCity } from '../common/OtherCity';
import { useSession } from '../common/useSession';
import { DistrictRows } from './DistrictRows';
import { districtCreatePath, useCityIdParam } from './paths';

/** The add button, to the new-district path of the list's city (once there is one). */
const DistrictActions = ({ cityId }: { cityId?: number }) => {
  const { filterValues } = useListContext();
  const session = useSession();
  const city = cityId ?? (filterValues.cityId as number | undefined) ?? session.cityId;
  return <CreateAction to={city ? districtCreatePath(city) : null} />;
};

const CityDistrictsTitle = ({ cityId }: { cityId: number }) => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'cities', action: 'show' });
  const cityName = useCityName();
  const { data } = useGetOne<NamedCity & { id: number }>('cities', { id: cityId }, { enabled: !!canAccess });
  return <>{data ? translate('resources.districts.cityTitle', { city: cityName(data) }) : translate('resources.districts.cityTitleUnnamed')}</>;
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

/** react-admin's own /districts: an admin picks the city, everyone else sees their own. */
export const DistrictList = () => {
  return (
    <CityScopedList actions={<DistrictActions />} sort={{ field: 'name', order: 'ASC' }}>
      <DistrictRows />
    </CityScopedList>
  );
};
