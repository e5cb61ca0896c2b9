import { Box, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { orderTotalsRecord } from '../../domain';
import { useFormat } from '../common/useFormat';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The totals of the whole filtered range, not just the page: sum, delivery, order count and
 * average cheque, one line per currency, counted by the server from CONFIRMED on.
 */
export const TotalsSummary = () => {
  const translate = useTranslate();
  const format = useFormat();
  // They come with the list's page (GET /orders), counted over the whole range.
  const { meta, isPending, error } = useListContext();
  const parsed = orderTotalsRecord.safeParse(isRecord(meta) ? meta.totals : undefined);
  const lines = parsed.success ? parsed.data.lines : [];
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
      {isPending ? (
        <Typography variant="body2">{translate('resources.orders.detail.loading')}</Typography>
      ) : error ? (
        <Typography variant="body2" color="error" role="alert">
          {translate('resources.orders.detail.error', { message: error instanceof Error ? error.message : String(error) })}
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
