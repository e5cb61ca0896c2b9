import { Box, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OrderSeries, StatsOrders } from '../../domain';

type Row = StatsOrders['data'][number];

const COLORS: Record<OrderSeries, string> = { confirmed: '#2e7d32', unconfirmed: '#f9a825', canceled: '#c62828' };
const total = (row: Row) => row.confirmed + row.unconfirmed + row.canceled;

/**
 * The orders chart (spec section 2): one stacked bar per day, by group. Each bar carries its
 * day's total as a label only when the range is over 7 days (spec section 9). recharts comes
 * with this screen only, never with the login page.
 */
export const OrdersChart = ({ orders, labels, locale }: { orders: StatsOrders; labels: boolean; locale: string }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayOf = (date: unknown) => (typeof date === 'string' ? day.format(new Date(`${date}T00:00:00Z`)) : '');
  const sums = Object.fromEntries(orders.columns.map((series) => [series, orders.data.reduce((n, row) => n + row[series], 0)]));
  const first = orders.data[0]?.date;
  const last = orders.data[orders.data.length - 1]?.date;
  const summary = translate('resources.stats.orders.summary', { from: dayOf(first), to: dayOf(last), ...sums });
  const top = orders.columns[orders.columns.length - 1];
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid="orders-chart">
      {/* The caption says in words what the bars show. */}
      <Box aria-hidden sx={{ width: '100%', height: 300 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={orders.data} margin={{ top: 20, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={dayOf} tick={{ fontSize: 12 }} minTickGap={12} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            {/* The series' names in the text colour here too, for the same reason as the legend's. */}
            <Tooltip labelFormatter={dayOf} itemStyle={{ color: theme.palette.text.primary }} />
            {/* The series' names in the text colour: amber letters on white are hard to read. */}
            <Legend
              wrapperStyle={{ fontSize: 13 }}
              itemSorter={null}
              formatter={(value: string) => <span style={{ color: theme.palette.text.primary }}>{value}</span>}
            />
            {orders.columns.map((series) => (
              <Bar
                key={series}
                dataKey={series}
                stackId="orders"
                name={translate(`resources.stats.orders.series.${series}`)}
                fill={COLORS[series]}
                isAnimationActive={false}
              >
                {labels && series === top ? (
                  <LabelList dataKey={total} position="top" fontSize={11} formatter={(value) => (value ? String(value) : '')} />
                ) : null}
              </Bar>
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary" data-testid="orders-summary">
        {summary}
      </Typography>
    </Box>
  );
};
