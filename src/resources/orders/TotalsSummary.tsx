import { Box, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import type { OrderTotals } from '../../domain';
import { fetchTotals } from './orderApi';
import { orderQuery } from './orderQuery';
import { useOrderFormat } from './useOrderFormat';
import { useOrderQuery } from './useOrderQuery';

/**
 * The totals of the whole filtered range, not just the page: sum, delivery, order count and
 * average cheque, one line per currency, counted by the server from CONFIRMED on.
 */
export const TotalsSummary = () => {
  const translate = useTranslate();
  const format = useOrderFormat();
  const { filterValues } = useListContext();
  // The toggles change what the cards show, not which orders count.
  const { numbers: _numbers, brief: _brief, ...range }: Record<string, unknown> = filterValues;
  const totals = useOrderQuery<OrderTotals>({
    queryKey: ['orders', 'totals', orderQuery(range).toString()],
    queryFn: () => fetchTotals(range),
  });
  const lines = totals.data?.lines ?? [];
  const figure = (label: string, value: string) => (
    <Typography variant="body2" component="span">
      {translate(label)}: <strong>{value}</strong>
    </Typography>
  );
  return (
    <Box component="section" aria-labelledby="order-totals-title" sx={{ px: 2, pt: 2 }} data-testid="order-totals">
      <Typography variant="h6" component="h2" id="order-totals-title">
        {translate('resources.orders.totals.title')}
      </Typography>
      {totals.isPending ? (
        <Typography variant="body2">{translate('resources.orders.detail.loading')}</Typography>
      ) : totals.error ? (
        <Typography variant="body2" color="error" role="alert">
          {translate('resources.orders.detail.error', { message: totals.error.message })}
        </Typography>
      ) : lines.length === 0 ? (
        <Typography variant="body2">{translate('resources.orders.totals.none')}</Typography>
      ) : (
        lines.map((line) => (
          <Box key={line.currency} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }} data-currency={line.currency}>
            {figure('resources.orders.totals.sum', format.money(line.sum, line.currency))}
            {figure('resources.orders.totals.delivery', format.money(line.delivery, line.currency))}
            {figure('resources.orders.totals.count', String(line.count))}
            {figure('resources.orders.totals.averageCheque', format.money(Number(line.averageCheque), line.currency))}
          </Box>
        ))
      )}
    </Box>
  );
};
