import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MessageStatus, Role, type CannedReply, type OrderCannedReplies } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { ChatComposer } from '../../src/resources/orders/ChatComposer';
import { formatMoney } from '../../src/resources/common/useFormat';
import { API, MESSAGE, ORDER } from './ordersFixtures';
import { mockApi } from './mockApi';
import { renderScreen } from './renderScreen';

const dataProvider = createDataProvider(RESOURCES);

const reply = (id: number, title: string, text: string, text_ru = ''): CannedReply => ({
  id,
  cityId: 1,
  city: { id: 1, name: 'London' },
  restaurantId: null,
  title,
  text,
  text_ru,
  text_es: '',
  uses: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
});

const REPLIES: OrderCannedReplies = {
  customerLanguage: 'ru',
  eta: null,
  replies: [
    reply(
      1,
      'Received',
      'Hello {customer}, order {order}: {total}',
      'Здравствуйте, {customer}! Заказ {order} из {restaurant}: {total}, {status}',
    ),
    reply(2, 'Late', 'Order {order} arrives at {eta}'),
  ],
};

const used: number[] = [];
const sent: string[] = [];
mockApi(
  http.get(`${API}/cannedReplies/order/:threadId`, () => HttpResponse.json(REPLIES)),
  http.post(`${API}/cannedReplies/:id/used`, ({ params }) => {
    used.push(Number(params.id));
    return HttpResponse.json({ ...REPLIES.replies[0], uses: 1 });
  }),
  http.post(`${API}/orders/:threadId`, async ({ request }) => {
    const body: unknown = await request.json();
    const text = typeof body === 'object' && body !== null && 'text' in body && typeof body.text === 'string' ? body.text : '';
    sent.push(text);
    return HttpResponse.json({ ...MESSAGE, id: 500, text, status: MessageStatus.SENT });
  }),
);

const renderComposer = () =>
  renderScreen(<ChatComposer threadId={ORDER.threadId} order={ORDER} />, {
    as: { roleId: Role.OPERATOR, cityId: 1 },
    dataProvider,
    resource: 'orders',
    path: '/orders',
  });

const found = <T extends Element>(element: T | null): T => {
  if (!element) throw new Error('not on screen');
  return element;
};
const messageBox = () => found(document.querySelector<HTMLTextAreaElement>('textarea[name="text"]'));
const sendToCustomer = () => found(document.querySelector<HTMLButtonElement>('[data-send="TO_USER"]'));

describe('canned replies in the order chat', () => {
  it('opens with /, takes a reply with the keyboard in the customer’s language, fills it and counts it once sent', async () => {
    renderComposer();
    // The replies are offered once the session says the user may use them.
    await screen.findByTestId('canned-open');
    fireEvent.change(messageBox(), { target: { value: '/' } });
    const search = await screen.findByLabelText('Find a reply');
    await screen.findByText('Received', undefined, { timeout: 5000 });
    fireEvent.keyDown(search, { key: 'Enter' });
    const total = formatMoney(ORDER.totalSum, ORDER.currency, 'ru');
    await waitFor(() =>
      expect(messageBox().value).toBe(`Здравствуйте, Anna! Заказ ${ORDER.threadId} из Зелёный сад: ${total}, Подтверждён`),
    );
    expect(screen.queryByTestId('canned-missing')).toBeNull();
    expect(sendToCustomer().disabled).toBe(false);
    fireEvent.click(sendToCustomer());
    await waitFor(() => expect(used).toEqual([1]));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Anna');
  });

  it('names a variable without a value and will not send it until it is written in', async () => {
    renderComposer();
    fireEvent.click(await screen.findByTestId('canned-open'));
    const search = await screen.findByLabelText('Find a reply');
    fireEvent.change(search, { target: { value: 'late' } });
    await screen.findByText('Late');
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(messageBox().value).toBe(`Order ${ORDER.threadId} arrives at {eta}`));
    expect((await screen.findByTestId('canned-missing')).textContent).toContain('{eta}');
    expect(sendToCustomer().disabled).toBe(true);
    fireEvent.change(messageBox(), { target: { value: `Order ${ORDER.threadId} arrives at 14:30` } });
    expect(screen.queryByTestId('canned-missing')).toBeNull();
    expect(sendToCustomer().disabled).toBe(false);
  });

  it('closes the list with Escape and keeps the message as typed', async () => {
    renderComposer();
    await screen.findByTestId('canned-open');
    fireEvent.change(messageBox(), { target: { value: '/' } });
    const search = await screen.findByLabelText('Find a reply');
    fireEvent.keyDown(search, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByLabelText('Find a reply')).toBeNull());
    expect(messageBox().value).toBe('/');
  });
});
