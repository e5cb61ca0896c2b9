import { Switch } from '@mui/material';
import type { MouseEvent } from 'react';
import { useCanAccess, useNotify, useRecordContext, useResourceContext, useTranslate, useUpdate } from 'react-admin';

/**
 * A row's enabled switch that saves at once, sending only `enabled`; read-only for roles that
 * may not edit the row.
 */
export const EnabledToggle = ({ label }: { label: string }) => {
  const record = useRecordContext<{ id: number; enabled: boolean; name: string }>();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const { canAccess } = useCanAccess({ resource, action: 'edit' });
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <Switch
      checked={record.enabled}
      disabled={!canAccess || isPending}
      slotProps={{ input: { 'aria-label': `${translate(label)}: ${record.name}` } }}
      onClick={(event: MouseEvent) => event.stopPropagation()}
      onChange={(_event, enabled) =>
        update(
          resource,
          { id: record.id, data: { enabled }, previousData: record },
          {
            mutationMode: 'undoable',
            onSuccess: () => notify('ra.notification.updated', { messageArgs: { smart_count: 1 }, undoable: true }),
            onError: (error) => notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
          },
        )
      }
    />
  );
};
