import {
  DeleteWithConfirmButton,
  SaveButton,
  Toolbar,
  useCanAccess,
  useRecordContext,
  useRedirect,
  useResourceContext,
  type DeleteWithConfirmButtonProps,
  type RedirectionSideEffect,
} from 'react-admin';
import { useRecordNotice } from './notify';

/**
 * react-admin's delete with a confirmation, pessimistic, whose toast names what was deleted
 * ("Restaurant 'Brick Lane Burgers' deleted"); it then leads to `redirect` (the list by default).
 */
export const RecordDeleteButton = ({ redirect: redirectTo = 'list', mutationOptions, ...props }: DeleteWithConfirmButtonProps) => {
  const resource = useResourceContext(props) ?? '';
  const record = useRecordContext(props);
  const notice = useRecordNotice(resource);
  const redirect = useRedirect();
  const onSuccess = () => {
    notice('deleted', record);
    redirect(redirectTo, resource, record?.id, record);
  };
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      {...props}
      redirect={redirectTo}
      mutationOptions={{ ...mutationOptions, onSuccess }}
    />
  );
};

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
      {deletable && stored && canAccess ? <RecordDeleteButton redirect={deleteRedirect} /> : null}
    </Toolbar>
  );
};
