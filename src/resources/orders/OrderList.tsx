import { Box, Typography } from '@mui/material';
import { List, Loading, Pagination, TopToolbar, useListContext, useTranslate } from 'react-admin';
import { ORDERS_DEFAULT_PER_PAGE, type Order } from '../../domain';
import { ExportExcelButton } from './ExportExcelButton';
import { OrderCard } from './OrderCard';
import { useOrderFilters } from './orderFilters';
import { TotalsSummary } from './TotalsSummary';

const OrderCards = () => {
  const translate = useTranslate();
  const { data, isPending, filterValues } = useListContext<Order>();
  if (isPending) return <Loading />;
  if (!data || data.length === 0) return <Typography sx={{ p: 2 }}>{translate('resources.orders.empty')}</Typography>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        p: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {data.map((order) => (
        <OrderCard key={order.id} order={order} brief={filterValues.brief === true} />
      ))}
    </Box>
  );
};

/**
 * /orders: the orders the user may see, newest first, paged by the server, one card each,
 * under the totals of the whole filtered range; the filters are in the URL.
 */
export const OrderList = () => {
  const filters = useOrderFilters();
  if (!filters) return <Loading />;
  return (
    <List
      resource="orders"
      filters={filters}
      actions={
        <TopToolbar>
          <ExportExcelButton />
        </TopToolbar>
      }
      perPage={ORDERS_DEFAULT_PER_PAGE}
      sort={{ field: '', order: 'DESC' }}
      empty={false}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
    >
      <TotalsSummary />
      <OrderCards />
    </List>
  );
};
