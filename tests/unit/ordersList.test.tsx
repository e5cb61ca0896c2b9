import { readTotals } from '../../src/resources/orders/data';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus, ORDER_STATUS_VALUES, Role, type Order, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { OrderList } from '../../src/resources/orders/OrderList';
import { API, ORDER, orderApi, type SeenRequest } from './ordersFixtures';
import { renderScreen } from './renderScreen';
import { mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

// The user's day is Moscow's: the filter sends its boundaries with +03:00.
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
const list = (roleId: RoleId, orders: Order[] = [ORDER], path = '/orders') => {
  server.use(...orderApi(seen, orders));
  return renderScreen(
    <>
      <OrderList />
      <Notification />
    </>,
    { as: as(roleId), dataProvider, resource: 'orders', path, route: '/orders' },
  );
};
const card = async (threadId = ORDER.threadId) => {
  // The first render loads the screen's modules and the data entry: give it time.
  await waitFor(() => expect(document.querySelector(`[data-order="${threadId}"]`)).not.toBeNull(), { timeout: 5000 });
  const found = document.querySelector<HTMLElement>(`[data-order="${threadId}"]`);
  if (!found) throw new Error(`no card ${threadId}`);
  return found;
};
/** Opens a card's status dropdown and answers its options by status. */
const statusOptions = async (within_: HTMLElement) => {
  fireEvent.mouseDown(within(within_).getByRole('combobox', { name: /^Status/ }));
  const listbox = await screen.findByRole('listbox');
  return new Map(
    within(listbox)
      .getAllByRole('option')
      .map((option) => [Number(option.getAttribute('data-status-option')), option]),
  );
};
const disabled = (option: HTMLElement | undefined) => option?.getAttribute('aria-disabled') === 'true';

describe('the order list', () => {
  it('shows each order as a card linking to its detail, with the totals of the range in their currency', async () => {
    list(Role.OPERATOR);
    const found = await card();
    expect(
      within(found)
        .getByRole('link', { name: `#${ORDER.threadId}` })
        .getAttribute('href'),
    ).toBe(`/orders/${ORDER.threadId}`);
    expect(within(found).getByText('Green Garden')).toBeTruthy();
    expect(within(found).getByText('£28.00')).toBeTruthy();
    expect(found.querySelector('[data-status]')?.textContent).toBe('Confirmed');
    expect(within(found).getByText('Cash')).toBeTruthy();
    const totals = await screen.findByTestId('order-totals');
    await waitFor(() => expect(totals.textContent).toContain('Sum: £1,234.50'));
    expect(totals.textContent).toContain('Delivery: £60.00');
    expect(totals.textContent).toContain('Orders: 12');
    expect(totals.textContent).toContain('Average cheque: £107.88');
  });

  it('sends the filters of the URL to the list, which brings the totals too: local-day boundaries, repeated restaurants', async () => {
    const filter = encodeURIComponent(JSON.stringify({ from: '2026-03-05', to: '2026-03-06', rests: [5, 6] }));
    list(Role.OPERATOR, [ORDER], `/orders?filter=${filter}`);
    await card();
    const request = seen.find((r) => r.path === '/api/orders');
    expect(request?.query.get('from')).toBe('2026-03-05T00:00:00.000+03:00');
    expect(request?.query.get('to')).toBe('2026-03-06T23:59:59.999+03:00');
    expect(request?.query.getAll('rests')).toEqual(['5', '6']);
    await waitFor(() => expect(screen.getByTestId('order-totals').textContent).toContain('Orders: 12'));
    expect(seen.filter((r) => r.path.startsWith('/api/orders/totals'))).toEqual([]);
    expect(seen.find((r) => r.path === '/api/orders')?.query.get('perPage')).toBe('25');
  });

  it('shows the items in brief only with the brief toggle on', async () => {
    list(Role.OPERATOR);
    const found = await card();
    expect(within(found).queryByTestId('order-brief')).toBeNull();
    fireEvent.click(screen.getByLabelText('Brief summary'));
    await waitFor(() => expect(within(found).getByTestId('order-brief').textContent).toBe('Pad thai × 2'));
  });
});

describe('the status dropdown', () => {
  it('offers only later statuses of an open order: below and at the current status are disabled', async () => {
    list(Role.OPERATOR);
    const options = await statusOptions(await card());
    expect(options.size).toBe(ORDER_STATUS_VALUES.length);
    for (const status of ORDER_STATUS_VALUES) expect(disabled(options.get(status)), String(status)).toBe(status <= OrderStatus.CONFIRMED);
    expect(within(options.get(OrderStatus.SERVING) ?? document.body).getByText('The kitchen is preparing the order')).toBeTruthy();
    expect(screen.queryByLabelText('Debug mode')).toBeNull();
  });

  it('moves an order forward with PUT /orders/{id}', async () => {
    list(Role.CITY_ADMIN);
    const options = await statusOptions(await card());
    fireEvent.click(options.get(OrderStatus.SERVING) ?? document.body);
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ status: OrderStatus.SERVING }));
    expect(seen.find((r) => r.method === 'PUT')?.path).toBe(`/api/orders/${ORDER.id}`);
  });

  it('disables every option of a cancelled order', async () => {
    list(Role.OPERATOR, [{ ...ORDER, status: OrderStatus.CANCELED_BY_USER }]);
    const options = await statusOptions(await card());
    expect([...options.values()].every(disabled)).toBe(true);
  });

  it('lets an admin in debug mode pick any status, and says so to the API', async () => {
    list(Role.ADMIN);
    const found = await card();
    fireEvent.click(within(found).getByLabelText('Debug mode'));
    const options = await statusOptions(found);
    expect([...options.values()].some(disabled)).toBe(false);
    fireEvent.click(options.get(OrderStatus.CREATED) ?? document.body);
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ status: OrderStatus.CREATED, debug: true }));
  });

  it('gives an owner the badge but no status or courier control', async () => {
    list(Role.RESTAURANT_OWNER);
    const found = await card();
    expect(found.querySelector('[data-status]')?.textContent).toBe('Confirmed');
    expect(within(found).queryByRole('combobox')).toBeNull();
    expect(within(found).getByText('No courier')).toBeTruthy();
  });

  it('names both statuses of a refused move (409) and reads the list again', async () => {
    list(Role.OPERATOR);
    server.use(
      http.put(`${API}/orders/:id`, () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'ORDER_STATUS_MOVE_REFUSED',
            message: 'The order is already at status 50 and cannot move to 40',
            args: { current: 50, next: 40 },
          },
          { status: 409 },
        ),
      ),
    );
    const options = await statusOptions(await card());
    const listCalls = () => seen.filter((r) => r.path === '/api/orders').length;
    const before = listCalls();
    fireEvent.click(options.get(OrderStatus.SERVING) ?? document.body);
    await screen.findByText('The order is already at status Cooked and cannot move to Cooking');
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });
});

