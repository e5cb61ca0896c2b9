import { DeleteWithConfirmButton, SaveButton, Toolbar, useCanAccess, useRecordContext } from 'react-admin';
import { cityDistrictsPath, type District } from './paths';

/** A new district: the create page itself is only open to roles that may create. */
const CreateToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * A saved district: save and delete (with a confirmation) only for roles that may use them;
 * a deleted district leads back to its city's list (the spec's path, not /districts).
 */
const EditToolbar = () => {
  const district = useRecordContext<District>();
  const save = useCanAccess({ resource: 'districts', action: 'edit' });
  const remove = useCanAccess({ resource: 'districts', action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      {save.canAccess ? <SaveButton /> : <span />}
      {remove.canAccess && district ? (
        <DeleteWithConfirmButton mutationMode="pessimistic" redirect={() => cityDistrictsPath(district.cityId)} />
      ) : null}
    </Toolbar>
  );
};

export const DistrictToolbar = ({ create = false }: { create?: boolean }) => (create ? <CreateToolbar /> : <EditToolbar />);
