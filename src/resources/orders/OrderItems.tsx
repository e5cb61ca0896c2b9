import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Order } from '../../domain';
import { useFormat } from '../common/useFormat';

/** The order's lines (`price x count = sum`) and its sums, in the order's currency. */
export const OrderItems = ({ order }: { order: Order }) => {
  const translate = useTranslate();
  const format = useFormat();
  const money = (value: number) => format.money(value, order.currency);
  const sums: [string, number][] = [
    ['resources.orders.detail.sum', order.sum],
    ['resources.orders.detail.delivery', order.deliveryCost],
    ['resources.orders.detail.discount', order.discount],
    ['resources.orders.detail.total', order.totalSum],
  ];
  return (
    <>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="order-items">
        {order.items.map((item) => (
          <Typography component="li" variant="body2" key={item.id}>
            {format.name(item.dish)}: {money(item.dish.price)} x {item.count} = {money(item.sum)}
          </Typography>
        ))}
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: 2, m: 0 }}>
        {sums.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: label.endsWith('total') ? 600 : undefined }}>
              {money(value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
};
