import { DeleteWithConfirmButton, SaveButton, Toolbar, useRecordContext } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { Ad } from '../../domain';
import { useFormat } from '../common/useFormat';
import { useSession } from '../common/useSession';

/**
 * Save, disabled while the form is invalid or a file uploads (spec section 5), and absent when
 * nothing may change; delete after a confirmation for the roles that may (not owners).
 */
export const AdToolbar = ({ canSave, uploading }: { canSave: boolean; uploading: boolean }) => {
  const { isValid, isValidating } = useFormState();
  const record = useRecordContext<Ad>();
  const { can } = useSession();
  const format = useFormat();
  const ready = isValid && !isValidating && !uploading;
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      {canSave ? <SaveButton disabled={!ready} alwaysEnable={ready} /> : <span />}
      {record?.id !== undefined && can('ads', 'delete') ? (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          redirect="list"
          confirmTitle="resources.ads.deleteTitle"
          confirmContent="resources.ads.deleteContent"
          contentTranslateOptions={{ restaurant: record.restaurant ? format.name(record.restaurant) : '' }}
        />
      ) : null}
    </Toolbar>
  );
};
