import { Box, Link, MenuItem, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { messengerLink, type Courier, type Order } from '../../domain';
import { useSession } from '../common/useSession';
import { useCouriers } from './orderReads';

/** Who delivers the order: a link to the courier's messenger account, else their name, else 'No courier'. */
export const CourierName = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const details = order.courierDetails;
  if (details?.username) {
    return (
      <Link href={messengerLink(details.username)} target="_blank" rel="noreferrer">
        @{details.username.replace(/^@/, '')}
      </Link>
    );
  }
  return <span>{details?.name || translate('resources.orders.courier.none')}</span>;
};

const courierLabel = (courier: Pick<Courier, 'name' | 'telegramUsername'>) =>
  courier.telegramUsername ? `${courier.name} (@${courier.telegramUsername.replace(/^@/, '')})` : courier.name;

/**
 * The courier block of an order: the courier, and for the roles that assign couriers a
 * dropdown of the couriers of the order's city (one request per city, shared by the cards).
 */
export const CourierBlock = ({ order }: { order: Order }) => {
  const { can } = useSession();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const id = useId();
  // Until the dropdown first opens only the assigned courier is an option (see StatusEditor).
  const [opened, setOpened] = useState(false);
  const mayAssign = can('orderCourier', 'edit');
  const couriers = useCouriers(order.cityId, mayAssign);
  const [update, { isPending }] = useUpdate<Order>();
  const choices = couriers.data ?? [];
  // The assigned courier stays a choice while the list loads, or if they left the list since.
  const current =
    order.courierId !== null && !choices.some((courier) => courier.id === order.courierId)
      ? [{ id: order.courierId, name: order.courierDetails?.name ?? String(order.courierId), telegramUsername: null }]
      : [];

  const change = (courierId: number | null) =>
    update(
      'orders',
      { id: order.id, data: { courierId }, previousData: order },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.orders.courier.changed', { type: 'info' });
          refresh();
        },
        onError: (error) => notify(error instanceof Error ? error.message : String(error), { type: 'error' }),
      },
    );

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }} data-courier-block={order.id}>
      <Typography variant="body2" component="span">
        {translate('resources.orders.courier.label')}: <CourierName order={order} />
      </Typography>
      {mayAssign ? (
        <TextField
          select
          size="small"
          id={id}
          label={translate('resources.orders.courier.change')}
          value={order.courierId ?? ''}
          disabled={isPending || couriers.isPending}
          onChange={(event) => change(event.target.value === '' ? null : Number(event.target.value))}
          sx={{ minWidth: 200, flex: '1 1 200px', maxWidth: '100%' }}
          slotProps={{ select: { onOpen: () => setOpened(true) } }}
        >
          {opened || order.courierId === null ? <MenuItem value="">{translate('resources.orders.courier.none')}</MenuItem> : null}
          {[...current, ...choices]
            .filter((courier) => opened || courier.id === order.courierId)
            .map((courier) => (
              <MenuItem key={courier.id} value={courier.id}>
                {courierLabel(courier)}
              </MenuItem>
            ))}
        </TextField>
      ) : null}
    </Box>
  );
};
