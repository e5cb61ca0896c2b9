import { describe, expect, it } from 'vitest';
import { backends, createCity, createRestaurant, createStaff, useStaffApp, bearer, login } from './harness';
import { Role } from '../../src/domain';
import { createCustomer, createOrder } from './orderFixtures';

interface ReplyJson {
  id: number;
  cityId: number;
  city: { id: number; name: string };
  restaurantId: number | null;
  title: string;
  text: string;
  text_ru: string;
  text_es: string;
  uses: number;
  createdAt: string;
}

describe.each(backends)('canned replies on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  const create = async (who: string, payload: Record<string, unknown>): Promise<ReplyJson> => {
    const response = await call(who, 'POST', '/cannedReplies', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ReplyJson>();
  };
  const idsOf = (rows: ReplyJson[]) => rows.map((row) => row.id);

  it('an admin creates, reads, changes and deletes a reply in any city', async () => {
    const reply = await create('admin', {
      cityId: t.ids.otherCityId,
      title: ' Late ',
      text: 'Order {order} is late',
      text_ru: 'Заказ {order} задерживается',
    });
    expect(reply).toMatchObject({
      cityId: t.ids.otherCityId,
      restaurantId: null,
      title: 'Late',
      text: 'Order {order} is late',
      text_ru: 'Заказ {order} задерживается',
      text_es: '',
      uses: 0,
    });
    expect((await call('admin', 'GET', `/cannedReplies/${reply.id}`)).json()).toEqual(reply);
    const changed = await call('admin', 'PUT', `/cannedReplies/${reply.id}`, { title: 'Delayed', text_es: 'Pedido {order} retrasado' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...reply, title: 'Delayed', text_es: 'Pedido {order} retrasado' });
    expect((await call('admin', 'DELETE', `/cannedReplies/${reply.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/cannedReplies/${reply.id}`)).json()).toMatchObject({ code: 'CANNED_REPLY_NOT_FOUND' });
  });

  it('a city admin manages their city only; another city is refused', async () => {
    const own = await create('cityadmin', { title: 'Hello', text: 'Hello {customer}' });
    expect(own.cityId).toBe(t.ids.cityId);
    const elsewhere = await call('cityadmin', 'POST', '/cannedReplies', { cityId: t.ids.otherCityId, title: 'X', text: 'Y' });
    expect(elsewhere.statusCode).toBe(403);
    const foreign = await create('admin', { cityId: t.ids.otherCityId, title: 'Foreign', text: 'Foreign' });
    expect((await call('cityadmin', 'GET', `/cannedReplies/${foreign.id}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'PUT', `/cannedReplies/${foreign.id}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await call('cityadmin', 'DELETE', `/cannedReplies/${foreign.id}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'PUT', `/cannedReplies/${own.id}`, { cityId: t.ids.otherCityId })).statusCode).toBe(403);
    expect(idsOf((await call('cityadmin', 'GET', '/cannedReplies')).json())).not.toContain(foreign.id);
    expect((await call('cityadmin', 'GET', `/cannedReplies?cityId=${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'PUT', `/cannedReplies/${own.id}`, { text: 'Hi {customer}' })).json()).toMatchObject({
      text: 'Hi {customer}',
    });
    expect((await call('cityadmin', 'DELETE', `/cannedReplies/${own.id}`)).statusCode).toBe(200);
  });

  it('an operator lists and reads their city’s replies, and may not write them', async () => {
    const reply = await create('admin', { cityId: t.ids.cityId, title: 'Operator sees', text: 'Text' });
    const foreign = await create('admin', { cityId: t.ids.otherCityId, title: 'Operator does not see', text: 'Text' });
    const list = (await call('operator', 'GET', '/cannedReplies')).json<ReplyJson[]>();
    expect(idsOf(list)).toContain(reply.id);
    expect(idsOf(list)).not.toContain(foreign.id);
    expect((await call('operator', 'GET', `/cannedReplies/${reply.id}`)).statusCode).toBe(200);
    expect((await call('operator', 'GET', `/cannedReplies/${foreign.id}`)).statusCode).toBe(404);
    expect((await call('operator', 'POST', '/cannedReplies', { title: 'No', text: 'No' })).statusCode).toBe(403);
    expect((await call('operator', 'PUT', `/cannedReplies/${reply.id}`, { title: 'No' })).statusCode).toBe(403);
    expect((await call('operator', 'DELETE', `/cannedReplies/${reply.id}`)).statusCode).toBe(403);
    // Using a reply counts, for whoever may use it.
    const used = await call('operator', 'POST', `/cannedReplies/${reply.id}/used`);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ id: reply.id, uses: 1 });
    expect((await call('operator', 'POST', `/cannedReplies/${foreign.id}/used`)).statusCode).toBe(404);
    // The trail records the reply's creation, with its city; a use counted is no edit.
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['action', 'city_id'])
      .where('entity', '=', 'canned_replies')
      .where('entity_id', '=', String(reply.id))
      .execute();
    expect(trail).toEqual([{ action: 'insert', city_id: t.ids.cityId }]);
  });

  it('an owner manages only their restaurant’s own replies', async () => {
    const cityReply = await create('admin', { cityId: t.ids.cityId, title: 'City reply', text: 'Text' });
    const mine = await create('owner', { title: 'Our kitchen', text: 'From {restaurant}' });
    expect(mine).toMatchObject({ cityId: t.ids.cityId, restaurantId: t.ids.restaurantId });
    expect(idsOf((await call('owner', 'GET', '/cannedReplies')).json())).toEqual([mine.id]);
    expect((await call('owner', 'GET', `/cannedReplies/${cityReply.id}`)).statusCode).toBe(404);
    expect((await call('owner', 'PUT', `/cannedReplies/${cityReply.id}`, { title: 'Taken' })).statusCode).toBe(404);
    expect((await call('owner', 'POST', '/cannedReplies', { cityId: t.ids.otherCityId, title: 'X', text: 'Y' })).statusCode).toBe(403);

    // Another owner of the same city sees none of it.
    const otherRestaurant = await createRestaurant(t.db, t.ids.cityId, 'Other kitchen');
    await createStaff(t.db, { username: 'owner2', roleId: Role.RESTAURANT_OWNER, cityId: t.ids.cityId, restaurantId: otherRestaurant });
    const other = bearer(await login(t.app, 'owner2'));
    const asOther = await t.app.inject({ method: 'GET', url: `/api/cannedReplies/${mine.id}`, headers: other });
    expect(asOther.statusCode).toBe(404);

    expect((await call('owner', 'PUT', `/cannedReplies/${mine.id}`, { title: 'Our own' })).json()).toMatchObject({ title: 'Our own' });
    // The city's managers see an owner's reply; it stays in its restaurant's city.
    expect(idsOf((await call('cityadmin', 'GET', '/cannedReplies')).json())).toContain(mine.id);
    expect((await call('admin', 'PUT', `/cannedReplies/${mine.id}`, { cityId: t.ids.otherCityId })).statusCode).toBe(409);
    expect((await call('owner', 'DELETE', `/cannedReplies/${mine.id}`)).statusCode).toBe(200);
  });

  it('sorts by uses on the server, filters by city, and pages', async () => {
    const city = await createCity(t.db);
    const a = await create('admin', { cityId: city, title: 'A', text: 'a' });
    const b = await create('admin', { cityId: city, title: 'B', text: 'b' });
    for (let i = 0; i < 2; i += 1) await call('admin', 'POST', `/cannedReplies/${b.id}/used`);
    const byUse = await call('admin', 'GET', `/cannedReplies?cityId=${city}&sort=uses&order=DESC`);
    expect(idsOf(byUse.json())).toEqual([b.id, a.id]);
    expect(byUse.json<ReplyJson[]>()[0]?.uses).toBe(2);
    expect(idsOf((await call('admin', 'GET', `/cannedReplies?cityId=${city}&sort=uses&order=ASC`)).json())).toEqual([a.id, b.id]);
    const page = await call('admin', 'GET', `/cannedReplies?cityId=${city}&page=2&perPage=1&sort=title&order=ASC`);
    expect(idsOf(page.json())).toEqual([b.id]);
    expect(page.headers['x-total-count']).toBe('2');
    expect(idsOf((await call('admin', 'GET', `/cannedReplies?ids=${a.id},${b.id}`)).json()).sort()).toEqual([a.id, b.id].sort());
    expect((await call('admin', 'GET', '/cannedReplies?sort=bogus')).statusCode).toBe(400);
  });

  it('gives an order’s chat its replies, the customer’s language and the order’s ETA', async () => {
    const customer = await createCustomer(t.db, t.ids.cityId);
    await t.db.updateTable('users').set({ language: 'ru' }).where('id', '=', customer).execute();
    const order = await createOrder(t.db, { cityId: t.ids.cityId, restaurantId: t.ids.restaurantId, userId: customer });
    const cityReply = await create('admin', { cityId: t.ids.cityId, title: 'For the chat', text: 'Order {order}' });
    const ownerReply = await create('owner', { title: 'Owner chat', text: 'From {restaurant}' });
    const foreign = await create('admin', { cityId: t.ids.otherCityId, title: 'Elsewhere', text: 'x' });

    const staff = await call('operator', 'GET', `/cannedReplies/order/${order.threadId}`);
    expect(staff.statusCode).toBe(200);
    const body = staff.json<{ customerLanguage: string; eta: string | null; replies: ReplyJson[] }>();
    expect(body.customerLanguage).toBe('ru');
    expect(body.eta).toBeNull();
    expect(idsOf(body.replies)).toEqual(expect.arrayContaining([cityReply.id, ownerReply.id]));
    expect(idsOf(body.replies)).not.toContain(foreign.id);

    const owner = (await call('owner', 'GET', `/cannedReplies/order/${order.threadId}`)).json<{ replies: ReplyJson[] }>();
    expect(idsOf(owner.replies)).toEqual([ownerReply.id]);

    // An order outside the user's scope is unknown to them.
    const otherRestaurant = await createRestaurant(t.db, t.ids.otherCityId, 'Far kitchen');
    const far = await createOrder(t.db, { cityId: t.ids.otherCityId, restaurantId: otherRestaurant, userId: customer });
    expect((await call('operator', 'GET', `/cannedReplies/order/${far.threadId}`)).statusCode).toBe(404);
    expect((await call('owner', 'GET', `/cannedReplies/order/${far.threadId}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/cannedReplies/order/${far.threadId}`)).statusCode).toBe(200);
    expect((await call('operator', 'GET', '/cannedReplies/order/T99999999')).statusCode).toBe(404);
    expect((await call('operator', 'GET', '/cannedReplies/order/bad')).statusCode).toBe(400);
  });

  it('answers 400 with field reasons for bad replies', async () => {
    await t.expectFieldErrors('POST', '/cannedReplies', [
      [{ cityId: t.ids.cityId, text: 'No title' }, 'title', 'Required'],
      [{ cityId: t.ids.cityId, title: '   ', text: 'x' }, 'title', 'Required'],
      [{ cityId: t.ids.cityId, title: 'x'.repeat(129), text: 'x' }, 'title', 'must be less than 129 symbols'],
      [{ cityId: t.ids.cityId, title: 'No text' }, 'text', 'Required'],
      [{ cityId: t.ids.cityId, title: 'Long', text: 'x'.repeat(4097) }, 'text', 'must be less than 4097 symbols'],
      [{ cityId: t.ids.cityId, title: 'Bad', text: 'x', text_ru: 5 }, 'text_ru', 'must be text'],
      [{ cityId: 'one', title: 'Bad', text: 'x' }, 'cityId', 'must be chosen from the list'],
      [{ cityId: t.ids.cityId, title: 'Bad', text: 'x', uses: 9 }, 'uses', 'is not a known field'],
    ]);
    // The admin names the city; a city that does not exist is the cityId's problem.
    await t.expectFieldErrors('POST', '/cannedReplies', [[{ title: 'Where', text: 'x' }, 'cityId', 'Required']]);
    await t.expectFieldErrors('POST', '/cannedReplies', [[{ cityId: 999999, title: 'Where', text: 'x' }, 'cityId', 'no such city']]);
    const reply = await create('admin', { cityId: t.ids.cityId, title: 'Valid', text: 'x' });
    await t.expectFieldErrors('PUT', `/cannedReplies/${reply.id}`, [
      [{ title: '' }, 'title', 'Required'],
      [{ text: 'x'.repeat(4097) }, 'text', 'must be less than 4097 symbols'],
    ]);
    expect((await call('admin', 'PUT', `/cannedReplies/${reply.id}`, {})).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/cannedReplies/abc')).statusCode).toBe(400);
  });
});
