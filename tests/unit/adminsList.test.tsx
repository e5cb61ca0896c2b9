import { screen, waitFor } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { Role, type RoleId, type StaffAccount } from '../../src/domain';
import { AdminList } from '../../src/resources/admins/AdminList';
import { fixtures, renderScreen } from './renderScreen';

const london = { id: 1, name: 'London', name_ru: 'Лондон' };
const account = (id: number, username: string, roleId: RoleId, extra: Partial<StaffAccount> = {}): StaffAccount => ({
  id,
  username,
  telegramId: 700_000_000 + id,
  roleId,
  cityId: 1,
  restaurantId: null,
  city: london,
  restaurant: null,
  ...extra,
});
const accounts = [
  account(4, 'owner', Role.RESTAURANT_OWNER, { restaurantId: 5, restaurant: { id: 5, name: 'Green Garden', name_ru: 'Зелёный сад' } }),
  account(3, 'operator', Role.OPERATOR),
  account(5, 'courier', Role.COURIER),
];

const renderList = (roleId: RoleId, cityId: number | null = 1) =>
  renderScreen(
    <ResourceContextProvider value="admins">
      <AdminList />
    </ResourceContextProvider>,
    { as: { roleId, cityId }, dataProvider: fixtures({ admins: accounts, cities: [london] }), resource: 'admins', path: '/admins' },
  );

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent?.trim() ?? '');

describe('the staff list, per role', () => {
  it('shows a city admin username, role, restaurant and messenger id, without the city column', async () => {
    renderList(Role.CITY_ADMIN);
    await waitFor(() => expect(screen.getAllByText('Green Garden').length).toBeGreaterThan(0));
    expect(headers()).toEqual(['Username', 'Role', 'Restaurant', 'Messenger id']);
    expect(screen.getAllByText('Restaurant owner').length).toBeGreaterThan(0);
    expect(screen.getByText('700000004')).toBeTruthy();
    expect(screen.getAllByRole('combobox', { name: /^Role/ }).length).toBe(1);
    expect(screen.queryByRole('combobox', { name: /^City/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: /create/i }).length).toBeGreaterThan(0);
  });

  it('gives an admin the city column and a city filter', async () => {
    renderList(Role.ADMIN, null);
    await waitFor(() => expect(screen.getAllByText('operator').length).toBeGreaterThan(0));
    expect(headers()).toEqual(['Username', 'Role', 'City', 'Restaurant', 'Messenger id']);
    expect(screen.getAllByText('London').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getAllByRole('combobox', { name: /^City/ }).length).toBe(1));
  });

  it('gives an operator, who manages couriers only, no role filter', async () => {
    renderList(Role.OPERATOR);
    await waitFor(() => expect(screen.getAllByText('courier').length).toBeGreaterThan(0));
    expect(screen.queryByRole('combobox', { name: /^Role/ })).toBeNull();
  });
});
