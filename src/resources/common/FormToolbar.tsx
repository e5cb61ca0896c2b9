import { DeleteWithConfirmButton, SaveButton, Toolbar, useCanAccess, useResourceContext } from 'react-admin';

/** Save, and delete with a confirmation when the role may delete (never a button that only fails). */
export const FormToolbar = ({ deletable = true }: { deletable?: boolean }) => {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'delete' });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && canAccess ? <DeleteWithConfirmButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
};
