import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderStatus, Role, type LiveEvent, type Order, type OrderMessage } from '../../src/domain';
import { DocumentTitle } from '../../src/layout/DocumentTitle';
import { NEW_ORDER_SOUND_KEY, NewOrderSound } from '../../src/layout/NewOrderSound';
import { useLiveRefresh } from '../../src/layout/useLiveRefresh';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { publishLiveEvent, resetLiveHub } from '../../src/providers/liveEventsHub';
import { OrderChat } from '../../src/resources/orders/OrderChat';
import { OrderList } from '../../src/resources/orders/OrderList';
import { OrderShow } from '../../src/resources/orders/OrderShow';
import { API, MESSAGE, ORDER, orderApi, type SeenRequest } from './ordersFixtures';
import { renderScreen } from './renderScreen';
import { mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

/** The order list, the chat and the chime as the live stream drives them. */
let seen: SeenRequest[] = [];
const server = mockApi();
beforeEach(() => resetLiveHub());
afterEach(() => {
  seen = [];
  document.title = '';
});

let nextEventId = 1;
const live = (type: LiveEvent['type'], fields: Partial<LiveEvent>) =>
  act(() => publishLiveEvent({ id: nextEventId++, type, at: new Date().toISOString(), cityId: 1, restaurantId: 5, ...fields }));

/** What the layout mounts around every screen: the live refresh of react-admin's data and the tab title. */
const LiveLayout = () => {
  useLiveRefresh();
  return <DocumentTitle />;
};

const NEW_ORDER: Order = { ...ORDER, id: 12, threadId: 'ZX98YW76V', createdAt: '2026-03-05T15:30:00.000Z' };
const orderCards = () => [...document.querySelectorAll<HTMLElement>('[data-order]')];

const renderList = (orders: Order[]) => {
  server.use(...orderApi(seen, orders));
  return renderScreen(
    <>
      <LiveLayout />
      <OrderList />
    </>,
    { as: { roleId: Role.OPERATOR, cityId: 1 }, dataProvider, resource: 'orders', path: '/orders' },
  );
};

describe('the order list, live', () => {
  it('shows an order created while it is open at the top, marked new, and counts it in the tab title until the user looks', async () => {
    const orders = [ORDER];
    renderList(orders);
    await waitFor(() => expect(orderCards()).toHaveLength(1), { timeout: 5000 });
    await waitFor(() => expect(document.title).toBe('Orders — Back-office'));
    const listCalls = seen.filter((request) => request.path === '/api/orders').length;

    // The bot writes the order; the stream tells; the list is asked again, no page reload.
    orders.unshift(NEW_ORDER);
    live('order.created', { orderId: NEW_ORDER.id, threadId: NEW_ORDER.threadId, status: NEW_ORDER.status, courierId: null });
    await waitFor(() => expect(orderCards().map((card) => card.dataset.order)).toEqual([NEW_ORDER.threadId, ORDER.threadId]));
    expect(seen.filter((request) => request.path === '/api/orders').length).toBe(listCalls + 1);

    const [fresh, old] = orderCards();
    expect(fresh.dataset.new).toBe('unseen');
    expect(within(fresh).getByTestId('new-order').textContent).toBe('New');
    expect(getComputedStyle(fresh).backgroundColor).not.toBe(getComputedStyle(old).backgroundColor);
    expect(old.dataset.new).toBeUndefined();
    expect(within(old).queryByTestId('new-order')).toBeNull();
    expect(document.title).toBe('(1) Orders — Back-office');
    expect(screen.getByTestId('new-orders-status').textContent).toBe('1 new order');

    // A second one while nobody looks: counted too.
    const third = { ...NEW_ORDER, id: 13, threadId: 'QQ11WW22E' };
    orders.unshift(third);
    live('order.created', { orderId: third.id, threadId: third.threadId });
    await waitFor(() => expect(document.title).toBe('(2) Orders — Back-office'));
    await waitFor(() => expect(orderCards()[0].dataset.order).toBe(third.threadId));

    // The user clicks on the page: seen. The count leaves the title; the cards keep their mark while the highlight fades.
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(document.title).toBe('Orders — Back-office'));
    expect(orderCards().map((card) => card.dataset.new)).toEqual(['seen', 'seen', undefined]);
    expect(screen.getByTestId('new-orders-status').textContent).toBe('');
  });

  it('counts as seen when the user comes back to the tab, and forgets the new orders when the list closes', async () => {
    const orders = [ORDER];
    const { unmount } = renderList(orders);
    await waitFor(() => expect(orderCards()).toHaveLength(1), { timeout: 5000 });
    orders.unshift(NEW_ORDER);
    live('order.created', { orderId: NEW_ORDER.id, threadId: NEW_ORDER.threadId });
    await waitFor(() => expect(document.title).toBe('(1) Orders — Back-office'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(document.title).toBe('Orders — Back-office'));

    // An order heard after the list closed is not the list's to count.
    const third = { ...NEW_ORDER, id: 13, threadId: 'QQ11WW22E' };
    unmount();
    live('order.created', { orderId: third.id, threadId: third.threadId });
    renderList([third, ...orders]);
    await waitFor(() => expect(orderCards()).toHaveLength(3), { timeout: 5000 });
    expect(orderCards().map((card) => card.dataset.new)).toEqual([undefined, undefined, undefined]);
    expect(document.title).toBe('Orders — Back-office');
  });

  it('an order changed elsewhere (status, courier) is asked again: the card follows', async () => {
    const orders = [{ ...ORDER }];
    renderList(orders);
    await waitFor(() => expect(orderCards()).toHaveLength(1), { timeout: 5000 });
    expect(orderCards()[0].querySelector('[data-status]')?.textContent).toBe('Confirmed');
    orders[0] = { ...ORDER, status: 30 };
    live('order.updated', { orderId: ORDER.id, threadId: ORDER.threadId, status: 30, courierId: null });
    await waitFor(() => expect(orderCards()[0].querySelector('[data-status]')?.getAttribute('data-status')).toBe('30'));
    // Not a new order.
    expect(orderCards()[0].dataset.new).toBeUndefined();
    expect(document.title).toBe('Orders — Back-office');
  });
});

describe('the new-order chime', () => {
  const renderSound = (play: () => void) =>
    renderScreen(<NewOrderSound play={play} />, { dataProvider, resource: 'orders', path: '/orders' });

  it('chimes on a new order (once for a burst), not on other events; switched off it stays silent, remembered across renders', async () => {
    const play = vi.fn();
    const first = renderSound(play);
    const toggle = await screen.findByRole('button', { name: 'Sound on new orders' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    live('order.updated', { orderId: 1, status: 30 });
    live('message.created', { threadId: 'AB12CD34E', messageId: 5 });
    expect(play).not.toHaveBeenCalled();
    live('order.created', { orderId: 40 });
    live('order.created', { orderId: 41 });
    expect(play).toHaveBeenCalledTimes(1);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(NEW_ORDER_SOUND_KEY)).toBe('off');
    first.unmount();

    // A new page (another login, a reload): still off, and silent.
    const later = vi.fn();
    renderSound(later);
    const again = await screen.findByRole('button', { name: 'Sound on new orders' });
    expect(again.getAttribute('aria-pressed')).toBe('false');
    live('order.created', { orderId: 42 });
    expect(later).not.toHaveBeenCalled();

    fireEvent.click(again);
    expect(again.getAttribute('aria-pressed')).toBe('true');
    live('order.created', { orderId: 43 });
    expect(later).toHaveBeenCalledTimes(1);
  });
});

describe('an open chat, live', () => {
  it('shows a message of its thread at once, without waiting for the minute refresh; another thread’s message asks nothing', async () => {
    const chat: OrderMessage[] = [MESSAGE];
    server.use(
      http.get(`${API}/orders/:threadId`, ({ params, request }) => {
        seen.push({ method: 'GET', path: new URL(request.url).pathname, query: new URLSearchParams(), body: null });
        return HttpResponse.json(params.threadId === ORDER.threadId ? chat : []);
      }),
    );
    renderScreen(
      <>
        <LiveLayout />
        <OrderChat threadId={ORDER.threadId} />
      </>,
      { as: { roleId: Role.OPERATOR, cityId: 1 }, dataProvider, resource: 'orders', path: '/orders' },
    );
    await screen.findByText('Please ring twice', undefined, { timeout: 5000 });
    const chatCalls = () => seen.filter((request) => request.path === `/api/orders/${ORDER.threadId}`).length;
    const before = chatCalls();

    live('message.created', { orderId: 99, threadId: 'OTHER0000', messageId: 300 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(chatCalls()).toBe(before);

    chat.push({ ...MESSAGE, id: 301, text: 'On my way', from: { name: 'Operator two' } });
    live('message.created', { orderId: ORDER.id, threadId: ORDER.threadId, messageId: 301 });
    await screen.findByText('On my way');
    expect(chatCalls()).toBe(before + 1);
  });
});

describe('the order page, live', () => {
  it("reads the order again when it moves, and its chat, count and timeline when a message comes: the page's own keys", async () => {
    let current: Order = { ...ORDER };
    const chat: OrderMessage[] = [MESSAGE];
    const reads = { order: 0, chat: 0, timeline: 0 };
    server.use(
      graphql.query('OrderDetail', () => {
        reads.order += 1;
        return HttpResponse.json({ data: { getOrder: { ...current, messagesAmount: chat.length } } });
      }),
      http.get(`${API}/orders/:id/timeline`, () => {
        reads.timeline += 1;
        return HttpResponse.json([]);
      }),
      http.get(`${API}/orders/:threadId`, () => {
        reads.chat += 1;
        return HttpResponse.json(chat);
      }),
      ...orderApi(seen),
    );
    renderScreen(
      <>
        <LiveLayout />
        <OrderShow />
      </>,
      {
        as: { roleId: Role.OPERATOR, cityId: 1 },
        dataProvider,
        resource: 'orders',
        path: `/orders/${ORDER.threadId}`,
        route: '/orders/:threadId',
      },
    );
    await screen.findByText('Please ring twice');
    await waitFor(() => expect(reads).toEqual({ order: 1, chat: 1, timeline: 1 }));
    const status = () => screen.getByTestId('order-status').querySelector('[data-status]')?.textContent;
    expect(status()).toBe('Confirmed');

    current = { ...current, status: OrderStatus.COOKED };
    live('order.updated', { orderId: ORDER.id, threadId: ORDER.threadId, status: OrderStatus.COOKED, courierId: null });
    await waitFor(() => expect(status()).toBe('Cooked'));
    await waitFor(() => expect(reads).toEqual({ order: 2, chat: 1, timeline: 2 }));

    chat.push({ ...MESSAGE, id: 302, text: 'Almost there' });
    live('message.created', { orderId: ORDER.id, threadId: ORDER.threadId, messageId: 302 });
    await screen.findByText('Almost there');
    await waitFor(() => expect(reads).toEqual({ order: 3, chat: 2, timeline: 3 }));
  });
});
