import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ResourceContextProvider } from 'react-admin';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus, Role, type AuditActor, type AuditRecord, type OrderTimelineEntry, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { AuditList } from '../../src/resources/audit/AuditList';
import { OrderTimeline } from '../../src/resources/orders/OrderTimeline';
import { renderScreen } from './renderScreen';
import { API, mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

// The user's day is Moscow's: the date filter sends its boundaries with +03:00.
vi.stubEnv('TZ', 'Europe/Moscow');

const AT = '2026-03-05T14:02:00.000Z';
const operator = { id: 3, username: 'operator', name: 'Olga' };

const RECORDS: AuditRecord[] = [
  {
    id: 30,
    at: AT,
    action: 'update',
    entity: 'users',
    entityId: '9',
    cityId: 1,
    restaurantId: null,
    actor: { id: 2, username: 'cityadmin', name: 'cityadmin' },
    changes: { username: ['olga', 'olga.k'], password_hash: 'changed' },
    names: { 'users:9': { name: 'Olga', name_ru: null } },
    progress: null,
  },
  {
    id: 29,
    at: AT,
    action: 'update',
    entity: 'orders',
    entityId: '11',
    cityId: 1,
    restaurantId: 5,
    actor: null,
    changes: { status: [OrderStatus.CONFIRMED, OrderStatus.CANCELED_BY_USER] },
    names: { 'orders:11': { name: 'AB12CD34E', name_ru: null } },
    progress: null,
  },
  {
    id: 28,
    at: AT,
    action: 'insert',
    entity: 'bots',
    entityId: '4',
    cityId: 1,
    restaurantId: null,
    actor: { id: 1, username: 'admin', name: 'admin' },
    changes: { id: 4, city_id: 1, bot_token: 'changed' },
    names: { 'cities:1': { name: 'London', name_ru: 'Лондон' } },
    progress: null,
  },
  {
    id: 27,
    at: AT,
    action: 'login_failed',
    entity: 'users',
    entityId: null,
    cityId: null,
    restaurantId: null,
    actor: null,
    changes: { username: 'nobody', ip: '10.0.0.7', reason: 'wrong_credentials' },
    names: {},
    progress: null,
  },
];
const ACTORS: AuditActor[] = [
  { id: 1, username: 'admin', name: 'admin', roleId: Role.ADMIN },
  { ...operator, roleId: Role.OPERATOR },
];

const requests: URL[] = [];
const server = mockApi(
  http.get(`${API}/audit`, ({ request }) => {
    requests.push(new URL(request.url));
    return HttpResponse.json(RECORDS, { headers: { 'X-Total-Count': '40' } });
  }),
  http.get(`${API}/audit/actors`, () => HttpResponse.json(ACTORS)),
);
afterAll(() => {
  vi.unstubAllEnvs();
});
afterEach(() => {
  requests.length = 0;
});

const lastQuery = async () => {
  // The first render loads the screen and its texts: slow on a busy machine.
  await waitFor(() => expect(requests.length).toBeGreaterThan(0), { timeout: 15_000 });
  return Object.fromEntries(requests[requests.length - 1].searchParams);
};
const openTrail = (roleId: RoleId, path = '/audit') =>
  renderScreen(
    <ResourceContextProvider value="audit">
      <AuditList />
    </ResourceContextProvider>,
    { as: { roleId, cityId: roleId === Role.ADMIN ? null : 1 }, dataProvider, resource: 'audit', path, route: '/audit' },
  );
const entry = async (id: number) => {
  await waitFor(() => expect(document.querySelector(`[data-audit="${id}"]`)).not.toBeNull(), { timeout: 5000 });
  const found = document.querySelector<HTMLElement>(`[data-audit="${id}"]`);
  if (!found) throw new Error(`no record ${id}`);
  return found;
};

describe('the audit trail screen', () => {
  it('reads one page, newest first, and shows who changed which record, each field before and after, a secret only as changed', async () => {
    openTrail(Role.ADMIN);
    expect(await lastQuery()).toEqual({ page: '1', perPage: '25', sort: 'at', order: 'DESC' });
    const account = await entry(30);
    expect(within(account).getByText('Changed')).toBeTruthy();
    expect(within(account).getByText('Account Olga')).toBeTruthy();
    expect(account.querySelector('[data-audit-actor]')?.textContent).toBe('cityadmin');
    // Each field by its form's label.
    expect(account.textContent).toContain('Username:olga → olga.k');
    expect(account.textContent).toContain('Password:changed (hidden)');

    // A change no one in the back-office made: the customer's cancel.
    const order = await entry(29);
    expect(order.querySelector('[data-audit-actor]')?.textContent).toBe('Customer or system');
    expect(within(order).getByText('Order AB12CD34E')).toBeTruthy();
    expect(order.textContent).toContain('Customer or system moved the order AB12CD34E: Confirmed → Cancelled by customer');

    // A created row is folded; its secret is hidden too.
    const bot = await entry(28);
    expect(within(bot).getByText('3 fields')).toBeTruthy();
    expect(bot.textContent).toContain('Bot token:changed (hidden)');
    expect(bot.textContent).toContain('City:London');

    const login = await entry(27);
    expect(within(login).getByText('Failed login')).toBeTruthy();
    expect(login.textContent).toContain('nobody · From address 10.0.0.7 · wrong username or password');

    // The total comes from the server.
    expect(await screen.findByText('1-25 of 40')).toBeTruthy();
  });

  it('sends the filters of the URL: user, entity, record, action and local-day boundaries', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ actorId: 3, entity: 'orders', entityId: '11', action: 'update', from: '2026-03-05', to: '2026-03-06' }),
    );
    openTrail(Role.CITY_ADMIN, `/audit?filter=${filter}&page=2&perPage=10`);
    expect(await lastQuery()).toEqual({
      actorId: '3',
      entity: 'orders',
      entityId: '11',
      action: 'update',
      from: '2026-03-05T00:00:00.000+03:00',
      to: '2026-03-06T23:59:59.999+03:00',
      page: '2',
      perPage: '10',
      sort: 'at',
      order: 'DESC',
    });
  });

  it('filters by a user picked from the staff the API names', async () => {
    openTrail(Role.ADMIN);
    await lastQuery();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'User' }));
    fireEvent.click(await screen.findByRole('option', { name: 'operator (Olga)' }));
    await waitFor(() => expect(requests[requests.length - 1].searchParams.get('actorId')).toBe('3'), { timeout: 5000 });
  });
});

