import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { LiveEvent, LiveEventType } from '../domain';
import {
  currentNewOrders,
  liveState,
  subscribeLiveEvents,
  subscribeLiveState,
  subscribeNewOrders,
  type LiveState,
  type NewOrders,
} from './liveEventsHub';

/** Calls `handler` with each live event of these types while the component is shown. */
export function useLiveEvent(types: readonly LiveEventType[], handler: (event: LiveEvent) => void): void {
  const onEvent = useEffectEvent(handler);
  const key = types.join(' ');
  useEffect(() => {
    const wanted = new Set(key.split(' '));
    return subscribeLiveEvents((event) => {
      if (wanted.has(event.type)) onEvent(event);
    });
  }, [key]);
}

/** The live stream's state, for the indicator. */
export const useLiveState = (): LiveState => useSyncExternalStore(subscribeLiveState, liveState, liveState);

/** The orders that arrived while the order list is open, and how many of them nobody has looked at. */
export const useNewOrders = (): NewOrders => useSyncExternalStore(subscribeNewOrders, currentNewOrders, currentNewOrders);
