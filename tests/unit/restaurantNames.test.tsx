import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Role, type Restaurant, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { RESOURCES } from '../../src/resources';
import { RestaurantEdit } from '../../src/resources/restaurants/RestaurantEdit';
import { RestaurantList } from '../../src/resources/restaurants/RestaurantList';
import { API, mockApi } from './mockApi';
import { renderScreen } from './renderScreen';
import { GREEN_GARDEN, restaurantSurroundings } from './restaurantFixtures';

const dataProvider = createDataProvider(RESOURCES);
/** The form comes in a few seconds on a busy machine. */
const LONG = { timeout: 10_000 };
const server = mockApi(...restaurantSurroundings);
afterEach(async () => {
  await i18nProvider.changeLocale('en');
});

const PAELLA: Restaurant = {
  ...GREEN_GARDEN,
  id: 9,
  name: 'Paella Place',
  name_ru: 'Паэлья',
  minOrderSum: 1350,
  cityId: 3,
  city: { id: 3, name: 'Valencia', name_ru: 'Валенсия', chatname: 'valencia_bot', currency: 'EUR' },
};

const list = (roleId: RoleId) =>
  renderScreen(<RestaurantList />, { as: { roleId, cityId: 1 }, dataProvider, resource: 'restaurants', path: '/restaurants' });
const edit = (roleId: RoleId) =>
  renderScreen(<RestaurantEdit />, {
    as: { roleId, cityId: 1, restaurantId: roleId === Role.RESTAURANT_OWNER ? 5 : null },
    dataProvider,
    resource: 'restaurants',
    path: '/restaurant/5',
    route: '/restaurant/:id',
  });

describe('the restaurant list of every city', () => {
  it('shows each restaurant’s city and its sums in the city’s currency', async () => {
    server.use(http.get(`${API}/restaurants`, () => HttpResponse.json([GREEN_GARDEN, PAELLA], { headers: { 'X-Total-Count': '2' } })));
    list(Role.ADMIN);
    const table = await screen.findByRole('table', {}, LONG);
    await within(table).findByText('Paella Place', {}, LONG);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toContain('City');
    const rowOf = (name: string) => within(table).getByText(name).closest('tr');
    expect(within(rowOf('Paella Place') ?? table).getByText('Valencia')).toBeTruthy();
    expect(within(rowOf('Paella Place') ?? table).getByText('€1,350.00')).toBeTruthy();
    expect(within(rowOf('Green Garden') ?? table).getByText('£10.00')).toBeTruthy();
  }, 30_000);

  it('a city admin, who sees one city, has no city column', async () => {
    list(Role.CITY_ADMIN);
    const table = await screen.findByRole('table', {}, LONG);
    await within(table).findByText('Green Garden', {}, LONG);
    expect(within(table).queryByRole('columnheader', { name: 'City' })).toBeNull();
    expect(within(table).getByText('£10.00')).toBeTruthy();
  }, 30_000);
});

describe('the restaurant form’s cuisines and districts', () => {
  it('are named in Russian on Russian screens, the districts with a placeholder while they load', async () => {
    server.use(
      http.get(`${API}/cities/:cityId/districts`, async () => {
        await delay(400);
        return HttpResponse.json([{ id: 3, name: 'North', name_ru: 'Север', cityId: 1 }], { headers: { 'X-Total-Count': '1' } });
      }),
    );
    await i18nProvider.changeLocale('ru');
    edit(Role.CITY_ADMIN);
    await screen.findByRole('progressbar', { name: 'Загрузка районов…' }, LONG);
    await screen.findByText('Север', {}, LONG);
    expect(screen.queryByRole('progressbar', { name: 'Загрузка районов…' })).toBeNull();
    expect(screen.queryByText('North')).toBeNull();
    await screen.findByText('Тайская', {}, LONG);
    expect(screen.queryByText('Thai')).toBeNull();
  }, 30_000);
});
