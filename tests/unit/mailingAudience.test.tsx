import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailingAudienceSchema, NO_AUDIENCE_RECORD, Role, type MailingAudienceRecord } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { RESOURCES } from '../../src/resources';
import { audienceSummary } from '../../src/resources/spam/audienceSummary';
import { audienceBody } from '../../src/resources/spam/composerValues';
import { SpamPage } from '../../src/resources/spam/SpamPage';
import { API, mockApi } from './mockApi';
import { renderScreen } from './renderScreen';

beforeAll(() => import('../../src/resources/common/dates/PickerField'), 60_000);

const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);

describe('the audience filters in words and as the API takes them', () => {
  afterEach(() => i18nProvider.changeLocale('en'));
  const audience: MailingAudienceRecord = {
    orderedWithinDays: 30,
    restaurantIds: [4, 7],
    restaurants: [
      { id: 7, name: 'Sushi', name_ru: 'Суши' },
      { id: 4, name: 'Pizza Roma', name_ru: 'Пицца Рома' },
    ],
    neverOrdered: false,
    minOrders: 3,
    languages: ['ru'],
  };

  it('names each filter of a previous mailing, in the order of the composer', async () => {
    expect(audienceSummary(audience, translate, 'en')).toBe(
      'ordered in the last 30 days · from Pizza Roma, Sushi · at least 3 orders · languages: ru',
    );
    expect(audienceSummary({ ...NO_AUDIENCE_RECORD, neverOrdered: true, languages: ['en', 'es'] }, translate, 'en')).toBe(
      'never ordered · languages: en, es',
    );
    expect(audienceSummary(NO_AUDIENCE_RECORD, translate, 'en')).toBe('');
    await i18nProvider.changeLocale('ru');
    expect(audienceSummary(audience, translate, 'ru')).toBe(
      'заказывали за последние 30 дней · в Пицца Рома, Суши · не меньше 3 заказов · языки: ru',
    );
  });

  it('sends only the filters that are set, and refuses "never ordered" beside an order filter on that field', () => {
    expect(audienceBody({ orderedWithinDays: null, restaurantIds: [], neverOrdered: false, minOrders: null, languages: [] })).toEqual({});
    expect(audienceBody({ orderedWithinDays: 7, restaurantIds: [3], neverOrdered: false, minOrders: 2, languages: ['ru', 'en'] })).toEqual({
      orderedWithinDays: 7,
      restaurantIds: [3],
      minOrders: 2,
      languages: ['en', 'ru'],
    });
    const refused = mailingAudienceSchema.safeParse({ neverOrdered: true, minOrders: 2, restaurantIds: [3] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['minOrders', 'restaurantIds']);
    expect(mailingAudienceSchema.parse({ neverOrdered: true, languages: ['es'] })).toMatchObject({ neverOrdered: true, languages: ['es'] });
  });
});

const counts: URL[] = [];
const server = mockApi();
afterEach(() => {
  counts.length = 0;
});

const render = () => {
  server.use(
    http.get(`${API}/users/count`, ({ request }) => {
      const url = new URL(request.url);
      counts.push(url);
      const minOrders = Number(url.searchParams.get('minOrders') ?? 0);
      return HttpResponse.json(minOrders > 0 ? 40 - minOrders : 50);
    }),
    http.get(`${API}/spam`, () =>
      HttpResponse.json(
        [
          {
            id: 5,
            cityId: 1,
            text: 'Pizza night at Roma, all week',
            photoId: null,
            createdAt: '2026-03-05T14:02:00.000Z',
            status: 100,
            position: 10,
            count: 10,
            config: { bindedButton: null },
            lastActiveDate: null,
            audience: {
              ...NO_AUDIENCE_RECORD,
              orderedWithinDays: 30,
              restaurantIds: [4],
              restaurants: [{ id: 4, name: 'Pizza Roma', name_ru: 'Пицца Рома' }],
            },
            startedAt: null,
            finishedAt: null,
            failure: null,
            lastError: null,
            blocked: 0,
            undelivered: 0,
            unconfirmed: 0,
            stoppedBy: null,
          },
        ],
        { headers: { 'x-total-count': '1' } },
      ),
    ),
    http.get(`${API}/restaurants/city/:cityId`, () =>
      HttpResponse.json([
        { id: 4, name: 'Pizza Roma', name_ru: 'Пицца Рома' },
        { id: 7, name: 'Sushi', name_ru: 'Суши' },
      ]),
    ),
    http.get(`${API}/config/:cityId`, () => HttpResponse.json([{ key: 'cityLocales', value: 'ru,en' }])),
  );
  return renderScreen(<SpamPage />, {
    as: { roleId: Role.CITY_ADMIN, cityId: 1 },
    dataProvider: createDataProvider(RESOURCES),
    resource: 'spam',
    path: '/spam',
  });
};
const countText = () => screen.getByTestId('recipient-count').textContent;

describe('the composer audience filters', () => {
  it('recounts as the filters change, once they settle, and offers the city languages only', async () => {
    render();
    await waitFor(() => expect(countText()).toBe('50 recipients'), { timeout: 10_000 });
    const filters = screen.getByTestId('audience-filters');
    const minOrders = within(filters).getByLabelText(/At least this many orders/);
    // Typed one key at a time: only the settled value is counted.
    fireEvent.change(minOrders, { target: { value: '1' } });
    fireEvent.change(minOrders, { target: { value: '12' } });
    await waitFor(() => expect(countText()).toBe('28 recipients'), { timeout: 10_000 });
    const asked = counts.map((url) => url.searchParams.get('minOrders'));
    expect(asked).toContain('12');
    expect(asked).not.toContain('1');
    // The city's bot speaks Russian and English: no Spanish to choose.
    expect(within(filters).queryByLabelText('Spanish')).toBeNull();
    fireEvent.click(within(filters).getByLabelText('Russian'));
    await waitFor(() => expect(counts.at(-1)?.searchParams.get('languages')).toBe('ru'), { timeout: 5000 });
    expect(counts.at(-1)?.searchParams.get('cityId')).toBe('1');
  });

  it('shows the "never ordered" conflict next to the order filter and counts nothing meanwhile', async () => {
    render();
    await waitFor(() => expect(countText()).toBe('50 recipients'), { timeout: 10_000 });
    const filters = screen.getByTestId('audience-filters');
    fireEvent.change(within(filters).getByLabelText(/Ordered within/), { target: { value: '30' } });
    await waitFor(() => expect(counts.at(-1)?.searchParams.get('orderedWithinDays')).toBe('30'), { timeout: 5000 });
    const before = counts.length;
    fireEvent.click(within(filters).getByLabelText('Never ordered'));
    await within(filters).findByText('cannot be combined with “never ordered”');
    expect(countText()).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(counts.length).toBe(before);
  });

  it('lists a previous mailing with the filters it was sent with', async () => {
    render();
    expect((await screen.findByTestId('mailing-audience', {}, { timeout: 5000 })).textContent).toBe(
      'To: ordered in the last 30 days · from Pizza Roma',
    );
  });
});
