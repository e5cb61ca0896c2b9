import {
  DeleteWithConfirmButton,
  SaveButton,
  Toolbar,
  useCanAccess,
  useRecordContext,
  useResourceContext,
  type RedirectionSideEffect,
} from 'react-admin';

/**
 * Save, and delete with a confirmation when the role may delete a stored record (never a
 * button that only fails: not on a create form). `deleteRedirect` is where a deleted record leads when that is not its list.
 */
export const FormToolbar = ({ deletable = true, deleteRedirect }: { deletable?: boolean; deleteRedirect?: RedirectionSideEffect }) => {
  const resource = useResourceContext();
  const record = useRecordContext();
  const stored = record?.id !== undefined && record.id !== null;
  const { canAccess } = useCanAccess({ resource, action: 'delete', enabled: deletable && stored });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable && stored && canAccess ? <DeleteWithConfirmButton mutationMode="pessimistic" redirect={deleteRedirect} /> : null}
    </Toolbar>
  );
};
