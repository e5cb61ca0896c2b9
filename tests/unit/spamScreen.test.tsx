import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MailingStatus, NO_AUDIENCE_RECORD, Role, type Mailing } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { SpamPage } from '../../src/resources/spam/SpamPage';
import { renderScreen } from './renderScreen';
import { API, mockApi } from './mockApi';

// The date pickers load with the first screen that has a date: loaded once here, before the screens' timings start.
beforeAll(() => import('../../src/resources/common/dates/PickerField'), 60_000);

const dataProvider = createDataProvider(RESOURCES);

const DAY = 24 * 3600_000;

const mailing = (id: number, status: number, position: number, count: number, extra: Partial<Mailing> = {}): Mailing => ({
  id,
  cityId: 1,
  text: `Mailing number ${id}, fresh dumplings`,
  photoId: null,
  createdAt: '2026-03-05T14:02:00.000Z',
  status,
  position,
  count,
  config: { bindedButton: null },
  lastActiveDate: null,
  audience: NO_AUDIENCE_RECORD,
  startedAt: null,
  finishedAt: null,
  failure: null,
  lastError: null,
  blocked: 0,
  undelivered: 0,
  unconfirmed: 0,
  stoppedBy: null,
  ...extra,
});

const MAILINGS: Mailing[] = [
  mailing(4, MailingStatus.CREATED, 0, 0),
  mailing(3, MailingStatus.PROCESSING, 25, 100, { blocked: 2 }),
  mailing(2, MailingStatus.FINISHED, 40, 40),
  mailing(1, MailingStatus.FAILED, 7, 50, { failure: 'stopped', stoppedBy: 'cityadmin' }),
];

interface Seen {
  method: string;
  url: URL;
  body?: unknown;
}
let seen: Seen[] = [];
let listFails = 0;
const server = mockApi();
afterEach(async () => {
  seen = [];
  listFails = 0;
  await i18nProvider.changeLocale('en');
});

/** The API of the screen: a recent date reaches 4 customers, an older one 12. */
const api = (mailings = MAILINGS) => [
  http.get(`${API}/users/count`, ({ request }) => {
    const url = new URL(request.url);
    seen.push({ method: 'GET', url });
    const since = Date.parse(url.searchParams.get('lastActiveDate') ?? '1970-01-01');
    return HttpResponse.json(Date.now() - since < 10 * DAY ? 4 : 12);
  }),
  http.get(`${API}/spam`, ({ request }) => {
    seen.push({ method: 'GET', url: new URL(request.url) });
    if (listFails > 0) {
      listFails -= 1;
      return HttpResponse.json({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'down' }, { status: 500 });
    }
    return HttpResponse.json(mailings, { headers: { 'x-total-count': String(mailings.length) } });
  }),
  http.post(`${API}/spam`, async ({ request }) => {
    const body = await request.json();
    seen.push({ method: 'POST', url: new URL(request.url), body });
    return HttpResponse.json(mailing(9, MailingStatus.CREATED, 0, 12), { status: 201 });
  }),
  http.post(`${API}/spam/sendTestMessage`, async ({ request }) => {
    seen.push({ method: 'POST', url: new URL(request.url), body: await request.json() });
    return HttpResponse.json({ messageId: '77' });
  }),
  http.delete(`${API}/spam/:id`, ({ request, params }) => {
    seen.push({ method: 'DELETE', url: new URL(request.url) });
    return HttpResponse.json({ ...mailing(Number(params.id), MailingStatus.FAILED, 25, 100), failure: 'stopped' });
  }),
  // The audience filters' choices: the city's restaurants and its bot's languages.
  http.get(`${API}/restaurants/city/:cityId`, () => HttpResponse.json([])),
  http.get(`${API}/config/:cityId`, () => HttpResponse.json([{ key: 'cityLocales', value: 'en,ru' }])),
  http.get(`${API}/cities`, () =>
    HttpResponse.json([
      { id: 1, name: 'London', name_ru: 'Лондон' },
      { id: 2, name: 'Valencia', name_ru: 'Валенсия' },
    ]),
  ),
];

const render = (roleId: number = Role.CITY_ADMIN, mailings = MAILINGS) => {
  server.use(...api(mailings));
  return renderScreen(
    <>
      <SpamPage />
      <Notification />
    </>,
    { as: { roleId: roleId as 10 | 30, cityId: 1 }, dataProvider, resource: 'spam', path: '/spam' },
  );
};
const field = (label: RegExp) => screen.getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: RegExp) => screen.getByRole('button', { name });
const countText = () => screen.getByTestId('recipient-count').textContent;

