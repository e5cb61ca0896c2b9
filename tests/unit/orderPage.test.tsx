import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { billAddsUp, MessageStatus, orderBillLines, Role, type Order, type OrderMessage, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { OrderShow } from '../../src/resources/orders/OrderShow';
import { API, MESSAGE, ORDER, orderApi, type SeenRequest } from './ordersFixtures';
import { mockApi } from './mockApi';
import { renderScreen } from './renderScreen';

const dataProvider = createDataProvider(RESOURCES);
let seen: SeenRequest[] = [];
const server = mockApi();
afterEach(() => {
  seen = [];
});

/** A card order: 12.50 + 3.00 − 0 + 0.25 = 15.75 (the fee is what operators used to miss). */
const CARD_ORDER: Order = { ...ORDER, paymentMethod: 1, sum: 12.5, deliveryCost: 3, discount: 0, serviceFee: 0.25, totalSum: 15.75 };

const show = (roleId: RoleId, order: Order, messages: OrderMessage[], ...overrides: Parameters<typeof server.use>) => {
  server.use(...overrides, ...orderApi(seen, [order], messages));
  return renderScreen(
    <>
      <OrderShow />
      <Notification />
    </>,
    {
      as: { roleId, cityId: 1, restaurantId: roleId === Role.RESTAURANT_OWNER ? 5 : null },
      dataProvider,
      resource: 'orders',
      path: `/orders/${order.threadId}`,
      route: '/orders/:threadId',
    },
  );
};

const billLines = async () => {
  const bill = await screen.findByTestId('order-bill', {}, { timeout: 15000 });
  return [...bill.querySelectorAll('[data-bill-line]')].map((line) => [line.getAttribute('data-bill-line'), line.textContent]);
};

describe('the bill of an order', { timeout: 30_000 }, () => {
  it('adds up: Sum + Delivery − Discount + Service fee = Total', () => {
    expect(billAddsUp(CARD_ORDER)).toBe(true);
    expect(billAddsUp({ ...CARD_ORDER, serviceFee: null })).toBe(false);
    expect(billAddsUp({ ...CARD_ORDER, discount: 1.5, totalSum: 14.25 })).toBe(true);
    expect(orderBillLines(CARD_ORDER).map((l) => l.line)).toEqual(['sum', 'delivery', 'discount', 'serviceFee', 'total']);
  });

  it('shows an operator the service fee as its own line, so the lines add up to the total', async () => {
    show(Role.OPERATOR, CARD_ORDER, [MESSAGE]);
    expect(await billLines()).toEqual([
      ['sum', 'Sum£12.50'],
      ['delivery', 'Delivery£3.00'],
      ['discount', 'Discount£0.00'],
      ['serviceFee', 'Service fee£0.25'],
      ['total', 'Total£15.75'],
    ]);
    // Operators see no payment data, and need none to read the bill.
    expect(screen.queryByTestId('order-payment-data')).toBeNull();
  });

  it('shows a discount taken off', async () => {
    show(Role.RESTAURANT_OWNER, { ...CARD_ORDER, discount: 1.5, totalSum: 14.25 }, [MESSAGE]);
    expect(await billLines()).toContainEqual(['discount', 'Discount− £1.50']);
  });
});

describe('a chat message that cannot be delivered', { timeout: 30_000 }, () => {
  const FAILED: OrderMessage = { ...MESSAGE, id: 101, text: 'Ring twice', status: MessageStatus.FAILED, failure: 'BLOCKED' };

  it('shows in the history as failed, with the reason', async () => {
    show(Role.OPERATOR, ORDER, [MESSAGE, FAILED]);
    const item = await screen.findByText('Ring twice', { selector: '[data-message-id] *' }, { timeout: 15000 });
    const line = item.closest('[data-message-id]');
    if (!(line instanceof HTMLElement)) throw new Error('no history line');
    expect(line.querySelector('[data-message-state]')?.textContent).toBe('failed');
    expect(within(line).getByTestId('chat-failure').textContent).toBe('Not delivered: the recipient blocked the bot');
    // A delivered one says so, without a reason.
    const sent = document.querySelector('[data-message-id="100"]');
    expect(sent?.querySelector('[data-message-state]')?.textContent).toBe('sent');
    expect(sent?.querySelector('[data-testid="chat-failure"]')).toBeNull();
  });

  it('toasts that a message failed and why, never that it was sent, and keeps its text', async () => {
    const failed: OrderMessage = {
      ...MESSAGE,
      id: 300,
      text: 'Where is it?',
      status: MessageStatus.FAILED,
      failure: 'NO_NOTIFICATION_ACCOUNT',
    };
    show(
      Role.OPERATOR,
      ORDER,
      [MESSAGE],
      http.post(`${API}/messages/:threadId/restaurant`, () => HttpResponse.json(failed, { status: 201 })),
    );
    await screen.findByText('Please ring twice', {}, { timeout: 15000 });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Where is it?' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Send to restaurant/ }));
    expect(
      await screen.findByText(
        "The message could not be delivered: the restaurant has no notification account in the messenger (set one on the restaurant's page)",
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The message was sent')).toBeNull();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Where is it?');
  });

  it('says "sent" for a message on its way only once the messenger has it', async () => {
    const history: OrderMessage[] = [MESSAGE];
    show(
      Role.OPERATOR,
      ORDER,
      [MESSAGE],
      http.get(`${API}/orders/:threadId`, () => HttpResponse.json(history)),
      http.post(`${API}/orders/:threadId`, () => {
        const created = { ...MESSAGE, id: 400, text: 'On our way', status: MessageStatus.CREATED };
        history.push(created);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    await screen.findByText('Please ring twice', {}, { timeout: 15000 });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'On our way' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Send to customer signed/ }));
    await screen.findByText('On our way', { selector: '[data-message-id] *' });
    expect(screen.queryByText('The message was sent')).toBeNull();
    history[1] = { ...history[1], status: MessageStatus.SENT };
    expect(await screen.findByText('The message was sent', {}, { timeout: 15000 })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-message-id="400"] [data-message-state]')?.textContent).toBe('sent'));
  });
});
