import { beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, Role } from '../../src/domain';
import { backends, createStaff, useStaffApp } from './harness';
import { giveNotificationAccount, seedOrders } from './orderFixtures';

type Seeded = Awaited<ReturnType<typeof seedOrders>>;

interface GraphqlAnswer {
  data: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string; statusCode: number; details?: { field: string }[] } }[];
}

describe.each(backends)('orders over GraphQL on %s', (backend) => {
  const t = useStaffApp(backend);
  let s: Seeded;
  beforeAll(async () => {
    s = await seedOrders(t);
    await createStaff(t.db, { username: 'far_courier', roleId: Role.COURIER, cityId: t.ids.otherCityId });
  });

  const gql = async (who: string, query: string, variables: Record<string, unknown> = {}): Promise<GraphqlAnswer> => {
    const response = await t.app.inject({ method: 'POST', url: '/graphql', headers: t.auth[who], payload: { query, variables } });
    const body = response.json<GraphqlAnswer>();
    expect(body.errors?.[0]?.message ?? '').not.toMatch(/\bat \w+ \(/);
    return body;
  };
  const codeOf = (answer: GraphqlAnswer) => answer.errors?.[0]?.extensions.code;

  const GET_ORDER = `query ($threadId: String!, $numbers: Boolean) {
    getOrder(threadId: $threadId, numbers: $numbers) {
      id threadId status sum deliveryCost totalSum currency
      user { name phone } restaurant { name address } items { count sum dish { name price } }
      paymentReceipt { providerPaymentChargeId } invoiceId serviceFee courierDetails { name }
    }
  }`;

  it('reads an order with the same masking as REST', async () => {
    const threadId = s.orders.delivered.threadId;
    const admin = await gql('admin', GET_ORDER, { threadId, numbers: true });
    expect(admin.data?.getOrder).toMatchObject({
      threadId,
      status: 100,
      sum: 20.25,
      user: { phone: '+447700900123' },
      paymentReceipt: { providerPaymentChargeId: 'ch_1' },
      invoiceId: 'inv_1',
      serviceFee: 0.5,
      items: [{ count: 1, sum: 20.25, dish: { name: 'Margherita', price: 20.25 } }],
    });
    expect((await gql('cityadmin', GET_ORDER, { threadId })).data?.getOrder).toMatchObject({ user: { phone: null }, invoiceId: 'inv_1' });
    expect((await gql('operator', GET_ORDER, { threadId, numbers: true })).data?.getOrder).toMatchObject({
      user: { phone: '+447700900123' },
      paymentReceipt: null,
      invoiceId: null,
      serviceFee: 0.5,
    });
    expect((await gql('owner', GET_ORDER, { threadId, numbers: true })).data?.getOrder).toMatchObject({
      user: { phone: '+••••••••••23' },
      paymentReceipt: null,
    });
  });

  it('answers an order outside the scope, or an unknown thread, as ORDER_NOT_FOUND, and a bad thread id as a validation error', async () => {
    expect(codeOf(await gql('cityadmin', GET_ORDER, { threadId: s.orders.far.threadId }))).toBe('ORDER_NOT_FOUND');
    expect(codeOf(await gql('owner', GET_ORDER, { threadId: s.orders.second.threadId }))).toBe('ORDER_NOT_FOUND');
    expect(codeOf(await gql('admin', GET_ORDER, { threadId: 'ZZZZZZZZZ' }))).toBe('ORDER_NOT_FOUND');
    const bad = await gql('admin', GET_ORDER, { threadId: 'short' });
    expect(codeOf(bad)).toBe('VALIDATION_ERROR');
    expect(bad.errors?.[0]?.extensions.details?.[0]?.field).toBe('threadId');
  });

  it('moves a status forward only, refuses owners and lets only admins use debug', async () => {
    const UPDATE = `mutation ($id: Int!, $status: Int, $debug: Boolean) { updateOrder(id: $id, order: {status: $status}, debug: $debug) { id status } }`;
    const id = s.orders.confirmed.id;
    expect((await gql('operator', UPDATE, { id, status: OrderStatus.SERVING })).data?.updateOrder).toEqual({ id, status: 40 });
    expect(codeOf(await gql('operator', UPDATE, { id, status: OrderStatus.CONFIRMED }))).toBe('ORDER_STATUS_MOVE_REFUSED');
    expect(codeOf(await gql('owner', UPDATE, { id, status: OrderStatus.COOKED }))).toBe('FORBIDDEN');
    expect(codeOf(await gql('cityadmin', UPDATE, { id, status: OrderStatus.CONFIRMED, debug: true }))).toBe('ORDER_DEBUG_ADMIN_ONLY');
    expect((await gql('admin', UPDATE, { id, status: OrderStatus.CONFIRMED, debug: true })).data?.updateOrder).toEqual({ id, status: 30 });
    expect(codeOf(await gql('admin', UPDATE, { id, status: 33 }))).toBe('VALIDATION_ERROR');
  });

  it('assigns couriers listed by getAdmins, per role', async () => {
    const ADMINS = `query ($cityId: Int) { getAdmins(role: 50, cityId: $cityId) { id username roleId } }`;
    const all = (await gql('admin', ADMINS)).data?.getAdmins;
    expect(all).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'courier', roleId: 50 }),
        expect.objectContaining({ username: 'far_courier' }),
      ]),
    );
    const mine = (await gql('operator', ADMINS)).data?.getAdmins;
    expect(mine).toEqual([expect.objectContaining({ username: 'courier' })]);
    expect(codeOf(await gql('cityadmin', ADMINS, { cityId: t.ids.otherCityId }))).toBeUndefined();
    expect((await gql('cityadmin', ADMINS, { cityId: t.ids.otherCityId })).data?.getAdmins).toEqual([]);
    expect(codeOf(await gql('owner', ADMINS))).toBe('FORBIDDEN');

    const courierId = (mine as { id: number }[])[0].id;
    const ASSIGN = `mutation ($id: Int!, $courierId: Int) { updateOrder(id: $id, order: {courierId: $courierId}) { id courierId } }`;
    const id = s.orders.delivered.id;
    expect((await gql('cityadmin', ASSIGN, { id, courierId })).data?.updateOrder).toEqual({ id, courierId });
    expect(codeOf(await gql('owner', ASSIGN, { id, courierId }))).toBe('FORBIDDEN');
    expect((await gql('admin', GET_ORDER, { threadId: s.orders.delivered.threadId })).data?.getOrder).toMatchObject({
      courierDetails: { name: 'courier' },
    });
  });

  it('sends the three kinds of message and reads them back', async () => {
    const threadId = s.orders.paid.threadId;
    const SEND = `mutation ($threadId: String!, $text: String!, $direction: MessageDirection!) {
      sendOrderMessage(threadId: $threadId, text: $text, direction: $direction) { id orderId fromId toId text status }
    }`;
    const ADMIN = `mutation ($threadId: String!, $text: String!, $url: String) { sendAdminMessage(threadId: $threadId, text: $text, url: $url) { id text status } }`;
    const toUser = await gql('owner', SEND, { threadId, text: 'On its way', direction: 'TO_USER' });
    expect(toUser.data?.sendOrderMessage).toMatchObject({ orderId: s.orders.paid.id, toId: s.customerId, text: 'On its way', status: 0 });
    await giveNotificationAccount(t.db, t.ids.restaurantId);
    const toRestaurant = await gql('operator', SEND, { threadId, text: 'No onions please', direction: 'TO_RESTAURANT' });
    expect(toRestaurant.data?.sendOrderMessage).toMatchObject({ fromId: s.customerId, text: 'No onions please' });
    expect(
      (await gql('cityadmin', ADMIN, { threadId, text: 'Track here', url: 'https://example.com/track' })).data?.sendAdminMessage,
    ).toMatchObject({
      text: 'Track here',
      status: 0,
    });
    expect(codeOf(await gql('owner', ADMIN, { threadId, text: 'Hi from owner' }))).toBe('FORBIDDEN');
    expect(codeOf(await gql('admin', ADMIN, { threadId, text: 'Hello', url: 'javascript:alert(1)' }))).toBe('VALIDATION_ERROR');
    expect(codeOf(await gql('operator', SEND, { threadId: s.orders.far.threadId, text: 'Hello', direction: 'TO_USER' }))).toBe(
      'ORDER_NOT_FOUND',
    );
    expect(codeOf(await gql('operator', SEND, { threadId, text: '', direction: 'TO_USER' }))).toBe('VALIDATION_ERROR');

    const HISTORY = `query ($threadId: String!) { getOrderMessages(threadId: $threadId, limit: 10) { text adminSent restaurantSent url from { name } } }`;
    const history = (await gql('operator', HISTORY, { threadId })).data?.getOrderMessages;
    expect(history).toEqual([
      { text: 'On its way', adminSent: false, restaurantSent: true, url: null, from: { name: 'Test kitchen' } },
      { text: 'No onions please', adminSent: false, restaurantSent: false, url: null, from: { name: expect.stringMatching(/^Customer/) } },
      { text: 'Track here', adminSent: true, restaurantSent: false, url: 'https://example.com/track', from: { name: 'cityadmin' } },
    ]);
    expect(codeOf(await gql('operator', HISTORY, { threadId: s.orders.far.threadId }))).toBe('ORDER_NOT_FOUND');
  });
});
