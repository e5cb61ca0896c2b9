import { AdminForm } from './AdminForm';
import { useStaffToasts } from './useStaffToasts';
import { RecordCreate } from '../common/RecordScreens';

/** /admin/add: a new staff account. */
export const AdminCreate = () => {
  const toasts = useStaffToasts();
  return (
    <RecordCreate resource="admins" title="resources.admins.newTitle" mutationOptions={toasts}>
      <AdminForm create />
    </RecordCreate>
  );
};
