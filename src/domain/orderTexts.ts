import type { Locale } from './constants';
import { ORDER_STATUS_VALUES, OrderStatus, PaymentMethod, type OrderStatusValue } from './statuses';

/** The texts of order statuses and payment methods in one language. */
export interface OrderTexts {
  /** Each status's name, with the help text the status dropdown shows under it. */
  statuses: Record<OrderStatusValue, { label: string; help: string }>;
  paymentMethods: Record<number, string>;
}

/**
 * The names of order statuses and payment methods in each language, keyed by language like every
 * other text table: the order screens (`resources.orders.statuses`, `.paymentMethods`) and the
 * Excel export read this one table.
 */
export const ORDER_TEXTS: Readonly<Record<Locale, OrderTexts>> = {
  en: {
    statuses: {
      [OrderStatus.RESTAURANT_CLOSED]: {
        label: 'Restaurant closed',
        help: 'Final: the restaurant was closed and could not take the order',
      },
      [OrderStatus.CANCELED_BY_RESTAURANT]: { label: 'Cancelled by restaurant', help: 'Final: the restaurant cancelled the order' },
      [OrderStatus.CANCELED_BY_USER]: { label: 'Cancelled by customer', help: 'Final: the customer cancelled the order' },
      [OrderStatus.DRAFT]: { label: 'Draft', help: 'The customer is still choosing' },
      [OrderStatus.CREATED]: { label: 'Created', help: 'A cash order just placed' },
      [OrderStatus.NOT_PAID]: { label: 'Not paid', help: 'Waiting for the card payment' },
      [OrderStatus.PAID]: { label: 'Paid', help: 'The card payment arrived' },
      [OrderStatus.CONFIRMED]: { label: 'Confirmed', help: 'The restaurant accepted the order; from here it counts in the totals' },
      [OrderStatus.SERVING]: { label: 'Cooking', help: 'The kitchen is preparing the order' },
      [OrderStatus.DELAYED]: { label: 'Delayed', help: 'The order will be late; the customer is told' },
      [OrderStatus.COOKED]: { label: 'Cooked', help: 'The food is ready' },
      [OrderStatus.WAITING_FOR_COURIER]: { label: 'Waiting for courier', help: 'Ready and waiting to be picked up' },
      [OrderStatus.OUT_FOR_DELIVERY]: { label: 'Out for delivery', help: 'The courier is on the way' },
      [OrderStatus.IN_RESTAURANT]: { label: 'In restaurant', help: 'Waiting for the customer to pick it up' },
      [OrderStatus.CALL_CUSTOMER]: { label: 'Call the customer', help: 'The courier cannot reach the customer' },
      [OrderStatus.DELIVERED]: { label: 'Delivered', help: 'Final: the customer has the order' },
    },
    paymentMethods: {
      [PaymentMethod.CASH]: 'Cash',
      [PaymentMethod.STRIPE]: 'Card',
    },
  },
  ru: {
    statuses: {
      [OrderStatus.RESTAURANT_CLOSED]: { label: 'Ресторан закрыт', help: 'Окончательный: ресторан был закрыт и не мог принять заказ' },
      [OrderStatus.CANCELED_BY_RESTAURANT]: { label: 'Отменён рестораном', help: 'Окончательный: ресторан отменил заказ' },
      [OrderStatus.CANCELED_BY_USER]: { label: 'Отменён клиентом', help: 'Окончательный: клиент отменил заказ' },
      [OrderStatus.DRAFT]: { label: 'Черновик', help: 'Клиент ещё выбирает' },
      [OrderStatus.CREATED]: { label: 'Создан', help: 'Только что оформленный заказ за наличные' },
      [OrderStatus.NOT_PAID]: { label: 'Не оплачен', help: 'Ожидает оплаты картой' },
      [OrderStatus.PAID]: { label: 'Оплачен', help: 'Оплата картой получена' },
      [OrderStatus.CONFIRMED]: { label: 'Подтверждён', help: 'Ресторан принял заказ; с этого статуса он входит в итоги' },
      [OrderStatus.SERVING]: { label: 'Готовится', help: 'Кухня готовит заказ' },
      [OrderStatus.DELAYED]: { label: 'Задерживается', help: 'Заказ задерживается; клиент предупреждён' },
      [OrderStatus.COOKED]: { label: 'Приготовлен', help: 'Еда готова' },
      [OrderStatus.WAITING_FOR_COURIER]: { label: 'Ждёт курьера', help: 'Готов и ждёт, когда его заберут' },
      [OrderStatus.OUT_FOR_DELIVERY]: { label: 'В пути', help: 'Курьер в пути' },
      [OrderStatus.IN_RESTAURANT]: { label: 'В ресторане', help: 'Ждёт, когда клиент заберёт заказ' },
      [OrderStatus.CALL_CUSTOMER]: { label: 'Позвонить клиенту', help: 'Курьер не может связаться с клиентом' },
      [OrderStatus.DELIVERED]: { label: 'Доставлен', help: 'Заказ у клиента' },
    },
    paymentMethods: {
      [PaymentMethod.CASH]: 'Наличные',
      [PaymentMethod.STRIPE]: 'Карта',
    },
  },
  es: {
    statuses: {
      [OrderStatus.RESTAURANT_CLOSED]: {
        label: 'Restaurante cerrado',
        help: 'Final: el restaurante estaba cerrado y no pudo aceptar el pedido',
      },
      [OrderStatus.CANCELED_BY_RESTAURANT]: { label: 'Cancelado por el restaurante', help: 'Final: el restaurante canceló el pedido' },
      [OrderStatus.CANCELED_BY_USER]: { label: 'Cancelado por el cliente', help: 'Final: el cliente canceló el pedido' },
      [OrderStatus.DRAFT]: { label: 'Borrador', help: 'El cliente todavía está eligiendo' },
      [OrderStatus.CREATED]: { label: 'Creado', help: 'Un pedido en efectivo recién hecho' },
      [OrderStatus.NOT_PAID]: { label: 'No pagado', help: 'Esperando el pago con tarjeta' },
      [OrderStatus.PAID]: { label: 'Pagado', help: 'Se recibió el pago con tarjeta' },
      [OrderStatus.CONFIRMED]: { label: 'Confirmado', help: 'El restaurante aceptó el pedido; desde aquí cuenta en los totales' },
      [OrderStatus.SERVING]: { label: 'En preparación', help: 'La cocina está preparando el pedido' },
      [OrderStatus.DELAYED]: { label: 'Retrasado', help: 'El pedido llegará tarde; se avisa al cliente' },
      [OrderStatus.COOKED]: { label: 'Preparado', help: 'La comida está lista' },
      [OrderStatus.WAITING_FOR_COURIER]: { label: 'Esperando al repartidor', help: 'Listo y esperando a ser recogido' },
      [OrderStatus.OUT_FOR_DELIVERY]: { label: 'En camino', help: 'El repartidor está en camino' },
      [OrderStatus.IN_RESTAURANT]: { label: 'En el restaurante', help: 'Esperando a que el cliente lo recoja' },
      [OrderStatus.CALL_CUSTOMER]: { label: 'Llamar al cliente', help: 'El repartidor no localiza al cliente' },
      [OrderStatus.DELIVERED]: { label: 'Entregado', help: 'El cliente tiene el pedido' },
    },
    paymentMethods: {
      [PaymentMethod.CASH]: 'Efectivo',
      [PaymentMethod.STRIPE]: 'Tarjeta',
    },
  },
};

const statusOf = (status: number): OrderStatusValue | undefined => ORDER_STATUS_VALUES.find((value) => value === status);

/** A status's name in a language; an unknown number is shown as it is. */
export const orderStatusLabel = (status: number, locale: Locale): string => {
  const known = statusOf(status);
  return known === undefined ? String(status) : ORDER_TEXTS[locale].statuses[known].label;
};
export const orderStatusHelp = (status: number, locale: Locale): string => {
  const known = statusOf(status);
  return known === undefined ? '' : ORDER_TEXTS[locale].statuses[known].help;
};
export const paymentMethodLabel = (method: number, locale: Locale): string => ORDER_TEXTS[locale].paymentMethods[method] ?? String(method);
