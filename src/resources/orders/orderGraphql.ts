import type { Variables } from 'graphql-request';
import { Role, type Courier, type Order, type OrderMessage } from '../../domain';

/**
 * The GraphQL operations of the order screens (server/graphql/orderTypes.ts). The client is
 * loaded with the first of them, so only the order screens carry it.
 */
const run = async <T>(document: string, variables: Variables): Promise<T> =>
  (await import('../../providers/graphqlClient')).graphqlRequest<T>(document, variables);

const ORDER_FIELDS = /* GraphQL */ `
  id
  threadId
  cityId
  city { id name name_ru currency }
  userId
  user { id name username address additionalAddress contactType phone }
  address
  additionalAddress
  restaurantId
  restaurant { id cityId name name_ru description description_ru address }
  items { id count sum dish { id name name_ru description description_ru price } }
  sum
  deliveryCost
  discount
  totalSum
  status
  paymentMethod
  courierId
  courierTelegramId
  courierDetails { username name }
  createdAt
  statusSince
  timerMinutes
  paymentReceipt { providerPaymentChargeId }
  invoiceId
  serviceFee
  currency
  messagesAmount
`;

const MESSAGE_FIELDS =
  'id orderId fromId toId from { name } to { name } text url status failure restaurantSent adminSent orderHasBeenChanged createdAt';

/** One order by its thread id; `numbers` asks for the customer's phone unmasked. */
export const fetchOrder = async <T = Order>(threadId: string, numbers: boolean): Promise<T> =>
  (
    await run<{ getOrder: T }>(
      `query OrderDetail($threadId: String!, $numbers: Boolean) { getOrder(threadId: $threadId, numbers: $numbers) { ${ORDER_FIELDS} } }`,
      { threadId, numbers },
    )
  ).getOrder;

/** The couriers the user may assign in the order's city. */
export const fetchCouriers = async <T = Courier>(cityId: number): Promise<T[]> =>
  (
    await run<{ getAdmins: T[] }>(
      'query Couriers($role: Int!, $cityId: Int) { getAdmins(role: $role, cityId: $cityId) { id username roleId name telegramUsername } }',
      { role: Role.COURIER, cityId },
    )
  ).getAdmins;

/** A direct message from the staff to the customer, with an optional link button. */
export const sendAdminMessage = async (threadId: string, text: string, url: string | null): Promise<OrderMessage> =>
  (
    await run<{ sendAdminMessage: OrderMessage }>(
      `mutation AdminMessage($threadId: String!, $text: String!, $url: String) { sendAdminMessage(threadId: $threadId, text: $text, url: $url) { ${MESSAGE_FIELDS} } }`,
      { threadId, text, url },
    )
  ).sendAdminMessage;
