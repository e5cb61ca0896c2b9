import { Create } from 'react-admin';
import { AdminForm } from './AdminForm';
import { useStaffToasts } from './useStaffToasts';

/** /admin/add: a new staff account. */
export const AdminCreate = () => {
  const toasts = useStaffToasts();
  return (
    <Create resource="admins" title="resources.admins.newTitle" mutationOptions={toasts}>
      <AdminForm create />
    </Create>
  );
};
