import { beforeAll, describe, expect, it } from 'vitest';
import { EventStatus, MessageStatus, type OrderMessage } from '../../src/domain';
import { backends, useStaffApp } from './harness';
import { createCustomer, createOrder, giveNotificationAccount } from './orderFixtures';

describe.each(backends)('order chat over REST on %s', (backend) => {
  const t = useStaffApp(backend);
  let threadId: string;
  let orderId: number;
  let customerId: number;
  let farThread: string;

  beforeAll(async () => {
    customerId = await createCustomer(t.db, t.ids.cityId);
    ({ id: orderId, threadId } = await createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId: customerId }));
    const farRestaurant = await t.db
      .insertInto('restaurants')
      .values({ city_id: t.ids.otherCityId, name: 'Far', name_ru: 'Far', address: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const farCustomer = await createCustomer(t.db, t.ids.otherCityId);
    ({ threadId: farThread } = await createOrder(t.db, { cityId: t.ids.otherCityId, restaurantId: farRestaurant.id, userId: farCustomer }));
  });

  const eventsOf = async (messageId: number) =>
    (await t.db.selectFrom('events').select(['type', 'payload', 'status']).execute()).filter((e) => e.payload.messageId === messageId);

  it('writes a message to the customer as the restaurant together with its pending delivery event', async () => {
    const response = await t.call('operator', 'POST', `/orders/${threadId}`, { text: 'Your pizza is in the oven' });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json<OrderMessage>();
    expect(message).toMatchObject({
      orderId,
      toId: customerId,
      from: { name: 'Test kitchen' },
      to: { name: expect.stringMatching(/^Customer/) },
      text: 'Your pizza is in the oven',
      status: MessageStatus.CREATED,
      failure: null,
      restaurantSent: true,
      adminSent: false,
    });
    expect(await eventsOf(message.id)).toEqual([
      { type: 'order_message', payload: { messageId: message.id }, status: EventStatus.PENDING },
    ]);
  });

  it('writes a message to a restaurant without a notification account as failed, with the reason, and tries no delivery', async () => {
    const sent = await t.call('owner', 'POST', `/messages/${threadId}/restaurant`, { text: 'Please ring twice' });
    expect(sent.statusCode, sent.body).toBe(201);
    const failed = sent.json<OrderMessage>();
    expect(failed).toMatchObject({ text: 'Please ring twice', status: MessageStatus.FAILED, failure: 'NO_NOTIFICATION_ACCOUNT' });
    expect(await eventsOf(failed.id)).toEqual([]);
    // An account without a messenger id cannot receive it either, and GraphQL answers the same.
    await giveNotificationAccount(t.db, t.ids.restaurantId, null);
    const rest = await t.call('operator', 'POST', `/messages/${threadId}/restaurant`, { text: 'Please ring twice' });
    expect(rest.json<OrderMessage>()).toMatchObject({ status: MessageStatus.FAILED, failure: 'NO_NOTIFICATION_ACCOUNT' });
    const gql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: t.auth.operator,
      payload: {
        query: `mutation { sendOrderMessage(threadId: "${threadId}", text: "Please ring twice", direction: TO_RESTAURANT) { id status } }`,
      },
    });
    expect(gql.json().data.sendOrderMessage).toMatchObject({ status: MessageStatus.FAILED });
    expect(await t.db.selectFrom('events').select('id').where('type', '=', 'order_message').execute()).toHaveLength(1);
    // The history keeps them, failed, with their reason.
    const history = (await t.call('operator', 'GET', `/orders/${threadId}`)).json<OrderMessage[]>();
    expect(history.filter((m) => m.status === MessageStatus.FAILED).map((m) => m.failure)).toEqual([
      'NO_NOTIFICATION_ACCOUNT',
      'NO_NOTIFICATION_ACCOUNT',
      'NO_NOTIFICATION_ACCOUNT',
    ]);
    await t.db.deleteFrom('order_messages').where('status', '=', MessageStatus.FAILED).execute();
  });

  it('writes a message to a customer without a messenger id as failed at once', async () => {
    const lost = await createCustomer(t.db, t.ids.cityId, { telegramId: null });
    const order = await createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId: lost });
    const sent = await t.call('operator', 'POST', `/orders/${order.threadId}`, { text: 'Hello' });
    expect(sent.json<OrderMessage>()).toMatchObject({ status: MessageStatus.FAILED, failure: 'NO_MESSENGER_ACCOUNT' });
    expect(await eventsOf(sent.json<OrderMessage>().id)).toEqual([]);
  });

  it('writes a message to the restaurant as the customer', async () => {
    await giveNotificationAccount(t.db, t.ids.restaurantId);
    const response = await t.call('owner', 'POST', `/messages/${threadId}/restaurant`, { text: 'Please ring twice' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<OrderMessage>()).toMatchObject({
      fromId: customerId,
      from: { name: expect.stringMatching(/^Customer/) },
      to: { name: 'Test kitchen' },
    });
  });

  it('lists the history oldest first, with the sender names', async () => {
    const response = await t.call('cityadmin', 'GET', `/orders/${threadId}`);
    expect(response.statusCode).toBe(200);
    const history = response.json<OrderMessage[]>();
    expect(history.map((m) => m.text)).toEqual(['Your pizza is in the oven', 'Please ring twice']);
    expect((await t.call('admin', 'GET', `/orders/${threadId}?limit=1`)).json<OrderMessage[]>().map((m) => m.text)).toEqual([
      'Please ring twice',
    ]);
  });

  it('hides other cities chats and refuses empty or oversized texts without writing', async () => {
    const before = await t.db
      .selectFrom('order_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await t.call('operator', 'GET', `/orders/${farThread}`)).statusCode).toBe(404);
    expect((await t.call('owner', 'POST', `/orders/${farThread}`, { text: 'Hello there' })).statusCode).toBe(404);
    expect((await t.call('operator', 'POST', `/orders/${threadId}`, { text: '   ' })).statusCode).toBe(400);
    expect((await t.call('operator', 'POST', `/orders/${threadId}`, { text: 'x'.repeat(4097) })).statusCode).toBe(400);
    expect((await t.call('operator', 'POST', `/orders/not-a-thread`, { text: 'Hello there' })).statusCode).toBe(400);
    const after = await t.db
      .selectFrom('order_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
