import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { OrderTimelineEntry, TimelinePerson } from '../../domain';
import { useFormat } from '../common/useFormat';
import { DetailSection } from './DetailSection';
import { useOrderTimeline } from './orderReads';

/** As often as the chat refreshes without the live channel (spec section 2). */
const REFRESH_MS = 60_000;
const MESSAGE_PREVIEW = 200;

/** One line of the timeline, in the user's language. */
const useDescribe = () => {
  const translate = useTranslate();
  const who = (person: TimelinePerson | null) => person?.name ?? translate('resources.audit.timeline.customer');
  const status = (value: number) => translate(`resources.orders.statuses.${value}.label`, { _: String(value) });
  return (entry: OrderTimelineEntry): string => {
    switch (entry.kind) {
      case 'created':
        return translate('resources.audit.timeline.created', { who: who(entry.actor) });
      case 'status':
        return entry.from === null
          ? translate('resources.audit.timeline.statusSet', { to: status(entry.to), who: who(entry.actor) })
          : translate('resources.audit.timeline.status', { from: status(entry.from), to: status(entry.to), who: who(entry.actor) });
      case 'courier': {
        const none = translate('resources.audit.timeline.noCourier');
        return translate('resources.audit.timeline.courier', {
          from: entry.from?.name ?? none,
          to: entry.to?.name ?? none,
          who: who(entry.actor),
        });
      }
      case 'late':
        return translate('resources.audit.timeline.late', {
          status: status(entry.status),
          minutes: entry.minutes,
          heldBy: translate(`resources.audit.timeline.heldBy.${entry.heldBy}`),
        });
      case 'message':
        return translate(entry.toRestaurant ? 'resources.audit.timeline.toRestaurant' : 'resources.audit.timeline.message', {
          who: who(entry.actor),
        });
    }
  };
};

/**
 * An order's timeline on its detail page: placed, each status move and courier
 * change with who made it and when, and the chat's messages, oldest first.
 */
export const OrderTimeline = ({ orderId }: { orderId: number }) => {
  const translate = useTranslate();
  const format = useFormat();
  const describe = useDescribe();
  const timeline = useOrderTimeline(orderId, REFRESH_MS);
  return (
    <DetailSection title="resources.audit.timeline.title" testId="order-timeline">
      {timeline.isPending ? (
        <Typography variant="body2">{translate('resources.audit.timeline.loading')}</Typography>
      ) : timeline.error ? (
        <Typography variant="body2" color="error" role="alert">
          {translate('resources.audit.timeline.error', { message: timeline.error.message })}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          {timeline.data.map((entry) => (
            <Typography component="li" variant="body2" key={entry.id} data-timeline-kind={entry.kind} sx={{ overflowWrap: 'anywhere' }}>
              <Box component="time" dateTime={entry.at} sx={{ color: 'text.secondary', mr: 1 }}>
                {format.time(entry.at)}
              </Box>
              {describe(entry)}
              {entry.kind === 'message' ? (
                <Box component="q" sx={{ display: 'block', color: 'text.secondary' }}>
                  {entry.text.length > MESSAGE_PREVIEW ? `${entry.text.slice(0, MESSAGE_PREVIEW - 1)}…` : entry.text}
                </Box>
              ) : null}
            </Typography>
          ))}
        </Box>
      )}
    </DetailSection>
  );
};
