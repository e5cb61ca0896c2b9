import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authProvider } from '../../src/providers/authProvider';
import { afterEach, describe, expect, it } from 'vitest';
import { Role, type RoleId, type StaffAccount } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { AdminCreate } from '../../src/resources/admins/AdminCreate';
import { AdminEdit } from '../../src/resources/admins/AdminEdit';
import { logInAs } from './renderScreen';
import { API, mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

const server = mockApi();
afterEach(async () => {
  await i18nProvider.changeLocale('en');
});

const london = { id: 1, name: 'London', name_ru: 'Лондон' };
const restaurant = { id: 5, name: 'Green Garden', name_ru: 'Зелёный сад', cityId: 1, enabled: true, city: london };

/** The calls around the form, and what was sent to POST or PUT /users. */
function api(answer?: () => Response) {
  const sent: Record<string, unknown>[] = [];
  const record = (body: Record<string, unknown>, id = 77): StaffAccount => ({
    id,
    username: String(body.username ?? 'stored'),
    telegramId: null,
    roleId: Number(body.roleId ?? Role.COURIER),
    cityId: 1,
    restaurantId: null,
    city: london,
    restaurant: null,
  });
  server.use(
    http.get(`${API}/cities`, () => HttpResponse.json([london], { headers: { 'X-Total-Count': '1' } })),
    http.get(`${API}/restaurants`, () => HttpResponse.json([restaurant], { headers: { 'X-Total-Count': '1' } })),
    http.get(`${API}/restaurants/city/1`, () => HttpResponse.json([restaurant], { headers: { 'X-Total-Count': '1' } })),
    http.post(`${API}/users`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return answer ? answer() : HttpResponse.json(record(body), { status: 201 });
    }),
  );
  return { sent, record };
}

