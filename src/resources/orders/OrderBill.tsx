import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { orderBillLines, type BillLine, type Order } from '../../domain';
import { useFormat } from '../common/useFormat';

const LABELS: Record<BillLine, string> = {
  sum: 'resources.orders.detail.sum',
  delivery: 'resources.orders.detail.delivery',
  discount: 'resources.orders.detail.discount',
  serviceFee: 'resources.orders.detail.serviceFee',
  total: 'resources.orders.detail.total',
};

/**
 * The order's lines (`price x count = sum`) and its bill, in the order's currency: Sum +
 * Delivery − Discount + Service fee = Total, the service fee a line of its own for everyone who
 * sees the total, so the lines add up.
 */
export const OrderBill = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const format = useFormat();
  const money = (value: number) => format.money(value, order.currency);
  return (
    <>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="order-items">
        {order.items.map((item) => (
          <Typography component="li" variant="body2" key={item.id}>
            {format.name(item.dish)}: {money(item.dish.price)} x {item.count} = {money(item.sum)}
          </Typography>
        ))}
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: 2, m: 0 }}
        data-testid="order-bill"
      >
        {orderBillLines(order).map(({ line, value, sign }) => (
          <Box key={line} sx={{ display: 'contents' }} data-bill-line={line} data-bill-value={value}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={sign === 0 ? { fontWeight: 600 } : undefined}>
              {translate(LABELS[line])}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: sign === 0 ? 600 : undefined }}>
              {sign === -1 && value !== 0 ? `− ${money(value)}` : money(value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
};
