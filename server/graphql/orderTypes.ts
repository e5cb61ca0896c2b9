/** The GraphQL types of orders, their chat and couriers (spec section 7, GraphQL). */
export const orderTypeDefs = /* GraphQL */ `
  type OrderCity {
    id: Int!
    name: String!
    name_ru: String!
    currency: String!
  }
  type OrderCustomer {
    id: Int!
    name: String!
    username: String
    address: String
    additionalAddress: String
    contactType: String
    "Null unless asked for with numbers: true; masked for restaurant owners."
    phone: String
  }
  type OrderRestaurant {
    id: Int!
    cityId: Int!
    name: String!
    name_ru: String!
    description: String!
    description_ru: String!
    address: String!
  }
  type OrderDish {
    id: Int
    name: String!
    name_ru: String!
    description: String
    description_ru: String
    price: Float!
  }
  type OrderItem {
    id: Int!
    dish: OrderDish!
    count: Int!
    sum: Float!
  }
  type CourierDetails {
    username: String
    name: String!
  }
  type PaymentReceipt {
    providerPaymentChargeId: String!
  }
  type Order {
    id: Int!
    threadId: String!
    cityId: Int!
    city: OrderCity!
    userId: Int!
    user: OrderCustomer!
    address: String
    additionalAddress: String
    restaurantId: Int!
    restaurant: OrderRestaurant!
    items: [OrderItem!]!
    sum: Float!
    deliveryCost: Float!
    discount: Float!
    totalSum: Float!
    status: Int!
    paymentMethod: Int!
    courierId: Int
    courierTelegramId: Float
    courierDetails: CourierDetails
    createdAt: String!
    "When the order entered its status (ISO 8601): its clock."
    statusSince: String!
    "The minutes its city allows the order's stage before it is late; null for a status with no clock."
    timerMinutes: Int
    "Admins and city admins only."
    paymentReceipt: PaymentReceipt
    invoiceId: String
    serviceFee: Float
    currency: String!
    messagesAmount: Int!
  }
  type MessageParty {
    name: String!
  }
  type MessageOrderRestaurant {
    id: Int!
    name: String!
    name_ru: String!
  }
  "The order a chat message belongs to."
  type MessageOrder {
    threadId: String!
    restaurant: MessageOrderRestaurant!
  }
  type OrderMessage {
    id: Int!
    orderId: Int!
    fromId: Int
    toId: Int
    from: MessageParty!
    to: MessageParty!
    text: String!
    url: String
    "created 0, sent 100, delayed 200, failed -1"
    status: Int!
    "why a failed message can never be delivered: NO_NOTIFICATION_ACCOUNT, NO_MESSENGER_ACCOUNT, NO_BOT, BLOCKED, CHAT_NOT_FOUND, REFUSED, UNREACHABLE"
    failure: String
    restaurantSent: Boolean!
    adminSent: Boolean!
    orderHasBeenChanged: Boolean!
    createdAt: String!
    order: MessageOrder!
  }
  type OrderUpdateResult {
    id: Int!
    status: Int!
    courierId: Int
  }
  type Admin {
    id: Int!
    username: String
    roleId: Int!
    name: String!
    telegramUsername: String
  }
  input OrderInput {
    status: Int
    courierId: Int
  }
  enum MessageDirection {
    TO_USER
    TO_RESTAURANT
  }
  extend type Query {
    getOrder(threadId: String!, numbers: Boolean): Order!
    getOrderMessages(threadId: String!, limit: Int): [OrderMessage!]!
    "Staff of a role (50: couriers) the caller may assign: an admin's of every city or of cityId, the others' of their city."
    getAdmins(role: Int!, cityId: Int): [Admin!]!
  }
  extend type Mutation {
    "debug: admins only, allows any status move; logged."
    updateOrder(id: Int!, order: OrderInput!, debug: Boolean): OrderUpdateResult!
    sendOrderMessage(threadId: String!, text: String!, direction: MessageDirection!): OrderMessage!
    sendAdminMessage(threadId: String!, text: String!, url: String): OrderMessage!
  }
`;
