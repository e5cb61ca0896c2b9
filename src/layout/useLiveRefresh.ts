import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent } from '../domain';
import { subscribeLiveEvents } from '../providers/liveEventsHub';

/** Mailing progress comes often while a mailing sends: its list is asked again at most this often (the bar moves from the event itself). */
const MAILING_REFETCH_MS = 2000;
/** A busy city moves several orders a second: the order list is asked again at most this often. */
const ORDER_LIST_REFETCH_MS = 1000;

/**
 * What each live event makes stale in react-admin's cache (react-query): the queries shown
 * now are asked again at once, the others when next shown. Nothing reloads the page. The
 * order keys are those of the order screens (src/resources/orders/orderKeys.ts).
 */
export function refreshFor(
  queryClient: QueryClient,
  event: LiveEvent,
  refetchMailings: () => void,
  refetchOrderLists: () => void = () => void queryClient.invalidateQueries({ queryKey: ['orders', 'getList'] }),
): void {
  // A fetch already under way may have read before the change: it is started again (react-query's default).
  const stale = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  switch (event.type) {
    case 'order.created':
    case 'order.updated':
      refetchOrderLists();
      // Every order read one by one, the detail page's among them (react-admin's getOne, by thread id).
      stale(['orders', 'getOne']);
      stale(['orders', 'getMany']);
      // The detail page's timeline (created, each status, courier changes, messages).
      if (event.orderId !== undefined) stale(['orders', 'timeline', event.orderId]);
      break;
    case 'order.late':
      // The late filter's list and the order's timeline (which records the escalation).
      refetchOrderLists();
      if (event.orderId !== undefined) stale(['orders', 'timeline', event.orderId]);
      break;
    case 'message.created':
      if (event.threadId) {
        stale(['orders', 'chat', event.threadId]);
        // The detail counts the messages: that order's getOne, whatever its `meta` (the numbers toggle).
        stale(['orders', 'getOne', { id: event.threadId }]);
      }
      if (event.orderId !== undefined) stale(['orders', 'timeline', event.orderId]);
      break;
    case 'review.created':
      stale(['reviews']);
      break;
    case 'mailing.progress':
      refetchMailings();
      break;
    case 'notification.created':
      // The bell's count and, when open, its list (src/layout/notifications).
      stale(['notifications']);
      break;
  }
}

/** Runs `run` at once, then at most once per `ms`, and always once after the last call. */
function throttle(run: () => void, ms: number): (() => void) & { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = false;
  const call = () => {
    if (timer) {
      due = true;
      return;
    }
    run();
    timer = setTimeout(() => {
      timer = undefined;
      if (due) {
        due = false;
        call();
      }
    }, ms);
  };
  return Object.assign(call, { cancel: () => clearTimeout(timer) });
}

/** Keeps react-admin's data fresh from the live stream while the layout is shown. */
export function useLiveRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetchMailings = throttle(() => void queryClient.invalidateQueries({ queryKey: ['spam', 'getList'] }), MAILING_REFETCH_MS);
    const refetchOrderLists = throttle(
      () => void queryClient.invalidateQueries({ queryKey: ['orders', 'getList'] }),
      ORDER_LIST_REFETCH_MS,
    );
    const unsubscribe = subscribeLiveEvents((event) => refreshFor(queryClient, event, refetchMailings, refetchOrderLists));
    return () => {
      unsubscribe();
      refetchMailings.cancel();
      refetchOrderLists.cancel();
    };
  }, [queryClient]);
}
