import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AdStatus, Role, type Ad } from '../../src/domain';
import { AdList } from '../../src/resources/ads/AdList';
import { fixtures, renderScreen } from './renderScreen';
import { API, mockApi } from './mockApi';

const server = mockApi();

const restaurant = { id: 5, name: 'Green Garden', name_ru: 'Зелёный сад', cityId: 1 };
const ad = (id: number, status: number, error: string | null = null): Ad => ({
  id,
  text: `Ad number ${id} with a long text `.repeat(6),
  restaurantId: 5,
  restaurant,
  publishDate: '2026-11-24T18:00:00.000Z',
  unpublishDate: '2026-11-25T18:00:00.000Z',
  publishTimestamp: '2026-11-24T18:00:00.000Z',
  unpublishTimestamp: '2026-11-25T18:00:00.000Z',
  telegramChatId: '-1001',
  telegramFileIds: [],
  videoFileId: null,
  status,
  error,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const ADS = [
  ad(1, AdStatus.CREATED),
  ad(2, AdStatus.PUBLISHED),
  ad(3, AdStatus.FINISHED),
  ad(4, AdStatus.PUBLISH_FAILED, 'chat not found'),
  ad(5, AdStatus.UNPUBLISH_FAILED, 'message to delete not found'),
  ad(6, AdStatus.WAITING_FOR_IMAGE),
];

const data = () =>
  fixtures({ ads: ADS, restaurants: [{ ...restaurant, enabled: true }], cities: [{ id: 1, name: 'London', name_ru: 'Лондон' }] });
const list = (
  <ResourceContextProvider value="ads">
    <AdList />
  </ResourceContextProvider>
);
const addButton = () => screen.queryByRole('link', { name: /create/i });

describe('the ad list', () => {
  it('shows each status by its label, the failure reasons of failed ones, shortened texts and 24-hour times', async () => {
    renderScreen(list, { as: { roleId: Role.CITY_ADMIN, cityId: 1 }, dataProvider: data(), resource: 'ads', path: '/ads' });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(table.querySelectorAll('tbody tr').length).toBe(6));
    const labels = [...table.querySelectorAll('[data-ad-status]')].map((chip) => chip.textContent);
    expect(labels).toEqual([
      'Waiting',
      'Published',
      'Finished',
      'Error occured during publication',
      'Unpublish failed',
      'Waiting for image',
    ]);
    expect(screen.getAllByTestId('ad-error').map((reason) => reason.textContent)).toEqual([
      'Reason: chat not found',
      'Reason: message to delete not found',
    ]);
    const firstRow = within(table.querySelectorAll<HTMLElement>('tbody tr')[0]);
    expect(firstRow.getByText(/^Ad number 1 with a long text .*…$/).textContent?.length).toBe(80);
    expect(firstRow.getByText('Green Garden')).toBeTruthy();
    // 18:00 UTC in the test's zone, written in 24-hour time: no AM/PM.
    expect(table.textContent).not.toMatch(/AM|PM/);
    expect(addButton()).not.toBeNull();
  });

  it('an owner whose restaurant must wait sees the time left and no add button to follow', async () => {
    server.use(http.get(`${API}/advertisements/timeout`, () => HttpResponse.json({ timeout: 125 })));
    renderScreen(list, {
      as: { roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 5 },
      dataProvider: data(),
      resource: 'ads',
      path: '/ads',
    });
    const notice = await screen.findByTestId('ad-timeout-short');
    expect(notice.textContent).toBe('Next ad in 2 min 5 s');
    const add = addButton();
    expect(add?.getAttribute('aria-disabled')).toBe('true');
    // No restaurant filter for an owner: their ads are their restaurant's.
    expect(screen.queryByLabelText('Restaurant')).toBeNull();
  });

  it('an owner whose restaurant may post gets the add button enabled', async () => {
    server.use(http.get(`${API}/advertisements/timeout`, () => HttpResponse.json({ timeout: 0 })));
    renderScreen(list, {
      as: { roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 5 },
      dataProvider: data(),
      resource: 'ads',
      path: '/ads',
    });
    await screen.findByRole('table');
    await waitFor(() => expect(addButton()?.getAttribute('aria-disabled')).not.toBe('true'));
    expect(screen.queryByTestId('ad-timeout-short')).toBeNull();
  });
});
