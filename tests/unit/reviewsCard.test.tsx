import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role, type Review, type RoleId } from '../../src/domain';
import { createDataProvider } from '../../src/providers/dataProvider';
import { RESOURCES } from '../../src/resources';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { RestaurantReviewList } from '../../src/resources/reviews/RestaurantReviewList';
import { ReviewList } from '../../src/resources/reviews/ReviewList';
import { renderScreen } from './renderScreen';
import { API, REVIEW, reviewApi, reviewAt, type SeenRequest } from './reviewsFixtures';
import { mockApi } from './mockApi';

const dataProvider = createDataProvider(RESOURCES);

let seen: SeenRequest[] = [];
const server = mockApi();
afterEach(async () => {
  seen = [];
  await i18nProvider.changeLocale('en');
});

const OWNER = { roleId: Role.RESTAURANT_OWNER, cityId: 1, restaurantId: 5 };

/** /reviews as a city role, or an owner's /restaurant/5/reviews, over these reviews. */
const show = (roleId: RoleId, reviews: Review[] = [REVIEW]) => {
  server.use(...reviewApi(seen, reviews));
  const owner = roleId === Role.RESTAURANT_OWNER;
  return renderScreen(
    <>
      {owner ? <RestaurantReviewList /> : <ReviewList />}
      <Notification />
    </>,
    owner
      ? { as: OWNER, dataProvider, resource: 'reviews', path: '/restaurant/5/reviews', route: '/restaurant/:id/reviews' }
      : { as: { roleId, cityId: 1 }, dataProvider, resource: 'reviews', path: '/reviews' },
  );
};
const card = async (id = REVIEW.id) => {
  // The first render loads the screen's modules and the data entry: give it time.
  await waitFor(() => expect(document.querySelector(`[data-review="${id}"]`)).not.toBeNull(), { timeout: 5000 });
  const found = document.querySelector<HTMLElement>(`[data-review="${id}"]`);
  if (!found) throw new Error(`no card ${id}`);
  return found;
};
const buttonNames = (found: HTMLElement) =>
  within(found)
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('a review card', () => {
  it('shows the restaurant, the order link, one star emoji per rating point and the text', async () => {
    show(Role.OPERATOR);
    const found = await card();
    expect(within(found).getByRole('heading', { name: 'Green Garden' })).toBeTruthy();
    expect(within(found).getByRole('link', { name: '#AB12CD34E' }).getAttribute('href')).toBe('/orders/AB12CD34E');
    expect(found.querySelector('time')?.getAttribute('datetime')).toBe(REVIEW.createdAt);
    expect(within(found).getByRole('img', { name: '4 stars' }).textContent).toBe('⭐⭐⭐⭐');
    expect(found.querySelector('[data-review-text]')?.textContent).toBe('Lovely pad thai');
    expect(found.querySelector('[data-review-state]')?.textContent).toBe('Unpublished');
  });

  it("shows no star at 0 or below, and 'No text' for a review without text", async () => {
    show(Role.OPERATOR, [
      { ...REVIEW, id: 1, rating: 0, text: null },
      { ...REVIEW, id: 2, rating: -1, text: '' },
      { ...REVIEW, id: 3, rating: 1 },
    ]);
    for (const id of [1, 2]) {
      const found = await card(id);
      expect(found.querySelector('[data-review-stars]'), String(id)).toBeNull();
      expect(found.querySelector('[data-review-text]')?.textContent).toBe('No text');
    }
    expect((await card(3)).querySelector('[data-review-stars]')?.textContent).toBe('⭐');
  });

  it('names the author to staff, with their messenger username as a link', async () => {
    show(Role.OPERATOR);
    const author = (await card()).querySelector<HTMLElement>('[data-review-author]');
    expect(author?.textContent).toBe('Author: Anna @anna_k');
    expect(
      within(author ?? document.body)
        .getByRole('link', { name: '@anna_k' })
        .getAttribute('href'),
    ).toBe('https://t.me/anna_k');
  });

  it('shows an owner no author and no delete button, even should a record carry the author', async () => {
    show(Role.RESTAURANT_OWNER);
    const found = await card();
    expect(found.querySelector('[data-review-author]')).toBeNull();
    expect(within(found).queryByText(/Anna/)).toBeNull();
    expect(buttonNames(found)).toEqual(['Approve']);
    expect(seen.find((r) => r.method === 'GET')?.path).toBe('/api/reviews/restaurant/5');
  });

  it('offers the step of each lifecycle state, and delete at every stage', async () => {
    show(Role.OPERATOR, [
      reviewAt('unpublished', { id: 1 }),
      reviewAt('approved', { id: 2 }),
      reviewAt('published', { id: 3 }),
      reviewAt('answered', { id: 4 }),
    ]);
    expect(buttonNames(await card(1))).toEqual(['Approve', 'Delete']);
    expect(buttonNames(await card(2))).toEqual(['Publish', 'Delete']);
    expect(buttonNames(await card(3))).toEqual(['Send the answer', 'Delete']);
    expect(buttonNames(await card(4))).toEqual(['Delete']);
    for (const id of [1, 2]) expect((await card(id)).querySelector('[data-review-answer]'), String(id)).toBeNull();
    expect((await card(3)).querySelector('[data-review-answer="open"]')).not.toBeNull();
    const locked = (await card(4)).querySelector<HTMLTextAreaElement>('[data-review-answer="locked"]');
    expect(locked?.readOnly).toBe(true);
    expect(locked?.value).toBe('Thank you, Anna!');
    expect(within(await card(4)).getByText('The answer was sent to the author and cannot be changed')).toBeTruthy();
  });
});

