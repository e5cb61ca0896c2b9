import EditIcon from '@mui/icons-material/Edit';
import type { MouseEvent } from 'react';
import { Button, Datagrid, TextField, WithRecord } from 'react-admin';
import { ResponsiveList } from '../common/ResponsiveList';
import { districtEditPath, type District } from './paths';

/** The rows of a districts list, each leading to the spec's edit path of the district. */
export const DistrictRows = () => (
  <ResponsiveList<District>
    primary={(district) => district.name}
    secondary={(district) => district.name_ru}
    linkTo={(district) => districtEditPath(district.cityId, district.id)}
    table={
      <Datagrid rowClick={(id, _resource, record) => districtEditPath(record.cityId, id)} bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="name_ru" />
        <WithRecord<District>
          render={(district) => (
            <Button
              to={districtEditPath(district.cityId, district.id)}
              label="ra.action.edit"
              onClick={(event: MouseEvent) => event.stopPropagation()}
            >
              <EditIcon />
            </Button>
          )}
        />
      </Datagrid>
    }
  />
);
