import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEventWorker } from '../../server/jobs/eventWorker';
import { localMessenger } from '../../server/messenger/local';
import { EventStatus, Role, type Review } from '../../src/domain';
import { backends, createRestaurant, createStaff, login, bearer, useStaffApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

const FILES = join(tmpdir(), `backoffice-reviews-${process.pid}`);
const CHANNEL = '-1001234567890';

interface ReviewSpec {
  restaurantId: number;
  cityId: number;
  userId: number;
  text?: string | null;
  rating?: number;
  createdAt?: Date;
  approvedAt?: Date | null;
  publishedAt?: Date | null;
  answer?: string | null;
  deletedAt?: Date | null;
  telegramFileId?: string | null;
}

describe.each(backends)('reviews API on %s', (backend) => {
  const t = useStaffApp(backend);
  let secondRestaurantId: number;
  let farRestaurantId: number;
  let customerId: number;
  let customerTelegramId: number;
  let farCustomerId: number;
  let botId: number;
  const r: Record<string, number> = {};

  const createReview = async (spec: ReviewSpec): Promise<number> => {
    const order = await createOrder(t.db, { cityId: spec.cityId, restaurantId: spec.restaurantId, userId: spec.userId });
    const row = await t.db
      .insertInto('reviews')
      .values({
        order_id: order.id,
        text: spec.text === undefined ? 'Tasty' : spec.text,
        rating: spec.rating ?? 5,
        answer: spec.answer ?? null,
        telegram_file_id: spec.telegramFileId ?? null,
        approved_at: spec.approvedAt ?? null,
        published_at: spec.publishedAt ?? null,
        deleted_at: spec.deletedAt ?? null,
        created_at: spec.createdAt ?? new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const mine = (spec: Partial<ReviewSpec> = {}) =>
    createReview({ cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId: customerId, ...spec });

  const ids = (response: { json: <T>() => T }) => response.json<Review[]>().map((review) => review.id);
  const eventsOf = async (reviewId: number) =>
    (await t.db.selectFrom('events').select(['type', 'payload', 'status']).orderBy('id').execute()).filter(
      (event) => event.payload.reviewId === reviewId,
    );

  beforeAll(async () => {
    secondRestaurantId = await createRestaurant(t.db, t.ids.cityId, 'Second kitchen');
    farRestaurantId = await createRestaurant(t.db, t.ids.otherCityId, 'Far kitchen');
    customerTelegramId = 7_100_001;
    customerId = await createCustomer(t.db, t.ids.cityId, { telegramId: customerTelegramId });
    farCustomerId = await createCustomer(t.db, t.ids.otherCityId);
    botId = (
      await t.db
        .insertInto('bots')
        .values({ bot_token: `${t.ids.cityId}:token`, city_id: t.ids.cityId })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.insertInto('city_configs').values({ city_id: t.ids.cityId, key: 'reviewChannelId', value: CHANNEL }).execute();
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    r.unpublished = await mine({ rating: 5, text: 'Great pizza', createdAt: at('2026-03-10') });
    r.approved = await mine({ rating: 4, createdAt: at('2026-03-11'), approvedAt: at('2026-03-11') });
    r.published = await mine({ rating: 3, createdAt: at('2026-03-12'), approvedAt: at('2026-03-12'), publishedAt: at('2026-03-12') });
    r.answered = await mine({
      rating: 1,
      createdAt: new Date('2026-03-12T13:00:00Z'),
      approvedAt: at('2026-03-12'),
      publishedAt: at('2026-03-12'),
      answer: 'Sorry!',
    });
    r.deleted = await mine({ rating: 5, createdAt: at('2026-03-11'), deletedAt: at('2026-03-12') });
    r.second = await mine({ restaurantId: secondRestaurantId, rating: -1, text: null, createdAt: at('2026-03-13') });
    r.far = await createReview({
      cityId: t.ids.otherCityId,
      restaurantId: farRestaurantId,
      userId: farCustomerId,
      createdAt: at('2026-03-13'),
    });
  });

  describe('lists', () => {
    it("lists a city's reviews newest first, without deleted ones, with X-Total-Count, for every city role", async () => {
      for (const who of ['admin', 'cityadmin', 'operator']) {
        const response = await t.call(who, 'GET', `/reviews/${t.ids.cityId}`);
        expect(response.statusCode, who).toBe(200);
        expect(ids(response), who).toEqual([r.second, r.answered, r.published, r.approved, r.unpublished]);
        expect(response.headers['x-total-count'], who).toBe('5');
      }
      const first = (await t.call('admin', 'GET', `/reviews/${t.ids.cityId}`))
        .json<Review[]>()
        .find((review) => review.id === r.unpublished);
      expect(first).toMatchObject({
        text: 'Great pizza',
        rating: 5,
        answer: null,
        approvedAt: null,
        publishedAt: null,
        telegramFileId: null,
        state: 'unpublished',
        order: { threadId: expect.any(String), restaurant: { name: 'Test kitchen' } },
        telegramProfile: { name: expect.stringMatching(/^Customer/), username: expect.stringMatching(/^customer_/) },
        createdAt: '2026-03-10T12:00:00.000Z',
      });
    });

    it('keeps city roles to their city and owners to their restaurant', async () => {
      expect((await t.call('admin', 'GET', `/reviews/${t.ids.otherCityId}`)).json<Review[]>().map((x) => x.id)).toEqual([r.far]);
      for (const who of ['cityadmin', 'operator']) {
        const response = await t.call(who, 'GET', `/reviews/${t.ids.otherCityId}`);
        expect(response.statusCode, who).toBe(404);
        expect(response.json().code).toBe('CITY_NOT_FOUND');
        const far = await t.call(who, 'GET', `/reviews/restaurant/${farRestaurantId}`);
        expect(far.statusCode, who).toBe(404);
        expect(ids(await t.call(who, 'GET', `/reviews/restaurant/${secondRestaurantId}`)), who).toEqual([r.second]);
      }
      expect((await t.call('admin', 'GET', '/reviews/999999')).statusCode).toBe(404);
      // Owners use their restaurant's route.
      expect((await t.call('owner', 'GET', `/reviews/${t.ids.cityId}`)).statusCode).toBe(403);
      const own = await t.call('owner', 'GET', `/reviews/restaurant/${t.ids.restaurantId}`);
      expect(own.statusCode).toBe(200);
      expect(ids(own)).toEqual([r.answered, r.published, r.approved, r.unpublished]);
      for (const other of [secondRestaurantId, farRestaurantId, 999999]) {
        const response = await t.call('owner', 'GET', `/reviews/restaurant/${other}`);
        expect(response.statusCode, String(other)).toBe(404);
        expect(response.json().code).toBe('RESTAURANT_NOT_FOUND');
      }
      expect((await t.app.inject({ method: 'GET', url: `/api/reviews/${t.ids.cityId}` })).statusCode).toBe(401);
    });

    it("masks the author's profile for owners, on the server", async () => {
      const own = (await t.call('owner', 'GET', `/reviews/restaurant/${t.ids.restaurantId}`)).json<Review[]>();
      expect(own.length).toBeGreaterThan(0);
      for (const review of own) expect(review.telegramProfile).toBeNull();
      expect((await t.call('owner', 'GET', `/reviews/restaurant/${t.ids.restaurantId}`)).body).not.toContain('customer_');
      const staff = (await t.call('operator', 'GET', `/reviews/restaurant/${t.ids.restaurantId}`)).json<Review[]>();
      for (const review of staff) expect(review.telegramProfile).not.toBeNull();
    });

    it('filters by state, rating, restaurant and days', async () => {
      const list = async (query: string) => ids(await t.call('cityadmin', 'GET', `/reviews/${t.ids.cityId}?${query}`));
      expect(await list('state=unpublished')).toEqual([r.second, r.unpublished]);
      expect(await list('state=approved')).toEqual([r.approved]);
      expect(await list('state=published')).toEqual([r.published]);
      expect(await list('state=answered')).toEqual([r.answered]);
      expect(await list('rating=-1')).toEqual([r.second]);
      expect(await list('rating=5')).toEqual([r.unpublished]);
      expect(await list('rating=0')).toEqual([]);
      expect(await list(`restaurantId=${secondRestaurantId}`)).toEqual([r.second]);
      expect(await list('from=2026-03-11&to=2026-03-12')).toEqual([r.answered, r.published, r.approved]);
      expect(await list('from=2026-03-13')).toEqual([r.second]);
      expect(await list('to=2026-03-10')).toEqual([r.unpublished]);
      expect(await list('state=published&rating=3&from=2026-03-12&to=2026-03-12')).toEqual([r.published]);
      const owner = await t.call('owner', 'GET', `/reviews/restaurant/${t.ids.restaurantId}?state=answered`);
      expect(ids(owner)).toEqual([r.answered]);
      expect(owner.json<Review[]>()[0]).toMatchObject({ state: 'answered', answer: 'Sorry!' });
    });

    it('pages in SQL with the total of all pages', async () => {
      const page = async (n: number) => t.call('admin', 'GET', `/reviews/${t.ids.cityId}?page=${n}&perPage=2`);
      const first = await page(1);
      expect(ids(first)).toEqual([r.second, r.answered]);
      expect(first.headers['x-total-count']).toBe('5');
      expect(ids(await page(2))).toEqual([r.published, r.approved]);
      expect(ids(await page(3))).toEqual([r.unpublished]);
      const filtered = await t.call('admin', 'GET', `/reviews/${t.ids.cityId}?state=unpublished&page=1&perPage=1`);
      expect(ids(filtered)).toEqual([r.second]);
      expect(filtered.headers['x-total-count']).toBe('2');
    });

    it('sorts by createdAt or rating when asked, newest first otherwise, paging the sorted list', async () => {
      const list = async (query: string) => ids(await t.call('operator', 'GET', `/reviews/${t.ids.cityId}?${query}`));
      expect(await list('sort=rating&order=DESC')).toEqual([r.unpublished, r.approved, r.published, r.answered, r.second]);
      expect(await list('sort=rating&order=asc')).toEqual([r.second, r.answered, r.published, r.approved, r.unpublished]);
      expect(await list('sort=createdAt&order=ASC')).toEqual([r.unpublished, r.approved, r.published, r.answered, r.second]);
      expect(await list('sort=createdAt&order=DESC')).toEqual(await list(''));
      const page = await t.call('operator', 'GET', `/reviews/${t.ids.cityId}?sort=rating&order=ASC&page=2&perPage=2`);
      expect(ids(page)).toEqual([r.published, r.approved]);
      expect(page.headers['x-total-count']).toBe('5');
      const owner = await t.call('owner', 'GET', `/reviews/restaurant/${t.ids.restaurantId}?sort=rating&order=ASC`);
      expect(ids(owner)).toEqual([r.answered, r.published, r.approved, r.unpublished]);
    });

    it('takes instants with their zone as well as days for from and to, both inclusive', async () => {
      const list = async (query: string) => ids(await t.call('cityadmin', 'GET', `/reviews/${t.ids.cityId}?${query}`));
      // 12:00Z is the published review's time, 13:00Z the answered one's.
      expect(await list(`from=${encodeURIComponent('2026-03-12T12:30:00Z')}`)).toEqual([r.second, r.answered]);
      expect(await list(`from=${encodeURIComponent('2026-03-12T15:30:00+03:00')}`)).toEqual([r.second, r.answered]);
      expect(await list(`to=${encodeURIComponent('2026-03-12T12:00:00Z')}`)).toEqual([r.published, r.approved, r.unpublished]);
      expect(await list(`to=${encodeURIComponent('2026-03-12T14:59:59.999+03:00')}`)).toEqual([r.approved, r.unpublished]);
      expect(
        await list(`from=${encodeURIComponent('2026-03-12T00:00:00+03:00')}&to=${encodeURIComponent('2026-03-12T23:59:59.999+03:00')}`),
      ).toEqual([r.answered, r.published]);
    });

    it('answers bad filters with 400', async () => {
      for (const query of [
        'state=gone',
        'rating=6',
        'rating=-2',
        'rating=abc',
        'rating=1.5',
        'from=yesterday',
        'to=2026-13-01',
        'restaurantId=0',
        'restaurantId=x',
        'page=0',
        'perPage=100000',
        'sort=text',
        'sort=id',
        'sort=rv.created_at',
        'order=sideways',
        'from=2026-03-12T12:00:00',
        'to=2026-03-12T25:00:00Z',
      ]) {
        const response = await t.call('admin', 'GET', `/reviews/${t.ids.cityId}?${query}`);
        expect(response.statusCode, query).toBe(400);
      }
      expect((await t.call('admin', 'GET', '/reviews/abc')).statusCode).toBe(400);
      expect((await t.call('admin', 'GET', '/reviews/restaurant/0')).statusCode).toBe(400);
      expect((await t.call('admin', 'GET', '/reviews/99999999999')).statusCode).toBe(400);
    });
  });

  describe('lifecycle', () => {
    it('approves with an empty body, and publishes with an event to the channel, once', async () => {
      const id = await mine({ rating: 4, text: 'Nice soup' });
      const approved = await t.call('operator', 'POST', `/reviews/${id}`, {});
      expect(approved.statusCode, approved.body).toBe(200);
      const approvedAt = approved.json<Review>().approvedAt;
      expect(approved.json<Review>()).toMatchObject({ id, state: 'approved', publishedAt: null, approvedAt: expect.any(String) });
      expect(await eventsOf(id)).toEqual([]);

      const published = await t.call('operator', 'POST', `/reviews/${id}`, { publish: true });
      expect(published.statusCode, published.body).toBe(200);
      // Approval keeps its time.
      expect(published.json<Review>()).toMatchObject({ state: 'published', approvedAt, publishedAt: expect.any(String) });
      expect(await eventsOf(id)).toEqual([{ type: 'review_publish', payload: { reviewId: id }, status: EventStatus.PENDING }]);

      for (const body of [{ publish: true }, {}]) {
        const again = await t.call('cityadmin', 'POST', `/reviews/${id}`, body);
        expect(again.statusCode, JSON.stringify(body)).toBe(409);
        expect(again.json().code).toBe('REVIEW_ALREADY_PUBLISHED');
      }
      expect(await eventsOf(id)).toHaveLength(1);
    });

    it('publishes an unapproved review directly, setting both times', async () => {
      const id = await mine();
      const published = await t.call('owner', 'POST', `/reviews/${id}`, { publish: true });
      expect(published.statusCode, published.body).toBe(200);
      const review = published.json<Review>();
      expect(review.approvedAt).not.toBeNull();
      expect(review.approvedAt).toBe(review.publishedAt);
      expect(review.telegramProfile).toBeNull();
    });

    it('publishes only once when two requests race', async () => {
      const id = await mine();
      const answers = await Promise.all([1, 2, 3].map(() => t.call('admin', 'POST', `/reviews/${id}`, { publish: true })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await eventsOf(id)).toHaveLength(1);
    });

    it('answers a published review once, with an event to the author; refuses unpublished ones', async () => {
      const draft = await mine();
      const notPublished = await t.call('operator', 'PUT', `/reviews/${draft}`, { text: 'Thanks' });
      expect(notPublished.statusCode).toBe(409);
      expect(notPublished.json().code).toBe('REVIEW_NOT_PUBLISHED');
      expect(await eventsOf(draft)).toEqual([]);

      const id = await mine({ publishedAt: new Date(), approvedAt: new Date() });
      const answered = await t.call('owner', 'PUT', `/reviews/${id}`, { text: 'Thank you, come again' });
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json<Review>()).toMatchObject({ state: 'answered', answer: 'Thank you, come again' });
      expect(await eventsOf(id)).toEqual([{ type: 'review_answer', payload: { reviewId: id }, status: EventStatus.PENDING }]);

      const locked = await t.call('admin', 'PUT', `/reviews/${id}`, { text: 'Another answer' });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().code).toBe('REVIEW_ANSWER_LOCKED');
      const stored = await t.db.selectFrom('reviews').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored.answer).toBe('Thank you, come again');
      expect(await eventsOf(id)).toHaveLength(1);
    });

    it('the worker posts published reviews to the city channel and answers to the author', async () => {
      const published = await mine({ rating: 4, text: 'Lovely crust', telegramFileId: null });
      const answered = await mine({ rating: 2, text: 'Cold fries', publishedAt: new Date(), approvedAt: new Date() });
      expect((await t.call('admin', 'POST', `/reviews/${published}`, { publish: true })).statusCode).toBe(200);
      expect((await t.call('admin', 'PUT', `/reviews/${answered}`, { text: 'We are sorry' })).statusCode).toBe(200);
      await t.db.deleteFrom('messenger_outbox').execute();
      // Earlier cases' events are delivered too; only these two are looked at.
      await t.db
        .updateTable('events')
        .set({ status: EventStatus.PROCESSED })
        .where(sql<boolean>`(payload->>'reviewId')::int not in (${published}, ${answered})`)
        .execute();

      const worker = startEventWorker({
        db: t.db,
        messenger: localMessenger(t.db, FILES),
        pollMs: 3_600_000,
        log: { warn: () => {}, error: () => {} },
      });
      try {
        expect(await worker.runOnce()).toBe(2);
      } finally {
        await worker.stop();
      }
      const outbox = await t.db.selectFrom('messenger_outbox').selectAll().orderBy('id').execute();
      expect(outbox).toEqual([
        expect.objectContaining({ bot_id: botId, chat_id: CHANNEL, text: '★★★★☆\n\nLovely crust\n\n— Test kitchen', button: null }),
        expect.objectContaining({
          bot_id: botId,
          chat_id: String(customerTelegramId),
          text: '«Cold fries»\n\nTest kitchen: We are sorry',
        }),
      ]);
      for (const id of [published, answered]) {
        expect((await eventsOf(id)).map((event) => event.status)).toEqual([EventStatus.PROCESSED]);
      }
    });

    it('posts a review and sends its answer once each, though a worker that died after sending leaves their events due again', async () => {
      /** One worker pass over this review's events only: earlier cases' events count as delivered. */
      const deliverOnly = async (reviewId: number) => {
        await t.db
          .updateTable('events')
          .set({ status: EventStatus.PROCESSED })
          .where(sql<boolean>`coalesce((payload->>'reviewId')::int, 0) <> ${reviewId}`)
          .where('status', '<>', EventStatus.PROCESSED)
          .execute();
        const worker = startEventWorker({
          db: t.db,
          messenger: localMessenger(t.db, FILES),
          pollMs: 3_600_000,
          log: { warn: () => {}, error: () => {} },
        });
        try {
          await worker.runOnce();
        } finally {
          await worker.stop();
        }
      };
      /** The worker sent, then died before recording it: its lease runs out and the event is due again. */
      const diedAfterSending = () =>
        t.db
          .updateTable('events')
          .set({ status: EventStatus.PROCESSING, run_at: new Date(Date.now() - 1000) })
          .where(sql<boolean>`(payload->>'reviewId')::int = ${id}`)
          .execute();
      const sent = () => t.db.selectFrom('messenger_outbox').select(['id', 'chat_id']).orderBy('id').execute();
      const marks = () =>
        t.db.selectFrom('reviews').select(['channel_message_id', 'answer_sent_at']).where('id', '=', id).executeTakeFirstOrThrow();

      const id = await mine({ rating: 5, text: 'Posted once' });
      expect((await t.call('operator', 'POST', `/reviews/${id}`, { publish: true })).statusCode).toBe(200);
      await t.db.deleteFrom('messenger_outbox').execute();
      await deliverOnly(id);
      const [post] = await sent();
      expect(post).toEqual({ id: expect.anything(), chat_id: CHANNEL });
      expect(await marks()).toEqual({ channel_message_id: String(post.id), answer_sent_at: null });

      await diedAfterSending();
      await deliverOnly(id);
      expect(await sent()).toHaveLength(1);
      expect((await eventsOf(id)).map((event) => event.status)).toEqual([EventStatus.PROCESSED]);

      expect((await t.call('operator', 'PUT', `/reviews/${id}`, { text: 'Thank you' })).statusCode).toBe(200);
      await deliverOnly(id);
      expect((await sent()).map((message) => message.chat_id)).toEqual([CHANNEL, String(customerTelegramId)]);
      expect((await marks()).answer_sent_at).toBeInstanceOf(Date);

      // Both events due again: neither the channel nor the author gets a second message.
      await diedAfterSending();
      await deliverOnly(id);
      expect(await sent()).toHaveLength(2);
      expect((await eventsOf(id)).map((event) => event.status)).toEqual([EventStatus.PROCESSED, EventStatus.PROCESSED]);
    });

    it('fails a publish event for good when the city has no review channel', async () => {
      const id = await createReview({ cityId: t.ids.otherCityId, restaurantId: farRestaurantId, userId: farCustomerId });
      expect((await t.call('admin', 'POST', `/reviews/${id}`, { publish: true })).statusCode).toBe(200);
      await t.db
        .updateTable('events')
        .set({ status: EventStatus.PROCESSED })
        .where(sql<boolean>`(payload->>'reviewId')::int <> ${id}`)
        .where('status', '<>', EventStatus.PROCESSED)
        .execute();
      const worker = startEventWorker({
        db: t.db,
        messenger: localMessenger(t.db, FILES),
        pollMs: 3_600_000,
        log: { warn: () => {}, error: () => {} },
      });
      try {
        await worker.runOnce();
      } finally {
        await worker.stop();
      }
      expect((await eventsOf(id)).map((event) => event.status)).toEqual([EventStatus.FAILED]);
    });

    it('soft-deletes for admins, city admins and operators, never for owners', async () => {
      const forOwner = await mine();
      const refused = await t.call('owner', 'DELETE', `/reviews/${forOwner}`);
      expect(refused.statusCode).toBe(403);
      for (const who of ['admin', 'cityadmin', 'operator']) {
        const id = await mine();
        const response = await t.call(who, 'DELETE', `/reviews/${id}`);
        expect(response.statusCode, who).toBe(200);
        expect(response.json<Review>().id).toBe(id);
        const row = await t.db.selectFrom('reviews').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
        expect(row.deleted_at, who).not.toBeNull();
        expect(ids(await t.call('admin', 'GET', `/reviews/${t.ids.cityId}`)), who).not.toContain(id);
        // A deleted review is gone for every step.
        for (const [method, body] of [
          ['DELETE', undefined],
          ['POST', {}],
          ['PUT', { text: 'x' }],
        ] as const) {
          const again = await t.call('admin', method, `/reviews/${id}`, body);
          expect(again.statusCode, `${who} ${method}`).toBe(404);
          expect(again.json().code).toBe('REVIEW_NOT_FOUND');
        }
      }
      expect(await t.db.selectFrom('reviews').select('deleted_at').where('id', '=', forOwner).executeTakeFirstOrThrow()).toEqual({
        deleted_at: null,
      });
    });

    it('answers reviews out of scope as not found, and changes nothing', async () => {
      const second = await mine({ restaurantId: secondRestaurantId });
      const cases: [string, number][] = [
        ['cityadmin', r.far],
        ['operator', r.far],
        ['owner', second],
        ['owner', r.far],
      ];
      for (const [who, id] of cases) {
        for (const [method, body] of [
          ['POST', {}],
          ['POST', { publish: true }],
          ['PUT', { text: 'x' }],
          ...(who === 'owner' ? [] : ([['DELETE', undefined]] as const)),
        ] as const) {
          const response = await t.call(who, method, `/reviews/${id}`, body);
          expect(response.statusCode, `${who} ${method} ${id}`).toBe(404);
          expect(response.json().code).toBe('REVIEW_NOT_FOUND');
        }
      }
      const far = await t.db.selectFrom('reviews').selectAll().where('id', '=', r.far).executeTakeFirstOrThrow();
      expect(far).toMatchObject({ approved_at: null, published_at: null, answer: null, deleted_at: null });
      expect((await t.call('admin', 'POST', '/reviews/999999', {})).statusCode).toBe(404);
    });

    it('refuses bad bodies and ids with 400, changing nothing', async () => {
      const id = await mine({ publishedAt: new Date(), approvedAt: new Date() });
      for (const body of [{ publish: 'yes' }, { publish: 1 }, { unknown: 1 }, [], null]) {
        const response = await t.call('admin', 'POST', `/reviews/${id}`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      for (const body of [
        {},
        { text: '' },
        { text: '   ' },
        { text: 42 },
        { text: 'a\u0000b' },
        { text: 'x'.repeat(5000) },
        { text: 'ok', more: 1 },
      ]) {
        const response = await t.call('admin', 'PUT', `/reviews/${id}`, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      }
      expect((await t.call('admin', 'PUT', `/reviews/${id}`, { text: 'a\u0000b' })).json().details).toContainEqual(
        expect.objectContaining({ field: 'text' }),
      );
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        expect((await t.call('admin', method, '/reviews/abc', method === 'PUT' ? { text: 'x' } : {})).statusCode, method).toBe(400);
      }
      const row = await t.db.selectFrom('reviews').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.answer).toBeNull();
      expect(await eventsOf(id)).toEqual([]);
    });

    it('lets a second owner of another restaurant see nothing of this one', async () => {
      await createStaff(t.db, {
        username: 'owner2',
        roleId: Role.RESTAURANT_OWNER,
        cityId: t.ids.cityId,
        restaurantId: secondRestaurantId,
      });
      const headers = bearer(await login(t.app, 'owner2'));
      const response = await t.app.inject({ method: 'GET', url: `/api/reviews/restaurant/${secondRestaurantId}`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.json<Review[]>().every((review) => review.order.restaurant.name === 'Second kitchen')).toBe(true);
      const mineForOther = await t.app.inject({ method: 'POST', url: `/api/reviews/${r.unpublished}`, headers, payload: {} });
      expect(mineForOther.statusCode).toBe(404);
    });
  });
});
