import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../src/domain';
import type { LanguageRecord, TextMap } from '../../src/domain/language';
import { shippedTexts } from '../../src/i18n/resourceTexts';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { LanguageEditor } from '../../src/resources/language/LanguageEditor';
import { TEXTS_PER_PAGE } from '../../src/resources/language/LanguageTexts';
import type * as Countdown from '../../src/resources/language/reloadCountdown';
import { renderScreen } from './renderScreen';
import { API, mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

// The reload after a save is announced, not made: the test page must stay.
const scheduled = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/resources/language/reloadCountdown', async (importOriginal) => ({
  ...(await importOriginal<typeof Countdown>()),
  scheduleReload: () => {
    scheduled.count += 1;
    return { reloadAt: Date.now() + 10_000 };
  },
}));

let saved: TextMap = {};
let posted: unknown[] = [];
let restores = 0;

const record = (): LanguageRecord => ({ id: 'ru', data: saved, shipped: shippedTexts('ru'), english: shippedTexts('en'), updatedAt: null });

mockApi(
  http.get(`${API}/language/ru`, () => HttpResponse.json(record())),
  http.post(`${API}/language/ru`, async ({ request }) => {
    const body = (await request.json()) as { data: TextMap };
    posted.push(body);
    saved = { ...saved, ...body.data };
    return HttpResponse.json(record());
  }),
  http.post(`${API}/language/checkout-locale/ru`, () => {
    restores += 1;
    saved = {};
    return HttpResponse.json(record());
  }),
);
afterEach(() => {
  saved = {};
  posted = [];
  restores = 0;
  scheduled.count = 0;
});

const render = (roleId: 10 | 30 = Role.ADMIN) =>
  renderScreen(
    <>
      <LanguageEditor />
      <Notification />
    </>,
    { as: { roleId, cityId: 1 }, dataProvider, resource: 'language', path: '/language/ru', route: '/language/:id' },
  );

const loaded = () => screen.findByRole('searchbox', { name: 'Filter keys and texts' }, { timeout: 5000 });
const filter = (text: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Filter keys and texts' }), { target: { value: text } });
const textbox = (key: string) => screen.getByRole('textbox', { name: key });

describe('the translation editor', () => {
  it('lists every key by pages with the English beside, and filters keys and texts', { timeout: 20_000 }, async () => {
    render();
    const total = Object.keys(shippedTexts('ru')).length;
    await screen.findByText(`${total} texts`, {}, { timeout: 5000 });
    expect(screen.getAllByRole('textbox')).toHaveLength(TEXTS_PER_PAGE);
    expect(screen.getByRole('button', { name: 'Go to page 2' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Language to edit' })).toBeTruthy();
    filter('menu.orders');
    await screen.findByText('1 text');
    expect((textbox('menu.orders') as HTMLTextAreaElement).value).toBe('Заказы');
    expect(screen.getByText('English: Orders')).toBeTruthy();
    // The filter finds texts too, in either language.
    filter('Заказы');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'menu.orders' })).not.toBeNull());
    filter('nothing like this anywhere');
    await screen.findByText('No text matches the filter');
  });

  it('saves only the changed texts, then announces the reload', async () => {
    render();
    await loaded();
    filter('menu.orders');
    fireEvent.change(await screen.findByRole('textbox', { name: 'menu.orders' }), { target: { value: 'Заказы клиентов' } });
    expect(screen.getByText('Shipped text: Заказы')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 change' }));
    await screen.findByText(/The texts were saved\. The page reloads in 10 seconds/);
    expect(posted).toEqual([{ data: { 'menu.orders': 'Заказы клиентов' } }]);
    expect(scheduled.count).toBe(1);
    // Until the reload, the texts cannot change.
    expect(textbox('menu.orders')).toHaveProperty('disabled', true);
  });

  it('marks a text that loses its placeholders and keeps Save off until it is corrected', async () => {
    render();
    await loaded();
    filter('home.title');
    const title = await screen.findByRole('textbox', { name: 'home.title' });
    fireEvent.change(title, { target: { value: 'Привет!' } });
    await screen.findByText('must hold exactly the placeholders %{username}');
    expect(screen.getByText('Correct the marked texts first')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save 1 change' })).toHaveProperty('disabled', true);
    fireEvent.change(title, { target: { value: 'Привет, %{username}!' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save 1 change' })).toHaveProperty('disabled', false));
  });

  it('shows the saved texts on their own, and brings back the shipped ones after a confirmation', { timeout: 20_000 }, async () => {
    saved = { 'menu.orders': 'Заказы клиентов', 'menu.tags': 'Метки' };
    render();
    fireEvent.click(await screen.findByRole('switch', { name: 'Changed texts only' }, { timeout: 5000 }));
    await screen.findByText('2 texts');
    fireEvent.click(screen.getAllByRole('button', { name: 'Use the shipped text' })[0]);
    await screen.findByRole('button', { name: 'Save 1 change' });
    fireEvent.click(screen.getByRole('button', { name: 'Restore the shipped texts' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Restore the shipped texts of Русский?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await screen.findByText(/The shipped texts are back\. The page reloads in 10 seconds/);
    expect(restores).toBe(1);
    await screen.findByText('No text matches the filter');
  });

  it('is not there for anyone but admins', async () => {
    render(Role.CITY_ADMIN);
    await screen.findByText('Page not found');
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
