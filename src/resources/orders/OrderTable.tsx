import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { OrderListItem } from '../../domain';
import type { NewOrders } from '../../providers/liveEventsHub';
import { useFormat } from '../common/useFormat';
import { CourierName } from './CourierBlock';
import { CustomerPhone } from './CustomerPhone';
import { OrderClock } from './OrderClock';
import { orderPath } from './paths';
import { StatusBadge } from './StatusBadge';
import { UnreadBadge } from './UnreadBadge';

const COLUMNS = ['number', 'time', 'status', 'clock', 'restaurant', 'customer', 'total', 'courier', 'unread'] as const;

/**
 * The compact view of the list: one line per order (number, time, status, time in status, restaurant,
 * customer, total, courier, unread messages), dense enough to show a screenful of orders. On a
 * phone the table scrolls sideways under its number column, which stays in place.
 */
export const OrderTable = ({ orders, newOrders }: { orders: readonly OrderListItem[]; newOrders: NewOrders }) => {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={translate('resources.orders.name', { smart_count: 2 })}
        data-testid="order-table"
        sx={{
          '& td, & th': { whiteSpace: 'nowrap', py: 0.25, px: 1 },
          '& td:first-of-type, & th:first-of-type': { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 },
        }}
      >
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} align={column === 'total' || column === 'unread' ? 'right' : 'left'}>
                {translate(`resources.orders.workspace.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => {
            const fresh = newOrders.marks.get(order.id);
            return (
              <TableRow
                key={order.id}
                hover
                data-order={order.threadId}
                data-new={fresh}
                sx={(theme) => (fresh === 'unseen' ? { bgcolor: alpha(theme.palette.warning.main, 0.14) } : {})}
              >
                <TableCell>
                  <Link component={RouterLink} to={orderPath(order.threadId)} sx={{ fontWeight: 500 }}>
                    #{order.threadId}
                  </Link>
                </TableCell>
                <TableCell>
                  <time dateTime={order.createdAt}>{format.time(order.createdAt)}</time>
                </TableCell>
                <TableCell>
                  <StatusBadge status={order.status} />
                </TableCell>
                <TableCell>
                  <OrderClock order={order} />
                </TableCell>
                <TableCell>{format.name(order.restaurant)}</TableCell>
                <TableCell>
                  {order.user.name} <CustomerPhone phone={order.user.phone} />
                </TableCell>
                <TableCell align="right">{format.money(order.totalSum, order.currency)}</TableCell>
                <TableCell>
                  <CourierName order={order} />
                </TableCell>
                <TableCell align="right">
                  <UnreadBadge count={order.unreadMessages} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
