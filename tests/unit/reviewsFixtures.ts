import { http, HttpResponse } from 'msw';
import { reviewState, type Review } from '../../src/domain';
import { API } from './mockApi';

export { API };

/** An unpublished four-star review of Green Garden (London) by Anna. */
export const REVIEW: Review = {
  id: 21,
  orderId: 11,
  order: { threadId: 'AB12CD34E', restaurant: { name: 'Green Garden', name_ru: 'Зелёный сад' } },
  createdAt: '2026-03-05T14:02:00.000Z',
  text: 'Lovely pad thai',
  rating: 4,
  answer: null,
  approvedAt: null,
  publishedAt: null,
  telegramFileId: null,
  state: 'unpublished',
  telegramProfile: { name: 'Anna', username: 'anna_k' },
};

const AT = '2026-03-05T16:00:00.000Z';

/** The review at a later step of its lifecycle. */
export const reviewAt = (state: Review['state'], changes: Partial<Review> = {}): Review => ({
  ...REVIEW,
  approvedAt: state === 'unpublished' ? null : AT,
  publishedAt: state === 'published' || state === 'answered' ? AT : null,
  answer: state === 'answered' ? 'Thank you, Anna!' : null,
  state,
  ...changes,
});

/** Every request the review screens made, by method and path, with its query and body. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const seenOf = async (request: Request, seen: SeenRequest[]) => {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  seen.push({ method: request.method, path: url.pathname, query: url.searchParams, body: text ? (JSON.parse(text) as unknown) : null });
};

/**
 * The reviews API over fixed rows, answering each lifecycle step as the server does: the
 * review as it now stands. `seen` collects the calls.
 */
export function reviewApi(seen: SeenRequest[], reviews: Review[] = [REVIEW]) {
  const rows = new Map(reviews.map((review) => [review.id, review]));
  const list = async ({ request }: { request: Request }) => {
    await seenOf(request, seen);
    return HttpResponse.json([...rows.values()], { headers: { 'X-Total-Count': String(rows.size) } });
  };
  const step = (id: number, change: (review: Review) => Partial<Review>) => {
    const review = rows.get(id);
    if (!review) return HttpResponse.json({ statusCode: 404, code: 'REVIEW_NOT_FOUND', message: 'Review not found' }, { status: 404 });
    const next = { ...review, ...change(review) };
    const stepped = { ...next, state: reviewState(next) };
    rows.set(id, stepped);
    return HttpResponse.json(stepped);
  };
  return [
    http.get(`${API}/reviews/restaurant/:restaurantId`, list),
    http.get(`${API}/reviews/:cityId`, list),
    http.post(`${API}/reviews/:id`, async ({ request, params }) => {
      await seenOf(request, seen);
      const body = (await request.clone().json()) as { publish?: boolean };
      return step(Number(params.id), (review) => ({
        approvedAt: review.approvedAt ?? AT,
        ...(body.publish ? { publishedAt: AT } : {}),
      }));
    }),
    http.put(`${API}/reviews/:id`, async ({ request, params }) => {
      await seenOf(request, seen);
      const body = (await request.clone().json()) as { text: string };
      return step(Number(params.id), () => ({ answer: body.text }));
    }),
    http.delete(`${API}/reviews/:id`, async ({ request, params }) => {
      await seenOf(request, seen);
      const review = rows.get(Number(params.id));
      rows.delete(Number(params.id));
      return HttpResponse.json(review);
    }),
    http.get(`${API}/photo`, async ({ request }) => {
      await seenOf(request, seen);
      return new HttpResponse(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } });
    }),
    http.get(`${API}/restaurants/city/:cityId`, () =>
      HttpResponse.json([{ id: 5, name: 'Green Garden', name_ru: 'Зелёный сад' }], { headers: { 'X-Total-Count': '1' } }),
    ),
    http.get(`${API}/restaurants/:id`, ({ params }) =>
      HttpResponse.json({ id: Number(params.id), name: 'Green Garden', name_ru: 'Зелёный сад' }),
    ),
    http.get(`${API}/cities`, () =>
      HttpResponse.json(
        [
          { id: 1, name: 'London', name_ru: 'Лондон' },
          { id: 2, name: 'Valencia', name_ru: 'Валенсия' },
        ],
        { headers: { 'X-Total-Count': '2' } },
      ),
    ),
  ];
}
