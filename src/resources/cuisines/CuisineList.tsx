import {
  BooleanField,
  CreateButton,
  Datagrid,
  EditButton,
  List,
  Loading,
  NumberField,
  TextField,
  TopToolbar,
  useCanAccess,
} from 'react-admin';
import { useCityListProps } from '../common/CityInputs';
import { ResponsiveList } from '../common/ResponsiveList';
import { CUISINE_CREATE_PATH, cuisineEditPath, type Cuisine } from './paths';

const CuisineActions = () => {
  const { canAccess } = useCanAccess({ resource: 'cuisines', action: 'create' });
  return <TopToolbar>{canAccess ? <CreateButton to={CUISINE_CREATE_PATH} /> : null}</TopToolbar>;
};

/** /cuisines: an admin sees one city or all of them, everyone else their own city. */
export const CuisineList = () => {
  const city = useCityListProps({ allowAll: true });
  if (!city.ready) return <Loading />;
  return (
    <List
      filters={city.filters}
      filter={city.filter}
      filterDefaultValues={city.filterDefaultValues}
      actions={<CuisineActions />}
      sort={{ field: 'position', order: 'ASC' }}
      empty={false}
      perPage={50}
    >
      <ResponsiveList<Cuisine>
        primary={(cuisine) => cuisine.name}
        secondary={(cuisine) => [cuisine.name_ru, cuisine.city?.name].filter(Boolean).join(' · ')}
        linkTo={(cuisine) => cuisineEditPath(cuisine.id)}
        table={
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="name" />
            <TextField source="name_ru" />
            <NumberField source="position" />
            <BooleanField source="enabled" />
            <TextField source="city.name" label="resources.cuisines.fields.city" sortable={false} />
            <EditButton />
          </Datagrid>
        }
      />
    </List>
  );
};