describe('the lifecycle of a review on its card', () => {
  it('approves with an empty body, publishes with {publish: true}, answers with PUT {text}, and then locks the answer', async () => {
    show(Role.OPERATOR);
    let found = await card();
    fireEvent.click(within(found).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(found.getAttribute('data-state')).toBe('approved'));
    expect(seen.find((r) => r.method === 'POST')).toMatchObject({ path: `/api/reviews/${REVIEW.id}`, body: {} });

    fireEvent.click(within(found).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(found.getAttribute('data-state')).toBe('published'));
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{}, { publish: true }]);

    found = await card();
    const send = within(found).getByRole('button', { name: 'Send the answer' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(found).getByLabelText('Answer'), { target: { value: '  Thank you, come again  ' } });
    fireEvent.click(send);
    await waitFor(() => expect(found.getAttribute('data-state')).toBe('answered'));
    expect(seen.find((r) => r.method === 'PUT')).toMatchObject({
      path: `/api/reviews/${REVIEW.id}`,
      body: { text: 'Thank you, come again' },
    });
    const locked = found.querySelector<HTMLTextAreaElement>('[data-review-answer="locked"]');
    expect(locked?.readOnly).toBe(true);
    expect(locked?.value).toBe('Thank you, come again');
    expect(within(found).queryByRole('button', { name: 'Send the answer' })).toBeNull();
  });

  it("says the server's refusal (409) in the user's language, and reads the list again", async () => {
    await i18nProvider.changeLocale('es');
    show(Role.OPERATOR, [reviewAt('approved')]);
    server.use(
      http.post(`${API}/reviews/:id`, () =>
        HttpResponse.json(
          { statusCode: 409, code: 'REVIEW_ALREADY_PUBLISHED', error: 'Conflict', message: 'The review is already published' },
          { status: 409 },
        ),
      ),
    );
    const found = await card();
    const lists = () => seen.filter((r) => r.method === 'GET').length;
    const before = lists();
    fireEvent.click(within(found).getByRole('button', { name: 'Publicar' }));
    await screen.findByText('La reseña ya está publicada');
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it('deletes only after a confirmation', async () => {
    show(Role.CITY_ADMIN);
    const found = await card();
    fireEvent.click(within(found).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this review?')).toBeTruthy();
    expect(within(dialog).getByText(/The review of order AB12CD34E leaves every list/)).toBeTruthy();
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(seen.find((r) => r.method === 'DELETE')?.path).toBe(`/api/reviews/${REVIEW.id}`));
    await waitFor(() => expect(document.querySelector(`[data-review="${REVIEW.id}"]`)).toBeNull());
  });

  it("opens the review's photo from GET /photo with the city and the file id", async () => {
    const createObjectURL = vi.fn(() => 'blob:review-photo');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    try {
      show(Role.OPERATOR, [{ ...REVIEW, telegramFileId: 'photo_file_1234' }]);
      fireEvent.click(within(await card()).getByRole('button', { name: 'Show the photo' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('img').getAttribute('src')).toBe('blob:review-photo');
      const request = seen.find((r) => r.path === '/api/photo');
      expect(request?.query.get('telegramFileId')).toBe('photo_file_1234');
      expect(request?.query.get('cityId')).toBe('1');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('has no photo icon for a review without a photo', async () => {
    show(Role.OPERATOR);
    expect(within(await card()).queryByRole('button', { name: 'Show the photo' })).toBeNull();
  });
});
