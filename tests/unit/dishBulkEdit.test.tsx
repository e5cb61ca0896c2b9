import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Notification, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { Role, type Dish, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { DishList } from '../../src/resources/dishes/DishList';
import { checkTyped } from '../../src/resources/dishes/InlineDishNumber';
import { API, mockApi } from './mockApi';
import { renderScreen } from './renderScreen';

// The list loads its screen lazily and the machine is shared: give each wait a few seconds.
configure({ asyncUtilTimeout: 15_000 });

const dataProvider = createDataProvider(RESOURCES);

const dish = (id: number, name: string, position: number): Dish => ({
  id,
  dishCategoryId: 4,
  name,
  name_ru: name,
  position,
  description: 'd',
  description_ru: 'd',
  price: 9.5,
  amount: 5,
  enabled: true,
  telegramFileId: null,
  popularityCoefficient: 0,
  tags: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
  restaurantId: 5,
  cityId: 1,
  currency: 'GBP',
});
const START = [dish(11, 'Tom yum', 1), dish(12, 'Pad thai', 2), dish(13, 'Mango rice', 3)];

let stored: Dish[] = START;
const puts: unknown[] = [];
const bulks: unknown[] = [];
const server = mockApi(
  http.get(`${API}/dishes`, () => HttpResponse.json(stored, { headers: { 'X-Total-Count': String(stored.length) } })),
  http.get(`${API}/dishCategories/4`, () =>
    HttpResponse.json({ id: 4, restaurantId: 5, name: 'Soups', name_ru: 'Супы', position: 1, enabled: true, cityId: 1, currency: 'GBP' }),
  ),
  http.put(`${API}/dishes/:id`, async ({ request, params }) => {
    const body = (await request.json()) as Partial<Dish>;
    puts.push(body);
    stored = stored.map((d) => (d.id === Number(params.id) ? { ...d, ...body } : d));
    return HttpResponse.json(stored.find((d) => d.id === Number(params.id)));
  }),
  http.post(`${API}/dishes/bulk`, async ({ request }) => {
    const body = (await request.json()) as { ids: number[]; change: Partial<Dish> };
    bulks.push(body);
    stored = stored.map((d) => (body.ids.includes(d.id) ? { ...d, ...body.change } : d));
    return HttpResponse.json(stored.filter((d) => body.ids.includes(d.id)));
  }),
);

const render = (roleId: RoleId) => {
  stored = START;
  puts.length = 0;
  bulks.length = 0;
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
const priceOf = (name: string) => screen.findByLabelText(new RegExp(`^Change Price of “${name}”`));
const stockOf = (name: string) => screen.findByLabelText(new RegExp(`^Change In stock of “${name}”`));
/** The rows' selection boxes, after the header's select-all one. */
const rowBoxes = async () => (await screen.findAllByRole('checkbox')).slice(1);
const storedOf = (id: number) => stored.find((d) => d.id === id);

describe('editing dishes in the list', () => {
  it('checks a typed value with the dish rules: a comma is a decimal point, empty stock is no limit', () => {
    expect(checkTyped('price', '12,5')).toEqual({ change: { price: 12.5 } });
    expect(checkTyped('price', '0')).toMatchObject({ problem: { message: 'Cannot be null' } });
    expect(checkTyped('price', 'abc')).toMatchObject({ problem: { message: 'must be a number' } });
    expect(checkTyped('amount', '')).toEqual({ change: { amount: null } });
    expect(checkTyped('amount', '1.5')).toMatchObject({ problem: { message: 'must be a whole number' } });
  });

  it('a price opens as an input on a click, saves with Enter, and Undo in the toast puts the old price back on the server', async () => {
    render(Role.RESTAURANT_OWNER);
    const cell = await priceOf('Tom yum');
    fireEvent.click(cell);
    const input = await screen.findByLabelText<HTMLInputElement>('Change Price of “Tom yum”');
    expect(input.value).toBe('9.5');
    fireEvent.change(input, { target: { value: '11' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(puts).toEqual([{ price: 11 }]));
    await waitFor(async () => expect((await priceOf('Tom yum')).textContent).toContain('11.00'));
    await screen.findByText('“Tom yum” saved');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(puts).toEqual([{ price: 11 }, { price: 9.5 }]));
    expect(storedOf(11)?.price).toBe(9.5);
    await waitFor(async () => expect((await priceOf('Tom yum')).textContent).toContain('9.50'));
  }, 60_000);

  it('Escape cancels; a value the rules refuse is not sent and says why next to the cell', async () => {
    render(Role.OPERATOR);
    fireEvent.click(await stockOf('Pad thai'));
    const input = await screen.findByLabelText<HTMLInputElement>('Change In stock of “Pad thai”');
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    fireEvent.click(await priceOf('Pad thai'));
    const price = await screen.findByLabelText<HTMLInputElement>('Change Price of “Pad thai”');
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.blur(price);
    expect((await screen.findByRole('alert')).textContent).toBe('Not saved: Cannot be null');
    expect(puts).toEqual([]);
    expect((await priceOf('Pad thai')).textContent).toContain('9.50');
  }, 60_000);

  it('a value the API refuses goes back, with the API’s reason next to the cell', async () => {
    render(Role.CITY_ADMIN);
    server.use(
      http.put(`${API}/dishes/:id`, () =>
        HttpResponse.json(
          {
            statusCode: 400,
            code: 'FST_ERR_VALIDATION',
            message: 'amount: must be between 0 and 1000000',
            details: [
              { field: 'amount', message: 'must be between 0 and 1000000', key: 'validation.range', args: { min: 0, max: 1000000 } },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    fireEvent.click(await stockOf('Mango rice'));
    const input = await screen.findByLabelText<HTMLInputElement>('Change In stock of “Mango rice”');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Not saved: must be between 0 and 1000000');
    await waitFor(async () => expect((await stockOf('Mango rice')).textContent).toBe('5'));
  }, 60_000);

  it('disables the selected dishes in one call after a confirmation with their count', async () => {
    render(Role.RESTAURANT_OWNER);
    const rows = await rowBoxes();
    fireEvent.click(rows[0] as HTMLElement);
    fireEvent.click(rows[2] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Disable 2 dishes?')).toBeTruthy();
    expect(bulks).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bulks).toEqual([{ ids: [11, 13], change: { enabled: false } }]));
    await screen.findByText('2 dishes disabled');
    expect(stored.map((d) => d.enabled)).toEqual([false, true, false]);
    await waitFor(async () =>
      expect((await screen.findByRole<HTMLInputElement>('switch', { name: 'Enabled: Tom yum' })).checked).toBe(false),
    );
  }, 60_000);

  it('marks out of stock (a stock of none) after a confirmation, and enables without one', async () => {
    render(Role.CITY_ADMIN);
    const rows = await rowBoxes();
    fireEvent.click(rows[1] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Out of stock' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mark 1 dish out of stock?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bulks).toEqual([{ ids: [12], change: { amount: 0 } }]));
    await screen.findByText('1 dish out of stock');
    const again = await rowBoxes();
    fireEvent.click(again[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(bulks.at(-1)).toEqual({ ids: [11], change: { enabled: true } }));
  }, 60_000);

  it('says nothing was changed when the API refuses the whole selection', async () => {
    render(Role.RESTAURANT_OWNER);
    server.use(
      http.post(`${API}/dishes/bulk`, () =>
        HttpResponse.json(
          { statusCode: 403, code: 'MENU_NOT_YOURS', message: 'You can only change the menu of your own restaurant or city' },
          { status: 403 },
        ),
      ),
    );
    fireEvent.click((await rowBoxes())[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Enable' }));
    await screen.findByText(/^Nothing was changed: /);
  }, 60_000);
});
