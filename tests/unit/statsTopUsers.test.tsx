import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, Role, type TopUser } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { localToday } from '../../src/resources/stats/statsQuery';
import { TopUsersList } from '../../src/resources/topUsers/TopUsersList';
import { renderScreen } from './renderScreen';
import { API, mockApi } from './mockApi';

// The date pickers load with the first screen that has a date: loaded once here, before the screens' timings start.
beforeAll(() => import('../../src/resources/common/dates/PickerField'), 60_000);

const dataProvider = createDataProvider(RESOURCES);

const TOP: TopUser[] = [
  { id: 7, name: 'Grace Williams', username: 'grace_w', photo: 'file-7', ordersAmount: 12 },
  { id: 3, name: 'Jack Smith', username: null, photo: null, ordersAmount: 4 },
];

let asked: URL[] = [];
mockApi(
  http.get(`${API}/users/top`, ({ request }) => {
    asked.push(new URL(request.url));
    return HttpResponse.json(TOP, { headers: { 'x-total-count': '40' } });
  }),
  http.get(`${API}/photo`, () => new HttpResponse(new Uint8Array([0x89, 0x50]), { headers: { 'content-type': 'image/png' } })),
  http.get(`${API}/cities`, () => HttpResponse.json([{ id: 2, name: 'London', name_ru: 'Лондон' }])),
);
afterEach(async () => {
  asked = [];
  await i18nProvider.changeLocale('en');
});

const render = (roleId: 10 | 30) =>
  renderScreen(<TopUsersList />, { as: { roleId, cityId: 5 }, dataProvider, resource: 'topUsers', path: '/users/top' });

describe('the top customers screen', () => {
  it('lists a city admin’s city since 7 days back, by the server’s ranking and pages', async () => {
    render(Role.CITY_ADMIN);
    await screen.findByText('Grace Williams');
    const query = asked[0].searchParams;
    expect(query.get('cityId')).toBe('5');
    expect(query.get('startDate')).toMatch(new RegExp(`^${addDays(localToday(), -7)}T00:00:00\\.000([+-]\\d{2}:\\d{2}|Z)$`));
    expect(query.get('page')).toBe('1');
    expect(query.get('perPage')).toBe('25');
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Grace Williams', '@grace_w', '12'],
      ['Jack Smith', '', '4'],
    ]);
    const link = screen.getByRole('link', { name: 'Open @grace_w in the messenger' });
    expect(link.getAttribute('href')).toBe('https://t.me/grace_w');
    // The photo the messenger keeps, asked in the city shown; initials for a customer without one.
    await waitFor(() => expect(screen.getByRole('img', { name: 'Photo of Grace Williams' })).toBeTruthy());
    expect(screen.getByText('JS')).toBeTruthy();
    expect(screen.getByText('1-25 of 40')).toBeTruthy();
  });

  it('has an admin pick the city, the first one to start with, and speaks Spanish', async () => {
    await i18nProvider.changeLocale('es');
    render(Role.ADMIN);
    await screen.findByText('Grace Williams');
    expect(asked.at(-1)?.searchParams.get('cityId')).toBe('2');
    expect(screen.getByRole('columnheader', { name: 'Pedidos' })).toBeTruthy();
    expect(screen.getByLabelText(/Pedidos desde/)).toBeTruthy();
  });
});
