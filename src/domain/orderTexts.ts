import type { Locale } from './constants';
import { ORDER_STATUS_VALUES, OrderStatus, PaymentMethod, type OrderStatusValue } from './statuses';

/**
 * The names of order statuses and payment methods in each language, with the help text the
 * status dropdown shows under each option: the screens and the Excel export read this one table.
 */
type Texts = Record<Locale, string>;

export const ORDER_STATUS_TEXTS: Record<OrderStatusValue, { label: Texts; help: Texts }> = {
  [OrderStatus.RESTAURANT_CLOSED]: {
    label: { en: 'Restaurant closed', ru: 'Ресторан закрыт', es: 'Restaurante cerrado' },
    help: {
      en: 'Final: the restaurant was closed and could not take the order',
      ru: 'Окончательный: ресторан был закрыт и не мог принять заказ',
      es: 'Final: el restaurante estaba cerrado y no pudo aceptar el pedido',
    },
  },
  [OrderStatus.CANCELED_BY_RESTAURANT]: {
    label: { en: 'Cancelled by restaurant', ru: 'Отменён рестораном', es: 'Cancelado por el restaurante' },
    help: {
      en: 'Final: the restaurant cancelled the order',
      ru: 'Окончательный: ресторан отменил заказ',
      es: 'Final: el restaurante canceló el pedido',
    },
  },
  [OrderStatus.CANCELED_BY_USER]: {
    label: { en: 'Cancelled by customer', ru: 'Отменён клиентом', es: 'Cancelado por el cliente' },
    help: {
      en: 'Final: the customer cancelled the order',
      ru: 'Окончательный: клиент отменил заказ',
      es: 'Final: el cliente canceló el pedido',
    },
  },
  [OrderStatus.DRAFT]: {
    label: { en: 'Draft', ru: 'Черновик', es: 'Borrador' },
    help: { en: 'The customer is still choosing', ru: 'Клиент ещё выбирает', es: 'El cliente todavía está eligiendo' },
  },
  [OrderStatus.CREATED]: {
    label: { en: 'Created', ru: 'Создан', es: 'Creado' },
    help: { en: 'A cash order just placed', ru: 'Только что оформленный заказ за наличные', es: 'Un pedido en efectivo recién hecho' },
  },
  [OrderStatus.NOT_PAID]: {
    label: { en: 'Not paid', ru: 'Не оплачен', es: 'No pagado' },
    help: { en: 'Waiting for the card payment', ru: 'Ожидает оплаты картой', es: 'Esperando el pago con tarjeta' },
  },
  [OrderStatus.PAID]: {
    label: { en: 'Paid', ru: 'Оплачен', es: 'Pagado' },
    help: { en: 'The card payment arrived', ru: 'Оплата картой получена', es: 'Se recibió el pago con tarjeta' },
  },
  [OrderStatus.CONFIRMED]: {
    label: { en: 'Confirmed', ru: 'Подтверждён', es: 'Confirmado' },
    help: {
      en: 'The restaurant accepted the order; from here it counts in the totals',
      ru: 'Ресторан принял заказ; с этого статуса он входит в итоги',
      es: 'El restaurante aceptó el pedido; desde aquí cuenta en los totales',
    },
  },
  [OrderStatus.SERVING]: {
    label: { en: 'Cooking', ru: 'Готовится', es: 'En preparación' },
    help: { en: 'The kitchen is preparing the order', ru: 'Кухня готовит заказ', es: 'La cocina está preparando el pedido' },
  },
  [OrderStatus.DELAYED]: {
    label: { en: 'Delayed', ru: 'Задерживается', es: 'Retrasado' },
    help: {
      en: 'The order will be late; the customer is told',
      ru: 'Заказ задерживается; клиент предупреждён',
      es: 'El pedido llegará tarde; se avisa al cliente',
    },
  },
  [OrderStatus.COOKED]: {
    label: { en: 'Cooked', ru: 'Приготовлен', es: 'Preparado' },
    help: { en: 'The food is ready', ru: 'Еда готова', es: 'La comida está lista' },
  },
  [OrderStatus.WAITING_FOR_COURIER]: {
    label: { en: 'Waiting for courier', ru: 'Ждёт курьера', es: 'Esperando al repartidor' },
    help: { en: 'Ready and waiting to be picked up', ru: 'Готов и ждёт, когда его заберут', es: 'Listo y esperando a ser recogido' },
  },
  [OrderStatus.OUT_FOR_DELIVERY]: {
    label: { en: 'Out for delivery', ru: 'В пути', es: 'En camino' },
    help: { en: 'The courier is on the way', ru: 'Курьер в пути', es: 'El repartidor está en camino' },
  },
  [OrderStatus.IN_RESTAURANT]: {
    label: { en: 'In restaurant', ru: 'В ресторане', es: 'En el restaurante' },
    help: {
      en: 'Waiting for the customer to pick it up',
      ru: 'Ждёт, когда клиент заберёт заказ',
      es: 'Esperando a que el cliente lo recoja',
    },
  },
  [OrderStatus.CALL_CUSTOMER]: {
    label: { en: 'Call the customer', ru: 'Позвонить клиенту', es: 'Llamar al cliente' },
    help: {
      en: 'The courier cannot reach the customer',
      ru: 'Курьер не может связаться с клиентом',
      es: 'El repartidor no localiza al cliente',
    },
  },
  [OrderStatus.DELIVERED]: {
    label: { en: 'Delivered', ru: 'Доставлен', es: 'Entregado' },
    help: { en: 'Final: the customer has the order', ru: 'Заказ у клиента', es: 'El cliente tiene el pedido' },
  },
};

export const PAYMENT_METHOD_TEXTS: Record<number, Texts> = {
  [PaymentMethod.CASH]: { en: 'Cash', ru: 'Наличные', es: 'Efectivo' },
  [PaymentMethod.STRIPE]: { en: 'Card', ru: 'Карта', es: 'Tarjeta' },
};

const TEXTS_BY_VALUE = new Map<number, { label: Texts; help: Texts }>(ORDER_STATUS_VALUES.map((v) => [v, ORDER_STATUS_TEXTS[v]]));

/** A status's name in a language; an unknown number is shown as it is. */
export const orderStatusLabel = (status: number, locale: Locale): string => TEXTS_BY_VALUE.get(status)?.label[locale] ?? String(status);
export const orderStatusHelp = (status: number, locale: Locale): string => TEXTS_BY_VALUE.get(status)?.help[locale] ?? '';
export const paymentMethodLabel = (method: number, locale: Locale): string => PAYMENT_METHOD_TEXTS[method]?.[locale] ?? String(method);
