import { DeleteWithConfirmButton, SaveButton, Toolbar, useCanAccess, useRecordContext } from 'react-admin';
import { ADMINS_PATH } from './paths';

/** Save, and delete after a confirmation for a stored account that is not the user's own (nobody deletes themselves). */
export const AdminToolbar = ({ own }: { own: boolean }) => {
  const record = useRecordContext();
  const stored = record?.id !== undefined && record.id !== null;
  const { canAccess } = useCanAccess({ resource: 'admins', action: 'delete', enabled: stored && !own });
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {stored && !own && canAccess ? <DeleteWithConfirmButton mutationMode="pessimistic" redirect={ADMINS_PATH} /> : null}
    </Toolbar>
  );
};
