import { BooleanField, Datagrid, List, TextField } from 'react-admin';
import { CreateAction } from '../common/CreateAction';
import { ResponsiveList } from '../common/ResponsiveList';
import { CITY_CREATE_PATH, cityEditPath } from './paths';
import { useCityName } from './useCityName';

interface City {
  id: number;
  name: string;
  name_ru: string;
  currency: string;
  active: boolean;
}

/** /cities: the city table; a row opens /city/{id}. */
export const CityList = () => {
  const cityName = useCityName();
  return (
    <List actions={<CreateAction to={CITY_CREATE_PATH} />} sort={{ field: 'name', order: 'ASC' }} perPage={50} empty={false}>
      <ResponsiveList<City>
        primary={(city) => cityName(city)}
        secondary={(city) => `${city.currency}${city.active ? '' : ' · —'}`}
        linkTo={(city) => cityEditPath(city.id)}
        table={
          <Datagrid rowClick={(id) => cityEditPath(id)} bulkActionButtons={false}>
            <TextField source="id" />
            <TextField source="name" />
            <TextField source="name_ru" />
            <TextField source="chatname" />
            <TextField source="currency" />
            <BooleanField source="active" />
          </Datagrid>
        }
      />
    </List>
  );
};
