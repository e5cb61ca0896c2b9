import { Box, Button, Card, CardContent, Chip, Link, Typography } from '@mui/material';
import { alpha, keyframes } from '@mui/material/styles';
import { memo, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Order } from '../../domain';
import type { NewOrderMark } from '../../providers/liveEventsHub';
import { CourierBlock } from './CourierBlock';
import { CustomerPhone } from './CustomerPhone';
import { LazyOrderChat } from './LazyOrderChat';
import { OrderClock } from './OrderClock';
import { orderPath } from './paths';
import { StatusBadge } from './StatusBadge';
import { StatusEditor } from './StatusEditor';
import { UnreadBadge } from './UnreadBadge';
import { useFormat } from '../common/useFormat';

/** A new order's background, from the highlight back to the card's own once it has been seen. */
const fade = (from: string) => keyframes`from { background-color: ${from}; }`;

/**
 * One order of the list: its number (to the detail), time, restaurant, customer, the items in
 * brief when asked, the total, status and payment; then the status change, the courier and
 * the chat, opened in place. An order created while the list is open (`fresh`) is marked new,
 * highlighted until seen. `unread` is how many customer and restaurant messages its chat got
 * since the user last opened it.
 */
const OrderCardBody = ({ order, brief, fresh, unread }: { order: Order; brief: boolean; fresh?: NewOrderMark; unread?: number }) => {
  const translate = useTranslate();
  const format = useFormat();
  const [chatOpen, setChatOpen] = useState(false);
  const chatId = `chat-${order.threadId}`;
  return (
    <Card
      component="article"
      variant="outlined"
      data-order={order.threadId}
      data-new={fresh}
      sx={(theme) => {
        const highlight = alpha(theme.palette.warning.main, 0.14);
        if (fresh === 'unseen') return { minWidth: 0, backgroundColor: highlight, borderColor: theme.palette.warning.main };
        if (fresh === 'seen') {
          return {
            minWidth: 0,
            animation: `${fade(highlight)} 4s ease-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          };
        }
        // A card below the screen is neither laid out nor painted until it scrolls near: the
        // layout after the rows arrive covers the first screen's cards, not all of them (sized
        // as a usual card until then, then as it last was).
        return { minWidth: 0, contentVisibility: 'auto', containIntrinsicSize: 'auto 280px' };
      }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
            <Link component={RouterLink} to={orderPath(order.threadId)}>
              #{order.threadId}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary" component="time" dateTime={order.createdAt}>
            {format.time(order.createdAt)}
          </Typography>
          <StatusBadge status={order.status} />
          <OrderClock order={order} />
          {fresh ? <Chip size="small" color="primary" label={translate('live.newOrder')} data-testid="new-order" /> : null}
          <UnreadBadge count={unread} />
          <Chip
            size="small"
            variant="outlined"
            label={translate(`resources.orders.paymentMethods.${order.paymentMethod}`, { _: String(order.paymentMethod) })}
          />
        </Box>
        <Typography variant="body1" sx={{ fontWeight: 500 }} data-testid="card-restaurant">
          {format.name(order.restaurant)}
        </Typography>
        <Typography variant="body2">
          {translate('resources.orders.card.customer')}: {order.user.name} <CustomerPhone phone={order.user.phone} />
        </Typography>
        {brief ? (
          <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label={translate('resources.orders.card.items')} data-testid="order-brief">
            {order.items.map((item) => (
              <Typography component="li" variant="body2" key={item.id}>
                {format.name(item.dish)} × {item.count}
              </Typography>
            ))}
          </Box>
        ) : null}
        <Typography variant="body2">
          {translate('resources.orders.card.total')}: <strong>{format.money(order.totalSum, order.currency)}</strong>
        </Typography>
        <StatusEditor order={order} />
        <CourierBlock order={order} />
        <Box>
          <Button
            size="small"
            variant="text"
            aria-expanded={chatOpen}
            aria-controls={chatOpen ? chatId : undefined}
            onClick={() => setChatOpen((open) => !open)}
          >
            {chatOpen ? translate('resources.orders.chat.close') : translate('resources.orders.chat.open', { count: order.messagesAmount })}
          </Button>
        </Box>
        {chatOpen ? (
          <Box id={chatId}>
            <Suspense fallback={<Typography variant="body2">{translate('resources.orders.detail.loading')}</Typography>}>
              <LazyOrderChat threadId={order.threadId} order={order} />
            </Suspense>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
};

/**
 * Memoised: the list re-renders on every change of its context (a filter typed, a new order
 * marked, a refetch of unchanged rows), and 25 cards each with two dropdowns cost far more to
 * render again than to compare; the cached rows keep their identity between reads.
 */
export const OrderCard = memo(OrderCardBody);
