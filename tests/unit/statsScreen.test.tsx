import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, OrderStatus, Role, type StatsFunnel, type StatsOrders, type StatsOrderTimes } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { StatsPage } from '../../src/resources/stats/StatsPage';
import { localToday } from '../../src/resources/stats/statsQuery';
import { renderScreen } from './renderScreen';
import { API, mockApi } from './mockApi';

// The date pickers load with the first screen that has a date: loaded once here, before the screens' timings start.
beforeAll(() => import('../../src/resources/common/dates/PickerField'), 60_000);

const dataProvider = createDataProvider(RESOURCES);

const ORDERS: StatsOrders = {
  columns: ['confirmed', 'unconfirmed', 'canceled'],
  data: [
    { date: '2026-03-01', confirmed: 3, unconfirmed: 1, canceled: 0 },
    { date: '2026-03-02', confirmed: 2, unconfirmed: 0, canceled: 1 },
  ],
};
const FUNNEL: StatsFunnel = {
  first: { customers: 4, medianSeconds: 115_200, averageSeconds: 684_000 },
  second: { customers: 2, medianSeconds: 90, averageSeconds: 45 },
  tenth: { customers: 0, medianSeconds: null, averageSeconds: null },
};
const ORDER_TIMES: StatsOrderTimes = {
  orders: 23,
  lateOrders: 2,
  lateShare: 2 / 23,
  stages: [
    {
      stage: 'new',
      limitMinutes: 5,
      medianMinutes: 5.5,
      periods: 4,
      statuses: [
        { status: OrderStatus.CREATED, medianMinutes: 4, periods: 3 },
        { status: OrderStatus.NOT_PAID, medianMinutes: null, periods: 0 },
        { status: OrderStatus.PAID, medianMinutes: 6, periods: 1 },
      ],
    },
    { stage: 'confirmed', limitMinutes: 15, medianMinutes: 12.5, periods: 2, statuses: [{ status: 30, medianMinutes: 12.5, periods: 2 }] },
    { stage: 'cooking', limitMinutes: 40, medianMinutes: 95, periods: 1, statuses: [{ status: 40, medianMinutes: 95, periods: 1 }] },
    { stage: 'onTheWay', limitMinutes: 60, medianMinutes: null, periods: 0, statuses: [{ status: 65, medianMinutes: null, periods: 0 }] },
  ],
};
const FIGURES: Record<string, JsonBodyType> = {
  orders: ORDERS,
  newUsers: { count: 4 },
  activeUsers: { count: 1234 },
  blockedUsersAmount: { count: 2 },
  cartsAmount: { count: 17 },
  executionTime: { averageMs: 1534.5, responses: 12 },
  ordersAmount: { amountOfOrders: 5, amountOfTwoOrders: 6, amountOfThreeOrders: 7, amountOfFourAndMoreOrders: 8 },
  ordersFunnel: FUNNEL,
  orderTimes: ORDER_TIMES,
};

let asked: URL[] = [];
mockApi(
  http.get(`${API}/stats/:figure`, ({ request, params }) => {
    asked.push(new URL(request.url));
    const figure = String(params.figure);
    if (figure === 'cartsAmount' && new URL(request.url).searchParams.get('cityId') === '3') {
      return HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'down' }, { status: 500 });
    }
    return HttpResponse.json(FIGURES[figure]);
  }),
  http.get(`${API}/cities`, () =>
    HttpResponse.json([
      { id: 1, name: 'London', name_ru: 'Лондон' },
      { id: 3, name: 'Valencia', name_ru: 'Валенсия' },
    ]),
  ),
);
afterEach(async () => {
  asked = [];
  await i18nProvider.changeLocale('en');
});

const render = (roleId: 10 | 30) =>
  renderScreen(<StatsPage />, { as: { roleId, cityId: 1 }, dataProvider, resource: 'stats', path: '/stats' });
const dateInput = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** A day 'YYYY-MM-DD' as the date fields write it: MM/DD/YYYY in English, DD/MM/YYYY in Spanish. */
const written = (day: string, locale: 'en' | 'es' = 'en') =>
  locale === 'en'
    ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`
    : `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const figure = (testId: string) => screen.getByTestId(testId).textContent;
const DAY_INSTANT = (day: string, time: string) => new RegExp(`^${day}T${time}([+-]\\d{2}:\\d{2}|Z)$`);

