import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role, type LoginResponse } from '../../src/domain';
import { authProvider, whenLoggedIn } from '../../src/providers/authProvider';
import { apiFetch, warmGet, WARM_MS } from '../../src/providers/httpClient';
import { clearSession, writeSession } from '../../src/providers/session';
import { warmListAt } from '../../src/resources/common/preload';
import { RESOURCES } from '../../src/resources';
import { firstListAddress } from '../../src/resources/orders/data';
import { mockApi } from './mockApi';

const token = (sub: number) => `h.${btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '')}.s`;
const session = (id: number): LoginResponse => ({
  user: { id, username: 'operator', roleId: Role.OPERATOR, cityId: 1, restaurantId: null, authKey: 'key' },
  jwtToken: token(id),
});

/** Each request the server saw: its address and its login. */
const seen: { url: string; authorization: string | null }[] = [];
mockApi(
  http.post('http://localhost:3000/login', () => HttpResponse.json(session(7))),
  http.get('http://localhost:3000/api/languages', () => HttpResponse.json({ en: {}, ru: {}, es: {} })),
  http.get('http://localhost:3000/api/orders', ({ request }) => {
    seen.push({ url: request.url, authorization: request.headers.get('authorization') });
    return HttpResponse.json([{ id: seen.length }], { headers: { 'x-total-count': '1' } });
  }),
);

const ordersOf = (url: string) => seen.filter((request) => request.url === new URL(url, 'http://localhost:3000').href);

afterEach(() => {
  seen.length = 0;
  vi.useRealTimers();
  clearSession();
  localStorage.clear();
});

describe('a request started ahead of its screen', () => {
  it('is taken by the first identical request, once: the server is asked once, then again for the next', async () => {
    writeSession(session(1));
    warmGet('/api/orders?page=1');
    const first = await apiFetch<{ id: number }[]>('/api/orders?page=1');
    expect(first.json).toEqual([{ id: 1 }]);
    expect(ordersOf('/api/orders?page=1')).toHaveLength(1);
    await apiFetch('/api/orders?page=1');
    expect(ordersOf('/api/orders?page=1')).toHaveLength(2);
  });

  it('is not taken by another address, another login, or after it has expired', async () => {
    writeSession(session(1));
    warmGet('/api/orders?page=1');
    await apiFetch('/api/orders?page=2');
    expect(seen.map(({ url }) => new URL(url).search)).toEqual(expect.arrayContaining(['?page=1', '?page=2']));

    seen.length = 0;
    warmGet('/api/orders?page=3');
    writeSession(session(2));
    await apiFetch('/api/orders?page=3');
    // Asked twice: the answer started for the first login is not the second one's.
    expect(ordersOf('/api/orders?page=3').map(({ authorization }) => authorization)).toEqual([`Bearer ${token(1)}`, `Bearer ${token(2)}`]);

    seen.length = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
    warmGet('/api/orders?page=4');
    vi.setSystemTime(Date.now() + WARM_MS + 1);
    await apiFetch('/api/orders?page=4');
    expect(ordersOf('/api/orders?page=4')).toHaveLength(2);
  });
});

describe('the login leading to the orders list', () => {
  it('asks for the list’s first page as soon as the login succeeds, with the filter the list kept, and the list takes it', async () => {
    localStorage.setItem('RaStore.orders.listParams', JSON.stringify({ filter: { status: 'new' }, page: 2, perPage: 50 }));
    const stop = whenLoggedIn(() => warmListAt('/orders', RESOURCES));
    try {
      await authProvider.login({ username: 'operator', password: 'demo' });
    } finally {
      stop();
    }
    const address = firstListAddress();
    expect(new URL(address, 'http://localhost:3000').searchParams.get('page')).toBe('2');
    expect(new URL(address, 'http://localhost:3000').searchParams.get('perPage')).toBe('50');
    await vi.waitFor(() => expect(ordersOf(address)).toHaveLength(1));
    const rows = await apiFetch<{ id: number }[]>(address);
    expect(rows.json).toEqual([{ id: 1 }]);
    expect(seen).toHaveLength(1);
  });

  it('starts nothing for a screen whose resource declares no first request, and reads a broken store as none', async () => {
    writeSession(session(1));
    warmListAt('/reviews', RESOURCES);
    localStorage.setItem('RaStore.orders.listParams', '{not json');
    expect(new URL(firstListAddress(), 'http://localhost:3000').searchParams.get('page')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toHaveLength(0);
  });
});
