import { Box, FormControlLabel, ListItemText, MenuItem, Switch, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { HttpError, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { ORDER_STATUS_VALUES, statusOptionDisabled, type Order } from '../../domain';
import { useSession } from '../common/useSession';

/** The two statuses of a refused move (409 ORDER_STATUS_MOVE_REFUSED), to name them rather than number them. */
const refusedMove = (error: unknown): { current: number; next: number } | null => {
  if (!(error instanceof HttpError)) return null;
  const body: unknown = error.body;
  if (typeof body !== 'object' || body === null || !('code' in body) || body.code !== 'ORDER_STATUS_MOVE_REFUSED') return null;
  const args: unknown = 'args' in body ? body.args : null;
  if (typeof args !== 'object' || args === null || !('current' in args) || !('next' in args)) return null;
  const { current, next } = args;
  return typeof current === 'number' && typeof next === 'number' ? { current, next } : null;
};

/**
 * The status dropdown of an order (card and detail): every status with its help text, the
 * moves the rules refuse disabled (forward only, never out of a final status) unless an admin
 * turns on debug mode. Roles that may not change statuses get no control (the badge beside it stays).
 */
export const StatusEditor = ({ order }: { order: Order }) => {
  const { can } = useSession();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<Order & { debug?: boolean }>();
  const [debug, setDebug] = useState(false);
  // Until the dropdown first opens only the current status is an option: a list of 25 cards
  // renders one option per card instead of every status with its help text.
  const [opened, setOpened] = useState(false);
  const id = useId();
  if (!can('orderStatus', 'edit')) return null;
  const label = (status: number) => translate(`resources.orders.statuses.${status}.label`, { _: String(status) });

  const change = (next: number) =>
    update(
      'orders',
      { id: order.id, data: debug ? { status: next, debug: true } : { status: next }, previousData: order },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.orders.status.changed', { type: 'info' });
          refresh();
        },
        // Someone else may have moved the order meanwhile: say why, and show where it is now.
        onError: (error) => {
          const refused = refusedMove(error);
          const message = refused
            ? translate('errors.ORDER_STATUS_MOVE_REFUSED', { current: label(refused.current), next: label(refused.next) })
            : error instanceof Error
              ? error.message
              : String(error);
          notify(message, { type: 'error' });
          refresh();
        },
      },
    );

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <TextField
        select
        size="small"
        id={id}
        label={translate('resources.orders.status.label')}
        value={order.status}
        disabled={isPending}
        onChange={(event) => change(Number(event.target.value))}
        sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: '100%' }}
        slotProps={{
          select: {
            onOpen: () => setOpened(true),
            renderValue: (value) => label(Number(value)),
            MenuProps: { slotProps: { paper: { sx: { maxWidth: 420 } } } },
          },
        }}
      >
        {(opened ? ORDER_STATUS_VALUES : ORDER_STATUS_VALUES.filter((status) => status === order.status)).map((status) => (
          <MenuItem key={status} value={status} disabled={statusOptionDisabled(order.status, status, debug)} data-status-option={status}>
            <ListItemText
              primary={label(status)}
              secondary={translate(`resources.orders.statuses.${status}.help`, { _: '' })}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        ))}
      </TextField>
      {can('orderDebug', 'edit') ? (
        <FormControlLabel
          control={<Switch checked={debug} onChange={(event) => setDebug(event.target.checked)} />}
          label={translate('resources.orders.status.debug')}
          title={translate('resources.orders.status.debugHelp')}
        />
      ) : null}
    </Box>
  );
};
