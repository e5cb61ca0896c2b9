import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Role, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { RestaurantCreate } from '../../src/resources/restaurants/RestaurantCreate';
import { RestaurantEdit } from '../../src/resources/restaurants/RestaurantEdit';
import { RestaurantList } from '../../src/resources/restaurants/RestaurantList';
import { renderScreen } from './renderScreen';
import { GREEN_GARDEN, NEW_RESTAURANT_INPUTS, restaurantSurroundings } from './restaurantFixtures';
import { mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

const server = mockApi(...restaurantSurroundings);

const as = (roleId: RoleId) => ({ roleId, cityId: 1, restaurantId: roleId === Role.RESTAURANT_OWNER ? 5 : null });
const edit = (roleId: RoleId) =>
  renderScreen(<RestaurantEdit />, {
    as: as(roleId),
    dataProvider,
    resource: 'restaurants',
    path: '/restaurant/5',
    route: '/restaurant/:id',
  });
const add = (roleId: RoleId) =>
  renderScreen(<RestaurantCreate />, { as: as(roleId), dataProvider, resource: 'restaurants', path: '/restaurant' });

const find = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"], textarea[name="${name}"]`);
const input = async (name: string) => {
  await waitFor(() => expect(find(name)).not.toBeNull());
  const found = find(name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};
const type = async (name: string, value: string) => fireEvent.change(await input(name), { target: { value } });
const saveButton = () => screen.findByRole<HTMLButtonElement>('button', { name: 'Save' });
/** The text under a field: its error, or its hint. */
const helperOf = (name: string) => find(name)?.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent ?? '';

describe('the restaurant form, per role', () => {
  it('an operator changes the receipt texts only: the name is read-only, and there is no delete', async () => {
    edit(Role.OPERATOR);
    expect((await input('name')).readOnly).toBe(true);
    expect((await input('minOrderSum')).readOnly).toBe(true);
    expect((await input('receipt_text')).readOnly).toBe(false);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(document.querySelector('[data-photo-input]')).toBeNull();
  });

  it('a city admin changes position and flags only, and cannot delete', async () => {
    edit(Role.CITY_ADMIN);
    expect((await input('position')).readOnly).toBe(false);
    expect((await input('name')).readOnly).toBe(true);
    expect((await input('receipt_text')).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('an owner changes texts, hours and the photo, never the name, prices or position', async () => {
    edit(Role.RESTAURANT_OWNER);
    expect((await input('description')).readOnly).toBe(false);
    expect((await input('schedule')).readOnly).toBe(false);
    expect((await input('name')).readOnly).toBe(true);
    expect((await input('position')).readOnly).toBe(true);
    expect((await input('minOrderSum')).readOnly).toBe(true);
    expect(document.querySelector('[data-photo-input="telegramFileId"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('a stored price the update does not take is named under its field at once, not only once touched', async () => {
    server.use(http.get('http://localhost:3000/api/restaurants/5', () => HttpResponse.json({ ...GREEN_GARDEN, deliveryPrice: 2.5 })));
    edit(Role.ADMIN);
    await input('deliveryPrice');
    await waitFor(() => expect(helperOf('deliveryPrice')).toBe('must be a whole number'));
    expect((await saveButton()).disabled).toBe(true);
  });

  it('an admin changes everything and deletes after a confirmation naming the restaurant', async () => {
    edit(Role.ADMIN);
    expect((await input('name')).readOnly).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete restaurant "Green Garden"?')).toBeTruthy();
  });

  it('the add button shows for admins and city admins, not for operators', async () => {
    const list = (roleId: RoleId) =>
      renderScreen(<RestaurantList />, { as: as(roleId), dataProvider, resource: 'restaurants', path: '/restaurants' });
    const first = list(Role.CITY_ADMIN);
    await screen.findAllByText('Green Garden');
    expect(screen.getAllByRole('link', { name: /create/i }).length).toBeGreaterThan(0);
    first.unmount();
    list(Role.OPERATOR);
    await screen.findAllByText('Green Garden');
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
  });
});

describe('the add and edit rule sets', () => {
  it('add: the required fields hold Save until given; a bad schedule says the pattern', async () => {
    add(Role.CITY_ADMIN);
    const save = await saveButton();
    await type('name', 'Green Garden');
    await type('name_ru', 'Зелёный сад');
    await type('address', 'Main street 5');
    await type('position', '1');
    await type('minOrderSum', '10.5');
    await type('deliveryTime', '45 min');
    await waitFor(() => expect(save.disabled).toBe(true));
    await type('schedule', '10-22');
    await waitFor(() => expect(helperOf('schedule')).toContain('must look like 10:00-22:00'));
    expect(save.disabled).toBe(true);
    await type('schedule', '23:00-02:00');
    // Floats are taken on add.
    await waitFor(() => expect(save.disabled).toBe(false));
  });

  it('edit: nothing more is required, but sums are whole numbers and a day schedule keeps the pattern', async () => {
    edit(Role.ADMIN);
    const save = await saveButton();
    await type('schedule', '');
    await type('description', 'Fresh');
    await waitFor(() => expect(save.disabled).toBe(false));
    await type('minOrderSum', '10.5');
    await waitFor(() => expect(helperOf('minOrderSum')).toContain('whole number'));
    expect(save.disabled).toBe(true);
    await type('minOrderSum', '10');
    await type('workingDays.0.schedule', '9:00-18:00');
    await waitFor(() => expect(helperOf('workingDays.0.schedule')).toContain('must look like'));
    expect(save.disabled).toBe(true);
  });
});

describe('server refusals on their fields', () => {
  const refuse = (method: 'post' | 'put', url: string, body: object) =>
    server.use(http[method](`http://localhost:3000/api${url}`, () => HttpResponse.json(body, { status: 400 })));

  it('edit: FST_KEY_IS_MISSING marks the district price; FST_NOTIFICATION_ACCOUNT_NOT_FOUND says user not found', async () => {
    refuse('put', '/restaurants/5', {
      code: 'FST_KEY_IS_MISSING',
      message: 'The district price is missing for North',
      args: { district: 'North' },
      details: [{ field: 'districtRestaurants.0.price', message: 'Required' }],
    });
    edit(Role.ADMIN);
    await type('description', 'Fresh');
    const save = await saveButton();
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(helperOf('districtRestaurants.0.price')).toContain('The district price is missing for North'));

    refuse('put', '/restaurants/5', {
      code: 'FST_NOTIFICATION_ACCOUNT_NOT_FOUND',
      message: 'No messenger user with the id 999',
      args: { telegramId: 999 },
      details: [{ field: 'notificationAccountTelegramId', message: 'No messenger user with the id 999' }],
    });
    await type('notificationAccountTelegramId', '999');
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(helperOf('notificationAccountTelegramId')).toBe('user not found'));
  });

  it("add: FST_NOTIFICATION_ACCOUNT_NOT_FOUND shows the server's message on the notification account", async () => {
    refuse('post', '/restaurants', {
      code: 'FST_NOTIFICATION_ACCOUNT_NOT_FOUND',
      message: 'No messenger user with the id 999',
      args: { telegramId: 999 },
      details: [{ field: 'notificationAccountTelegramId', message: 'No messenger user with the id 999' }],
    });
    add(Role.CITY_ADMIN);
    for (const [name, value] of Object.entries({ ...NEW_RESTAURANT_INPUTS, notificationAccountTelegramId: '999' })) await type(name, value);
    const save = await saveButton();
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(helperOf('notificationAccountTelegramId')).toContain('No messenger user with the id 999'));
  });
});