describe('the statistics screen', () => {
  it('asks an admin to choose a city first, and asks nothing of the API until then', async () => {
    render(Role.ADMIN);
    await screen.findByText('Choose a city first');
    expect(asked).toEqual([]);
    fireEvent.mouseDown(within(screen.getByTestId('stats-city')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Valencia' }));
    await waitFor(() => expect(screen.queryByText('Choose a city first')).toBeNull());
    await waitFor(() => expect(new Set(asked.map((url) => url.pathname.split('/').pop()))).toEqual(new Set(Object.keys(FIGURES))));
    expect(asked.every((url) => url.searchParams.get('cityId') === '3')).toBe(true);
    // One figure that fails says so; the others show.
    await screen.findByText('This figure could not be loaded.');
    await waitFor(() => expect(figure('stats-new-users')).toBe('4'));
  });

  it('shows a city admin their own city over the last 7 days to today, every figure in words', async () => {
    render(Role.CITY_ADMIN);
    await waitFor(() => expect(figure('stats-active-users')).toBe('1,234'));
    expect(screen.queryByTestId('stats-city')).toBeNull();
    const today = localToday();
    await waitFor(() => expect(dateInput(/Start date/).value).toBe(written(addDays(today, -7))));
    expect(dateInput(/End date/).value).toBe(written(today));
    const query = asked[0].searchParams;
    expect(query.get('cityId')).toBe('1');
    // The start of the user's first day and the end of their last, with their offset.
    expect(query.get('dateFrom')).toMatch(DAY_INSTANT(addDays(today, -7), '00:00:00\\.000'));
    expect(query.get('dateTo')).toMatch(DAY_INSTANT(today, '23:59:59\\.999'));
    expect(figure('stats-blocked-users')).toBe('2');
    expect(figure('stats-carts')).toBe('17');
    expect(figure('stats-response-time')).toBe('1.5 s');
    expect(figure('stats-orders-amount')).toBe('51 order62 orders73 orders84 or more');
    const rows = within(screen.getByTestId('stats-funnel')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'OrderCustomersMedianAverage',
      'First41 d 8 h7 d 22 h',
      'Second21 min45 s',
      'Tenth0——',
    ]);
    expect(figure('stats-late-share')).toBe('8.7%');
    expect(screen.getByText('Went late: 2 of 23 orders placed')).toBeTruthy();
    // Each stage against its limit, then the statuses of a stage of several that had any.
    const times = within(screen.getByTestId('stats-order-times')).getAllByRole('row');
    expect(times.map((row) => row.textContent)).toEqual([
      'StageMedianAllowedCount',
      'New → confirmed5.5 min5 min4',
      'Created4 min3',
      'Paid6 min1',
      'Confirmed → cooking12.5 min15 min2',
      'Cooking → on the way1 h 35 min40 min1',
      'On the way → delivered—1 h0',
    ]);
    expect(figure('orders-summary')).toBe('Orders per day from Mar 1 to Mar 2: 5 confirmed, 1 not confirmed, 1 cancelled');
  });

  it('never moves the other end of the range: the end picked is clamped, with a note next to the dates', async () => {
    render(Role.CITY_ADMIN);
    await waitFor(() => expect(figure('stats-carts')).toBe('17'));
    const today = localToday();
    await waitFor(() => expect(dateInput(/Start date/).disabled).toBe(false));
    // A start 800 days back stays 365 days back, and the end stays today.
    fireEvent.change(dateInput(/Start date/), { target: { value: written(addDays(today, -800)) } });
    expect(dateInput(/Start date/).value).toBe(written(addDays(today, -365)));
    expect(dateInput(/End date/).value).toBe(written(today));
    expect(screen.getByTestId('stats-range-notice').textContent).toMatch(
      /^A range spans at most 365 days: the start date was set to \w+ \d+, \d{4}\.$/,
    );
    await waitFor(() =>
      expect(asked.some((url) => url.searchParams.get('dateFrom')?.startsWith(`${addDays(today, -365)}T00:00:00`))).toBe(true),
    );
    expect(asked.at(-1)?.searchParams.get('dateTo')).toMatch(new RegExp(`^${today}T23:59:59\\.999`));
    // A start within the range: taken as it is, the note goes.
    fireEvent.change(dateInput(/Start date/), { target: { value: written(addDays(today, -30)) } });
    expect(dateInput(/Start date/).value).toBe(written(addDays(today, -30)));
    expect(dateInput(/End date/).value).toBe(written(today));
    expect(screen.queryByTestId('stats-range-notice')).toBeNull();
    // An end before the start becomes the start's day; the start stays.
    fireEvent.change(dateInput(/End date/), { target: { value: written(addDays(today, -60)) } });
    expect(dateInput(/End date/).value).toBe(written(addDays(today, -30)));
    expect(dateInput(/Start date/).value).toBe(written(addDays(today, -30)));
    expect(screen.getByTestId('stats-range-notice').textContent).toMatch(/^The end date cannot come before the start date/);
    // An end more than 365 days after the start stays 365 days after it.
    fireEvent.change(dateInput(/End date/), { target: { value: written(addDays(today, 500)) } });
    expect(dateInput(/End date/).value).toBe(written(addDays(today, 335)));
    expect(dateInput(/Start date/).value).toBe(written(addDays(today, -30)));
  });

  it('says so in Russian and Spanish too', async () => {
    await i18nProvider.changeLocale('es');
    render(Role.CITY_ADMIN);
    await waitFor(() => expect(figure('stats-carts')).toBe('17'));
    await waitFor(() => expect(dateInput(/Fecha de inicio/).disabled).toBe(false));
    expect(figure('stats-late-share')).toMatch(/^8,7\s%$/);
    expect(screen.getByText('Con retraso: 2 de 23 pedidos')).toBeTruthy();
    expect(screen.getByText('En cocina → en camino')).toBeTruthy();
    fireEvent.change(dateInput(/Fecha de inicio/), { target: { value: written(addDays(localToday(), -800), 'es') } });
    expect(screen.getByTestId('stats-range-notice').textContent).toMatch(
      /^Un periodo abarca como máximo 365 días: la fecha de inicio se fijó en \d+ de \w+ de \d{4}\.$/,
    );
  });

  it('shows a figure on its way as a named progress bar', async () => {
    render(Role.CITY_ADMIN);
    expect((await screen.findAllByRole('progressbar', { name: 'Loading…' })).length).toBeGreaterThan(0);
  });

  it('speaks Russian', async () => {
    await i18nProvider.changeLocale('ru');
    render(Role.ADMIN);
    await screen.findByText('Сначала выберите город');
    expect(screen.getByLabelText(/Дата начала/)).toBeTruthy();
  });
});
