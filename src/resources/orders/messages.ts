import { ORDER_STATUS_VALUES, orderStatusHelp, orderStatusLabel, PAYMENT_METHOD_TEXTS, type Locale } from '../../domain';
import { translations } from '../../i18n/types';
import { ordersMessagesEs } from './messagesEs';
import { ordersMessagesRu } from './messagesRu';

/** The status and payment-method names come from the shared table (the Excel export reads it too). */
const tableTexts = (locale: Locale) => ({
  statuses: Object.fromEntries(
    ORDER_STATUS_VALUES.map((status) => [
      String(status),
      { label: orderStatusLabel(status, locale), help: orderStatusHelp(status, locale) },
    ]),
  ),
  paymentMethods: Object.fromEntries(Object.entries(PAYMENT_METHOD_TEXTS).map(([method, texts]) => [method, texts[locale]])),
});

const ordersTextsEn = {
  name: 'Order |||| Orders',
  fields: {
    from: 'Date from',
    to: 'Date to',
    rests: 'Restaurants',
    cityId: 'City',
    brief: 'Brief summary',
    numbers: 'Show numbers',
  },
  empty: 'No orders match these filters.',
  totals: {
    title: 'Totals',
    sum: 'Sum',
    delivery: 'Delivery',
    count: 'Orders',
    averageCheque: 'Average cheque',
    none: 'No order in this range counts yet (orders count from Confirmed on).',
  },
  export: {
    button: 'Export to Excel',
    downloading: 'Downloading…',
    queued: 'Waiting in queue…',
    waiting: 'Waiting in queue: %{message}',
    failed: 'The export failed: %{message}',
  },
  card: {
    customer: 'Customer',
    phone: 'Phone',
    total: 'Total',
    payment: 'Payment',
    items: 'Items',
  },
  status: {
    label: 'Status',
    debug: 'Debug mode',
    debugHelp: 'Every move is allowed, and logged',
    changed: 'The status was changed',
  },
  courier: {
    label: 'Courier',
    none: 'No courier',
    change: 'Assign a courier',
    changed: 'The courier was changed',
  },
  chat: {
    open: 'Chat (%{count})',
    close: 'Hide the chat',
    title: 'Chat',
    empty: 'No messages yet.',
    loadFailed: 'The chat could not be loaded: %{message}',
    text: 'Message',
    url: 'Link (optional)',
    urlHelp: 'Shown as a button under a direct admin message',
    toUser: 'Send to customer as the restaurant',
    toRestaurant: 'Send to restaurant as the customer',
    admin: 'Send direct admin message',
    sent: 'The message was sent',
    error: 'Error %{message}',
    states: { 0: 'created', 100: 'sent', 200: 'delayed' },
  },
  detail: {
    title: 'Order %{threadId}',
    loading: 'Loading...',
    error: 'Error %{message}',
    back: 'All orders',
    customer: 'Customer',
    customerName: 'Name',
    address: 'Address',
    additionalAddress: 'Address additions',
    contactType: 'Contact type',
    phone: 'Phone',
    savedAddress: 'Saved address',
    clearAddress: 'Clear address',
    clearTitle: 'Clear the saved address of %{name}?',
    clearContent: 'The customer will give an address again with their next order. This order keeps its address.',
    cleared: 'The address was cleared',
    restaurant: 'Restaurant',
    map: 'Show on the map',
    items: 'Items',
    sum: 'Sum',
    delivery: 'Delivery',
    discount: 'Discount',
    total: 'Total',
    payment: 'Payment method',
    paymentData: 'Payment data',
    receipt: 'Receipt id',
    invoice: 'Invoice id',
    serviceFee: 'Service fee',
  },
};
export type OrdersTexts = typeof ordersTextsEn;

export const ordersMessages = translations({
  en: { ...ordersTextsEn, ...tableTexts('en') },
  ru: { ...ordersMessagesRu, ...tableTexts('ru') },
  es: { ...ordersMessagesEs, ...tableTexts('es') },
});
