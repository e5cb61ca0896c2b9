import { graphql, http, HttpResponse } from 'msw';
import { ORDER_TOTALS_HEADER, OrderStatus, type Courier, type Order, type OrderMessage, type OrderTotals } from '../../src/domain';
import { API } from './mockApi';

export { API };

/** A confirmed cash order of Green Garden (London, GBP) with no courier. */
export const ORDER: Order = {
  id: 11,
  threadId: 'AB12CD34E',
  cityId: 1,
  city: { id: 1, name: 'London', name_ru: 'Лондон', currency: 'GBP' },
  userId: 7,
  user: {
    id: 7,
    name: 'Anna',
    username: 'anna_k',
    address: 'Baker street 221b',
    additionalAddress: 'Flat 2',
    contactType: 'phone',
    phone: null,
  },
  address: 'Baker street 221b',
  additionalAddress: 'Flat 2',
  restaurantId: 5,
  restaurant: {
    id: 5,
    cityId: 1,
    name: 'Green Garden',
    name_ru: 'Зелёный сад',
    description: '',
    description_ru: '',
    address: 'Main street 5',
  },
  items: [
    {
      id: 1,
      dish: { id: 3, name: 'Pad thai', name_ru: 'Пад тай', description: null, description_ru: null, price: 12.5 },
      count: 2,
      sum: 25,
    },
  ],
  sum: 25,
  deliveryCost: 3,
  discount: 0,
  totalSum: 28,
  status: OrderStatus.CONFIRMED,
  paymentMethod: 0,
  courierId: null,
  courierTelegramId: null,
  courierDetails: null,
  createdAt: '2026-03-05T14:02:00.000Z',
  statusSince: '2026-03-05T14:02:00.000Z',
  timerMinutes: 10,
  paymentReceipt: null,
  invoiceId: null,
  serviceFee: null,
  currency: 'GBP',
  messagesAmount: 1,
};

export const MESSAGE: OrderMessage = {
  id: 100,
  orderId: ORDER.id,
  fromId: 7,
  toId: 5,
  from: { name: 'Anna' },
  to: { name: 'Green Garden' },
  text: 'Please ring twice',
  url: null,
  status: 100,
  failure: null,
  restaurantSent: false,
  adminSent: false,
  orderHasBeenChanged: false,
  createdAt: '2026-03-05T14:02:00.000Z',
  order: {
    threadId: ORDER.threadId,
    restaurant: { id: ORDER.restaurant.id, name: ORDER.restaurant.name, name_ru: ORDER.restaurant.name_ru },
  },
};

export const COURIERS: Courier[] = [{ id: 31, username: 'bob', roleId: 50, name: 'Bob Rider', telegramUsername: 'bob_rides' }];

export const TOTALS: OrderTotals = { lines: [{ currency: 'GBP', sum: 1234.5, delivery: 60, count: 12, averageCheque: '107.88' }] };

/** Every request the order screens made, by method and path, with its query and body. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const seenOf = async (request: Request, seen: SeenRequest[]) => {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  seen.push({ method: request.method, path: url.pathname, query: url.searchParams, body: text ? (JSON.parse(text) as unknown) : null });
};

/** The API of the order screens over fixed rows; `seen` collects the REST calls. */
export function orderApi(seen: SeenRequest[], orders: Order[] = [ORDER], messages: OrderMessage[] = [MESSAGE]) {
  const chat = [...messages];
  return [
    http.get(`${API}/orders`, async ({ request }) => {
      await seenOf(request, seen);
      return HttpResponse.json(orders, {
        headers: { 'X-Total-Count': String(orders.length), [ORDER_TOTALS_HEADER]: JSON.stringify(TOTALS) },
      });
    }),
    // The detail's timeline (its own tests are in auditScreens.test.tsx).
    http.get(`${API}/orders/:id/timeline`, () => HttpResponse.json([])),
    http.get(`${API}/orders/:threadId`, async ({ request }) => {
      await seenOf(request, seen);
      return HttpResponse.json(chat);
    }),
    http.post(`${API}/orders/:threadId`, async ({ request }) => {
      await seenOf(request, seen);
      const sent = { ...MESSAGE, id: 200 + chat.length, text: 'Sent to the customer', status: 0 };
      chat.push(sent);
      return HttpResponse.json(sent);
    }),
    http.post(`${API}/messages/:threadId/restaurant`, async ({ request }) => {
      await seenOf(request, seen);
      const sent = { ...MESSAGE, id: 200 + chat.length, text: 'Sent to the restaurant', status: 0 };
      chat.push(sent);
      return HttpResponse.json(sent);
    }),
    http.put(`${API}/orders/:id`, async ({ request }) => {
      await seenOf(request, seen);
      const body = (await request.clone().json()) as { status?: number; courierId?: number | null };
      return HttpResponse.json({ id: ORDER.id, status: body.status ?? ORDER.status, courierId: body.courierId ?? null });
    }),
    http.put(`${API}/users/:id/address`, async ({ request }) => {
      await seenOf(request, seen);
      return HttpResponse.json({ id: ORDER.user.id, address: '' });
    }),
    http.get(`${API}/restaurants`, () => HttpResponse.json([ORDER.restaurant], { headers: { 'X-Total-Count': '1' } })),
    http.get(`${API}/restaurants/city/:cityId`, () => HttpResponse.json([ORDER.restaurant], { headers: { 'X-Total-Count': '1' } })),
    http.get(`${API}/cities`, () =>
      HttpResponse.json([{ id: 1, name: 'London', name_ru: 'Лондон' }], { headers: { 'X-Total-Count': '1' } }),
    ),
    graphql.query('Couriers', () => HttpResponse.json({ data: { getAdmins: COURIERS } })),
    graphql.query('OrderDetail', ({ variables }) =>
      HttpResponse.json({
        data: { getOrder: { ...(orders.find((o) => o.threadId === variables.threadId) ?? ORDER), messagesAmount: chat.length } },
      }),
    ),
    graphql.mutation('AdminMessage', ({ variables }) => {
      const sent = {
        ...MESSAGE,
        id: 200 + chat.length,
        text: String(variables.text),
        url: variables.url ?? null,
        adminSent: true,
        status: 0,
      };
      chat.push(sent);
      return HttpResponse.json({ data: { sendAdminMessage: sent } });
    }),
  ];
}
