import { Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { List, Loading, Pagination, TopToolbar, useListContext, useTranslate } from 'react-admin';
import type { NewOrders } from '../../providers/liveEventsHub';
import { useLiveEvent } from '../../providers/liveEventsHooks';
import { ORDERS_DEFAULT_PER_PAGE, type OrderListItem } from '../../domain';
import { CardGrid } from '../common/CardGrid';
import { ExportExcelButton } from './ExportExcelButton';
import { OrderCard } from './OrderCard';
import { useOrderFilters } from './orderFilters';
import { OrderTable } from './OrderTable';
import { OrderViewSwitch, useOrderView } from './OrderViewSwitch';
import { StatusTabs } from './StatusTabs';
import { TotalsSummary } from './TotalsSummary';
import { useNewOrderMarks } from './useNewOrderMarks';

/** The order cards of the page (src/resources/common/CardGrid.tsx: the first screen's first). */
const OrderCards = ({ orders, brief, newOrders }: { orders: readonly OrderListItem[]; brief: boolean; newOrders: NewOrders }) => (
  <CardGrid items={orders}>
    {(order) => (
      <OrderCard key={order.id} order={order} brief={brief} fresh={newOrders.marks.get(order.id)} unread={order.unreadMessages} />
    )}
  </CardGrid>
);

/** The page's orders, as cards or as the compact table (the user's choice, remembered). */
const OrderRows = ({ newOrders }: { newOrders: NewOrders }) => {
  const translate = useTranslate();
  const [view] = useOrderView();
  const { data, isPending, filterValues } = useListContext<OrderListItem>();
  if (isPending) return <Loading />;
  if (!data || data.length === 0) return <Typography sx={{ p: 2 }}>{translate('resources.orders.empty')}</Typography>;
  if (view === 'table') return <OrderTable orders={data} newOrders={newOrders} />;
  return <OrderCards orders={data} brief={filterValues.brief === true} newOrders={newOrders} />;
};

/** Tells screen readers how many new orders came that nobody has looked at yet. */
const NewOrdersAnnouncement = ({ unseen }: { unseen: number }) => {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      data-testid="new-orders-status"
      sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
    >
      {unseen > 0 ? translate('live.newOrders', { smart_count: unseen }) : ''}
    </Box>
  );
};

/**
 * /orders: the orders the user may see, newest first, paged by the server, one card each,
 * under the totals of the whole filtered range; the filters (search and status tab included)
 * are in the URL. Orders created while it is open come at the top, marked new, and counted in
 * the tab's title until seen. Each order shows its unread messages, asked again as they come.
 */
export const OrderList = () => {
  const filters = useOrderFilters();
  const newOrders = useNewOrderMarks();
  const queryClient = useQueryClient();
  useLiveEvent(['message.created'], () => void queryClient.invalidateQueries({ queryKey: ['orders', 'getList'] }));
  if (!filters) return <Loading />;
  return (
    <List
      // The screen guard has read the session and the role's grant before this screen loads (and a
      // 401 still ends the session): the list asks for its rows at once instead of after two checks.
      disableAuthentication
      resource="orders"
      filters={filters}
      actions={
        <TopToolbar>
          <OrderViewSwitch />
          <ExportExcelButton />
        </TopToolbar>
      }
      perPage={ORDERS_DEFAULT_PER_PAGE}
      sort={{ field: '', order: 'DESC' }}
      empty={false}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
    >
      <StatusTabs />
      <TotalsSummary />
      <NewOrdersAnnouncement unseen={newOrders.unseen} />
      <OrderRows newOrders={newOrders} />
    </List>
  );
};
