import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus, Role, type Order, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { readSession } from '../../src/providers/session';
import { OrderShow } from '../../src/resources/orders/OrderShow';
import { API, ORDER, orderApi, type SeenRequest } from './ordersFixtures';
import { renderScreen } from './renderScreen';
import { mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

// Chat times are shown in the user's zone: 14:02 UTC is 17:02 in Moscow.
vi.stubEnv('TZ', 'Europe/Moscow');

let seen: SeenRequest[] = [];
const server = mockApi();
afterAll(() => {
  vi.unstubAllEnvs();
});
afterEach(() => {
  seen = [];
});

const as = (roleId: RoleId) => ({ roleId, cityId: 1, restaurantId: roleId === Role.RESTAURANT_OWNER ? 5 : null });
/** Renders the detail as a role; `overrides` answer before the usual API. */
const show = (roleId: RoleId, order: Order = ORDER, ...overrides: Parameters<typeof server.use>) => {
  server.use(...overrides, ...orderApi(seen, [order]));
  return renderScreen(
    <>
      <OrderShow />
      <Notification />
    </>,
    { as: as(roleId), dataProvider, resource: 'orders', path: `/orders/${order.threadId}`, route: '/orders/:threadId' },
  );
};
/** A message's text in the history (the message box holds the same text until it is sent). */
const inHistory = '[data-message-id] *';
const loaded = () => screen.findByTestId('order-customer', {}, { timeout: 5000 });
/** The send buttons, once the history and the role's permissions have loaded. */
const sendButtons = async () => {
  await screen.findByText('Please ring twice', {}, { timeout: 5000 });
  await waitFor(() => expect(document.querySelector('button[data-send]')).not.toBeNull());
  return [...document.querySelectorAll<HTMLButtonElement>('button[data-send]')];
};

describe('the order detail', () => {
  it("says 'Loading...' until the order is read, then shows the customer, restaurant and items in the order's currency", async () => {
    show(Role.OPERATOR);
    expect(screen.getByText('Loading...')).toBeTruthy();
    const customer = await loaded();
    expect(customer.textContent).toContain('Anna');
    expect(customer.textContent).toContain('Address: Baker street 221b');
    expect(customer.textContent).toContain('Address additions: Flat 2');
    expect(customer.textContent).toContain('Contact type: phone');
    const restaurant = screen.getByTestId('order-restaurant');
    expect(within(restaurant).getByRole('link').getAttribute('href')).toContain('query=Main%20street%205');
    expect(screen.getByTestId('order-items').textContent).toBe('Pad thai: £12.50 x 2 = £25.00');
    for (const line of ['Sum£25.00', 'Delivery£3.00', 'Discount£0.00', 'Total£28.00']) {
      expect(document.querySelector('dl')?.textContent).toContain(line);
    }
  });

  it("says 'Error {message}' when GraphQL refuses the order", async () => {
    show(
      Role.OPERATOR,
      ORDER,
      graphql.query('OrderDetail', () =>
        HttpResponse.json({ data: null, errors: [{ message: 'No such order here', extensions: { code: 'SOMETHING', statusCode: 404 } }] }),
      ),
    );
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('Error No such order here', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('logs the user out when GraphQL answers 401, as the REST calls do', async () => {
    show(
      Role.OPERATOR,
      ORDER,
      http.post('http://localhost:3000/graphql', () =>
        HttpResponse.json({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Authentication required' }, { status: 401 }),
      ),
    );
    await waitFor(() => expect(readSession()).toBeNull(), { timeout: 5000 });
  });

  it('asks for the phone with the numbers toggle; an owner gets no toggle and is never sent phones', async () => {
    const withPhone = { ...ORDER, user: { ...ORDER.user, phone: '+44 7700 900123' } };
    const operator = show(Role.OPERATOR, withPhone);
    await loaded();
    let asked: unknown = null;
    server.use(
      graphql.query('OrderDetail', ({ variables }) => {
        asked = variables.numbers;
        return HttpResponse.json({ data: { getOrder: withPhone } });
      }),
    );
    fireEvent.click(screen.getByLabelText('Show numbers'));
    await waitFor(() => expect(asked).toBe(true));
    expect((await screen.findByTestId('customer-phone')).textContent).toBe('+44 7700 900123');
    operator.unmount();

    asked = null;
    show(Role.RESTAURANT_OWNER, withPhone);
    await loaded();
    await sendButtons();
    expect(screen.queryByLabelText('Show numbers')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('shows an owner no status control, no address clearing and no payment data', async () => {
    show(Role.RESTAURANT_OWNER, { ...ORDER, invoiceId: 'INV-1' });
    await loaded();
    // The owner's chat box shows once their permissions are known: only then is an absence telling.
    await sendButtons();
    expect(within(screen.getByTestId('order-status')).queryByRole('combobox', { name: /^Status/ })).toBeNull();
    expect(screen.getByTestId('order-status').querySelector('[data-status]')?.textContent).toBe('Confirmed');
    expect(screen.queryByRole('button', { name: 'Clear address' })).toBeNull();
    expect(screen.queryByTestId('order-payment-data')).toBeNull();
  });

  it('shows payment data only when the API sends them', async () => {
    const first = show(Role.CITY_ADMIN);
    await loaded();
    expect(screen.queryByTestId('order-payment-data')).toBeNull();
    first.unmount();
    show(Role.CITY_ADMIN, {
      ...ORDER,
      paymentMethod: 1,
      paymentReceipt: { providerPaymentChargeId: 'ch_42' },
      invoiceId: 'INV-7',
      serviceFee: 0.98,
    });
    const data = await screen.findByTestId('order-payment-data', {}, { timeout: 5000 });
    expect(data.textContent).toContain('Receipt id: ch_42');
    expect(data.textContent).toContain('Invoice id: INV-7');
    // The service fee is a line of the bill, not of the payment data.
    expect(data.textContent).not.toContain('Service fee');
  });

  it("clears the customer's saved address after a confirmation", async () => {
    show(Role.OPERATOR);
    await loaded();
    fireEvent.click(await screen.findByRole('button', { name: 'Clear address' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Clear the saved address of Anna?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/users/7/address', body: { address: '' } }),
    );
  });

  it('edits the status with the same rules as the list', async () => {
    show(Role.OPERATOR, { ...ORDER, status: OrderStatus.COOKED });
    await loaded();
    fireEvent.mouseDown(await within(screen.getByTestId('order-status')).findByRole('combobox', { name: /^Status/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    const enabled = options
      .filter((o) => o.getAttribute('aria-disabled') !== 'true')
      .map((o) => Number(o.getAttribute('data-status-option')));
    expect(enabled).toEqual([60, 65, 70, 80, 100]);
  });
});

describe("the order page's one cache", () => {
  it('reads the order and its timeline again through the dataProvider after a status change', async () => {
    let current: Order = { ...ORDER, status: OrderStatus.COOKED };
    const reads = { order: 0, timeline: 0 };
    show(
      Role.OPERATOR,
      current,
      graphql.query('OrderDetail', () => {
        reads.order += 1;
        return HttpResponse.json({ data: { getOrder: current } });
      }),
      http.get(`${API}/orders/:id/timeline`, () => {
        reads.timeline += 1;
        const moved =
          current.status === OrderStatus.COOKED ? [] : [{ kind: 'status', at: ORDER.createdAt, actor: null, from: 50, to: current.status }];
        return HttpResponse.json(moved);
      }),
      http.put(`${API}/orders/:id`, async ({ request }) => {
        const body = (await request.clone().json()) as { status: number };
        current = { ...current, status: body.status };
        return HttpResponse.json({ id: current.id, status: current.status, courierId: current.courierId });
      }),
    );
    await loaded();
    await waitFor(() => expect(reads).toEqual({ order: 1, timeline: 1 }));
    const status = screen.getByTestId('order-status');
    fireEvent.mouseDown(within(status).getByRole('combobox', { name: /^Status/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Waiting for courier'));
    expect(await screen.findByText('The status was changed')).toBeTruthy();
    await waitFor(() => expect(status.querySelector('[data-status]')?.textContent).toBe('Waiting for courier'));
    await waitFor(() => expect(document.querySelectorAll('[data-timeline-kind="status"]')).toHaveLength(1));
    expect(reads).toEqual({ order: 2, timeline: 2 });
  });
});

describe('the order chat', () => {
  it("shows each message's time as M/dd@HH:mm, its sender, text and state", async () => {
    show(Role.OPERATOR);
    await sendButtons();
    const message = document.querySelector('[data-message-id="100"]');
    expect(message?.querySelector('[data-testid="chat-time"]')?.textContent).toBe('3/05@17:02');
    expect(message?.textContent).toContain('Anna');
    expect(message?.querySelector('[data-message-state]')?.textContent).toBe('sent');
  });

  it('gives staff three send buttons and owners two, all disabled until there is a text', async () => {
    const operator = show(Role.OPERATOR);
    let buttons = await sendButtons();
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Send to customer signed by the restaurant',
      'Send to restaurant signed by the customer',
      'Send to customer from admin a direct message, with the link',
    ]);
    expect(buttons.every((b) => b.disabled)).toBe(true);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'On our way' } });
    expect(buttons.every((b) => !b.disabled)).toBe(true);
    operator.unmount();

    show(Role.RESTAURANT_OWNER);
    buttons = await sendButtons();
    expect(buttons.map((b) => b.getAttribute('data-send'))).toEqual(['TO_USER', 'TO_RESTAURANT']);
    expect(screen.queryByLabelText('Link (optional)')).toBeNull();
  });

  it('sends to the customer and to the restaurant, and reads the history again', async () => {
    show(Role.OPERATOR);
    await sendButtons();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'On our way' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to customer signed by the restaurant' }));
    expect(await screen.findByText('Sent to the customer', { selector: inHistory })).toBeTruthy();
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({ path: `/api/orders/${ORDER.threadId}`, body: { text: 'On our way' } });
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Where is it?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to restaurant signed by the customer' }));
    expect(await screen.findByText('Sent to the restaurant', { selector: inHistory })).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')[1]).toMatchObject({ path: `/api/messages/${ORDER.threadId}/restaurant` });
  });

  it('toasts a message the API refuses with its translated reason, never as sent, and keeps its text', async () => {
    const refusal = {
      statusCode: 400,
      code: 'ORDER_CHAT_NO_NOTIFICATION_ACCOUNT',
      error: 'Bad Request',
      message: 'the server words',
      args: { restaurant: 'Pizza Roma' },
    };
    show(
      Role.OPERATOR,
      ORDER,
      http.post(`${API}/messages/:threadId/restaurant`, () => HttpResponse.json(refusal, { status: 400 })),
    );
    await sendButtons();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Where is it?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send to restaurant signed by the customer' }));
    expect(
      await screen.findByText(
        "Error Pizza Roma has no notification account in the messenger, so the message cannot reach it: set one on the restaurant's page",
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The message was sent')).toBeNull();
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Where is it?');
  });

  it('checks the link of an admin message, sends it over GraphQL, and toasts a failure as Error {message}', async () => {
    show(Role.ADMIN);
    await sendButtons();
    const admin = () =>
      screen.getByRole<HTMLButtonElement>('button', { name: 'Send to customer from admin a direct message, with the link' });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Your order is late' } });
    fireEvent.change(screen.getByLabelText('Link (optional)'), { target: { value: 'ftp://example.com' } });
    expect(await screen.findByText('must be an http(s) link')).toBeTruthy();
    expect(admin().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Link (optional)'), { target: { value: 'https://example.com/sorry' } });
    expect(admin().disabled).toBe(false);
    fireEvent.click(admin());
    expect(await screen.findByText('Your order is late', { selector: inHistory })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://example.com/sorry' })).toBeTruthy();

    server.use(
      graphql.mutation('AdminMessage', () =>
        HttpResponse.json({
          data: null,
          errors: [{ message: 'The messenger is unreachable', extensions: { code: 'X', statusCode: 502 } }],
        }),
      ),
    );
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Again' } });
    fireEvent.click(admin());
    expect(await screen.findByText('Error The messenger is unreachable')).toBeTruthy();
  });
});
