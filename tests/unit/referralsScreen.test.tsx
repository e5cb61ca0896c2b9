import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role, type ReferralLink, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { ReferralList } from '../../src/resources/referrals/ReferralList';
import { renderScreen } from './renderScreen';
import { API, mockApi } from './mockApi';

// The date pickers load with the first screen that has a date: loaded once here, before the screens' timings start.
beforeAll(() => import('../../src/resources/common/dates/PickerField'), 60_000);

const dataProvider = createDataProvider(RESOURCES);

const LINKS: ReferralLink[] = [
  {
    id: 2,
    code: 'SPRING',
    count: 3,
    limit: 0,
    referralLink: 'https://t.me/london_food_bot?start=SPRING',
    options: { restaurantId: 5, categoryId: 8 },
    validUntil: null,
    cityId: 1,
  },
  {
    id: 1,
    code: 'LIMITED',
    count: 10,
    limit: 10,
    referralLink: null,
    options: { restaurantId: null, categoryId: null },
    validUntil: '2020-01-01T00:00:00.000Z',
    cityId: null,
  },
];
const CITIES = [
  { id: 1, name: 'London', name_ru: 'Лондон' },
  { id: 2, name: 'Valencia', name_ru: 'Валенсия' },
];
const RESTAURANTS = [{ id: 5, name: 'Green Garden', cityId: 1 }];
const CATEGORIES = [{ id: 8, name: 'Soups', restaurantId: 5 }];

const server = mockApi();
const created: Record<string, unknown>[] = [];
const deleted: unknown[] = [];
afterEach(() => {
  created.length = 0;
  deleted.length = 0;
  vi.unstubAllGlobals();
});

const rest = [
  http.get(`${API}/cities`, () => HttpResponse.json(CITIES)),
  http.get(`${API}/restaurants/city/:cityId`, () => HttpResponse.json(RESTAURANTS)),
  http.get(`${API}/restaurants`, () => HttpResponse.json(RESTAURANTS)),
  http.get(`${API}/dishCategories`, () => HttpResponse.json(CATEGORIES)),
];
const refusal = (message: string, code: string, statusCode: number, args?: Record<string, string>): Response =>
  HttpResponse.json({ data: null, errors: [{ message, extensions: { code, statusCode, args } }] });

/** The API with these links; creating answers the new link, or `createError` when given. */
const api = (links: ReferralLink[] = LINKS, createError?: Response) =>
  server.use(
    ...rest,
    graphql.query('ReferralLinks', () => HttpResponse.json({ data: { getReferralLinks: links } })),
    graphql.mutation('CreateReferralLink', ({ variables }) => {
      created.push(variables.referralLink as Record<string, unknown>);
      if (createError) return createError;
      return HttpResponse.json({ data: { createReferralLink: { ...LINKS[0], id: 9, code: 'NEW', count: 0 } } });
    }),
    graphql.mutation('DeleteReferralLink', ({ variables }) => {
      deleted.push(variables.id);
      return HttpResponse.json({ data: { deleteReferralLink: true } });
    }),
  );

const render = (roleId: RoleId) =>
  renderScreen(
    <>
      <ReferralList />
      <Notification />
    </>,
    { as: { roleId, cityId: roleId === Role.ADMIN ? null : 1 }, dataProvider, resource: 'referrals', path: '/referrals' },
  );
const row = async (code: string) => (await screen.findByText(code, {}, { timeout: 5000 })).closest('tr') ?? document.body;
const codeInput = () => screen.getByRole('textbox', { name: /^Code/ });
/** Create, once the typing has been checked (the button waits for it). */
const submit = async () => {
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Create the link' });
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
};