describe("an order's timeline", () => {
  const TIMELINE: OrderTimelineEntry[] = [
    { kind: 'created', at: '2026-03-05T14:00:00.000Z', actor: { id: 40, name: 'Anna' } },
    {
      kind: 'status',
      at: '2026-03-05T14:01:00.000Z',
      actor: { id: 3, name: 'Olga' },
      from: OrderStatus.CREATED,
      to: OrderStatus.CONFIRMED,
    },
    { kind: 'courier', at: '2026-03-05T14:02:00.000Z', actor: { id: 2, name: 'cityadmin' }, from: null, to: { id: 8, name: 'Kolya' } },
    { kind: 'message', at: '2026-03-05T14:03:00.000Z', actor: { id: 40, name: 'Anna' }, text: 'Where is my soup?', toRestaurant: true },
    { kind: 'status', at: '2026-03-05T14:04:00.000Z', actor: null, from: OrderStatus.CONFIRMED, to: OrderStatus.CANCELED_BY_USER },
  ];

  it('lists placing, status moves, courier changes and messages with who and when, oldest first', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${API}/orders/:id/timeline`, ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(TIMELINE);
      }),
    );
    renderScreen(<OrderTimeline orderId={11} />, {
      as: { roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 5 },
      dataProvider,
      resource: 'orders',
      path: '/orders/AB12CD34E',
    });
    const section = await screen.findByTestId('order-timeline');
    await waitFor(() => expect(section.querySelectorAll('li')).toHaveLength(5), { timeout: 5000 });
    expect(asked).toEqual(['11']);
    const lines = [...section.querySelectorAll('li')].map((line) => line.textContent ?? '');
    expect(lines[0]).toMatch(/17:00.*Order placed by Anna/);
    expect(lines[1]).toContain('Status Created → Confirmed by Olga');
    expect(lines[2]).toContain('Courier none → Kolya by cityadmin');
    expect(lines[3]).toContain('Message to the restaurant from Anna');
    expect(lines[3]).toContain('Where is my soup?');
    expect(lines[4]).toContain('Confirmed → Cancelled by customer');
    expect(lines[4]).toContain('by customer or system');
    expect(section.querySelectorAll('[data-timeline-kind="status"]')).toHaveLength(2);
  });
});
