import { Box, Button, FormControlLabel, Link, Switch } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { messengerLink, type Order } from '../../domain';
import { useSession } from '../common/useSession';
import { CustomerPhone } from './CustomerPhone';
import { DetailSection, Fact } from './DetailSection';
import { useApiMutation } from '../common/useApiQuery';
import { orderKeys } from './orderKeys';
import { clearCustomerAddress } from './orderWrites';
import { useShowNumbers } from './useShowNumbers';

/** Clears the customer's saved address after a confirmation (admins, city admins, operators). */
const ClearAddress = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const clear = useApiMutation<unknown, undefined>({
    mutationFn: () => clearCustomerAddress(order.user.id),
    onSuccess: () => {
      setOpen(false);
      notify('resources.orders.detail.cleared', { type: 'info' });
      return queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.threadId) });
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  return (
    <>
      <Button variant="outlined" color="error" size="small" onClick={() => setOpen(true)}>
        {translate('resources.orders.detail.clearAddress')}
      </Button>
      <Confirm
        isOpen={open}
        loading={clear.isPending}
        title="resources.orders.detail.clearTitle"
        titleTranslateOptions={{ name: order.user.name }}
        content="resources.orders.detail.clearContent"
        onConfirm={() => clear.mutate(undefined)}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** Who ordered and where it goes; the phone follows the numbers toggle shared with the list (not offered to owners). */
export const CustomerBlock = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const { can } = useSession();
  const [numbers, setNumbers] = useShowNumbers();
  const { user } = order;
  return (
    <DetailSection title="resources.orders.detail.customer" testId="order-customer">
      <Fact label="resources.orders.detail.customerName">
        {user.name}
        {user.username ? (
          <>
            {' '}
            <Link href={messengerLink(user.username)} target="_blank" rel="noreferrer">
              @{user.username.replace(/^@/, '')}
            </Link>
          </>
        ) : null}
      </Fact>
      <Fact label="resources.orders.detail.address">{order.address ?? user.address}</Fact>
      <Fact label="resources.orders.detail.additionalAddress">{order.additionalAddress ?? user.additionalAddress}</Fact>
      <Fact label="resources.orders.detail.contactType">{user.contactType}</Fact>
      <Fact label="resources.orders.detail.phone">{user.phone ? <CustomerPhone phone={user.phone} /> : null}</Fact>
      {/* Owners never see phones: the toggle would do nothing for them. */}
      {can('customerPhone', 'show') ? (
        <FormControlLabel
          control={<Switch checked={numbers} onChange={(event) => setNumbers(event.target.checked)} />}
          label={translate('resources.orders.fields.numbers')}
        />
      ) : null}
      {can('customerAddress', 'edit') && user.address ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Fact label="resources.orders.detail.savedAddress">{user.address}</Fact>
          <ClearAddress order={order} />
        </Box>
      ) : null}
    </DetailSection>
  );
};