describe('the referral links screen', () => {
  it("shows a city admin's links with uses / limit, '∞' for unlimited, the deep link, and what each opens", async () => {
    api();
    render(Role.CITY_ADMIN);
    const spring = await row('SPRING');
    expect(within(spring).getByText('https://t.me/london_food_bot?start=SPRING')).toBeTruthy();
    expect(within(spring).getByTitle('unlimited').textContent).toBe('∞');
    expect(spring.textContent).toContain('3 / ∞');
    await waitFor(() => expect(within(spring).getByText('Green Garden')).toBeTruthy());
    await waitFor(() => expect(within(spring).getByText('Soups')).toBeTruthy());
    expect(within(spring).getByText('Never')).toBeTruthy();
    const limited = await row('LIMITED');
    expect(limited.textContent).toContain('10 / 10');
    expect(within(limited).getByText('Limit reached')).toBeTruthy();
    expect(within(limited).getByText('Expired')).toBeTruthy();
    expect(within(limited).getByText('No bot link: the city names no bot chat')).toBeTruthy();
    // A city admin's links are their city's: no city column, no city picker.
    expect(screen.queryByRole('columnheader', { name: 'City' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /City/ })).toBeNull();
  });

  it("copies a link's deep link and says so", async () => {
    api();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(Role.CITY_ADMIN);
    fireEvent.click(within(await row('SPRING')).getByRole('button', { name: 'Copy the bot link of SPRING' }));
    await screen.findByText('Copied');
    expect(writeText).toHaveBeenCalledWith('https://t.me/london_food_bot?start=SPRING');
  });

  it('shows a failed load as a red alert with the message, which the user dismisses', async () => {
    server.use(
      ...rest,
      graphql.query('ReferralLinks', () => refusal('You are not allowed to do this', 'FORBIDDEN', 403)),
    );
    render(Role.CITY_ADMIN);
    const alert = await screen.findByTestId('referral-load-error', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The referral links could not be loaded: You are not allowed to do this');
    expect(alert.className).toMatch(/Error/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('referral-load-error')).toBeNull());
  });

  it('sends a new link of the city, and shows a refusal as a red alert and on the code', async () => {
    api(LINKS, refusal('The referral code NEW is already taken', 'REFERRAL_CODE_TAKEN', 409, { code: 'NEW' }));
    render(Role.CITY_ADMIN);
    await row('SPRING');
    fireEvent.change(codeInput(), { target: { value: 'NEW' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Limit/ }), { target: { value: '25' } });
    await submit();
    const alert = await screen.findByTestId('referral-create-error');
    expect(alert.textContent).toContain('The referral link was not created: The referral code NEW is already taken');
    // A city admin's link is their city's: the form names none.
    expect(created).toEqual([{ code: 'NEW', limit: 25, options: { restaurantId: null }, validUntil: null }]);
    // The code's field says it too.
    await waitFor(() => expect(codeInput().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The referral code NEW is already taken')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('referral-create-error')).toBeNull());
  });

  it('checks the code as the user types and sends nothing the API would refuse', async () => {
    api();
    render(Role.CITY_ADMIN);
    await row('SPRING');
    fireEvent.change(codeInput(), { target: { value: 'Restaurant_12' } });
    await screen.findByText('must not start with restaurant_ (the bot opens restaurants with it)');
    fireEvent.change(codeInput(), { target: { value: 'two words' } });
    await screen.findByText('may hold only letters, digits, _ and -');
    await submit();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(created).toEqual([]);
  });

  it('lets an admin see every city with its name, pick the city of a new link, and delete a link after confirming', async () => {
    api();
    render(Role.ADMIN);
    const limited = await row('LIMITED');
    expect(within(limited).getByText('Every city')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByText('SPRING').closest('tr') ?? document.body).getByText('London')).toBeTruthy());
    // The city is the admin's to pick: the link is not sent without it.
    fireEvent.change(codeInput(), { target: { value: 'ADMINS' } });
    await submit();
    await waitFor(() => expect(screen.getAllByText('Required').length).toBeGreaterThan(0));
    expect(created).toEqual([]);
    // Picking the city offers its restaurants, then the chosen restaurant's categories.
    const form = screen.getByRole('region', { name: 'New referral link' });
    const pick = async (name: RegExp, option: string) => {
      fireEvent.mouseDown(await within(form).findByRole('combobox', { name }));
      fireEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    };
    await pick(/^City/, 'London');
    await pick(/^Restaurant/, 'Green Garden');
    await pick(/^Dish category/, 'Soups');
    await submit();
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ code: 'ADMINS', cityId: 1, options: { restaurantId: 5, categoryId: 8 } });

    fireEvent.click(within(limited).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deleted).toEqual([1]));
  });
});
