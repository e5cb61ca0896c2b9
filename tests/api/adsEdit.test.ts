import { describe, expect, it } from 'vitest';
import { AdStatus, EventStatus, type Ad } from '../../src/domain';
import { AD_CHAT, adEvents, setAdConfig, useAdsApp } from './adsFixtures';
import { backends } from './harness';

describe.each(backends)('editing and deleting advertisements on %s', (backend) => {
  const t = useAdsApp(backend);
  const setStatus = (id: number, status: number, extra: { published_message_ids?: string } = {}) =>
    t()
      .db.updateTable('advertisements')
      .set({ status, ...extra })
      .where('id', '=', id)
      .execute();
  const put = (who: string, id: number, body: object) => t().call(who, 'PUT', `/advertisements/${id}`, body);

  it('before publication everything may change; the publication moves with the publish time', async () => {
    const { create, clock, db, ids } = t();
    const ad = await create('admin');
    const later = clock.in(40);
    const response = await put('owner', ad.id, { text: 'Now with dessert', publishTimestamp: later, telegramFileIds: ['photoFileId02'] });
    expect(response.statusCode).toBe(200);
    expect(response.json<Ad>()).toMatchObject({ text: 'Now with dessert', publishTimestamp: later, telegramFileIds: ['photoFileId02'] });
    expect(await adEvents(db, ad.id)).toEqual([
      expect.objectContaining({ type: 'ad_publish', status: EventStatus.PENDING, run_at: new Date(later) }),
    ]);

    // An owner cannot move it to another restaurant; a city admin may, within the city.
    await put('owner', ad.id, { restaurantId: ids.secondRestaurantId });
    expect((await t().call('admin', 'GET', `/advertisements/${ad.id}`)).json<Ad>().restaurantId).toBe(ids.restaurantId);
    expect((await put('cityadmin', ad.id, { restaurantId: ids.secondRestaurantId })).json<Ad>().restaurantId).toBe(ids.secondRestaurantId);
    expect((await put('cityadmin', ad.id, { restaurantId: ids.farRestaurantId })).statusCode).toBe(400);
  });

  it('the merged ad keeps the rules: images or a video, unpublish after publish', async () => {
    const { create, clock } = t();
    const ad = await create('admin', { telegramFileIds: ['photoFileId01'] });
    const both = await put('admin', ad.id, { videoFileId: 'videoFileId01' });
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toContainEqual(
      expect.objectContaining({ field: 'videoFileId', message: 'an ad carries images or a video, not both' }),
    );
    const before = await put('admin', ad.id, { unpublishTimestamp: clock.in(5) });
    expect(before.statusCode).toBe(400);
    expect(before.json().details).toContainEqual(
      expect.objectContaining({ field: 'unpublishTimestamp', message: 'must be after the publish time' }),
    );
    const swapped = await put('admin', ad.id, { telegramFileIds: [], videoFileId: 'videoFileId01' });
    expect(swapped.json<Ad>()).toMatchObject({ telegramFileIds: [], videoFileId: 'videoFileId01' });
    expect((await put('admin', ad.id, { text: 'x'.repeat(1024) })).statusCode).toBe(400);
  });

  it('once published only the unpublish time changes, and its removal moves with it; once finished nothing', async () => {
    const { create, clock, db } = t();
    const ad = await create('admin');
    await setStatus(ad.id, AdStatus.PUBLISHED);
    await db.deleteFrom('events').execute();

    const locked = await put('owner', ad.id, { text: 'Changed' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'AD_CONTENT_LOCKED' });
    // The same text sent again is no change.
    expect((await put('owner', ad.id, { text: ad.text, unpublishTimestamp: clock.in(90) })).statusCode).toBe(200);
    expect(await adEvents(db, ad.id)).toEqual([
      expect.objectContaining({ type: 'ad_unpublish', status: EventStatus.PENDING, run_at: new Date(clock.in(90)) }),
    ]);
    expect((await put('owner', ad.id, { unpublishTimestamp: clock.in(120) })).statusCode).toBe(200);
    expect(await adEvents(db, ad.id)).toEqual([expect.objectContaining({ type: 'ad_unpublish', run_at: new Date(clock.in(120)) })]);

    // Being removed right now: the edit waits for the worker.
    await db.updateTable('events').set({ status: EventStatus.PROCESSING }).execute();
    const busy = await put('owner', ad.id, { unpublishTimestamp: clock.in(150) });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'AD_BUSY' });

    await setStatus(ad.id, AdStatus.FINISHED);
    for (const body of [{ unpublishTimestamp: clock.in(200) }, { text: 'Again' }]) {
      const finished = await put('owner', ad.id, body);
      expect(finished.statusCode).toBe(409);
      expect(finished.json()).toMatchObject({ code: 'AD_FINISHED' });
    }
  });

  it('saving a failed ad retries it: waiting again, error cleared, publication rescheduled', async () => {
    const { create, clock, db } = t();
    const ad = await create('admin');
    await db.deleteFrom('events').execute();
    await db
      .updateTable('advertisements')
      .set({ status: AdStatus.PUBLISH_FAILED, last_error: 'Bot API 400: chat not found' })
      .where('id', '=', ad.id)
      .execute();
    expect((await t().call('admin', 'GET', `/advertisements/${ad.id}`)).json<Ad>()).toMatchObject({
      status: 30,
      error: 'Bot API 400: chat not found',
    });

    const retried = await put('admin', ad.id, { text: 'Second try' });
    expect(retried.json<Ad>()).toMatchObject({ status: AdStatus.CREATED, error: null, telegramChatId: AD_CHAT });
    expect(await adEvents(db, ad.id)).toEqual([expect.objectContaining({ type: 'ad_publish', status: EventStatus.PENDING })]);

    // An unpublish-failed ad given a new unpublish time tries the removal again.
    await setStatus(ad.id, AdStatus.UNPUBLISH_FAILED);
    await db.deleteFrom('events').execute();
    const removal = await put('admin', ad.id, { unpublishTimestamp: clock.in(100) });
    expect(removal.json<Ad>()).toMatchObject({ status: AdStatus.PUBLISHED, error: null });
    expect(await adEvents(db, ad.id)).toEqual([expect.objectContaining({ type: 'ad_unpublish', run_at: new Date(clock.in(100)) })]);
  });

  it('an ad being posted right now cannot change until the worker is done', async () => {
    const { create, db } = t();
    const ad = await create('admin');
    await db.updateTable('events').set({ status: EventStatus.PROCESSING }).where('type', '=', 'ad_publish').execute();
    const busy = await put('admin', ad.id, { text: 'Too late' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'AD_BUSY' });
    expect((await t().call('admin', 'GET', `/advertisements/${ad.id}`)).json<Ad>().text).toBe(ad.text);
    await db.deleteFrom('events').execute();
  });

  it('owners may not delete; a deleted ad is gone, and a published one is removed from the chat by an event', async () => {
    const { create, call, clock, db } = t();
    const waiting = await create('admin');
    expect((await call('owner', 'DELETE', `/advertisements/${waiting.id}`)).statusCode).toBe(403);
    const deleted = await call('cityadmin', 'DELETE', `/advertisements/${waiting.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<Ad>().id).toBe(waiting.id);
    expect((await call('admin', 'GET', `/advertisements/${waiting.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/advertisements/${waiting.id}`)).statusCode).toBe(404);
    expect(await adEvents(db, waiting.id)).toEqual([]);

    const published = await create('admin');
    await setStatus(published.id, AdStatus.PUBLISHED, { published_message_ids: JSON.stringify(['1']) });
    await db.deleteFrom('events').where('type', '=', 'ad_publish').execute();
    expect((await call('admin', 'DELETE', `/advertisements/${published.id}`)).statusCode).toBe(200);
    expect(await adEvents(db, published.id)).toEqual([
      expect.objectContaining({ type: 'ad_unpublish', status: EventStatus.PENDING, run_at: clock.now() }),
    ]);
    expect((await call('admin', 'GET', '/advertisements')).json<Ad[]>().map((ad) => ad.id)).not.toContain(published.id);
  });

  it("answers the chat ads go to: the user's city's, an admin's named city's or restaurant's", async () => {
    const { call, db, ids } = t();
    expect((await call('owner', 'GET', '/advertisements/chat')).json()).toEqual({ chatId: AD_CHAT });
    expect((await call('cityadmin', 'GET', '/advertisements/chat')).json()).toEqual({ chatId: AD_CHAT });
    expect((await call('admin', 'GET', '/advertisements/chat')).json()).toEqual({ chatId: null });
    expect((await call('admin', 'GET', `/advertisements/chat?cityId=${ids.cityId}`)).json()).toEqual({ chatId: AD_CHAT });
    expect((await call('admin', 'GET', `/advertisements/chat?restaurantId=${ids.restaurantId}`)).json()).toEqual({ chatId: AD_CHAT });
    expect((await call('admin', 'GET', `/advertisements/chat?restaurantId=${ids.farRestaurantId}`)).json()).toEqual({ chatId: null });
    expect((await call('cityadmin', 'GET', `/advertisements/chat?cityId=${ids.otherCityId}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'GET', `/advertisements/chat?restaurantId=${ids.farRestaurantId}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/advertisements/chat?cityId=999999')).statusCode).toBe(404);
    await setAdConfig(db, ids.otherCityId, { adChatId: '-100777' });
    expect((await call('admin', 'GET', `/advertisements/chat?restaurantId=${ids.farRestaurantId}`)).json()).toEqual({ chatId: '-100777' });
  });
});
