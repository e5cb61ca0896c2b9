import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  FUNNEL_STEPS,
  statsCountRecord,
  statsExecutionTimeRecord,
  statsFunnelRecord,
  statsOrdersAmountRecord,
  statsOrdersRecord,
} from '../../domain';
import { useFormat } from '../common/useFormat';
import { Figure, FigureCard } from './FigureCard';
import { formatDuration, formatResponseTime } from './formatDuration';
import { OrdersChart } from './OrdersChart';
import { OrderTimesCard } from './OrderTimesCard';
import { useStatsFigure } from './useStatsFigure';

const GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;
const ROW_SX = { display: 'flex', flexWrap: 'wrap', gap: 3 } as const;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Every figure of one city and range (spec sections 2 and 3), each asked of its own endpoint
 * and shown as soon as it comes: the orders chart, customers (new, active, blocked), carts,
 * the bot's response time, customers by their number of orders, the funnel, and the order timers.
 */
export const StatsFigures = ({ query, labels }: { query: string; labels: boolean }) => {
  const translate = useTranslate();
  const { locale } = useFormat();
  const number = new Intl.NumberFormat(locale);
  const t = (key: string, options?: Record<string, unknown>) => translate(`resources.stats.${key}`, options);
  const orders = useStatsFigure('orders', statsOrdersRecord, query);
  const newUsers = useStatsFigure('newUsers', statsCountRecord, query);
  const activeUsers = useStatsFigure('activeUsers', statsCountRecord, query);
  const blockedUsers = useStatsFigure('blockedUsersAmount', statsCountRecord, query);
  const carts = useStatsFigure('cartsAmount', statsCountRecord, query);
  const executionTime = useStatsFigure('executionTime', statsExecutionTimeRecord, query);
  const ordersAmount = useStatsFigure('ordersAmount', statsOrdersAmountRecord, query);
  const funnel = useStatsFigure('ordersFunnel', statsFunnelRecord, query);
  // The three customer counts make one card: it waits for all three.
  const customers = [newUsers, activeUsers, blockedUsers];
  const customerCounts = {
    isPending: customers.some((c) => c.isPending),
    error: customers.find((c) => c.error)?.error,
    data: customers.every((c) => c.data) ? customers.map((c) => c.data?.count ?? 0) : undefined,
  };
  const duration = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds, translate));

  return (
    <Box sx={GRID_SX}>
      <FigureCard title={t('orders.title')} figure={orders} wide>
        {(data) => <OrdersChart orders={data} labels={labels} locale={locale} />}
      </FigureCard>
      <FigureCard title={t('customers.title')} figure={customerCounts}>
        {([fresh, active, blocked]) => (
          <Box sx={ROW_SX}>
            <Figure label={t('customers.newUsers')} value={number.format(fresh)} testId="stats-new-users" />
            <Figure label={t('customers.activeUsers')} value={number.format(active)} testId="stats-active-users" />
            <Figure label={t('customers.blockedUsers')} value={number.format(blocked)} testId="stats-blocked-users" />
          </Box>
        )}
      </FigureCard>
      <FigureCard title={t('carts.title')} figure={carts}>
        {(data) => <Figure label={t('carts.count')} value={number.format(data.count)} testId="stats-carts" />}
      </FigureCard>
      <FigureCard title={t('executionTime.title')} figure={executionTime}>
        {(data) =>
          data.averageMs === null ? (
            <Figure label={t('executionTime.average')} value={t('executionTime.none')} testId="stats-response-time" />
          ) : (
            <Figure
              label={`${t('executionTime.average')} · ${t('executionTime.responses', { smart_count: data.responses })}`}
              value={formatResponseTime(data.averageMs, translate, locale)}
              testId="stats-response-time"
            />
          )
        }
      </FigureCard>
      <FigureCard title={t('ordersAmount.title')} figure={ordersAmount}>
        {(data) => (
          <Box sx={ROW_SX} data-testid="stats-orders-amount">
            <Figure label={t('ordersAmount.one')} value={number.format(data.amountOfOrders)} />
            <Figure label={t('ordersAmount.two')} value={number.format(data.amountOfTwoOrders)} />
            <Figure label={t('ordersAmount.three')} value={number.format(data.amountOfThreeOrders)} />
            <Figure label={t('ordersAmount.fourAndMore')} value={number.format(data.amountOfFourAndMoreOrders)} />
          </Box>
        )}
      </FigureCard>
      <FigureCard title={t('funnel.title')} figure={funnel} span={2}>
        {(data) => (
          // A narrow card scrolls the table sideways: the region takes the keyboard focus for that.
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('funnel.table')}>
            <Table size="small" data-testid="stats-funnel">
              <TableHead>
                <TableRow>
                  <TableCell>{t('funnel.step')}</TableCell>
                  <TableCell align="right">{t('funnel.customers')}</TableCell>
                  <TableCell align="right">{t('funnel.median')}</TableCell>
                  <TableCell align="right">{t('funnel.average')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {FUNNEL_STEPS.map((step) => (
                  <TableRow key={step}>
                    <TableCell component="th" scope="row">
                      {t(`funnel.${step}`)}
                    </TableCell>
                    <TableCell align="right">{number.format(data[step].customers)}</TableCell>
                    <TableCell align="right" sx={NO_WRAP}>
                      {duration(data[step].medianSeconds)}
                    </TableCell>
                    <TableCell align="right" sx={NO_WRAP}>
                      {duration(data[step].averageSeconds)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </FigureCard>
      <OrderTimesCard query={query} />
    </Box>
  );
};
