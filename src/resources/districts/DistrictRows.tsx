import EditIcon from '@mui/icons-material/Edit';
import type { MouseEvent } from 'react';
import { Button, Datagrid, FunctionField, LinkBase, TextField } from 'react-admin';
import { ResponsiveList } from '../common/ResponsiveList';
import { useSession } from '../common/useSession';
import type { District } from '../../domain';
import { districtEditPath } from './paths';

/**
 * The rows of a districts list, each leading to the spec's edit path of the district for the
 * roles that may edit districts; the others read the list without a way in.
 */
export const DistrictRows = () => {
  const session = useSession();
  const editable = session.can('districts', 'edit');
  return (
    <ResponsiveList<District>
      primary={(district) => district.name}
      secondary={(district) => district.name_ru}
      linkTo={(district) => (editable ? districtEditPath(district.cityId, district.id) : false)}
      table={
        <Datagrid rowClick={editable ? (id, _resource, record) => districtEditPath(record.cityId, id) : false} bulkActionButtons={false}>
          <TextField source="name" />
          <TextField source="name_ru" />
          {editable ? (
            <FunctionField<District>
              label="ra.action.edit"
              render={(district) => (
                <Button
                  component={LinkBase}
                  to={districtEditPath(district.cityId, district.id)}
                  label="ra.action.edit"
                  onClick={(event: MouseEvent) => event.stopPropagation()}
                >
                  <EditIcon />
                </Button>
              )}
            />
          ) : null}
        </Datagrid>
      }
    />
  );
};
