import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { orderTimerState, type Order } from '../../domain';
import { useTicker } from './useTicker';

const COLORS = { ok: 'default', warning: 'warning', late: 'error' } as const;

/**
 * How long an order has been in its status ("12 min"), amber past 80% of its stage's minutes
 * and red once late; nothing for a status with no clock. The server decides lateness and
 * escalates it; this only shows the clock, moving with the screen's one shared tick.
 */
export const OrderClock = ({ order }: { order: Pick<Order, 'statusSince' | 'timerMinutes'> }) => {
  const translate = useTranslate();
  const now = useTicker();
  const since = Date.parse(order.statusSince);
  if (order.timerMinutes === null || Number.isNaN(since)) return null;
  // A browser clock a little behind the server's shows 0, not a negative time.
  const elapsed = Math.max(0, now - since);
  const state = orderTimerState(elapsed, order.timerMinutes);
  const minutes = Math.floor(elapsed / 60_000);
  const title = translate(`resources.orders.workspace.clock.${state}`, { minutes, allowed: order.timerMinutes });
  return (
    <Chip
      size="small"
      icon={<TimerOutlinedIcon />}
      color={COLORS[state]}
      variant={state === 'ok' ? 'outlined' : 'filled'}
      label={translate('resources.orders.workspace.clock.minutes', { minutes })}
      title={title}
      aria-label={title}
      data-testid="order-clock"
      data-state={state}
    />
  );
};