describe('the mailing screen', () => {
  it('counts the recipients of the city since the last-active date, and asks again when it changes', async () => {
    render();
    await waitFor(() => expect(countText()).toBe('12 recipients'), { timeout: 10_000 });
    const recent = new Date(Date.now() - 3 * DAY);
    const day = `${recent.getFullYear()}-${String(recent.getMonth() + 1).padStart(2, '0')}-${String(recent.getDate()).padStart(2, '0')}`;
    // Typed as English writes dates; the API still gets the ISO day.
    type(/Active since/, `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`);
    await waitFor(() => expect(countText()).toBe('4 recipients'));
    const asked = seen.filter((s) => s.url.pathname === '/api/users/count').at(-1)?.url;
    expect(asked?.searchParams.get('cityId')).toBe('1');
    // The user's own midnight, with their offset.
    expect(asked?.searchParams.get('lastActiveDate')).toMatch(new RegExp(`^${day}T00:00:00\\.000([+-]\\d{2}:\\d{2}|Z)$`));
  });

  it('refuses a last-active date in the future', async () => {
    render();
    await waitFor(() => expect(countText()).toBe('12 recipients'), { timeout: 10_000 });
    type(/Active since/, '01/01/2999');
    await screen.findByText('cannot be in the future');
    expect(countText()).toBe('');
  });

  it('keeps send and test-send disabled under 10 characters, then test-sends and sends after a confirmation naming the recipients', async () => {
    render();
    await waitFor(() => expect(countText()).toBe('12 recipients'), { timeout: 10_000 });
    type(/Test recipient/, '123456789');
    type(/^Text/, 'Too short');
    await waitFor(() => expect(field(/^Text/).getAttribute('value') ?? (field(/^Text/) as HTMLTextAreaElement).value).toBe('Too short'));
    expect(button(/Send a test/)).toHaveProperty('disabled', true);
    expect(button(/Send the mailing/)).toHaveProperty('disabled', true);
    type(/^Text/, 'Dumplings tonight, 20% off!');
    await waitFor(() => expect(button(/Send the mailing/)).toHaveProperty('disabled', false));

    fireEvent.click(button(/Send a test/));
    await screen.findByText('The test message was sent');
    expect(seen.find((s) => s.url.pathname === '/api/spam/sendTestMessage')?.body).toEqual({
      cityId: 1,
      text: 'Dumplings tonight, 20% off!',
      photoId: null,
      bindedButton: null,
      recipientId: '123456789',
    });

    fireEvent.click(button(/Send the mailing/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Send this mailing to 12 recipients?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Confirm/ }));
    await screen.findByText('The mailing was queued');
    const posted = seen.find((s) => s.method === 'POST' && s.url.pathname === '/api/spam')?.body;
    expect(posted).toMatchObject({ cityId: 1, text: 'Dumplings tonight, 20% off!', photoId: null, bindedButton: null });
    expect((posted as { lastActiveDate: string }).lastActiveDate).toMatch(/T00:00:00\.000/);
    // The message is cleared for the next one; the list is asked again.
    await waitFor(() => expect((field(/^Text/) as HTMLTextAreaElement).value).toBe(''));
    expect(seen.filter((s) => s.method === 'GET' && s.url.pathname === '/api/spam').length).toBeGreaterThanOrEqual(2);
  });

  it('puts a link button under the message and needs its text and link before sending', async () => {
    render();
    await waitFor(() => expect(countText()).toBe('12 recipients'), { timeout: 10_000 });
    type(/^Text/, 'Dumplings tonight, 20% off!');
    fireEvent.click(field(/Add a button/));
    const position = await screen.findByRole('combobox', { name: /Button position/ });
    expect(position.getAttribute('aria-disabled')).toBe('true');
    expect(position.textContent).toBe('Under the message');
    expect(screen.getByText('A link button is always under the message')).toBeTruthy();
    await waitFor(() => expect(button(/Send the mailing/)).toHaveProperty('disabled', true));
    type(/Button text/, 'Open the menu');
    const link = screen.getByRole('textbox', { name: 'Link' });
    fireEvent.change(link, { target: { value: 'food.example.com' } });
    await screen.findByText('must be an http(s) link');
    fireEvent.change(link, { target: { value: 'https://food.example.com/menu' } });
    await waitFor(() => expect(button(/Send the mailing/)).toHaveProperty('disabled', false));
    fireEvent.click(button(/Send the mailing/));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Confirm/ }));
    await screen.findByText('The mailing was queued');
    expect(seen.find((s) => s.method === 'POST' && s.url.pathname === '/api/spam')?.body).toMatchObject({
      bindedButton: { enabled: true, type: 'url', position: 'inline', text: 'Open the menu', value: 'https://food.example.com/menu' },
    });
  });

  it('lists the previous mailings with their status, progress and stop, in Russian', async () => {
    await i18nProvider.changeLocale('ru');
    render();
    const card = async (id: number) => {
      await waitFor(() => expect(document.querySelector(`[data-mailing="${id}"]`)).not.toBeNull(), { timeout: 5000 });
      return document.querySelector<HTMLElement>(`[data-mailing="${id}"]`) as HTMLElement;
    };
    const status = async (id: number) => within(await card(id)).getByTestId('mailing-status').textContent;
    expect([await status(4), await status(3), await status(2), await status(1)]).toEqual(['Ждёт', 'Идёт', 'Закончилась', 'Ошибка']);
    expect(within(await card(3)).getByTestId('mailing-progress').textContent).toContain('25 из 100 (25 %)');
    expect(
      within(await card(3))
        .getByRole('progressbar')
        .getAttribute('aria-valuenow'),
    ).toBe('25');
    expect(within(await card(2)).getByTestId('mailing-progress').textContent).toContain('(100 %)');
    expect(within(await card(1)).getByTestId('mailing-reason').textContent).toBe('Остановил(а) cityadmin');
    expect(within(await card(3)).getByText('2 заблокировали бота')).toBeTruthy();
    // Stop only while waiting or sending.
    expect(within(await card(4)).queryByRole('button', { name: 'Остановить' })).not.toBeNull();
    expect(within(await card(2)).queryByRole('button', { name: 'Остановить' })).toBeNull();
    expect(within(await card(1)).queryByRole('button', { name: 'Остановить' })).toBeNull();

    fireEvent.click(within(await card(3)).getByRole('button', { name: 'Остановить' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Остановить рассылку?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Подтвердить/ }));
    await waitFor(() => expect(seen.some((s) => s.method === 'DELETE' && s.url.pathname === '/api/spam/3')).toBe(true));
  });

  it('shows apart the recipients whose send was under way when the server stopped, in every language', async () => {
    // 7 not reached: 4 refused by the messenger, 3 whose send's outcome is unknown.
    const crashed = mailing(5, MailingStatus.FINISHED, 189, 189, { blocked: 1, undelivered: 7, unconfirmed: 3 });
    const outcomes = async () => {
      await waitFor(() => expect(document.querySelector('[data-mailing="5"]')).not.toBeNull(), { timeout: 5000 });
      return within(document.querySelector<HTMLElement>('[data-mailing="5"]') as HTMLElement).getByTestId('mailing-outcomes').textContent;
    };
    const view = render(Role.CITY_ADMIN, [crashed]);
    expect(await outcomes()).toBe(
      "1 had blocked the bot · 4 not reached · 3 unconfirmed (their send's outcome is unknown; not sent again)",
    );
    view.unmount();
    await i18nProvider.changeLocale('ru');
    const ru = render(Role.CITY_ADMIN, [crashed]);
    expect(await outcomes()).toBe(
      '1 заблокировал бота · 4 не получили · 3 без подтверждения (исход отправки неизвестен, повторно не отправляется)',
    );
    ru.unmount();
    await i18nProvider.changeLocale('es');
    render(Role.CITY_ADMIN, [crashed]);
    expect(await outcomes()).toBe(
      '1 había bloqueado el bot · 4 no recibidos · 3 sin confirmar (se desconoce el resultado del envío; no se reenvía)',
    );
  });

  it('shows a failed list load as an error with a retry, not as an empty list', { timeout: 15_000 }, async () => {
    listFails = 10;
    render();
    const alert = await screen.findByTestId('mailings-error', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The mailings could not be loaded.');
    expect(screen.queryByText('No mailings yet.')).toBeNull();
    listFails = 0;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(document.querySelector('[data-mailing="3"]')).not.toBeNull());
    expect(screen.queryByTestId('mailings-error')).toBeNull();
  });

  it('asks for the list again every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render();
      await waitFor(() => expect(document.querySelector('[data-mailing="3"]')).not.toBeNull(), { timeout: 5000 });
      const lists = () => seen.filter((s) => s.method === 'GET' && s.url.pathname === '/api/spam').length;
      const before = lists();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(59_000);
      });
      expect(lists()).toBe(before);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_500);
      });
      await waitFor(() => expect(lists()).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets an admin pick the city, whose mailings and audience it then shows', async () => {
    render(Role.ADMIN);
    await waitFor(() => expect(countText()).toBe('12 recipients'), { timeout: 10_000 });
    expect(seen.find((s) => s.url.pathname === '/api/spam')?.url.searchParams.get('cityId')).toBe('1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'City' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Valencia' }));
    await waitFor(() => expect(seen.some((s) => s.url.pathname === '/api/spam' && s.url.searchParams.get('cityId') === '2')).toBe(true));
    expect(seen.some((s) => s.url.pathname === '/api/users/count' && s.url.searchParams.get('cityId') === '2')).toBe(true);
  });
});
