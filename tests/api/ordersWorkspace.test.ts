import { beforeAll, describe, expect, it } from 'vitest';
import { MessageStatus, type OrderListItem, type OrderStatusCounts } from '../../src/domain';
import { backends, useStaffApp } from './harness';
import { seedOrders } from './orderFixtures';

type Seeded = Awaited<ReturnType<typeof seedOrders>>;

describe.each(backends)('order search, status tabs and unread messages on %s', (backend) => {
  const t = useStaffApp(backend);
  let s: Seeded;
  let staffIds: Record<string, number>;
  beforeAll(async () => {
    s = await seedOrders(t);
    await t.db.updateTable('users').set({ name: 'Olivia Brennan' }).where('id', '=', s.customerId).execute();
    await t.db.updateTable('users').set({ name: 'Pablo Ortega' }).where('id', '=', s.otherCustomerId).execute();
    const staff = await t.db.selectFrom('users').select(['id', 'username']).where('username', 'is not', null).execute();
    staffIds = Object.fromEntries(staff.map((u) => [u.username ?? '', u.id]));
  });

  const list = async (who: string, query: string) => {
    const response = await t.call(who, 'GET', `/orders${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<OrderListItem[]>(), total: Number(response.headers['x-total-count']) };
  };
  const threads = async (who: string, query: string) => (await list(who, query)).rows.map((r) => r.threadId).sort();
  const q = (text: string) => `?q=${encodeURIComponent(text)}`;

  it('finds an order by the start of its number, in any case', async () => {
    const { confirmed } = s.orders;
    expect(await threads('operator', q(confirmed.threadId))).toEqual([confirmed.threadId]);
    expect(await threads('operator', q(confirmed.threadId.toLowerCase()))).toEqual([confirmed.threadId]);
    // Every seeded number starts with T: the start finds the user's whole scope, and no other city's.
    expect((await list('operator', q('t'))).total).toBe(6);
    expect((await list('admin', q(confirmed.threadId))).total).toBe(1);
  });

  it('finds orders by a part of the customer name', async () => {
    expect((await list('operator', q('brenn'))).total).toBe(6);
    expect((await list('operator', q('  olivia brennan '))).total).toBe(6);
    // The other city's customer is not the operator's to find.
    expect((await list('operator', q('Pablo'))).total).toBe(0);
    expect((await list('admin', q('Pablo'))).total).toBe(1);
    // LIKE's wildcards are taken literally.
    expect((await list('admin', q('%'))).total).toBe(0);
  });

  it("finds orders by the start or end of the customer's phone, for every role but owners", async () => {
    for (const who of ['admin', 'cityadmin', 'operator']) {
      expect((await list(who, q('+44 7700 900'))).total, who).toBe(6);
      expect((await list(who, q('900123'))).total, who).toBe(6);
    }
    expect((await list('admin', q('600111222'))).total).toBe(1);
    expect((await list('operator', q('600111222'))).total).toBe(0);
    // Too few digits to mean a phone.
    expect((await list('admin', q('+4'))).total).toBe(0);
    // Owners never see phones: their search never matches one, by its start or its end.
    expect((await list('owner', q('+447700900123'))).total).toBe(0);
    expect((await list('owner', q('900123'))).total).toBe(0);
    expect((await list('owner', q('447700'))).total).toBe(0);
    // Their search by number and by name works.
    expect((await list('owner', q(s.orders.created.threadId))).total).toBe(1);
    expect((await list('owner', q('olivia'))).total).toBe(5);
  });

  it('narrows the totals and the export to the search', async () => {
    const response = await t.call('operator', 'GET', `/orders/totals${q(s.orders.delivered.threadId)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ lines: [{ currency: 'EUR', sum: 20.25, delivery: 3, count: 1, averageCheque: '23.25' }] });
  });

  it('filters by status tab and counts each tab for the other filters, in one request', async () => {
    const counts = async (who: string, query = '') => {
      const response = await t.call(who, 'GET', `/orders/statusCounts${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OrderStatusCounts>();
    };
    // confirmed, second (cooked) in progress; created, paid new; delivered done; cancelled.
    expect(await counts('operator')).toEqual({ all: 6, new: 2, inProgress: 2, onTheWay: 0, done: 1, cancelled: 1 });
    expect(await counts('admin')).toEqual({ all: 7, new: 2, inProgress: 2, onTheWay: 0, done: 2, cancelled: 1 });
    expect(await counts('owner')).toEqual({ all: 5, new: 2, inProgress: 1, onTheWay: 0, done: 1, cancelled: 1 });
    // The chosen tab does not narrow its own counts; the other filters do.
    expect(await counts('operator', '?status=done')).toEqual(await counts('operator'));
    expect(await counts('operator', '?from=2026-03-10&to=2026-03-10')).toEqual({
      all: 2,
      new: 1,
      inProgress: 1,
      onTheWay: 0,
      done: 0,
      cancelled: 0,
    });
    expect(await threads('operator', '?status=new')).toEqual([s.orders.created.threadId, s.orders.paid.threadId].sort());
    expect((await list('operator', '?status=inProgress')).total).toBe(2);
    expect((await list('operator', '?status=onTheWay')).total).toBe(0);
    // The totals of a tab count only its orders.
    const done = await t.call('operator', 'GET', '/orders/totals?status=done&from=2026-03-01&to=2026-03-31');
    expect(done.json()).toEqual({ lines: [{ currency: 'EUR', sum: 20.25, delivery: 3, count: 1, averageCheque: '23.25' }] });
    expect((await t.call('operator', 'GET', '/orders?status=late')).statusCode).toBe(400);
  });

  it('counts unread customer and restaurant messages per user, clears them on reading, in scope', async () => {
    const { confirmed, far } = s.orders;
    const message = (orderId: number, fromId: number, minutesAgo = 1) =>
      t.db
        .insertInto('order_messages')
        .values({
          order_id: orderId,
          from_id: fromId,
          to_id: null,
          text: 'Hello',
          status: MessageStatus.SENT,
          created_at: new Date(Date.now() - minutesAgo * 60_000),
        })
        .execute();
    const unread = async (who: string) => {
      const response = await t.call(who, 'GET', '/orders/unread');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ total: number }>().total;
    };
    const unreadOf = async (who: string, threadId: string) =>
      (await list(who, q(threadId))).rows.find((r) => r.threadId === threadId)?.unreadMessages;

    const before = { operator: await unread('operator'), admin: await unread('admin') };
    await message(confirmed.id, s.customerId);
    await message(confirmed.id, staffIds.owner);
    // Staff's own messages are not unread; neither are those older than the unread window.
    await message(confirmed.id, staffIds.operator);
    await message(confirmed.id, s.customerId, 8 * 24 * 60);
    await message(far.id, s.otherCustomerId);

    expect(await unread('operator')).toBe(before.operator + 2);
    expect(await unread('admin')).toBe(before.admin + 3);
    expect(await unreadOf('operator', confirmed.threadId)).toBe(2);
    expect(await unreadOf('admin', far.threadId)).toBe(1);

    // Reading clears it for that user only.
    const read = await t.call('operator', 'POST', `/orders/${confirmed.threadId}/chat/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(await unread('operator')).toBe(before.operator);
    expect(await unreadOf('operator', confirmed.threadId)).toBe(0);
    expect(await unreadOf('admin', confirmed.threadId)).toBe(2);
    expect(await unread('cityadmin')).toBeGreaterThanOrEqual(2);

    // A message after the reading is unread again.
    await t.db
      .insertInto('order_messages')
      .values({ order_id: confirmed.id, from_id: s.customerId, to_id: null, text: 'Again', status: MessageStatus.SENT })
      .execute();
    expect(await unreadOf('operator', confirmed.threadId)).toBe(1);

    // What staff send to the restaurant in the customer's name is theirs, not the customer's.
    const asCustomer = await t.call('admin', 'POST', `/messages/${confirmed.threadId}/restaurant`, { text: 'For the kitchen' });
    expect(asCustomer.statusCode, asCustomer.body).toBeLessThan(300);
    expect(await unreadOf('operator', confirmed.threadId)).toBe(1);

    // Another city's order cannot be read (nor is it counted).
    expect((await t.call('operator', 'POST', `/orders/${far.threadId}/chat/read`)).statusCode).toBe(404);
    expect((await t.call('owner', 'POST', `/orders/${s.orders.second.threadId}/chat/read`)).statusCode).toBe(404);
    expect((await t.call('owner', 'POST', `/orders/${confirmed.threadId}/chat/read`)).statusCode).toBe(200);
  });
});
