import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEventWorker, type EventWorker, type EventWorkerOptions } from '../../server/jobs/eventWorker';
import { MessengerError, type MessengerGateway } from '../../server/messenger/gateway';
import { localMessenger } from '../../server/messenger/local';
import { AdStatus, EventStatus, type Ad } from '../../src/domain';
import { AD_CHAT, adEvents, FILES, setAdConfig, useAdsApp } from './adsFixtures';
import { flakyMessenger } from './flakyMessenger';
import { backends } from './harness';
import { PIXEL_PNG } from './photoUpload';
import { openSecondHandle } from './secondHandle';

/** Longer than any test: passes run only when a test asks for one. */
const NEVER_MS = 3_600_000;
const silent = { warn: () => {}, error: () => {} };

describe.each(backends)('ad scheduler on %s', (backend) => {
  const t = useAdsApp(backend);
  const workers: EventWorker[] = [];
  const start = (options: Partial<EventWorkerOptions> = {}) => {
    const worker = startEventWorker({
      db: t().db,
      messenger: t().messenger,
      now: t().clock.now,
      pollMs: NEVER_MS,
      log: silent,
      ...options,
    });
    workers.push(worker);
    return worker;
  };
  const outbox = () => t().db.selectFrom('messenger_outbox').selectAll().orderBy('id').execute();
  const adRow = (id: number) => t().db.selectFrom('advertisements').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const read = async (id: number) => (await t().call('admin', 'GET', `/advertisements/${id}`)).json<Ad>();
  /** An ad of the first restaurant, posted `publishIn` minutes from now and removed `unpublishIn` minutes from now. */
  const adAt = (publishIn: number, unpublishIn: number, fields: Parameters<ReturnType<typeof t>['create']>[1] = {}) =>
    t().create('admin', { publishTimestamp: t().clock.in(publishIn), unpublishTimestamp: t().clock.in(unpublishIn), ...fields });
  const refusingDeletes = (inner: MessengerGateway, error: Error): MessengerGateway => ({
    ...inner,
    deleteMessage: () => Promise.reject(error),
  });

  beforeEach(async () => {
    const { db, ids } = t();
    for (const table of ['events', 'advertisements', 'messenger_outbox', 'ad_chat_slots'] as const) await db.deleteFrom(table).execute();
    await setAdConfig(db, ids.cityId, { adChatId: AD_CHAT, adChatDelay: '0' });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });

  it('posts the ad at its publish time, not before, its photos as one album, and removes it at its unpublish time', async () => {
    const { clock, messenger, ids, db } = t();
    const photos = [];
    for (let i = 0; i < 2; i++) photos.push(await messenger.storePhoto({ data: PIXEL_PNG, mimeType: 'image/png', cityId: ids.cityId }));
    const ad = await adAt(10, 70, { telegramFileIds: photos });
    const worker = start();

    expect(await worker.runOnce()).toBe(0);
    clock.advance(599);
    expect(await worker.runOnce()).toBe(0);
    expect(await outbox()).toEqual([]);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);

    const posted = await outbox();
    expect(posted).toEqual([
      expect.objectContaining({ chat_id: AD_CHAT, text: ad.text, photo_id: photos[0], deleted_at: null }),
      expect.objectContaining({ chat_id: AD_CHAT, text: null, photo_id: photos[1], deleted_at: null }),
    ]);
    expect(await read(ad.id)).toMatchObject({ status: AdStatus.PUBLISHED, error: null, telegramChatId: AD_CHAT });
    expect((await adRow(ad.id)).published_message_ids).toEqual(posted.map((row) => String(row.id)));
    expect(await adEvents(db, ad.id)).toEqual([
      expect.objectContaining({ type: 'ad_publish', status: EventStatus.PROCESSED, attempts: 1 }),
      expect.objectContaining({ type: 'ad_unpublish', status: EventStatus.PENDING, run_at: new Date(ad.unpublishTimestamp) }),
    ]);

    clock.advance(3599);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    expect((await outbox()).every((row) => row.deleted_at !== null)).toBe(true);
    expect(await read(ad.id)).toMatchObject({ status: AdStatus.FINISHED, error: null });
  });

  it('posts a video as one message with the text as its caption', async () => {
    const { clock, messenger, ids } = t();
    const video = await messenger.storeVideo({ data: Buffer.from('mp4'), mimeType: 'video/mp4', cityId: ids.cityId });
    await adAt(1, 60, { videoFileId: video });
    clock.advance(60);
    await start().runOnce();
    expect(await outbox()).toEqual([expect.objectContaining({ text: 'Two pizzas for the price of one', video_id: video, photo_id: null })]);
  });

  it('keeps the reason of a failed publication; a passing outage is only retried', async () => {
    const { clock, db, ids, messenger } = t();
    const flaky = flakyMessenger(messenger);
    const worker = start({ messenger: flaky });
    const refused = await adAt(1, 60);
    const outage = await adAt(1, 60, { text: 'Second' });
    flaky.failNext(MessengerError.fromBotApi(400, 'Bad Request: chat not found'));
    flaky.failNext(new Error('connect ECONNREFUSED'));
    clock.advance(60);
    expect(await worker.runOnce()).toBe(2);
    expect(await read(refused.id)).toMatchObject({ status: AdStatus.PUBLISH_FAILED, error: 'Bot API 400: Bad Request: chat not found' });
    expect(await read(outage.id)).toMatchObject({ status: AdStatus.CREATED, error: null });
    clock.advance(2);
    await worker.runOnce();
    expect(await read(outage.id)).toMatchObject({ status: AdStatus.PUBLISHED });

    // The city lost its chat; the server was down past an ad's whole window.
    const noChat = await adAt(1, 60, { text: 'No chat' });
    const missed = await adAt(1, 2, { text: 'Missed' });
    await db.deleteFrom('city_configs').where('city_id', '=', ids.cityId).where('key', '=', 'adChatId').execute();
    clock.advance(180);
    await worker.runOnce();
    expect(await read(noChat.id)).toMatchObject({ status: AdStatus.PUBLISH_FAILED, error: 'the city has no adChatId' });
    expect(await read(missed.id)).toMatchObject({
      status: AdStatus.PUBLISH_FAILED,
      error: 'the unpublish time passed before the ad could be published',
    });
    expect(flaky.sent).toHaveLength(1);
  });

  it('posts ads in one chat at least adChatDelay minutes apart; waiting is not a failed attempt', async () => {
    const { clock, db, ids } = t();
    await setAdConfig(db, ids.cityId, { adChatDelay: '5' });
    const ads = [await adAt(1, 60, { text: 'A' }), await adAt(1, 60, { text: 'B' }), await adAt(1, 60, { text: 'C' })];
    const worker = start({ maxAttempts: 1 });
    const published = async () => (await Promise.all(ads.map((ad) => read(ad.id)))).filter((ad) => ad.status === AdStatus.PUBLISHED).length;

    clock.advance(60);
    expect(await worker.runOnce()).toBe(3);
    expect(await published()).toBe(1);
    clock.advance(299);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    await worker.runOnce();
    expect(await published()).toBe(2);
    clock.advance(300);
    await worker.runOnce();
    expect(await published()).toBe(3);
    expect((await outbox()).map((row) => row.text)).toEqual(['A', 'B', 'C']);
    const last = await adEvents(db, ads[2].id);
    expect(last[0]).toMatchObject({ status: EventStatus.PROCESSED, attempts: 3, deferrals: 2, last_error: null });
  });

  it('waits for images not in the messenger yet, and fails at the unpublish time if they never come', async () => {
    const { clock, db } = t();
    const late = await adAt(1, 60, { telegramFileIds: ['uploadLanding01'] });
    const never = await adAt(1, 2, { telegramFileIds: ['neverUploaded01'] });
    const worker = start({ maxAttempts: 1 });
    clock.advance(60);
    await worker.runOnce();
    expect(await read(late.id)).toMatchObject({ status: AdStatus.WAITING_FOR_IMAGE });
    expect(await read(never.id)).toMatchObject({ status: AdStatus.WAITING_FOR_IMAGE });
    expect((await adEvents(db, late.id))[0]).toMatchObject({ status: EventStatus.PENDING, deferrals: 1, run_at: new Date(clock.in(0.5)) });

    await db.insertInto('stored_files').values({ id: 'uploadLanding01', city_id: null, mime_type: 'image/png', size: 1 }).execute();
    clock.advance(30);
    await worker.runOnce();
    expect(await read(late.id)).toMatchObject({ status: AdStatus.PUBLISHED });
    expect(await read(never.id)).toMatchObject({ status: AdStatus.WAITING_FOR_IMAGE });
    clock.advance(30);
    await worker.runOnce();
    expect(await read(never.id)).toMatchObject({
      status: AdStatus.PUBLISH_FAILED,
      error: 'the files neverUploaded01 had not arrived by the unpublish time',
    });
    expect(await outbox()).toHaveLength(1);
  });

  it('keeps the reason of a failed removal; a new unpublish time tries again', async () => {
    const { clock, messenger } = t();
    const ad = await adAt(1, 5);
    clock.advance(60);
    await start().runOnce();
    clock.advance(240);
    await start({
      messenger: refusingDeletes(messenger, MessengerError.fromBotApi(400, "Bad Request: message can't be deleted")),
    }).runOnce();
    expect(await read(ad.id)).toMatchObject({
      status: AdStatus.UNPUBLISH_FAILED,
      error: "Bot API 400: Bad Request: message can't be deleted",
    });
    expect((await outbox())[0].deleted_at).toBeNull();

    const edited = await t().call('admin', 'PUT', `/advertisements/${ad.id}`, { unpublishTimestamp: clock.in(10) });
    expect(edited.json<Ad>()).toMatchObject({ status: AdStatus.PUBLISHED, error: null });
    clock.advance(600);
    await start().runOnce();
    expect(await read(ad.id)).toMatchObject({ status: AdStatus.FINISHED });
    expect((await outbox())[0].deleted_at).not.toBeNull();
  });

  it('takes a deleted ad out of the chat at once, also one deleted while it was being posted', async () => {
    const { clock, call } = t();
    const ad = await adAt(1, 60);
    clock.advance(60);
    const worker = start();
    await worker.runOnce();
    expect((await call('admin', 'DELETE', `/advertisements/${ad.id}`)).statusCode).toBe(200);
    expect(await worker.runOnce()).toBe(1);
    expect((await outbox())[0].deleted_at).not.toBeNull();
    expect((await adRow(ad.id)).status).toBe(AdStatus.FINISHED);

    // Deleted while it was being posted: removed right after.
    const racing = await adAt(1, 60, { text: 'Racing' });
    const slow = flakyMessenger(t().messenger);
    const stall = slow.stallNext();
    clock.advance(60);
    const posting = start({ messenger: slow }).runOnce();
    await stall.reached;
    expect((await call('admin', 'DELETE', `/advertisements/${racing.id}`)).statusCode).toBe(200);
    stall.pass();
    await posting;
    expect(await worker.runOnce()).toBe(1);
    expect((await outbox()).find((row) => row.text === 'Racing')?.deleted_at).not.toBeNull();
  });

  it('publishes each ad exactly once with two workers running at once, also in one chat with a delay', async () => {
    const { clock, db, ids } = t();
    const second = await openSecondHandle(db, backend);
    try {
      const racers = [start(), start({ db: second.db, messenger: localMessenger(second.db, FILES), batchSize: 3 })];
      const race = async () => {
        for (;;) {
          const counts = await Promise.all(racers.map((racer) => racer.runOnce()));
          if (counts.every((count) => count === 0)) return;
        }
      };
      const ads = [];
      for (let i = 0; i < 8; i++) ads.push(await adAt(1, 60, { text: `Ad ${i}` }));
      clock.advance(60);
      await race();
      expect((await outbox()).map((row) => row.text).sort()).toEqual(ads.map((ad) => ad.text).sort());
      const events = await db.selectFrom('events').select(['type', 'status', 'attempts']).where('type', '=', 'ad_publish').execute();
      expect(events.every((event) => event.status === EventStatus.PROCESSED && event.attempts === 1)).toBe(true);

      await setAdConfig(db, ids.cityId, { adChatDelay: '5' });
      const pair = [await adAt(1, 60, { text: 'First' }), await adAt(1, 60, { text: 'Second' })];
      clock.advance(60);
      await race();
      const statuses = await Promise.all(pair.map(async (ad) => (await adRow(ad.id)).status));
      expect(statuses.filter((status) => status === AdStatus.PUBLISHED)).toHaveLength(1);
      clock.advance(300);
      await race();
      expect((await outbox()).filter((row) => row.text === 'First' || row.text === 'Second')).toHaveLength(2);
    } finally {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      await second.close();
    }
  });

  it('after a restart nothing is missed and nothing posted twice, also when a worker died mid-post', async () => {
    const { clock, messenger } = t();
    const first = await adAt(1, 5, { text: 'First' });
    const next = await adAt(3, 60, { text: 'Next' });
    const old = start();
    clock.advance(60);
    expect(await old.runOnce()).toBe(1);
    await old.stop();

    clock.advance(180);
    const fresh = start();
    expect(await fresh.runOnce()).toBe(1);
    clock.advance(60);
    expect(await fresh.runOnce()).toBe(1);
    expect(await read(first.id)).toMatchObject({ status: AdStatus.FINISHED });
    expect(await read(next.id)).toMatchObject({ status: AdStatus.PUBLISHED });
    expect((await outbox()).map((row) => [row.text, row.deleted_at !== null])).toEqual([
      ['First', true],
      ['Next', false],
    ]);

    // A worker hangs in the middle of posting; after its lease another posts the ad. When the
    // first one wakes up, its late copy is taken back: the chat keeps one.
    const stalled = await adAt(1, 60, { text: 'Stalled' });
    const hanging = flakyMessenger(messenger);
    const stall = hanging.stallNext();
    clock.advance(60);
    const dying = start({ messenger: hanging }).runOnce();
    await stall.reached;
    // The lease runs out.
    clock.advance(60);
    expect(await start().runOnce()).toBe(1);
    stall.pass();
    await dying;
    const copies = (await outbox()).filter((row) => row.text === 'Stalled');
    expect(copies).toHaveLength(2);
    expect(copies.filter((row) => row.deleted_at === null)).toHaveLength(1);
    expect((await adRow(stalled.id)).published_message_ids).toEqual([String(copies.find((row) => row.deleted_at === null)?.id)]);
  });
});
