import { Datagrid, DeleteWithConfirmButton, EditButton, TextField, useCanAccess } from 'react-admin';
import { CityScopedList } from '../common/CityScopedList';
import { CreateAction } from '../common/CreateAction';
import { ResponsiveList } from '../common/ResponsiveList';
import type { Tag } from '../../domain';
import { TAG_CREATE_PATH } from './paths';

/** /tags: an admin picks the city, a city admin sees their own. */
export const TagList = () => {
  const { canAccess: canDelete } = useCanAccess({ resource: 'tags', action: 'delete' });
  return (
    <CityScopedList actions={<CreateAction to={TAG_CREATE_PATH} />} sort={{ field: 'name', order: 'ASC' }}>
      <ResponsiveList<Tag>
        primary={(tag) => tag.name}
        secondary={(tag) => tag.name_ru}
        linkTo={(tag) => `/tags/${tag.id}`}
        table={
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="name" />
            <TextField source="name_ru" />
            <EditButton label="ra.action.edit" />
            {canDelete ? <DeleteWithConfirmButton label="ra.action.delete" mutationMode="pessimistic" /> : null}
          </Datagrid>
        }
      />
    </CityScopedList>
  );
};
