import { useRecordContext, useTranslate } from 'react-admin';
import type { StaffAccount } from '../../domain';
import { AdminForm } from './AdminForm';
import { SecondFactorReset } from './SecondFactorReset';
import { useStaffToasts } from './useStaffToasts';
import { RecordEdit } from '../common/RecordScreens';

const AdminTitle = () => {
  const translate = useTranslate();
  const record = useRecordContext<StaffAccount>();
  return <>{translate('resources.admins.editTitle', { username: record?.username ?? '' })}</>;
};

/** /admin/{id}: one staff account; the password changes only when a new one is typed. */
export const AdminEdit = () => {
  const toasts = useStaffToasts();
  return (
    <RecordEdit resource="admins" title={<AdminTitle />} mutationMode="pessimistic" mutationOptions={toasts}>
      <>
        <AdminForm />
        <SecondFactorReset />
      </>
    </RecordEdit>
  );
};
