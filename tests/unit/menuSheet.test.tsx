import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { Role } from '../../src/domain';
import type { MenuImportPreview } from '../../src/domain/menuSheet';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { DishCategoryList } from '../../src/resources/dishCategories/DishCategoryList';
import { API, mockApi } from './mockApi';
import { fixtures, renderScreen } from './renderScreen';

const counts = (changed: number) => ({ added: 0, changed, removed: 0, unchanged: 1 });
const refusedPreview: MenuImportPreview = {
  version: 'a'.repeat(64),
  summary: { categories: counts(0), dishes: counts(1), refused: 1 },
  categories: { added: [], changed: [], removed: [] },
  dishes: {
    added: [],
    changed: [{ id: 5, row: 2, name: 'Borscht', category: 'Soups', changes: [{ field: 'enabled', old: true, new: false }] }],
    removed: [],
  },
  refused: [
    { sheet: 'dishes', row: 3, cell: 'G3', field: 'price', key: 'validation.number', message: 'must be a number' },
    { sheet: 'dishes', row: 4, cell: 'J4', field: 'tags', key: 'menuSheet.unknownTag', args: { name: 'Far' }, message: 'x' },
  ],
};
const goodPreview: MenuImportPreview = {
  ...refusedPreview,
  version: 'b'.repeat(64),
  summary: { categories: counts(0), dishes: { added: 1, changed: 1, removed: 1, unchanged: 0 }, refused: 0 },
  dishes: {
    added: [{ id: null, row: 5, name: 'Cake', category: 'Desserts' }],
    changed: [{ id: 5, row: 2, name: 'Borscht', category: 'Soups', changes: [{ field: 'price', old: 7.25, new: 8.4 }] }],
    removed: [{ id: 6, row: null, name: 'Cutlet', category: 'Mains', dishCount: null }],
  },
  refused: [],
};

const applied: string[] = [];
const server = mockApi(
  http.post(`${API}/restaurants/7/menuImport/apply`, ({ request }) => {
    applied.push(new URL(request.url).searchParams.get('version') ?? '');
    return HttpResponse.json({ summary: { categories: counts(0), dishes: goodPreview.summary.dishes } });
  }),
);

const category = {
  id: 1,
  restaurantId: 7,
  name: 'Soups',
  name_ru: 'Супы',
  position: 1,
  enabled: true,
  dishCount: 1,
  cityId: 1,
  currency: 'EUR',
};
const render = () =>
  renderScreen(
    <ResourceContextProvider value="dishCategories">
      <DishCategoryList />
    </ResourceContextProvider>,
    {
      as: { roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 7 },
      dataProvider: fixtures({ dishCategories: [{ ...category, startDisplayingAt: null, stopDisplayingAt: null, updatedAt: '' }] }),
      resource: 'dishCategories',
      path: '/dishCategories/7',
      route: '/dishCategories/:restaurantId',
    },
  );

const choose = (name: string) =>
  fireEvent.change(screen.getByTestId('menu-sheet-file'), {
    target: { files: [new File(['xlsx'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })] },
  });

describe("the restaurant's menu as a spreadsheet", () => {
  it('previews an import, names the refused cells, confirms only a clean file and then imports it', async () => {
    let answer = refusedPreview;
    server.use(http.post(`${API}/restaurants/7/menuImport/preview`, () => HttpResponse.json(answer)));
    render();
    expect(await screen.findByRole('button', { name: 'Export menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Template' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import the menu from a spreadsheet' });

    choose('menu.xlsx');
    const refused = await within(dialog).findByRole('table');
    expect(within(refused).getByText('G3 (Price)')).toBeTruthy();
    expect(within(refused).getByText('must be a number')).toBeTruthy();
    expect(within(refused).getByText('The city has no tag "Far"')).toBeTruthy();
    expect(within(dialog).getByText('Enabled: yes → no')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Confirm import' }).hasAttribute('disabled')).toBe(true);

    answer = goodPreview;
    choose('menu-fixed.xlsx');
    await within(dialog).findByText('Price: 7.25 → 8.4');
    expect(within(dialog).getByText('Cake (Desserts)')).toBeTruthy();
    expect(within(dialog).getByText('Cutlet (Mains)')).toBeTruthy();
    expect(within(dialog).getByText('Dishes', { selector: 'h3' })).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm import' });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(applied).toEqual([goodPreview.version]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('speaks Russian', async () => {
    server.use(http.post(`${API}/restaurants/7/menuImport/preview`, () => HttpResponse.json(refusedPreview)));
    await i18nProvider.changeLocale('ru');
    render();
    expect(await screen.findByRole('button', { name: 'Выгрузить меню' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить меню' }));
    choose('menu.xlsx');
    expect(await screen.findByText('В городе нет тега «Far»')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Подтвердить загрузку' }).hasAttribute('disabled')).toBe(true);
    await i18nProvider.changeLocale('en');
  });
});
