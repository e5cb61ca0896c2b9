import {
  Create,
  Edit,
  useRedirect,
  useResourceContext,
  useResourceDefinition,
  type CreateProps,
  type EditProps,
  type RaRecord,
  type RedirectionSideEffect,
} from 'react-admin';
import { useRecordNotice } from './notify';

/**
 * react-admin's Edit, whose save toast names what was saved ("Restaurant 'Brick Lane Burgers'
 * saved") and which saves only once the server answered (pessimistic). A screen that passes its
 * own `mutationOptions.onSuccess` (a toast the spec words otherwise) keeps it.
 */
export const RecordEdit = <R extends RaRecord = RaRecord>({
  mutationOptions,
  mutationMode = 'pessimistic',
  redirect: redirectTo = 'list',
  ...props
}: EditProps<R>) => {
  const resource = useResourceContext(props) ?? '';
  const notice = useRecordNotice(resource);
  const redirect = useRedirect();
  const onSuccess =
    mutationOptions?.onSuccess ??
    ((data: R, variables: { previousData?: R }) => {
      const record = { ...variables.previousData, ...data };
      notice('updated', record);
      redirect(redirectTo, resource, data.id, record);
    });
  return <Edit {...props} mutationMode={mutationMode} redirect={redirectTo} mutationOptions={{ ...mutationOptions, onSuccess }} />;
};

/** react-admin's Create, whose toast names the new record; it then leads where react-admin would (its edit page when it has one). */
export const RecordCreate = <R extends RaRecord = RaRecord>({ mutationOptions, redirect: redirectProp, ...props }: CreateProps<R>) => {
  const resource = useResourceContext(props) ?? '';
  const { hasEdit, hasShow } = useResourceDefinition({ resource });
  const redirectTo: RedirectionSideEffect = redirectProp ?? (hasEdit ? 'edit' : hasShow ? 'show' : 'list');
  const notice = useRecordNotice(resource);
  const redirect = useRedirect();
  const onSuccess =
    mutationOptions?.onSuccess ??
    ((data: R) => {
      notice('created', data);
      redirect(redirectTo, resource, data.id, data);
    });
  return <Create {...props} redirect={redirectTo} mutationOptions={{ ...mutationOptions, onSuccess }} />;
};
