import { CreateButton, Datagrid, EditButton, List, Loading, TextField, TopToolbar, useCanAccess } from 'react-admin';
import { useCityListProps } from '../common/CityInputs';
import { ResponsiveList } from '../common/ResponsiveList';
import { TAG_CREATE_PATH, type Tag } from './paths';

const TagActions = () => {
  const { canAccess } = useCanAccess({ resource: 'tags', action: 'create' });
  return <TopToolbar>{canAccess ? <CreateButton to={TAG_CREATE_PATH} /> : null}</TopToolbar>;
};

/** /tags: an admin picks the city, a city admin sees their own. */
export const TagList = () => {
  const city = useCityListProps();
  if (!city.ready) return <Loading />;
  return (
    <List
      filters={city.filters}
      filter={city.filter}
      filterDefaultValues={city.filterDefaultValues}
      actions={<TagActions />}
      sort={{ field: 'name', order: 'ASC' }}
      empty={false}
      perPage={50}
    >
      <ResponsiveList<Tag>
        primary={(tag) => tag.name}
        secondary={(tag) => tag.name_ru}
        linkTo={(tag) => `/tags/${tag.id}`}
        table={
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="name" />
            <TextField source="name_ru" />
            <EditButton />
          </Datagrid>
        }
      />
    </List>
  );
};
