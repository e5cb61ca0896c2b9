import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslate } from 'react-admin';
import { statsOrderTimesRecord, type StatsStageTime } from '../../domain';
import { useFormat } from '../common/useFormat';
import { Figure, FigureCard } from './FigureCard';
import { formatDuration } from './formatDuration';
import { useStatsFigure } from './useStatsFigure';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The order timers over the range: the share of the orders placed in it that went late at least
 * once (with the counts), and the median time orders spent in each stage against the minutes the
 * city allows (a median over the limit in the error colour), then in each status of a stage of
 * several that had any.
 */
export const OrderTimesCard = ({ query }: { query: string }) => {
  const translate = useTranslate();
  const { locale } = useFormat();
  const t = (key: string, options?: Record<string, unknown>) => translate(`resources.stats.orderTimes.${key}`, options);
  const figure = useStatsFigure('orderTimes', statsOrderTimesRecord, query);
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const tenth = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  /** Under an hour with its tenth of a minute ("7.5 min"), longer in hours and minutes. */
  const minutes = (value: number | null) =>
    value === null
      ? '—'
      : value < 60
        ? translate('resources.stats.duration.minutes', { n: tenth.format(value) })
        : formatDuration(value * 60, translate);
  const status = (value: number) => translate(`resources.orders.statuses.${value}.label`, { _: String(value) });
  const over = (stage: StatsStageTime) => stage.medianMinutes !== null && stage.medianMinutes > stage.limitMinutes;

  return (
    <FigureCard title={t('title')} figure={figure} span={2}>
      {(data) => (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Figure
            label={
              data.orders === 0 ? t('noOrders') : t('late', { late: number.format(data.lateOrders), orders: number.format(data.orders) })
            }
            value={data.lateShare === null ? '—' : percent.format(data.lateShare)}
            testId="stats-late-share"
          />
          {/* A narrow card scrolls the table sideways: the region takes the keyboard focus for that. */}
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('table')}>
            <Table size="small" data-testid="stats-order-times">
              <TableHead>
                <TableRow>
                  <TableCell>{t('stage')}</TableCell>
                  <TableCell align="right">{t('median')}</TableCell>
                  <TableCell align="right">{t('limit')}</TableCell>
                  <TableCell align="right">{t('periods')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.stages.map((stage) => (
                  <Fragment key={stage.stage}>
                    <TableRow>
                      <TableCell component="th" scope="row">
                        {t(`stages.${stage.stage}`)}
                      </TableCell>
                      <TableCell align="right" sx={{ ...NO_WRAP, ...(over(stage) ? { color: 'error.main', fontWeight: 500 } : {}) }}>
                        {minutes(stage.medianMinutes)}
                      </TableCell>
                      <TableCell align="right" sx={NO_WRAP}>
                        {minutes(stage.limitMinutes)}
                      </TableCell>
                      <TableCell align="right">{number.format(stage.periods)}</TableCell>
                    </TableRow>
                    {stage.statuses.length > 1 &&
                      stage.statuses
                        .filter((s) => s.periods > 0)
                        .map((s) => (
                          <TableRow key={s.status}>
                            <TableCell component="th" scope="row" sx={{ pl: 4 }}>
                              <Typography variant="body2" color="text.secondary" component="span">
                                {status(s.status)}
                              </Typography>
                            </TableCell>
                            <TableCell align="right" sx={{ ...NO_WRAP, color: 'text.secondary' }}>
                              {minutes(s.medianMinutes)}
                            </TableCell>
                            <TableCell />
                            <TableCell align="right" sx={{ color: 'text.secondary' }}>
                              {number.format(s.periods)}
                            </TableCell>
                          </TableRow>
                        ))}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
    </FigureCard>
  );
};