describe('the courier block', () => {
  it("says 'No courier', links a courier's messenger username, or names them", async () => {
    list(Role.OPERATOR, [
      ORDER,
      { ...ORDER, id: 12, threadId: 'AB12CD34F', courierId: 31, courierDetails: { username: 'bob_rides', name: 'Bob Rider' } },
      { ...ORDER, id: 13, threadId: 'AB12CD34G', courierId: 32, courierDetails: { username: null, name: 'Carl Walker' } },
    ]);
    expect(within(await card()).getByText('No courier')).toBeTruthy();
    const link = within(await card('AB12CD34F')).getByRole('link', { name: '@bob_rides' });
    expect(link.getAttribute('href')).toBe('https://t.me/bob_rides');
    expect(within(await card('AB12CD34G')).getAllByText('Carl Walker').length).toBeGreaterThan(0);
  });

  it("assigns one of the city's couriers", async () => {
    list(Role.OPERATOR);
    const found = await card();
    const select = within(found).getByRole('combobox', { name: /Assign a courier/ });
    await waitFor(() => expect(select.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Bob Rider (@bob_rides)' }));
    await waitFor(() => expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ courierId: 31 }));
  });
});

describe('the totals header of a list page', () => {
  it('is read when it is what the API sends, and ignored otherwise', () => {
    const totals = { lines: [{ currency: 'EUR', sum: 10, delivery: 2, count: 1, averageCheque: '12.00' }] };
    expect(readTotals(JSON.stringify(totals))).toEqual(totals);
    expect(readTotals(null)).toBeNull();
    expect(readTotals('not json')).toBeNull();
    expect(readTotals(JSON.stringify({ lines: [{ currency: 'EUR' }] }))).toBeNull();
  });
});

describe('the chat of a card', () => {
  it('opens in place and asks for the history again every 60 seconds while open, not once closed', async () => {
    list(Role.OPERATOR);
    const found = await card();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const chatCalls = () => seen.filter((r) => r.method === 'GET' && r.path === `/api/orders/${ORDER.threadId}`).length;
      fireEvent.click(within(found).getByRole('button', { name: /^Chat/ }));
      await waitFor(() => expect(chatCalls()).toBe(1));
      await vi.advanceTimersByTimeAsync(59_000);
      expect(chatCalls()).toBe(1);
      await vi.advanceTimersByTimeAsync(2_000);
      await waitFor(() => expect(chatCalls()).toBe(2));
      fireEvent.click(within(found).getByRole('button', { name: /Hide the chat/i }));
      await vi.advanceTimersByTimeAsync(120_000);
      expect(chatCalls()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
