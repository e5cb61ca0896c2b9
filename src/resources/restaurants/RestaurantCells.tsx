import { Switch, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { mayChangeRestaurantField, type Restaurant } from '../../domain';
import { useSession } from '../common/useSession';

/** Saves one field of a listed restaurant at once, with react-admin's undo notification. */
function useSaveField() {
  const [update] = useUpdate<Restaurant>();
  const notify = useNotify();
  return (record: Restaurant, data: Partial<Restaurant>) =>
    update(
      'restaurants',
      { id: record.id, data, previousData: record },
      {
        mutationMode: 'undoable',
        onSuccess: () => notify('ra.notification.updated', { type: 'info', undoable: true, messageArgs: { smart_count: 1 } }),
      },
    );
}

/** The enabled flag: a toggle for the roles that may change it, else the value. */
export const EnabledCell = () => {
  const record = useRecordContext<Restaurant>();
  const { roleId } = useSession();
  const translate = useTranslate();
  const save = useSaveField();
  if (!record) return null;
  return (
    <Switch
      checked={record.enabled}
      disabled={!mayChangeRestaurantField(roleId, 'enabled')}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => save(record, { enabled: event.target.checked })}
      slotProps={{ input: { 'aria-label': `${translate('resources.restaurants.fields.enabled')}: ${record.name}` } }}
    />
  );
};

/** The position: a number field that saves when it is left, for the roles that may change it. */
export const PositionCell = () => {
  const record = useRecordContext<Restaurant>();
  const { roleId } = useSession();
  const translate = useTranslate();
  const save = useSaveField();
  const [text, setText] = useState<string | null>(null);
  if (!record) return null;
  if (!mayChangeRestaurantField(roleId, 'position')) return <span>{record.position}</span>;
  const commit = () => {
    const value = Number(text);
    if (text !== null && /^\d{1,6}$/.test(text) && value !== record.position) save(record, { position: value });
    setText(null);
  };
  return (
    <MuiTextField
      size="small"
      type="number"
      value={text ?? String(record.position)}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      sx={{ width: 90 }}
      slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': `${translate('resources.restaurants.fields.position')}: ${record.name}` } }}
    />
  );
};

/** The notification account: a link to the messaging username when there is one, else the name. */
export const NotificationCell = () => {
  const record = useRecordContext<Restaurant>();
  const user = record?.notificationUser;
  if (!user) return null;
  return user.username ? (
    <a href={`https://t.me/${user.username}`} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()}>
      @{user.username}
    </a>
  ) : (
    <span>{user.name}</span>
  );
};
