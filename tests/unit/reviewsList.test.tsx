import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { RestaurantReviewList } from '../../src/resources/reviews/RestaurantReviewList';
import { ReviewList } from '../../src/resources/reviews/ReviewList';
import { reviewListPath, reviewQuery } from '../../src/resources/reviews/reviewQuery';
import { renderScreen } from './renderScreen';
import { reviewApi, type SeenRequest } from './reviewsFixtures';
import { mockApi } from './mockApi';

// The date pickers load with the first screen that has a date: loaded once here, before the screens' timings start.
beforeAll(() => import('../../src/resources/common/dates/PickerField'), 60_000);

const dataProvider = createDataProvider(RESOURCES);

// The user's day is Moscow's: the date filter sends its boundaries with +03:00.
vi.stubEnv('TZ', 'Europe/Moscow');

let seen: SeenRequest[] = [];
const server = mockApi();
afterAll(() => {
  vi.unstubAllEnvs();
});
afterEach(() => {
  seen = [];
});

const lists = () => seen.filter((r) => r.method === 'GET' && r.path.startsWith('/api/reviews'));
const lastList = async () => {
  await waitFor(() => expect(lists().length).toBeGreaterThan(0), { timeout: 20000 });
  return lists()[lists().length - 1];
};
const open = (roleId: RoleId, path = '/reviews') => {
  server.use(...reviewApi(seen));
  return renderScreen(<ReviewList />, {
    as: { roleId, cityId: roleId === Role.ADMIN ? null : 1, restaurantId: roleId === Role.RESTAURANT_OWNER ? 5 : null },
    dataProvider,
    resource: 'reviews',
    path,
    route: '/reviews',
  });
};

describe('the review list of a city', () => {
  it("reads the user's own city, newest first, one page at a time", async () => {
    open(Role.OPERATOR);
    const request = await lastList();
    expect(request.path).toBe('/api/reviews/1');
    expect(Object.fromEntries(request.query)).toEqual({ page: '1', perPage: '25', sort: 'createdAt', order: 'DESC' });
    await screen.findByText('Lovely pad thai', undefined, { timeout: 5000 });
    expect(screen.getByLabelText('State')).toBeTruthy();
    expect(screen.getByLabelText('Rating')).toBeTruthy();
    expect(screen.getByLabelText('Restaurant')).toBeTruthy();
    expect(screen.queryByLabelText('City')).toBeNull();
  });

  it('sends the filters of the URL: state, rating, restaurant, local-day boundaries, and the sort by rating', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ state: 'published', rating: 0, restaurantId: 5, from: '2026-03-05', to: '2026-03-06' }),
    );
    open(Role.CITY_ADMIN, `/reviews?filter=${filter}&sort=rating&order=ASC&page=2&perPage=10`);
    const request = await lastList();
    expect(request.path).toBe('/api/reviews/1');
    expect(Object.fromEntries(request.query)).toEqual({
      state: 'published',
      rating: '0',
      restaurantId: '5',
      from: '2026-03-05T00:00:00.000+03:00',
      to: '2026-03-06T23:59:59.999+03:00',
      page: '2',
      perPage: '10',
      sort: 'rating',
      order: 'ASC',
    });
  });

  it('lets an admin pick the city, the first one to start with', async () => {
    open(Role.ADMIN);
    expect((await lastList()).path).toBe('/api/reviews/1');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /City/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Valencia' }));
    await waitFor(() => expect(lists().some((r) => r.path === '/api/reviews/2')).toBe(true));
  });

  it("sends an owner to their restaurant's reviews, which have no restaurant picker", async () => {
    server.use(...reviewApi(seen));
    renderScreen(
      <Routes>
        <Route path="reviews" element={<ReviewList />} />
        <Route path="restaurant/:id/reviews" element={<RestaurantReviewList />} />
      </Routes>,
      {
        as: { roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 5 },
        dataProvider,
        resource: 'reviews',
        path: '/reviews',
        route: '/*',
      },
    );
    expect((await lastList()).path).toBe('/api/reviews/restaurant/5');
    await screen.findByText('Lovely pad thai', undefined, { timeout: 5000 });
    expect(screen.getByLabelText('State')).toBeTruthy();
    expect(screen.queryByLabelText('Restaurant')).toBeNull();
  });
});

describe('the review list on a phone', () => {
  // MUI asks the browser whether the screen is narrower than its `sm` breakpoint (600 px).
  const phone = (query: string) => ({
    matches: query.includes('max-width:599.95px'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the state filter only, and adds another from the filter button', async () => {
    vi.stubGlobal('matchMedia', phone);
    open(Role.OPERATOR);
    await screen.findByText('Lovely pad thai', undefined, { timeout: 5000 });
    expect(screen.getByLabelText('State')).toBeTruthy();
    expect(screen.queryByLabelText('Rating')).toBeNull();
    expect(screen.queryByLabelText('Date from')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Rating' }));
    expect(await screen.findByLabelText('Rating')).toBeTruthy();
  });
});

describe('the query of a review list', () => {
  it("names the restaurant's list or the city's, or none before a city is known", () => {
    expect(reviewListPath({ restaurant: '7', cityId: 1 })).toBe('/reviews/restaurant/7');
    expect(reviewListPath({ cityId: 3 })).toBe('/reviews/3');
    expect(reviewListPath({})).toBeNull();
    expect(reviewListPath({ cityId: 'x' })).toBeNull();
  });

  it('keeps only the filters the API takes, and no other restaurant on a restaurant list', () => {
    expect(reviewQuery({ state: 'gone', rating: 9, restaurantId: 'x' }).toString()).toBe('');
    expect(reviewQuery({ state: 'answered', rating: '-1' }).toString()).toBe('state=answered&rating=-1');
    expect(reviewQuery({ restaurant: 7, restaurantId: 5 }).toString()).toBe('');
  });
});
