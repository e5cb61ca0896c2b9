import { BooleanField, Datagrid, EditButton, NumberField, TextField } from 'react-admin';
import { CityScopedList } from '../common/CityScopedList';
import { CreateAction } from '../common/CreateAction';
import { ResponsiveList } from '../common/ResponsiveList';
import type { Cuisine } from '../../domain';
import { CUISINE_CREATE_PATH, cuisineEditPath } from './paths';

/** /cuisines: an admin sees one city or all of them, everyone else their own city. */
export const CuisineList = () => {
  return (
    <CityScopedList allowAll actions={<CreateAction to={CUISINE_CREATE_PATH} />} sort={{ field: 'position', order: 'ASC' }}>
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
            <EditButton label="ra.action.edit" />
          </Datagrid>
        }
      />
    </CityScopedList>
  );
};
