import { describe, expect, it } from 'vitest';
import { AdStatus, EventStatus, type Ad } from '../../src/domain';
import { AD_CHAT, adBody, adEvents, setAdConfig, useAdsApp } from './adsFixtures';
import { backends } from './harness';

describe.each(backends)('advertisements API on %s', (backend) => {
  const t = useAdsApp(backend);
  const ids = (response: { json: <T>() => T }) => response.json<Ad[]>().map((ad) => ad.id);

  it('refuses operators every ad call', async () => {
    const { call, ids: seeded } = t();
    for (const [method, url] of [
      ['GET', '/advertisements'],
      ['GET', '/advertisements/1'],
      ['GET', '/advertisements/timeout'],
      ['GET', '/advertisements/chat'],
      ['DELETE', '/advertisements/1'],
    ] as const) {
      expect((await call('operator', method, url)).statusCode, url).toBe(403);
    }
    const body = adBody(t().clock, { restaurantId: seeded.restaurantId });
    expect((await call('operator', 'POST', '/advertisements', body)).statusCode).toBe(403);
    expect((await call('operator', 'PUT', '/advertisements/1', { text: 'x' })).statusCode).toBe(403);
  });

  it('an admin creates an ad for a restaurant: waiting, in the city chat, its publication due at the publish time', async () => {
    const { call, clock, db, ids: seeded } = t();
    const body = adBody(clock, { restaurantId: seeded.restaurantId, telegramChatId: '-100999', telegramFileIds: ['photoFileId01'] });
    const response = await call('admin', 'POST', '/advertisements', body);
    expect(response.statusCode).toBe(201);
    const ad = response.json<Ad>();
    expect(ad).toMatchObject({
      text: body.text,
      restaurantId: seeded.restaurantId,
      restaurant: { id: seeded.restaurantId, name: 'Test kitchen', cityId: seeded.cityId },
      publishTimestamp: body.publishTimestamp,
      publishDate: body.publishTimestamp,
      unpublishTimestamp: body.unpublishTimestamp,
      // The chat is the city's, not the one sent.
      telegramChatId: AD_CHAT,
      telegramFileIds: ['photoFileId01'],
      videoFileId: null,
      status: AdStatus.CREATED,
      error: null,
      createdAt: clock.now().toISOString(),
    });
    expect(await adEvents(db, ad.id)).toEqual([
      expect.objectContaining({ type: 'ad_publish', status: EventStatus.PENDING, run_at: new Date(body.publishTimestamp), attempts: 0 }),
    ]);
    const one = await call('cityadmin', 'GET', `/advertisements/${ad.id}`);
    expect(one.json()).toEqual(ad);
  });

  it('admins and city admins must name a restaurant they reach; the city must have an ad chat', async () => {
    const { call, clock, ids: seeded } = t();
    const missing = await call('admin', 'POST', '/advertisements', adBody(clock));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual(expect.objectContaining({ field: 'restaurantId', message: 'Required' }));

    const far = await call('cityadmin', 'POST', '/advertisements', adBody(clock, { restaurantId: seeded.farRestaurantId }));
    expect(far.statusCode).toBe(400);
    expect(far.json().details).toContainEqual(expect.objectContaining({ field: 'restaurantId', message: 'must be chosen from the list' }));
    const unknown = await call('admin', 'POST', '/advertisements', adBody(clock, { restaurantId: 999_999 }));
    expect(unknown.statusCode).toBe(400);

    const noChat = await call('admin', 'POST', '/advertisements', adBody(clock, { restaurantId: seeded.farRestaurantId }));
    expect(noChat.statusCode).toBe(409);
    expect(noChat.json()).toMatchObject({ code: 'AD_NO_CHAT' });

    const own = await call('cityadmin', 'POST', '/advertisements', adBody(clock, { restaurantId: seeded.secondRestaurantId }));
    expect(own.statusCode).toBe(201);
    expect(own.json<Ad>().restaurantId).toBe(seeded.secondRestaurantId);
  });

  it('checks the text, the times and the media with the spec messages', async () => {
    const { call, clock, ids: seeded } = t();
    const post = (fields: Parameters<typeof adBody>[1]) =>
      call('admin', 'POST', '/advertisements', adBody(clock, { restaurantId: seeded.restaurantId, ...fields }));
    const cases: [Parameters<typeof adBody>[1], string, string][] = [
      [{ text: 'x'.repeat(1024) }, 'text', 'The message length must be less than 1024 characters'],
      [{ text: '  ' }, 'text', 'Required'],
      [{ unpublishTimestamp: clock.in(10) }, 'unpublishTimestamp', 'must be after the publish time'],
      [{ unpublishTimestamp: clock.in(-5), publishTimestamp: clock.in(-60) }, 'unpublishTimestamp', 'must be in the future'],
      [{ publishTimestamp: 'tomorrow' }, 'publishTimestamp', 'must be a date and time'],
      [{ telegramFileIds: ['photoFileId01'], videoFileId: 'videoFileId01' }, 'videoFileId', 'an ad carries images or a video, not both'],
      [{ telegramFileIds: Array.from({ length: 11 }, (_, i) => `photoFileId${i}x`) }, 'telegramFileIds', 'at most 10 images'],
      [{ telegramFileIds: ['../../etc/passwd'] }, 'telegramFileIds.0', 'is not valid'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await post(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().details, JSON.stringify(fields)).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect((await post({ text: 'x'.repeat(1023), videoFileId: 'videoFileId01' })).statusCode).toBe(201);
  });

  it("an owner's ad is always their restaurant's, and the next waits adChatGap minutes (429 with the time left)", async () => {
    const { call, clock, db, ids: seeded } = t();
    await db.deleteFrom('advertisements').execute();
    expect((await call('owner', 'GET', '/advertisements/timeout')).json()).toEqual({ timeout: 0 });

    const first = await call('owner', 'POST', '/advertisements', adBody(clock, { restaurantId: seeded.secondRestaurantId }));
    expect(first.statusCode).toBe(201);
    expect(first.json<Ad>().restaurantId).toBe(seeded.restaurantId);

    expect((await call('owner', 'GET', '/advertisements/timeout')).json()).toEqual({ timeout: 1800 });
    expect((await call('admin', 'GET', '/advertisements/timeout')).json()).toEqual({ timeout: 0 });
    expect((await call('cityadmin', 'GET', '/advertisements/timeout')).json()).toEqual({ timeout: 0 });

    clock.advance(1200);
    const refused = await call('owner', 'POST', '/advertisements', adBody(clock));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json()).toMatchObject({
      code: 'AD_TIMEOUT',
      args: { minutes: 10, seconds: 600 },
      message: 'Your restaurant may post its next ad in 10 min (600 s)',
    });
    // Admins and city admins are never held back, and their ads count for the owner too.
    expect((await call('cityadmin', 'POST', '/advertisements', adBody(clock, { restaurantId: seeded.restaurantId }))).statusCode).toBe(201);
    expect((await call('owner', 'GET', '/advertisements/timeout')).json()).toEqual({ timeout: 1800 });

    clock.advance(1799);
    expect((await call('owner', 'GET', '/advertisements/timeout')).json()).toEqual({ timeout: 1 });
    clock.advance(1);
    expect((await call('owner', 'GET', '/advertisements/timeout')).json()).toEqual({ timeout: 0 });
    expect((await call('owner', 'POST', '/advertisements', adBody(clock))).statusCode).toBe(201);
  });

  it('creations by one owner at once: one is taken, the others wait their turn and are refused', async () => {
    const { call, clock, db } = t();
    clock.advance(3600);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => call('owner', 'POST', '/advertisements', adBody(clock, { text: `Race ${n}` }))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 429, 429, 429]);
    const created = await db.selectFrom('advertisements').select('id').where('text', 'like', 'Race %').execute();
    expect(created).toHaveLength(1);
  });

  it('lists the ads in scope, newest publish time first, filtered and paged', async () => {
    const { call, clock, db, create, ids: seeded } = t();
    await db.deleteFrom('advertisements').execute();
    const early = await create('admin', { publishTimestamp: clock.in(5) });
    const late = await create('admin', { publishTimestamp: clock.in(30) });
    const second = await create('admin', { restaurantId: seeded.secondRestaurantId, publishTimestamp: clock.in(20) });
    await db.updateTable('advertisements').set({ status: AdStatus.PUBLISHED }).where('id', '=', early.id).execute();
    await setAdConfig(db, seeded.otherCityId, { adChatId: '-100555' });
    const far = await create('admin', { restaurantId: seeded.farRestaurantId });
    await db.deleteFrom('city_configs').where('city_id', '=', seeded.otherCityId).execute();

    expect(ids(await call('admin', 'GET', '/advertisements'))).toEqual([late.id, second.id, far.id, early.id]);
    expect(ids(await call('admin', 'GET', `/advertisements?cityId=${seeded.otherCityId}`))).toEqual([far.id]);
    expect(ids(await call('cityadmin', 'GET', '/advertisements'))).toEqual([late.id, second.id, early.id]);
    expect(ids(await call('owner', 'GET', '/advertisements'))).toEqual([late.id, early.id]);
    expect(ids(await call('admin', 'GET', `/advertisements?status=${AdStatus.PUBLISHED}`))).toEqual([early.id]);
    expect(ids(await call('admin', 'GET', `/advertisements?restaurantId=${seeded.secondRestaurantId}`))).toEqual([second.id]);
    expect(ids(await call('admin', 'GET', '/advertisements?sort=publishTimestamp&order=ASC'))).toEqual([
      early.id,
      far.id,
      second.id,
      late.id,
    ]);

    const page = await call('admin', 'GET', '/advertisements?page=2&perPage=2');
    expect(page.headers['x-total-count']).toBe('4');
    expect(ids(page)).toEqual([far.id, early.id]);

    // Outside the scope: not found, and another city is not the city admin's to ask for.
    expect((await call('owner', 'GET', `/advertisements/${second.id}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'GET', `/advertisements/${far.id}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'GET', `/advertisements?cityId=${seeded.otherCityId}`)).statusCode).toBe(404);
    for (const query of ['status=7', 'status=x', 'perPage=201', 'sort=text', 'restaurantId=0']) {
      expect((await call('admin', 'GET', `/advertisements?${query}`)).statusCode, query).toBe(400);
    }
  });
});
