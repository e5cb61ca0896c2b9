import { useEffect } from 'react';
import { forgetNewOrders, markNewOrdersSeen, noteNewOrder, type NewOrders } from '../../providers/liveEventsHub';
import { useLiveEvent, useNewOrders } from '../../providers/liveEventsHooks';

/** Near enough the top of the page to see the newest cards. */
const TOP_PX = 80;

/**
 * The orders created while the list is open (the list itself is refetched by the layout's
 * live refresh, newest first, so they come at the top). They count as unseen, in the tab's
 * title, until the user looks: comes back to the tab, clicks or types on the page, or scrolls
 * to its top. Leaving the list forgets them.
 */
export function useNewOrderMarks(): NewOrders {
  useLiveEvent(['order.created'], (event) => {
    if (event.orderId !== undefined) noteNewOrder(event.orderId);
  });
  useEffect(() => {
    const looking = () => document.visibilityState === 'visible';
    const seen = () => {
      if (looking()) markNewOrdersSeen();
    };
    const scrolled = () => {
      if (looking() && window.scrollY <= TOP_PX) markNewOrdersSeen();
    };
    window.addEventListener('focus', seen);
    document.addEventListener('visibilitychange', seen);
    document.addEventListener('pointerdown', seen, true);
    document.addEventListener('keydown', seen, true);
    window.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      window.removeEventListener('focus', seen);
      document.removeEventListener('visibilitychange', seen);
      document.removeEventListener('pointerdown', seen, true);
      document.removeEventListener('keydown', seen, true);
      window.removeEventListener('scroll', scrolled);
      forgetNewOrders();
    };
  }, []);
  return useNewOrders();
}
