/** The parts of an order's page read as the order's references: `getManyReference('orders', { target, id })`. */
export type OrderPart = 'chat' | 'couriers' | 'timeline';

/**
 * react-admin's cache keys of an order's page, all under 'orders' so that a write or a live
 * event refreshes them in the one cache. The order itself is react-admin's getOne (useGetOne,
 * by thread id, its `meta` after it). The parts have keys of their own rather than
 * 'getManyReference': react-admin merges a saved order into every cached row of that kind with
 * the same id, and a message or a courier may share an order's id.
 */
export const orderKeys = {
  /** Every variant of one order (with or without the numbers). */
  detail: (threadId: string) => ['orders', 'getOne', { id: threadId }] as const,
  chat: (threadId: string) => ['orders', 'chat', threadId] as const,
  couriers: (cityId: number) => ['orders', 'couriers', cityId] as const,
  timeline: (orderId: number) => ['orders', 'timeline', orderId] as const,
  /** The status tabs' counts of one filter (its query string, without the tab). */
  statusCounts: (query: string) => ['orders', 'statusCounts', query] as const,
  /** The user's unread chat messages over every order they see (the menu's badge). */
  unread: () => ['orders', 'unread'] as const,
  /** The late orders the user sees (the menu's other badge). */
  lateCount: () => ['orders', 'lateCount'] as const,
};
