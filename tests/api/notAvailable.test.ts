import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createRestaurant, openStaffApp, type StaffApp } from './harness';
import { createCustomer, createOrder } from './orderFixtures';

/**
 * The browser shows one Not-available page for a row outside the user's scope because the API
 * answers every screen's read of such a row with 403 or 404, never with the row, nor with
 * the user's own rows in its place: for each screen a city's staff or an owner can type the
 * address of, the call that screen makes.
 */
describe.each(backends)('reads of rows outside the user’s scope on %s', (backend) => {
  let t: StaffApp;
  let far: { cityId: number; restaurantId: number; categoryId: number; threadId: string };
  let neighbour: { restaurantId: number; categoryId: number; threadId: string };

  beforeAll(async () => {
    t = await openStaffApp(backend);
    const farRestaurant = await createRestaurant(t.db, t.ids.otherCityId, 'Far kitchen');
    const nextDoor = await createRestaurant(t.db, t.ids.cityId, 'Next door');
    const category = async (restaurantId: number) =>
      (
        await t.db
          .insertInto('dish_categories')
          .values({ restaurant_id: restaurantId, name: 'Soups', name_ru: 'Супы', position: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const order = async (cityId: number, restaurantId: number) =>
      (await createOrder(t.db, { cityId, restaurantId, userId: await createCustomer(t.db, cityId) })).threadId;
    far = {
      cityId: t.ids.otherCityId,
      restaurantId: farRestaurant,
      categoryId: await category(farRestaurant),
      threadId: await order(t.ids.otherCityId, farRestaurant),
    };
    neighbour = { restaurantId: nextDoor, categoryId: await category(nextDoor), threadId: await order(t.ids.cityId, nextDoor) };
  }, 60_000);
  afterAll(async () => t?.close());

  const status = async (who: string, url: string) => (await t.call(who, 'GET', url)).statusCode;
  const orderStatus = async (who: string, threadId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: t.auth[who],
      payload: { query: 'query ($threadId: String!) { getOrder(threadId: $threadId) { id } }', variables: { threadId } },
    });
    return response.json<{ errors?: { extensions?: { statusCode?: number } }[] }>().errors?.[0]?.extensions?.statusCode;
  };

  it('a city’s operator and city admin: another city’s restaurants, restaurant, city, districts, menu and order', async () => {
    for (const who of ['operator', 'cityadmin']) {
      for (const url of [
        `/restaurants/city/${far.cityId}`,
        `/restaurants/${far.restaurantId}`,
        `/cities/${far.cityId}`,
        `/config/${far.cityId}`,
        `/cities/${far.cityId}/districts`,
        `/dishCategories?restaurantId=${far.restaurantId}`,
        `/dishCategories/${far.categoryId}`,
        `/dishes?dishCategoryId=${far.categoryId}`,
        `/reviews/restaurant/${far.restaurantId}`,
        `/orders/${far.threadId}`,
      ]) {
        expect([403, 404], `${who} ${url}`).toContain(await status(who, url));
      }
      expect(await orderStatus(who, far.threadId), who).toBe(404);
      // Their own city's answers stand, so the refusal is the row's, not the call's.
      expect(await status(who, `/restaurants/${neighbour.restaurantId}`), who).toBe(200);
      expect(await orderStatus(who, neighbour.threadId), who).toBeUndefined();
    }
  });

  it('an operator: statistics and mailings are refused, whatever the city', async () => {
    for (const url of ['/stats/orders', '/spam', '/users/count', '/users/top']) expect(await status('operator', url), url).toBe(403);
  });

  it('an owner: another restaurant of their city, its menu and order, the city’s screens, statistics and mailings', async () => {
    for (const url of [
      `/restaurants/${neighbour.restaurantId}`,
      `/dishCategories?restaurantId=${neighbour.restaurantId}`,
      `/dishCategories/${neighbour.categoryId}`,
      `/dishes?dishCategoryId=${neighbour.categoryId}`,
      `/reviews/restaurant/${neighbour.restaurantId}`,
      `/orders/${neighbour.threadId}`,
      `/restaurants/city/${t.ids.cityId}`,
      `/cities/${t.ids.cityId}`,
      '/stats/orders',
      '/spam',
      '/users/count',
    ]) {
      expect([403, 404], url).toContain(await status('owner', url));
    }
    expect(await orderStatus('owner', neighbour.threadId)).toBe(404);
    expect(await status('owner', `/restaurants/${t.ids.restaurantId}`)).toBe(200);
  });
});
