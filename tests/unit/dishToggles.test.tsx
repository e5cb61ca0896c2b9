import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Notification, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { Role, type Dish, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { DishList } from '../../src/resources/dishes/DishList';
import { isInStock, stockChange } from '../../src/resources/dishes/DishToggles';
import { API, mockApi } from './mockApi';
import { renderScreen } from './renderScreen';

const dataProvider = createDataProvider(RESOURCES);

const SOUP: Dish = {
  id: 11,
  dishCategoryId: 4,
  name: 'Tom yum',
  name_ru: 'Том ям',
  position: 1,
  description: 'Hot',
  description_ru: 'Острый',
  price: 9.5,
  amount: null,
  enabled: true,
  telegramFileId: null,
  popularityCoefficient: 0,
  tags: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
  restaurantId: 5,
  cityId: 1,
  currency: 'GBP',
};

let stored: Dish = SOUP;
const bodies: unknown[] = [];
const server = mockApi(
  http.get(`${API}/dishes`, () => HttpResponse.json([stored], { headers: { 'X-Total-Count': '1' } })),
  http.get(`${API}/dishCategories/4`, () =>
    HttpResponse.json({ id: 4, restaurantId: 5, name: 'Soups', name_ru: 'Супы', position: 1, enabled: true, cityId: 1, currency: 'GBP' }),
  ),
  http.put(`${API}/dishes/11`, async ({ request }) => {
    const body = (await request.json()) as Partial<Dish>;
    bodies.push(body);
    stored = { ...stored, ...body };
    return HttpResponse.json(stored);
  }),
);

const render = (roleId: RoleId) => {
  stored = SOUP;
  bodies.length = 0;
  return renderScreen(
    <ResourceContextProvider value="dishes">
      <DishList />
      <Notification />
    </ResourceContextProvider>,
    {
      as: { roleId, cityId: 1, restaurantId: 5 },
      dataProvider,
      resource: 'dishes',
      path: `/dishes?filter=${encodeURIComponent(JSON.stringify({ dishCategoryId: 4 }))}`,
      route: '/dishes',
    },
  );
};
const stockSwitch = () => screen.findByRole<HTMLInputElement>('switch', { name: 'In stock: Tom yum' });
const enabledSwitch = () => screen.findByRole<HTMLInputElement>('switch', { name: 'Enabled: Tom yum' });

describe('the stock and enabled switches of the dish list', () => {
  it('out of stock is a stock of none, back in stock is no limit', () => {
    expect(stockChange(false)).toEqual({ amount: 0 });
    expect(stockChange(true)).toEqual({ amount: null });
    expect(isInStock({ amount: 0 })).toBe(false);
    expect(isInStock({ amount: null })).toBe(true);
    expect(isInStock({ amount: 3 })).toBe(true);
  });

  it('an owner marks a dish out of stock and back, and disables it, each saved at once with only its field', async () => {
    render(Role.RESTAURANT_OWNER);
    const stock = await stockSwitch();
    expect(stock.checked).toBe(true);
    expect(screen.getByTestId('dish-stock').textContent).toBe('No limit');
    fireEvent.click(stock);
    await waitFor(() => expect(bodies).toEqual([{ amount: 0 }]));
    await screen.findByText('“Tom yum” is out of stock');
    await waitFor(() => expect(screen.getByTestId('dish-stock').textContent).toBe('Out of stock'));
    fireEvent.click(await stockSwitch());
    await waitFor(() => expect(bodies).toEqual([{ amount: 0 }, { amount: null }]));
    fireEvent.click(await enabledSwitch());
    await waitFor(() => expect(bodies.at(-1)).toEqual({ enabled: false }));
    await waitFor(async () => expect((await enabledSwitch()).checked).toBe(false));
  }, 20_000);

  it('goes back with a toast saying why when the API refuses the change', async () => {
    render(Role.OPERATOR);
    server.use(
      http.put(`${API}/dishes/11`, () =>
        HttpResponse.json({ statusCode: 403, code: 'FORBIDDEN', message: 'Not allowed for this role' }, { status: 403 }),
      ),
    );
    fireEvent.click(await stockSwitch());
    await screen.findByText(/^“Tom yum” was not saved: /);
    await waitFor(async () => expect((await stockSwitch()).checked).toBe(true));
    expect(screen.getByTestId('dish-stock').textContent).toBe('No limit');
  }, 20_000);
});
