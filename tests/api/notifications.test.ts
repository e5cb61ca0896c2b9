import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationPurgeEvent, scheduleNotificationPurge } from '../../server/areas/notifications/notificationPurge';
import {
  MailingStatus,
  notificationAudience,
  NOTIFICATION_RETENTION_MS,
  Role,
  type NotificationKind,
  type NotificationRecord,
} from '../../src/domain';
import { backends, bearer, createRestaurant, createStaff, login, useStaffApp } from './harness';
import { openLiveClient, type LiveClient } from './liveEventsClient';
import { createMailing } from './mailingFixtures';
import { createCustomer, createOrder } from './orderFixtures';

const EVERYONE = ['admin', 'cityadmin', 'operator', 'owner', 'faradmin', 'faroperator', 'secondowner'] as const;
type Who = (typeof EVERYONE)[number];

/**
 * The notification centre: each producer (a trigger on the fact, written here straight into the
 * database as the bot or the timer job would) notifies the right users only; each user reads
 * their own, in their scope, read or unread; the 30-day purge; the live event and who hears it.
 */
describe.each(backends)('notifications on %s', (backend) => {
  const t = useStaffApp(backend);
  const auth: Partial<Record<Who, { authorization: string }>> = {};
  const tokens: Partial<Record<Who, string>> = {};
  let secondRestaurantId = 0;
  let customerId = 0;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    secondRestaurantId = await createRestaurant(t.db, t.ids.cityId, 'Second kitchen');
    customerId = await createCustomer(t.db, t.ids.cityId);
    await createStaff(t.db, { username: 'faradmin', roleId: Role.CITY_ADMIN, cityId: t.ids.otherCityId });
    await createStaff(t.db, { username: 'faroperator', roleId: Role.OPERATOR, cityId: t.ids.otherCityId });
    await createStaff(t.db, {
      username: 'secondowner',
      roleId: Role.RESTAURANT_OWNER,
      cityId: t.ids.cityId,
      restaurantId: secondRestaurantId,
    });
    for (const who of EVERYONE) {
      const session = await login(t.app, who);
      auth[who] = bearer(session);
      tokens[who] = session.jwtToken;
    }
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: auth[who], ...(payload ? { payload } : {}) });
  const list = async (who: Who, query = ''): Promise<NotificationRecord[]> => {
    const response = await call(who, 'GET', `/notifications${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NotificationRecord[]>();
  };
  const unreadCount = async (who: Who): Promise<number> =>
    (await call(who, 'GET', '/notifications/unreadCount')).json<{ count: number }>().count;
  /** Who of everyone lists a notification that matches. */
  const hearers = async (match: (n: NotificationRecord) => boolean): Promise<Who[]> => {
    const heard: Who[] = [];
    for (const who of EVERYONE) if ((await list(who, '?perPage=100')).some(match)) heard.push(who);
    return heard;
  };
  const newOrder = (restaurantId = t.ids.restaurantId) => createOrder(t.db, { cityId: t.ids.cityId, userId: customerId, restaurantId });
  const escalate = (orderId: number, heldBy: 'restaurant' | 'operator', status = 30) =>
    t.db
      .insertInto('order_late_escalations')
      .values({
        order_id: orderId,
        status,
        stage: heldBy === 'restaurant' ? 'confirmed' : 'onTheWay',
        city_id: t.ids.cityId,
        restaurant_id: t.ids.restaurantId,
        status_since: new Date(Date.now() - 20 * 60_000),
        minutes: 10,
        held_by: heldBy,
      })
      .execute();
  const audienceOf = async (kind: NotificationKind, key: string, value: number): Promise<number[]> => {
    const row = await t.db
      .selectFrom('notifications')
      .select('audience')
      .where('kind', '=', kind)
      .where(sql<boolean>`(args->>${key})::int = ${value}`)
      .executeTakeFirstOrThrow();
    return [...row.audience].sort();
  };
  const sorted = (roles: number[]) => [...roles].sort();

  it('a late order held up by the restaurant: its city’s operators and city admins, the admins, and the restaurant’s owner', async () => {
    const order = await newOrder();
    await escalate(order.id, 'restaurant');
    const mine = (n: NotificationRecord) => n.kind === 'orderLate' && n.args.orderId === order.id;
    expect(await hearers(mine)).toEqual(['admin', 'cityadmin', 'operator', 'owner']);
    const [notification] = (await list('operator')).filter(mine);
    expect(notification).toMatchObject({
      kind: 'orderLate',
      cityId: t.ids.cityId,
      restaurantId: t.ids.restaurantId,
      args: { orderId: order.id, threadId: order.threadId, status: 30, stage: 'confirmed', minutes: 10, heldBy: 'restaurant' },
      link: `/orders/${order.threadId}`,
      read: false,
    });
    expect(await audienceOf('orderLate', 'orderId', order.id)).toEqual(sorted(notificationAudience('orderLate', 'restaurant')));
  });

  it('a late order held up by the operators is not the owner’s', async () => {
    const order = await newOrder();
    await escalate(order.id, 'operator', 50);
    expect(await hearers((n) => n.kind === 'orderLate' && n.args.orderId === order.id)).toEqual(['admin', 'cityadmin', 'operator']);
    expect(await audienceOf('orderLate', 'orderId', order.id)).toEqual(sorted(notificationAudience('orderLate', 'operator')));
  });

  it('a chat message that cannot be delivered, failed at once or on delivery, is told to those who read the chat', async () => {
    const order = await newOrder();
    const failedAtOnce = await t.db
      .insertInto('order_messages')
      .values({ order_id: order.id, from_id: null, to_id: customerId, text: 'Hello', url: null, status: -1, failure: 'NO_BOT' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = await t.db
      .insertInto('order_messages')
      .values({ order_id: order.id, from_id: null, to_id: customerId, text: 'Again', url: null, status: 0, failure: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await hearers((n) => n.kind === 'messageFailed' && n.args.messageId === later.id)).toEqual([]);
    await t.db.updateTable('order_messages').set({ status: -1, failure: 'BLOCKED' }).where('id', '=', later.id).execute();
    // Failing again (a retry recording its reason anew) notifies nobody twice.
    await t.db.updateTable('order_messages').set({ failure: 'BLOCKED' }).where('id', '=', later.id).execute();
    for (const [id, failure] of [
      [failedAtOnce.id, 'NO_BOT'],
      [later.id, 'BLOCKED'],
    ] as const) {
      const mine = (n: NotificationRecord) => n.kind === 'messageFailed' && n.args.messageId === id;
      expect(await hearers(mine)).toEqual(['admin', 'cityadmin', 'operator', 'owner']);
      expect((await list('owner')).filter(mine)).toEqual([
        expect.objectContaining({
          args: expect.objectContaining({ failure, threadId: order.threadId }),
          link: `/orders/${order.threadId}`,
        }),
      ]);
    }
    expect(await audienceOf('messageFailed', 'messageId', later.id)).toEqual(sorted(notificationAudience('messageFailed')));
  });

  it('a new review waits for approval: those who may approve it, the owner of its restaurant only', async () => {
    const order = await newOrder(secondRestaurantId);
    const review = await t.db
      .insertInto('reviews')
      .values({ order_id: order.id, text: 'Cold soup', rating: 2, answer: null, telegram_file_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mine = (n: NotificationRecord) => n.kind === 'reviewWaiting' && n.args.reviewId === review.id;
    expect(await hearers(mine)).toEqual(['admin', 'cityadmin', 'operator', 'secondowner']);
    expect((await list('secondowner')).find(mine)?.link).toBe(`/restaurant/${secondRestaurantId}/reviews`);
    const cityLink = (await list('operator')).find(mine)?.link ?? '';
    expect(new URLSearchParams(cityLink.split('?')[1]).get('filter')).toBe(JSON.stringify({ cityId: t.ids.cityId, state: 'unpublished' }));
    expect(await audienceOf('reviewWaiting', 'reviewId', review.id)).toEqual(sorted(notificationAudience('reviewWaiting')));
    // A review already approved waits for nothing.
    const approvedOrder = await newOrder(secondRestaurantId);
    const approved = await t.db
      .insertInto('reviews')
      .values({ order_id: approvedOrder.id, text: 'Fine', rating: 4, answer: null, telegram_file_id: null, approved_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await hearers((n) => n.args.reviewId === approved.id)).toEqual([]);
  });

  it('a mailing that finished or failed is told to those who see mailings in its city', async () => {
    const finished = await createMailing(t.db, t.ids.cityId, { status: MailingStatus.PROCESSING });
    const failed = await createMailing(t.db, t.ids.otherCityId, { status: MailingStatus.PROCESSING });
    await t.db.updateTable('mailings').set({ status: MailingStatus.FINISHED, position: 3, count: 3 }).where('id', '=', finished).execute();
    await t.db.updateTable('mailings').set({ status: MailingStatus.FAILED, failure: 'NO_BOT' }).where('id', '=', failed).execute();
    expect(await hearers((n) => n.kind === 'mailingFinished' && n.args.mailingId === finished)).toEqual(['admin', 'cityadmin']);
    expect(await hearers((n) => n.kind === 'mailingFailed' && n.args.mailingId === failed)).toEqual(['admin', 'faradmin']);
    expect((await list('cityadmin')).find((n) => n.args.mailingId === finished)).toMatchObject({
      args: { position: 3, count: 3 },
      link: '/spam',
    });
    expect(await audienceOf('mailingFinished', 'mailingId', finished)).toEqual(sorted(notificationAudience('mailingFinished')));
  });

  it('a bulk load (live events off) and a fact that rolls back notify nobody', async () => {
    const quiet = await newOrder();
    await t.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('app.live_events', 'off', true)`.execute(trx);
      await trx
        .insertInto('order_late_escalations')
        .values({
          order_id: quiet.id,
          status: 30,
          stage: 'confirmed',
          city_id: t.ids.cityId,
          restaurant_id: t.ids.restaurantId,
          status_since: new Date(),
          minutes: 10,
          held_by: 'restaurant',
        })
        .execute();
    });
    const undone = await newOrder();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('order_late_escalations')
          .values({
            order_id: undone.id,
            status: 30,
            stage: 'confirmed',
            city_id: t.ids.cityId,
            restaurant_id: t.ids.restaurantId,
            status_since: new Date(),
            minutes: 10,
            held_by: 'restaurant',
          })
          .execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const orderIds = (await list('admin', '?perPage=100')).map((n) => n.args.orderId);
    expect(orderIds).not.toContain(quiet.id);
    expect(orderIds).not.toContain(undone.id);
  });

  it('read and unread are per user: one, all, the unread filter, paging with its total; another scope’s is unknown', async () => {
    await call('operator', 'POST', '/notifications/read', { upTo: 2 ** 31 - 1 });
    await call('cityadmin', 'POST', '/notifications/read', { upTo: 2 ** 31 - 1 });
    expect(await unreadCount('operator')).toBe(0);
    const orders = [await newOrder(), await newOrder(), await newOrder()];
    for (const order of orders) await escalate(order.id, 'operator');
    expect(await unreadCount('operator')).toBe(3);
    const page = await call('operator', 'GET', '/notifications?unread=true&perPage=2&page=1');
    expect(page.headers['x-total-count']).toBe('3');
    const firstPage = page.json<NotificationRecord[]>();
    // Newest first.
    expect(firstPage.map((n) => n.args.orderId)).toEqual([orders[2].id, orders[1].id]);
    const read = await call('operator', 'POST', `/notifications/${firstPage[0].id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: firstPage[0].id, read: true });
    expect(await unreadCount('operator')).toBe(2);
    // Someone else's reading changes nothing for the operator, and theirs nothing for the city admin.
    expect(await unreadCount('cityadmin')).toBe(3);
    expect((await list('operator', '?unread=true')).map((n) => n.args.orderId)).toEqual([orders[1].id, orders[0].id]);
    expect((await list('operator')).find((n) => n.id === firstPage[0].id)?.read).toBe(true);
    // Outside the scope a notification is answered as unknown, and not marked.
    for (const who of ['faradmin', 'faroperator', 'secondowner', 'owner'] as const) {
      const refused = await call(who, 'POST', `/notifications/${firstPage[1].id}/read`);
      expect(refused.statusCode, who).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND' });
    }
    expect(await t.db.selectFrom('notification_reads').select('user_id').where('notification_id', '=', firstPage[1].id).execute()).toEqual(
      [],
    );
    // All read up to the newest the screen showed: one that came in after it stays unread.
    const later = await newOrder();
    await escalate(later.id, 'operator');
    const all = await call('operator', 'POST', '/notifications/read', { upTo: firstPage[0].id });
    expect(all.json()).toEqual({ count: 2 });
    expect(await unreadCount('operator')).toBe(1);
    expect((await call('operator', 'POST', '/notifications/read', {})).statusCode).toBe(400);
    await call('operator', 'POST', '/notifications/read', { upTo: 2 ** 31 - 1 });
    expect(await unreadCount('operator')).toBe(0);
    expect(await unreadCount('cityadmin')).toBe(4);
    expect((await call('operator', 'POST', '/notifications/999999/read')).statusCode).toBe(404);
    expect((await call('operator', 'GET', '/notifications?perPage=1000')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('keeps 30 days: an older one is never listed, and the purge on the job runner deletes it and schedules the next', async () => {
    const order = await newOrder();
    const old = await t.db
      .insertInto('notifications')
      .values({
        kind: 'orderLate',
        city_id: t.ids.cityId,
        restaurant_id: t.ids.restaurantId,
        audience: [Role.ADMIN, Role.CITY_ADMIN, Role.OPERATOR],
        args: JSON.stringify({ orderId: order.id, threadId: order.threadId }),
        created_at: new Date(Date.now() - NOTIFICATION_RETENTION_MS - 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await t.db
      .insertInto('notifications')
      .values({
        kind: 'orderLate',
        city_id: t.ids.cityId,
        restaurant_id: t.ids.restaurantId,
        audience: [Role.ADMIN, Role.CITY_ADMIN, Role.OPERATOR],
        args: JSON.stringify({ orderId: order.id, threadId: order.threadId }),
        created_at: new Date(Date.now() - NOTIFICATION_RETENTION_MS + 60 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const listed = (await list('admin', '?perPage=100')).map((n) => n.id);
    expect(listed).toContain(recent.id);
    expect(listed).not.toContain(old.id);
    expect((await call('admin', 'POST', `/notifications/${old.id}/read`)).statusCode).toBe(404);

    // Started twice (two processes), one purge waits.
    await scheduleNotificationPurge(t.db, new Date());
    await scheduleNotificationPurge(t.db, new Date());
    const waiting = () =>
      t.db.selectFrom('events').select(['id', 'run_at']).where('type', '=', 'notifications_purge').where('status', '=', 0).execute();
    expect(await waiting()).toHaveLength(1);
    const now = new Date();
    const purge = notificationPurgeEvent({ db: t.db, now: () => now });
    await purge.deliver({});
    const left = await t.db.selectFrom('notifications').select('id').where('id', 'in', [old.id, recent.id]).execute();
    expect(left.map((row) => row.id)).toEqual([recent.id]);
    // Marking it done schedules the next, an hour on; the waiting one stays the only one.
    const [first] = await waiting();
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('events').set({ status: 100 }).where('id', '=', first.id).execute();
      await purge.delivered(trx, {});
    });
    const next = await waiting();
    expect(next).toHaveLength(1);
    expect(next[0].run_at.getTime()).toBe(now.getTime() + 60 * 60_000);
    await t.db.deleteFrom('events').where('type', '=', 'notifications_purge').execute();
  });

  it('each notification is a live event heard by its audience in its scope only', async () => {
    const streams: Partial<Record<Who, LiveClient>> = {};
    for (const who of ['admin', 'cityadmin', 'owner', 'faradmin', 'secondowner'] as const) {
      const client = await openLiveClient(t.app, { token: tokens[who] });
      expect(client.status).toBe(200);
      clients.push(client);
      streams[who] = client;
    }
    const operatorsOrder = await newOrder();
    await escalate(operatorsOrder.id, 'operator');
    const restaurantsOrder = await newOrder();
    await escalate(restaurantsOrder.id, 'restaurant');
    const idOf = async (orderId: number) =>
      (
        await t.db
          .selectFrom('notifications')
          .select('id')
          .where(sql<boolean>`(args->>'orderId')::int = ${orderId}`)
          .executeTakeFirstOrThrow()
      ).id;
    const [operatorsId, restaurantsId] = [await idOf(operatorsOrder.id), await idOf(restaurantsOrder.id)];
    const isNotification = (id: number) => (e: { type: string; notificationId?: number }) =>
      e.type === 'notification.created' && e.notificationId === id;
    for (const who of ['admin', 'cityadmin'] as const) {
      expect(await streams[who]?.waitFor(isNotification(operatorsId))).toMatchObject({
        cityId: t.ids.cityId,
        restaurantId: t.ids.restaurantId,
        kind: 'orderLate',
      });
      await streams[who]?.waitFor(isNotification(restaurantsId));
    }
    // The owner hears the one held up by their restaurant, and (events come in order) not the other.
    await streams.owner?.waitFor(isNotification(restaurantsId));
    expect(streams.owner?.events().some(isNotification(operatorsId))).toBe(false);
    // A later event everyone hears proves the others have been sent what they would get.
    const marker = await createMailing(t.db, t.ids.otherCityId, { status: MailingStatus.PROCESSING });
    await t.db.updateTable('mailings').set({ status: MailingStatus.FINISHED }).where('id', '=', marker).execute();
    await streams.faradmin?.waitFor((e) => e.type === 'notification.created' && e.kind === 'mailingFinished');
    await streams.secondowner?.waitFor((e) => e.type === 'order.created' || e.type === 'notification.created', 100).catch(() => null);
    for (const who of ['faradmin', 'secondowner'] as const)
      expect(streams[who]?.events().filter((e) => e.notificationId === operatorsId || e.notificationId === restaurantsId)).toEqual([]);
  });
});
