import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Role, type Restaurant } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { RestaurantEdit } from '../../src/resources/restaurants/RestaurantEdit';
import { RestaurantList } from '../../src/resources/restaurants/RestaurantList';
import { renderScreen } from './renderScreen';
import { GREEN_GARDEN, restaurantSurroundings } from './restaurantFixtures';
import { API, mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

const server = mockApi(...restaurantSurroundings);

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const pausedFor = (minutes: number | null): Restaurant => ({
  ...GREEN_GARDEN,
  paused: true,
  pausedAt: new Date().toISOString(),
  pausedUntil: minutes === null ? null : inMinutes(minutes),
});

describe('the pause control', () => {
  it('an owner pauses their restaurant for 30 minutes and reopens it, without saving the form', async () => {
    const calls: { method: string; body: unknown }[] = [];
    server.use(
      http.put(`${API}/restaurants/5/pause`, async ({ request }) => {
        const body = await request.json();
        calls.push({ method: 'PUT', body });
        return HttpResponse.json(pausedFor(30));
      }),
      http.delete(`${API}/restaurants/5/pause`, () => {
        calls.push({ method: 'DELETE', body: null });
        return HttpResponse.json(GREEN_GARDEN);
      }),
    );
    renderScreen(<RestaurantEdit />, {
      as: { roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 5 },
      dataProvider,
      resource: 'restaurants',
      path: '/restaurant/5',
      route: '/restaurant/:id',
    });
    expect(await screen.findByText('Open: the bot takes orders.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reopen now' })).toBeNull();
    for (const label of ['15 min', '30 min', '60 min', 'Until reopened']) expect(screen.getByRole('button', { name: label })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '30 min' }));
    expect(await screen.findByText(/^Paused until \d/)).toBeTruthy();
    expect(calls).toEqual([{ method: 'PUT', body: { minutes: 30 } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Reopen now' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Open: the bot takes orders.'));
    expect(calls.at(-1)).toEqual({ method: 'DELETE', body: null });
  });

  it('shows a pause until reopened, and one whose end has passed as open', async () => {
    server.use(http.get(`${API}/restaurants/5`, () => HttpResponse.json(pausedFor(null))));
    const view = renderScreen(<RestaurantEdit />, {
      dataProvider,
      resource: 'restaurants',
      path: '/restaurant/5',
      route: '/restaurant/:id',
    });
    expect(await screen.findByText('Paused until reopened')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reopen now' })).toBeTruthy();
    view.unmount();

    server.use(http.get(`${API}/restaurants/5`, () => HttpResponse.json({ ...pausedFor(15), pausedUntil: inMinutes(-1) })));
    renderScreen(<RestaurantEdit />, { dataProvider, resource: 'restaurants', path: '/restaurant/5', route: '/restaurant/:id' });
    expect(await screen.findByText('Open: the bot takes orders.')).toBeTruthy();
  });

  it('the restaurant list shows the pause and its end', async () => {
    server.use(http.get(`${API}/restaurants`, () => HttpResponse.json([pausedFor(60)], { headers: { 'X-Total-Count': '1' } })));
    renderScreen(<RestaurantList />, { dataProvider, resource: 'restaurants', path: '/restaurants' });
    expect((await screen.findAllByText(/^Paused until \d/)).length).toBeGreaterThan(0);
  });
});
