import { format } from 'date-fns';
import { API_PATHS, fillPath, type Locale, type MessageDirection, type OrderMessage } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api, getJson, sendJson } from '../../providers/rest';
import { orderQuery } from './orderQuery';

/** The REST calls of the order screens besides the list and the save (spec section 7, Orders). */
const P = API_PATHS.orders;

/** The chat of an order, oldest first. */
export const fetchMessages = (threadId: string): Promise<OrderMessage[]> => getJson<OrderMessage[]>(fillPath(P.messages, { threadId }));

/** TO_USER goes to the customer as the restaurant; TO_RESTAURANT to the restaurant as the customer. */
export const sendOrderMessage = (threadId: string, text: string, direction: MessageDirection): Promise<OrderMessage> =>
  direction === 'TO_USER'
    ? sendJson<OrderMessage>('POST', fillPath(P.messages, { threadId }), { text })
    : sendJson<OrderMessage>('POST', fillPath(P.toRestaurant, { threadId }), { text });

export const clearCustomerAddress = (userId: number): Promise<unknown> =>
  sendJson('PUT', fillPath(P.customerAddress, { id: String(userId) }), { address: '' });

/** The file name the server gives (`filename*=` or `filename=`), else `orders` and the time (spec section 7). */
export const exportFileName = (disposition: string | null, now = new Date()): string => {
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition ?? '');
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed encoding: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(disposition ?? '');
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || `orders${format(now, 'yyyyMMddHHmmss')}.xlsx`;
};

/** Downloads the Excel export of a filter in the interface language and the user's time zone, saved under the server's name. */
export async function downloadExport(filter: Record<string, unknown>, locale: Locale): Promise<string> {
  const query = orderQuery(filter);
  query.set('locale', locale);
  // The sheet's dates in the user's own zone, as the list shows them.
  query.set('tz', Intl.DateTimeFormat().resolvedOptions().timeZone);
  const { blob, headers } = await apiFetch<never>(api(`${P.export}?${query.toString()}`), { raw: true });
  if (!blob) throw new Error('The export came back empty');
  const name = exportFileName(headers.get('content-disposition'));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
