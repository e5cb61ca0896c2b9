import { DeleteWithConfirmButton, SaveButton, Toolbar, useCanAccess, useResourceContext, type RedirectionSideEffect } from 'react-admin';

/**
 * Save, and delete with a confirmation when the role may delete (never a button that only
 * fails). `deleteRedirect` is where a deleted record leads when that is not its list.
 */
export const FormToolbar = ({ deletable = true, deleteRedirect }: { deletable?: boolean; deleteRedirect?: RedirectionSideEffect }) => {
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'delete', enabled: deletable });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && canAccess ? <DeleteWithConfirmButton mutationMode="pessimistic" redirect={deleteRedirect} /> : null}
    </Toolbar>
  );
};
