import type { Locale } from '../../../src/domain';

/**
 * The columns of the Excel export and their headers in each language. The workbook worker reads
 * only this file (no zod, no domain tables), so that a worker starts quickly.
 */
type Texts = Record<Locale, string>;

interface Column {
  key: string;
  header: Texts;
  width: number;
  /** Money columns take the order's currency format; the date column a date format. */
  kind?: 'money' | 'date';
}

export const EXPORT_COLUMNS: readonly Column[] = [
  { key: 'threadId', header: { en: 'Order', ru: 'Заказ', es: 'Pedido' }, width: 12 },
  { key: 'createdAt', header: { en: 'Date', ru: 'Дата', es: 'Fecha' }, width: 18, kind: 'date' },
  { key: 'city', header: { en: 'City', ru: 'Город', es: 'Ciudad' }, width: 16 },
  { key: 'restaurant', header: { en: 'Restaurant', ru: 'Ресторан', es: 'Restaurante' }, width: 24 },
  { key: 'customer', header: { en: 'Customer', ru: 'Клиент', es: 'Cliente' }, width: 22 },
  { key: 'phone', header: { en: 'Phone', ru: 'Телефон', es: 'Teléfono' }, width: 16 },
  { key: 'address', header: { en: 'Address', ru: 'Адрес', es: 'Dirección' }, width: 28 },
  { key: 'items', header: { en: 'Items', ru: 'Позиции', es: 'Productos' }, width: 40 },
  { key: 'sum', header: { en: 'Sum', ru: 'Сумма', es: 'Importe' }, width: 12, kind: 'money' },
  { key: 'deliveryCost', header: { en: 'Delivery', ru: 'Доставка', es: 'Envío' }, width: 12, kind: 'money' },
  { key: 'discount', header: { en: 'Discount', ru: 'Скидка', es: 'Descuento' }, width: 12, kind: 'money' },
  { key: 'totalSum', header: { en: 'Total', ru: 'Итого', es: 'Total' }, width: 12, kind: 'money' },
  { key: 'status', header: { en: 'Status', ru: 'Статус', es: 'Estado' }, width: 20 },
  { key: 'paymentMethod', header: { en: 'Payment', ru: 'Оплата', es: 'Pago' }, width: 12 },
  { key: 'courier', header: { en: 'Courier', ru: 'Курьер', es: 'Repartidor' }, width: 18 },
];

/** The sheet's name in each language. */
export const SHEET_NAME: Texts = { en: 'Orders', ru: 'Заказы', es: 'Pedidos' };

/** `#,##0.00 "EUR"`: a number shown with two decimals and its currency code. */
export const moneyFormat = (currency: string): string => `#,##0.00 "${currency.replace(/"/g, '')}"`;
export const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

/** One cell's value, as a row of the sheet holds it. */
export type CellValue = string | number | Date | null;

/** A row of the sheet: the values in the order of EXPORT_COLUMNS, and the currency its money is in. */
export interface ExportLine {
  values: CellValue[];
  currency: string;
}
