import { Box, Button, Link, Typography } from '@mui/material';
import { Suspense } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { mapLink, type Order } from '../../domain';
import { useSession } from '../common/useSession';
import { CourierBlock } from './CourierBlock';
import { CustomerBlock } from './CustomerBlock';
import { DetailSection, Fact } from './DetailSection';
import { LazyOrderChat } from './LazyOrderChat';
import { OrderBill } from './OrderBill';
import { OrderClock } from './OrderClock';
import { useOrder } from './orderReads';
import { OrderTimeline } from './OrderTimeline';
import { ORDERS_PATH } from './paths';
import { StatusBadge } from './StatusBadge';
import { StatusEditor } from './StatusEditor';
import { useFormat } from '../common/useFormat';
import { useShowNumbers } from './useShowNumbers';

/** Payment data: only admins and city admins get them from the API (asked here too), and only when they exist. The service fee is a line of the bill. */
const PaymentData = ({ order }: { order: Order }) => {
  const { can } = useSession();
  const receipt = order.paymentReceipt?.providerPaymentChargeId;
  if (!can('paymentData', 'show') || (!receipt && !order.invoiceId)) return null;
  return (
    <DetailSection title="resources.orders.detail.paymentData" testId="order-payment-data">
      <Fact label="resources.orders.detail.receipt">{receipt}</Fact>
      <Fact label="resources.orders.detail.invoice">{order.invoiceId}</Fact>
    </DetailSection>
  );
};

/** From this width the chat stands beside the details, in view without scrolling; below it follows them. */
const SIDE_BY_SIDE = '@media (min-width: 1100px)';

const OrderDetail = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'minmax(0, 1fr)',
        [SIDE_BY_SIDE]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(340px, 420px)', alignItems: 'start' },
      }}
    >
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))', minWidth: 0 }}
        data-testid="order-details"
      >
        <CustomerBlock order={order} />
        <DetailSection title="resources.orders.detail.restaurant" testId="order-restaurant">
          <Typography variant="body1">{format.name(order.restaurant)}</Typography>
          <Link href={mapLink(order.restaurant.address)} target="_blank" rel="noreferrer" variant="body2">
            {order.restaurant.address} — {translate('resources.orders.detail.map')}
          </Link>
        </DetailSection>
        <DetailSection title="resources.orders.detail.items">
          <OrderBill order={order} />
        </DetailSection>
        <DetailSection title="resources.orders.status.label" testId="order-status">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <StatusBadge status={order.status} />
            <OrderClock order={order} />
          </Box>
          <StatusEditor order={order} />
          <Fact label="resources.orders.detail.payment">
            {translate(`resources.orders.paymentMethods.${order.paymentMethod}`, { _: String(order.paymentMethod) })}
          </Fact>
          <CourierBlock order={order} />
        </DetailSection>
        <PaymentData order={order} />
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <OrderTimeline orderId={order.id} />
        </Box>
      </Box>
      {/* On wide screens the chat keeps its place while the details scroll past it. */}
      <Box sx={{ minWidth: 0, [SIDE_BY_SIDE]: { position: 'sticky', top: 72, gridRow: 1, gridColumn: 2 } }} data-testid="order-chat-column">
        <DetailSection title="resources.orders.chat.title">
          <Suspense fallback={<Typography variant="body2">{translate('resources.orders.detail.loading')}</Typography>}>
            <LazyOrderChat threadId={order.threadId} order={order} />
          </Suspense>
        </DetailSection>
      </Box>
    </Box>
  );
};

/** /orders/{threadId}: one order, read over GraphQL through the dataProvider, with its status, courier and chat. */
export const OrderShow = () => {
  const { threadId = '' } = useParams();
  const translate = useTranslate();
  const [numbers] = useShowNumbers();
  const order = useOrder(threadId, numbers);
  // An order without a thread id is react-admin's empty answer once the session has ended: the login page follows.
  return (
    <Box sx={{ py: 2, px: { xs: 1, sm: 0 } }}>
      <Title title={translate('resources.orders.detail.title', { threadId })} />
      <Button component={RouterLink} to={ORDERS_PATH} size="small" sx={{ mb: 1 }}>
        {translate('resources.orders.detail.back')}
      </Button>
      {order.isPending ? (
        <Typography>{translate('resources.orders.detail.loading')}</Typography>
      ) : order.error ? (
        <Typography color="error" role="alert">
          {translate('resources.orders.detail.error', { message: order.error.message })}
        </Typography>
      ) : order.data.threadId ? (
        <OrderDetail order={order.data} />
      ) : null}
    </Box>
  );
};
