import { API_PATHS, fillPath, type MessageDirection, type OrderMessage } from '../../domain';
import { sendJson } from '../../providers/rest';
import { sendAdminMessage } from './orderGraphql';

/**
 * The writes of an order's page besides the order's own save (spec section 7, Orders): its
 * chat and the customer's saved address. The screens refresh their keys of orderKeys after them.
 */
const P = API_PATHS.orders;

/** Who a message goes to: the customer as the restaurant, the restaurant as the customer, or a direct admin message. */
export type MessageKind = MessageDirection | 'ADMIN';

/**
 * TO_USER goes to the customer as the restaurant; TO_RESTAURANT to the restaurant as the
 * customer (both REST); ADMIN is the staff's own message with an optional link (GraphQL).
 */
export const sendOrderMessage = (threadId: string, kind: MessageKind, text: string, url: string | null): Promise<OrderMessage> => {
  switch (kind) {
    case 'TO_USER':
      return sendJson<OrderMessage>('POST', fillPath(P.messages, { threadId }), { text });
    case 'TO_RESTAURANT':
      return sendJson<OrderMessage>('POST', fillPath(P.toRestaurant, { threadId }), { text });
    case 'ADMIN':
      return sendAdminMessage(threadId, text, url);
  }
};

export const clearCustomerAddress = (userId: number): Promise<unknown> =>
  sendJson('PUT', fillPath(P.customerAddress, { id: String(userId) }), { address: '' });