/** The two form screens on their spec paths, the list's path (where a save leads), and the toasts. */
function renderAt(path: string, as: { roleId: RoleId; cityId: number | null }) {
  logInAs(as);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <Routes>
          <Route path="/admin/add" element={<AdminCreate />} />
          <Route path="/admin/:id" element={<AdminEdit />} />
          <Route path="/admins" element={<p>the list</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const renderCreate = (roleId: RoleId, cityId: number | null = 1) => renderAt('/admin/add', { roleId, cityId });

const field = (name: string) => {
  const found = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const roleSelect = () => screen.findByRole('combobox', { name: /^Role/ });

/** The options of the role select, opened and closed again. */
async function roleOptions(): Promise<string[]> {
  fireEvent.mouseDown(await roleSelect());
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  fireEvent.keyDown(list, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names.filter(Boolean);
}

async function chooseRole(name: string) {
  fireEvent.mouseDown(await roleSelect());
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Save once the form has checked what was typed (react-admin keeps it off while validating). */
async function save(name = 'Save') {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name });
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

const cityPicker = () => screen.queryByRole('combobox', { name: /^City/ });
const restaurantPicker = () => screen.queryByRole('combobox', { name: /^Restaurant/ });

// Each journey renders lazily loaded screens and waits for the API: more than the default 5 s on a busy machine.
describe('the staff account form', { timeout: 20_000 }, () => {
  it('offers an operator only couriers, in their own city, and sends the account with its toast', async () => {
    const { sent } = api();
    renderCreate(Role.OPERATOR);
    expect(await roleOptions()).toEqual(['Courier']);
    expect(cityPicker()).toBeNull();
    type('username', 'new_courier');
    type('password', 'courier-pass');
    type('telegramId', '123456789');
    await save();
    await screen.findByText('Data updated', undefined, { timeout: 5000 });
    expect(screen.getByText('Success')).toBeTruthy();
    await screen.findByText('the list', undefined, { timeout: 5000 });
    expect(sent).toEqual([{ username: 'new_courier', password: 'courier-pass', telegramId: '123456789', roleId: Role.COURIER, cityId: 1 }]);
  });

  it('lets a city admin give owner, operator or courier, and an owner needs a restaurant of the city', async () => {
    const { sent } = api();
    renderCreate(Role.CITY_ADMIN);
    expect(await roleOptions()).toEqual(['Restaurant owner', 'Operator', 'Courier']);
    await chooseRole('Restaurant owner');
    expect(cityPicker()).toBeNull();
    type('username', 'garden_owner');
    type('password', 'owner-pass');
    await waitFor(() => expect(restaurantPicker()).not.toBeNull());
    await save();
    await screen.findByText('Required', undefined, { timeout: 5000 });
    expect(sent).toEqual([]);
    fireEvent.change(restaurantPicker() as HTMLElement, { target: { value: 'Green' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Green Garden' }));
    await save();
    await screen.findByText('Data updated', undefined, { timeout: 5000 });
    expect(sent).toEqual([{ username: 'garden_owner', password: 'owner-pass', roleId: Role.RESTAURANT_OWNER, restaurantId: 5 }]);
  });

  it('shows an admin the city picker for the roles that work in a city, and checks the password as typed', async () => {
    api();
    renderCreate(Role.ADMIN, null);
    expect(await roleOptions()).toEqual(['Admin', 'City admin', 'Restaurant owner', 'Operator', 'Courier']);
    await waitFor(() => expect(cityPicker()).not.toBeNull());
    await chooseRole('Admin');
    await waitFor(() => expect(cityPicker()).toBeNull());
    await chooseRole('Operator');
    await waitFor(() => expect(cityPicker()).not.toBeNull());
    await chooseRole('Restaurant owner');
    await waitFor(() => expect(restaurantPicker()).not.toBeNull());
    expect(cityPicker()).toBeNull();

    type('password', 'short');
    await screen.findByText('more than 7 and less than 256');
    expect(field('password').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('password').type).toBe('text');
  });

  it('says why a save was refused in a titled toast and next to the field, in the user’s language', async () => {
    api(() =>
      HttpResponse.json(
        {
          statusCode: 409,
          code: 'USERNAME_TAKEN',
          message: 'The username bob is already taken',
          args: { username: 'bob' },
          details: [
            { field: 'username', message: 'The username bob is already taken', key: 'errors.USERNAME_TAKEN', args: { username: 'bob' } },
          ],
        },
        { status: 409 },
      ),
    );
    await i18nProvider.changeLocale('ru');
    renderCreate(Role.OPERATOR);
    await screen.findByRole('combobox', { name: /^Роль/ });
    type('username', 'bob');
    type('password', 'long-enough');
    await save('Сохранить');
    await screen.findByText('Ошибка при обновлении данных: Имя пользователя bob уже занято', undefined, { timeout: 5000 });
    expect(screen.getByText('Ошибка')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Имя пользователя bob уже занято').length).toBeGreaterThan(0));
  });
});

describe('editing a staff account', { timeout: 20_000 }, () => {
  const stored: StaffAccount = {
    id: 31,
    username: 'tom',
    telegramId: 700000031,
    roleId: Role.COURIER,
    cityId: 1,
    restaurantId: null,
    city: london,
    restaurant: null,
  };

  const renderEdit = (account: StaffAccount, as: { roleId: RoleId; cityId: number | null }) => {
    const sent: Record<string, unknown>[] = [];
    api();
    server.use(
      http.get(`${API}/users/${account.id}`, () => HttpResponse.json(account)),
      http.put(`${API}/users/${account.id}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...account, ...body });
      }),
    );
    renderAt(`/admin/${account.id}`, as);
    return sent;
  };

  it('sends only what changed, and no password unless one is typed', async () => {
    const sent = renderEdit(stored, { roleId: Role.OPERATOR, cityId: 1 });
    await waitFor(() => expect(field('username').value).toBe('tom'));
    expect(field('password').value).toBe('');
    expect(field('telegramId').value).toBe('700000031');
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    type('username', 'tommy');
    await save();
    await screen.findByText('Data updated', undefined, { timeout: 5000 });
    expect(sent).toEqual([{ username: 'tommy' }]);
    await screen.findByText('the list', undefined, { timeout: 5000 });
  });

  it('keeps an admin from changing their own role or deleting themselves', async () => {
    // renderScreen logs in as user 1.
    renderEdit({ ...stored, id: 1, username: 'staff', roleId: Role.ADMIN, cityId: null, city: null }, { roleId: Role.ADMIN, cityId: null });
    await waitFor(() => expect(field('username').value).toBe('staff'));
    await screen.findByText('This is your own account: you cannot change its role or delete it.');
    expect((await roleSelect()).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
