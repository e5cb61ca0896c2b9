import { screen, waitFor } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { check, dishCategorySchema, dishSchema, Role, stockAmount, type RoleId } from '../../src/domain';
import { DishCategoryList } from '../../src/resources/dishCategories/DishCategoryList';
import { fixtures, renderScreen } from './renderScreen';

const category = (id: number, name: string, position: number) => ({
  id,
  restaurantId: 7,
  name,
  name_ru: name,
  position,
  enabled: true,
  startDisplayingAt: id === 2 ? '22:00' : null,
  stopDisplayingAt: id === 2 ? '02:00' : null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  dishCount: id,
  cityId: 1,
  currency: 'EUR',
});

const list = (
  <ResourceContextProvider value="dishCategories">
    <DishCategoryList />
  </ResourceContextProvider>
);
const render = (roleId: RoleId) =>
  renderScreen(list, {
    as: { roleId, cityId: 1, restaurantId: 7 },
    dataProvider: fixtures({ dishCategories: [category(1, 'Soups', 2), category(2, 'Late night', 1)] }),
    resource: 'dishCategories',
    path: '/dishCategories/7',
    route: '/dishCategories/:restaurantId',
  });

describe('the dish categories of a restaurant', () => {
  it('are listed in position order with their display window, and the add button for those who may add', async () => {
    render(Role.CITY_ADMIN);
    await waitFor(() => expect(screen.getAllByText('Soups').length).toBeGreaterThan(0));
    const names = screen.getAllByText(/^(Soups|Late night)$/).map((node) => node.textContent);
    expect(names.indexOf('Late night')).toBeLessThan(names.indexOf('Soups'));
    expect(screen.getByText('22:00–02:00')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /create/i }).length).toBeGreaterThan(0);
  });

  it('show an operator no add button', async () => {
    render(Role.OPERATOR);
    await waitFor(() => expect(screen.getAllByText('Soups').length).toBeGreaterThan(0));
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
  });
});

describe('the menu rules', () => {
  it('stock is null without its checkbox, 0 when on and empty', () => {
    expect(stockAmount(false, 5)).toBeNull();
    expect(stockAmount(true, null)).toBe(0);
    expect(stockAmount(true, 3)).toBe(3);
  });

  it('a dish has at most two tags, each once, and a non-zero price', () => {
    const ok = { dishCategoryId: 1, name: 'Soup', position: 1, description: 'd', description_ru: 'д', price: 3 };
    expect(check(dishSchema, ok).errors).toBeUndefined();
    expect(check(dishSchema, { ...ok, tags: [1, 2, 3] }).errors).toContainEqual(
      expect.objectContaining({ field: 'tags', message: 'at most 2 tags' }),
    );
    expect(check(dishSchema, { ...ok, tags: [1, 1] }).errors).toContainEqual(
      expect.objectContaining({ field: 'tags', message: 'must not name a tag twice' }),
    );
    expect(check(dishSchema, { ...ok, price: 0 }).errors).toContainEqual(
      expect.objectContaining({ field: 'price', message: 'Cannot be null' }),
    );
  });

  it('a category window has both ends or neither, and may cross midnight', () => {
    const ok = { restaurantId: 1, name: 'Night', name_ru: 'Ночь', position: 1 };
    expect(check(dishCategorySchema, { ...ok, startDisplayingAt: '23:00', stopDisplayingAt: '02:00' }).errors).toBeUndefined();
    expect(check(dishCategorySchema, { ...ok, startDisplayingAt: '23:00' }).errors).toContainEqual(
      expect.objectContaining({ field: 'stopDisplayingAt', message: 'give both display times or neither' }),
    );
  });
});
