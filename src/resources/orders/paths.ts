/** The spec's paths of the order screens. */
export const ORDERS_PATH = '/orders';
export const orderPath = (threadId: string) => `/orders/${encodeURIComponent(threadId)}`;
