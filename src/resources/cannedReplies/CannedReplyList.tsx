import { Datagrid, EditButton, FunctionField, NumberField, TextField, useCanAccess } from 'react-admin';
import { CityScopedList } from '../common/CityScopedList';
import { CreateAction } from '../common/CreateAction';
import { ResponsiveList } from '../common/ResponsiveList';
import type { CannedReply } from '../../domain';
import { CANNED_REPLY_CREATE_PATH, cannedReplyEditPath } from './paths';

const PREVIEW_LENGTH = 80;
const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text);

/** /cannedReplies: an admin sees one city or all, city staff their city's, an owner their restaurant's. */
export const CannedReplyList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'cannedReplies', action: 'edit' });
  return (
    <CityScopedList allowAll actions={<CreateAction to={CANNED_REPLY_CREATE_PATH} />} sort={{ field: 'uses', order: 'DESC' }}>
      <ResponsiveList<CannedReply>
        primary={(reply) => reply.title}
        secondary={(reply) => [preview(reply.text), `× ${reply.uses}`, reply.city.name].join(' · ')}
        linkTo={(reply) => cannedReplyEditPath(reply.id)}
        table={
          <Datagrid rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
            <TextField source="title" />
            <FunctionField<CannedReply> source="text" sortable={false} render={(reply) => preview(reply.text)} />
            <NumberField source="uses" />
            <TextField source="city.name" label="resources.cannedReplies.fields.city" sortable={false} />
            {canEdit ? <EditButton label="ra.action.edit" /> : null}
          </Datagrid>
        }
      />
    </CityScopedList>
  );
};
