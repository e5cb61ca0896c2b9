import type { LiveEvent } from '../domain';

/**
 * Where the live stream's events and its state meet the screens: the stream (started by the
 * layout) publishes here, and the screens that care (the order list, the chat, the mailings)
 * listen. Plain modules, no React, so the stream, the title and the tests share one place.
 */

/**
 * The stream's state: `connecting` before its first answer, `open` while it flows,
 * `reconnecting` after a drop (the 60 s refreshes carry on meanwhile), `expired` when the
 * session ended (no reconnect until the next login), `closed` when nobody listens.
 */
export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'expired' | 'closed';

type Listener = () => void;

const eventListeners = new Set<(event: LiveEvent) => void>();
const stateListeners = new Set<Listener>();
let state: LiveState = 'closed';

export const publishLiveEvent = (event: LiveEvent): void => {
  // A screen's mistake must not keep the others from hearing the event.
  eventListeners.forEach((listener) => {
    try {
      listener(event);
    } catch (error) {
      console.error(error);
    }
  });
};

export const subscribeLiveEvents = (listener: (event: LiveEvent) => void): (() => void) => {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
};

export const liveState = (): LiveState => state;

export const setLiveState = (next: LiveState): void => {
  if (next === state) return;
  state = next;
  stateListeners.forEach((listener) => listener());
};

export const subscribeLiveState = (listener: Listener): (() => void) => {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
};

/**
 * The orders heard of (order.created) while the order list is open, by order id: `unseen`
 * until the user looks (back to the tab, a click, a key, the top of the list), then `seen`.
 * The tab title counts the unseen ones.
 */
export type NewOrderMark = 'unseen' | 'seen';
export interface NewOrders {
  readonly marks: ReadonlyMap<number, NewOrderMark>;
  readonly unseen: number;
}

const EMPTY: NewOrders = { marks: new Map(), unseen: 0 };
let newOrders: NewOrders = EMPTY;
const newOrderListeners = new Set<Listener>();

const setNewOrders = (marks: ReadonlyMap<number, NewOrderMark>): void => {
  newOrders = { marks, unseen: [...marks.values()].filter((mark) => mark === 'unseen').length };
  newOrderListeners.forEach((listener) => listener());
};

export const currentNewOrders = (): NewOrders => newOrders;

export const subscribeNewOrders = (listener: Listener): (() => void) => {
  newOrderListeners.add(listener);
  return () => newOrderListeners.delete(listener);
};

export const noteNewOrder = (orderId: number): void => {
  if (newOrders.marks.has(orderId)) return;
  setNewOrders(new Map([...newOrders.marks, [orderId, 'unseen']]));
};

export const markNewOrdersSeen = (): void => {
  if (newOrders.unseen === 0) return;
  setNewOrders(new Map([...newOrders.marks].map(([id]) => [id, 'seen'])));
};

/** The list closed: what was new there is forgotten. */
export const forgetNewOrders = (): void => {
  if (newOrders !== EMPTY) {
    newOrders = EMPTY;
    newOrderListeners.forEach((listener) => listener());
  }
};

/** For tests: no listener, state closed, no new order. */
export const resetLiveHub = (): void => {
  eventListeners.clear();
  stateListeners.clear();
  newOrderListeners.clear();
  state = 'closed';
  newOrders = EMPTY;
};
