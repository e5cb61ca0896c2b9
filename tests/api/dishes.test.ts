import { describe, expect, it } from 'vitest';
import { backends, createRestaurant, type FieldErrorCase, useStaffApp } from './harness';

interface CategoryJson {
  id: number;
  restaurantId: number;
  name: string;
  startDisplayingAt: string | null;
  stopDisplayingAt: string | null;
  dishCount: number;
  enabled: boolean;
}
interface DishJson {
  id: number;
  dishCategoryId: number;
  name: string;
  price: number;
  amount: number | null;
  tags: number[];
  enabled: boolean;
  popularityCoefficient: number;
  currency: string;
  description: string;
}

describe.each(backends)('dish categories and dishes on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  const category = async (who: string, payload: Record<string, unknown>): Promise<CategoryJson> => {
    const response = await call(who, 'POST', '/dishCategories/', { name: 'Soups', name_ru: 'Супы', position: 1, ...payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CategoryJson>();
  };
  const dish = async (who: string, payload: Record<string, unknown>): Promise<DishJson> => {
    const response = await call(who, 'POST', '/dishes', {
      name: 'Borscht',
      position: 1,
      description: 'Beet soup',
      description_ru: 'Борщ',
      price: 7.5,
      ...payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DishJson>();
  };
  const tag = async (cityId: number, name: string) =>
    (await t.db.insertInto('tags').values({ city_id: cityId, name, name_ru: name }).returning('id').executeTakeFirstOrThrow()).id;

  it('an admin creates, lists in position order, changes and deletes categories and dishes', async () => {
    const restaurantId = t.ids.restaurantId;
    const second = await category('admin', {
      restaurantId,
      name: 'Mains',
      position: 2,
      startDisplayingAt: '22:00',
      stopDisplayingAt: '02:00',
    });
    const first = await category('admin', { restaurantId, name: 'Starters', position: 0, enabled: false });
    expect(second).toMatchObject({ restaurantId, startDisplayingAt: '22:00', stopDisplayingAt: '02:00', enabled: true, dishCount: 0 });
    expect(first).toMatchObject({ enabled: false, startDisplayingAt: null, stopDisplayingAt: null });
    const listed = (await call('admin', 'GET', `/dishCategories?restaurantId=${restaurantId}`)).json<CategoryJson[]>();
    expect(listed.map((c) => c.id)).toEqual([first.id, second.id]);
    expect((await call('admin', 'GET', `/dishCategories/${second.id}`)).json()).toEqual(second);

    const toggled = await call('admin', 'PUT', `/dishCategories/${first.id}`, { enabled: true });
    expect(toggled.json()).toMatchObject({ enabled: true, name: 'Starters' });
    const cleared = await call('admin', 'PUT', `/dishCategories/${second.id}`, { startDisplayingAt: null, stopDisplayingAt: null });
    expect(cleared.json()).toMatchObject({ startDisplayingAt: null, stopDisplayingAt: null });

    const b = await dish('admin', { dishCategoryId: first.id, name: 'B', position: 2 });
    const a = await dish('admin', { dishCategoryId: first.id, name: 'A', position: 1 });
    expect(a).toMatchObject({ amount: null, popularityCoefficient: 0, enabled: true, tags: [], currency: 'EUR', price: 7.5 });
    const dishes = (await call('admin', 'GET', `/dishes?dishCategoryId=${first.id}`)).json<DishJson[]>();
    expect(dishes.map((d) => d.id)).toEqual([a.id, b.id]);
    // The list toggle sends only `enabled`; nothing else changes.
    const off = await call('admin', 'PUT', `/dishes/${a.id}`, { enabled: false });
    expect(off.json()).toEqual({ ...a, enabled: false, updatedAt: expect.any(String) });
    expect((await call('admin', 'DELETE', `/dishes/${b.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/dishes/${b.id}`)).statusCode).toBe(404);
  });

  it('stock is null (no limit) or a whole number; tags are of the city, each once, at most two', async () => {
    const cat = await category('admin', { restaurantId: t.ids.restaurantId });
    const [spicy, vegan, cheap] = [await tag(t.ids.cityId, 'Spicy'), await tag(t.ids.cityId, 'Vegan'), await tag(t.ids.cityId, 'Cheap')];
    const foreign = await tag(t.ids.otherCityId, 'Elsewhere');
    const stocked = await dish('admin', { dishCategoryId: cat.id, amount: 0 });
    expect(stocked.amount).toBe(0);
    const tagged = await dish('admin', { dishCategoryId: cat.id, tags: [vegan, spicy] });
    expect(tagged.tags).toEqual([spicy, vegan].sort((x, y) => x - y));
    expect((await call('admin', 'PUT', `/dishes/${stocked.id}`, { amount: 12 })).json().amount).toBe(12);
    expect((await call('admin', 'PUT', `/dishes/${stocked.id}`, { amount: null })).json().amount).toBeNull();

    await t.expectFieldErrors('POST', '/dishes', [
      [
        { dishCategoryId: cat.id, name: 'X', position: 1, description: 'd', description_ru: 'd', price: 1, tags: [spicy, vegan, cheap] },
        'tags',
        'at most 2 tags',
      ],
      [
        { dishCategoryId: cat.id, name: 'X', position: 1, description: 'd', description_ru: 'd', price: 1, tags: [spicy, spicy] },
        'tags',
        'must not name a tag twice',
      ],
      [
        { dishCategoryId: cat.id, name: 'X', position: 1, description: 'd', description_ru: 'd', price: 1, tags: [foreign] },
        'tags',
        'must be chosen from the list',
      ],
      [
        { dishCategoryId: cat.id, name: 'X', position: 1, description: 'd', description_ru: 'd', price: 1, amount: -1 },
        'amount',
        'must be between 0 and 1000000',
      ],
      [
        { dishCategoryId: cat.id, name: 'X', position: 1, description: 'd', description_ru: 'd', price: 1, amount: 1.5 },
        'amount',
        'must be a whole number',
      ],
    ]);
    const update = await call('admin', 'PUT', `/dishes/${tagged.id}`, { tags: [spicy, vegan, cheap] });
    expect(update.statusCode).toBe(400);
    expect(update.json().details).toContainEqual(expect.objectContaining({ field: 'tags', message: 'at most 2 tags' }));
    expect((await call('admin', 'PUT', `/dishes/${tagged.id}`, { tags: [cheap] })).json().tags).toEqual([cheap]);
    expect((await call('admin', 'PUT', `/dishes/${tagged.id}`, { tags: [] })).json().tags).toEqual([]);
  });

  it('rejects every invalid category field with its message and writes nothing', async () => {
    const r = t.ids.restaurantId;
    const before = (await call('admin', 'GET', `/dishCategories?restaurantId=${r}`)).json().length;
    const ok = { restaurantId: r, name: 'Ok', name_ru: 'Ок', position: 1 };
    const cases: FieldErrorCase[] = [
      [{ ...ok, name: undefined }, 'name', 'Required'],
      [{ ...ok, name: '  ' }, 'name', 'Required'],
      [{ ...ok, name: 'x'.repeat(256) }, 'name', 'must be less than 256 symbols'],
      [{ ...ok, name_ru: '' }, 'name_ru', 'Required'],
      [{ ...ok, name_ru: 'x'.repeat(256) }, 'name_ru', 'must be less than 256 symbols'],
      [{ ...ok, position: undefined }, 'position', 'Required'],
      [{ ...ok, position: 1.5 }, 'position', 'must be a whole number'],
      [{ ...ok, startDisplayingAt: '25:00', stopDisplayingAt: '02:00' }, 'startDisplayingAt', 'must be a time such as 22:00'],
      [{ ...ok, startDisplayingAt: '22:00', stopDisplayingAt: '2:00' }, 'stopDisplayingAt', 'must be a time such as 22:00'],
      [{ ...ok, startDisplayingAt: '22:00' }, 'stopDisplayingAt', 'give both display times or neither'],
      [{ ...ok, stopDisplayingAt: '02:00' }, 'startDisplayingAt', 'give both display times or neither'],
      [{ ...ok, restaurantId: undefined }, 'restaurantId', 'Required'],
      [{ ...ok, restaurantId: 999999 }, 'restaurantId', 'must be chosen from the list'],
    ];
    await t.expectFieldErrors('POST', '/dishCategories/', cases);
    expect((await call('admin', 'GET', `/dishCategories?restaurantId=${r}`)).json().length).toBe(before);

    const windowed = await category('admin', { restaurantId: r, startDisplayingAt: '10:00', stopDisplayingAt: '12:00' });
    const half = await call('admin', 'PUT', `/dishCategories/${windowed.id}`, { stopDisplayingAt: null });
    expect(half.statusCode).toBe(400);
    expect(half.json().details).toContainEqual(
      expect.objectContaining({ field: 'stopDisplayingAt', message: 'give both display times or neither' }),
    );
    const renamed = await call('admin', 'PUT', `/dishCategories/${windowed.id}`, { name: '' });
    expect(renamed.json().details).toContainEqual(expect.objectContaining({ field: 'name', message: 'Required' }));
    expect((await call('admin', 'PUT', `/dishCategories/${windowed.id}`, { restaurantId: r })).statusCode).toBe(400);
    expect((await call('admin', 'GET', `/dishCategories/${windowed.id}`)).json()).toEqual(windowed);
  });

  it('rejects every invalid dish field with its message and writes nothing', async () => {
    const cat = await category('admin', { restaurantId: t.ids.restaurantId });
    const ok = { dishCategoryId: cat.id, name: 'Ok', position: 1, description: 'd', description_ru: 'д', price: 3 };
    const cases: FieldErrorCase[] = [
      [{ ...ok, name: '' }, 'name', 'Required'],
      [{ ...ok, name: 'x'.repeat(256) }, 'name', 'must be less than 256 symbols'],
      [{ ...ok, name_ru: 'x'.repeat(256) }, 'name_ru', 'must be less than 256 symbols'],
      [{ ...ok, description: undefined }, 'description', 'Required'],
      [{ ...ok, description: 'x'.repeat(256) }, 'description', 'must be less than 256 symbols'],
      [{ ...ok, description_ru: '' }, 'description_ru', 'Required'],
      [{ ...ok, description_ru: 'x'.repeat(256) }, 'description_ru', 'must be less than 256 symbols'],
      [{ ...ok, price: 0 }, 'price', 'Cannot be null'],
      [{ ...ok, price: undefined }, 'price', 'Required'],
      [{ ...ok, price: null }, 'price', 'Required'],
      [{ ...ok, price: '5' }, 'price', 'must be a number'],
      [{ ...ok, position: undefined }, 'position', 'Required'],
      [{ ...ok, popularityCoefficient: 'high' }, 'popularityCoefficient', 'must be a number'],
      [{ ...ok, dishCategoryId: undefined }, 'dishCategoryId', 'Required'],
      [{ ...ok, dishCategoryId: 999999 }, 'dishCategoryId', 'must be chosen from the list'],
    ];
    await t.expectFieldErrors('POST', '/dishes', cases);
    expect((await call('admin', 'GET', `/dishes?dishCategoryId=${cat.id}`)).json()).toEqual([]);

    const made = await dish('admin', { dishCategoryId: cat.id });
    for (const [payload, field, message] of [
      [{ price: 0 }, 'price', 'Cannot be null'],
      [{ name: '' }, 'name', 'Required'],
      [{ description: 'x'.repeat(256) }, 'description', 'must be less than 256 symbols'],
      [{ position: null }, 'position', 'Required'],
    ] as const) {
      const response = await call('admin', 'PUT', `/dishes/${made.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field, message }));
    }
    // On update the descriptions may be emptied (they are required only on add).
    expect((await call('admin', 'PUT', `/dishes/${made.id}`, { description: '' })).json().description).toBe('');
    // A dish moves only between categories of its own restaurant.
    const elsewhere = await category('admin', { restaurantId: await createRestaurant(t.db, t.ids.cityId, 'Next door') });
    const moved = await call('admin', 'PUT', `/dishes/${made.id}`, { dishCategoryId: elsewhere.id });
    expect(moved.json().details).toContainEqual(
      expect.objectContaining({ field: 'dishCategoryId', message: 'must be chosen from the list' }),
    );
  });

  it('city roles reach their city, owners their restaurant; operators add and delete nothing', async () => {
    const mine = await category('admin', { restaurantId: t.ids.restaurantId, name: 'Mine' });
    const neighbour = await createRestaurant(t.db, t.ids.cityId, 'Neighbour');
    const faraway = await createRestaurant(t.db, t.ids.otherCityId, 'Faraway');
    const theirs = await category('admin', { restaurantId: neighbour, name: 'Theirs' });
    const far = await category('admin', { restaurantId: faraway, name: 'Far' });
    const myDish = await dish('admin', { dishCategoryId: mine.id });
    const theirDish = await dish('admin', { dishCategoryId: theirs.id });
    const farDish = await dish('admin', { dishCategoryId: far.id });

    // A city admin: everything in their city, nothing in another.
    const cityCat = await category('cityadmin', { restaurantId: neighbour, name: 'By city admin' });
    const cityDish = await dish('cityadmin', { dishCategoryId: cityCat.id });
    expect((await call('cityadmin', 'PUT', `/dishes/${theirDish.id}`, { name: 'Renamed' })).statusCode).toBe(200);
    expect((await call('cityadmin', 'GET', `/dishCategories?restaurantId=${faraway}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'GET', `/dishes/${farDish.id}`)).statusCode).toBe(404);
    expect((await call('cityadmin', 'PUT', `/dishes/${farDish.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call('cityadmin', 'DELETE', `/dishCategories/${far.id}?withDishes=true`)).statusCode).toBe(403);
    expect(
      (await call('cityadmin', 'POST', '/dishCategories', { restaurantId: faraway, name: 'X', name_ru: 'X', position: 1 })).statusCode,
    ).toBe(403);
    expect((await call('cityadmin', 'DELETE', `/dishes/${cityDish.id}`)).statusCode).toBe(200);
    expect((await call('cityadmin', 'DELETE', `/dishCategories/${cityCat.id}`)).statusCode).toBe(200);

    // An operator: reads and edits their city's menu, adds and deletes nothing.
    expect((await call('operator', 'GET', `/dishCategories?restaurantId=${neighbour}`)).statusCode).toBe(200);
    expect((await call('operator', 'PUT', `/dishCategories/${theirs.id}`, { enabled: false })).json().enabled).toBe(false);
    expect((await call('operator', 'PUT', `/dishes/${theirDish.id}`, { enabled: false })).json().enabled).toBe(false);
    expect(
      (await call('operator', 'POST', '/dishCategories', { restaurantId: neighbour, name: 'X', name_ru: 'X', position: 1 })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('operator', 'POST', '/dishes', {
          dishCategoryId: theirs.id,
          name: 'X',
          position: 1,
          description: 'd',
          description_ru: 'd',
          price: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('operator', 'DELETE', `/dishes/${theirDish.id}`)).statusCode).toBe(403);
    expect((await call('operator', 'DELETE', `/dishCategories/${theirs.id}?withDishes=true`)).statusCode).toBe(403);
    expect((await call('operator', 'PUT', `/dishes/${farDish.id}`, { enabled: false })).statusCode).toBe(403);

    // An owner: their restaurant's menu only.
    const listed = (await call('owner', 'GET', '/dishCategories')).json<CategoryJson[]>();
    expect(listed.map((c) => c.id)).toContain(mine.id);
    expect(listed.every((c) => c.restaurantId === t.ids.restaurantId)).toBe(true);
    expect((await call('owner', 'GET', `/dishes?dishCategoryId=${mine.id}`)).json().map((d: DishJson) => d.id)).toEqual([myDish.id]);
    expect((await call('owner', 'PUT', `/dishes/${myDish.id}`, { name: 'House borscht', price: 9 })).json()).toMatchObject({
      name: 'House borscht',
      price: 9,
    });
    const ownDish = await dish('owner', { dishCategoryId: mine.id, name: 'Owner dish' });
    expect((await call('owner', 'DELETE', `/dishes/${ownDish.id}`)).statusCode).toBe(200);
    expect((await call('owner', 'GET', `/dishCategories?restaurantId=${neighbour}`)).statusCode).toBe(404);
    expect((await call('owner', 'GET', `/dishes/${theirDish.id}`)).statusCode).toBe(404);
    expect((await call('owner', 'GET', `/dishes?dishCategoryId=${theirs.id}`)).statusCode).toBe(404);
    const refused = await call('owner', 'PUT', `/dishes/${theirDish.id}`, { name: 'Stolen' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MENU_NOT_YOURS');
    expect((await call('owner', 'DELETE', `/dishes/${theirDish.id}`)).statusCode).toBe(403);
    expect(
      (
        await call('owner', 'POST', '/dishes', {
          dishCategoryId: theirs.id,
          name: 'X',
          position: 1,
          description: 'd',
          description_ru: 'd',
          price: 1,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('owner', 'PUT', `/dishes/${myDish.id}`, { dishCategoryId: theirs.id })).statusCode).toBe(403);
    expect((await call('admin', 'GET', `/dishes/${theirDish.id}`)).json().name).toBe('Renamed');
  });

  it('a category with dishes is deleted only with them, after saying how many; orders keep their items', async () => {
    const cat = await category('admin', { restaurantId: t.ids.restaurantId, name: 'Desserts' });
    const cake = await dish('admin', { dishCategoryId: cat.id, name: 'Cake', price: 4 });
    await dish('admin', { dishCategoryId: cat.id, name: 'Pie' });
    const user = (await t.db.selectFrom('users').select('id').where('username', '=', 'courier').executeTakeFirstOrThrow()).id;
    const order = await t.db
      .insertInto('orders')
      .values({
        thread_id: '123456789',
        city_id: t.ids.cityId,
        user_id: user,
        restaurant_id: t.ids.restaurantId,
        currency: 'EUR',
        address: null,
        district_id: null,
        additional_address: null,
        courier_id: null,
        invoice_id: null,
        provider_payment_charge_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('order_items')
      .values({ order_id: order.id, dish_id: cake.id, name: 'Cake', price: 4, count: 2, sum: 8 })
      .execute();

    const refused = await call('admin', 'DELETE', `/dishCategories/${cat.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DISH_CATEGORY_HAS_DISHES', args: { count: 2, name: 'Desserts' } });
    expect(refused.json().message).toContain('2 dishes');
    expect((await call('admin', 'GET', `/dishes?dishCategoryId=${cat.id}`)).json().length).toBe(2);

    expect((await call('admin', 'DELETE', `/dishCategories/${cat.id}?withDishes=true`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `/dishCategories/${cat.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/dishes/${cake.id}`)).statusCode).toBe(404);
    const item = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ dish_id: null, name: 'Cake', price: 4, count: 2 });

    const empty = await category('admin', { restaurantId: t.ids.restaurantId, name: 'Empty' });
    expect((await call('admin', 'DELETE', `/dishCategories/${empty.id}`)).statusCode).toBe(200);
  });

  it('a deleted restaurant’s menu is gone, its rows kept', async () => {
    const closing = await createRestaurant(t.db, t.ids.cityId, 'Closing');
    const cat = await category('admin', { restaurantId: closing });
    const kept = await dish('admin', { dishCategoryId: cat.id });
    await t.db.updateTable('restaurants').set({ deleted_at: new Date() }).where('id', '=', closing).execute();
    expect((await call('admin', 'GET', `/dishCategories?restaurantId=${closing}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/dishCategories/${cat.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/dishes/${kept.id}`)).statusCode).toBe(404);
    const added = await call('admin', 'POST', '/dishCategories', { restaurantId: closing, name: 'X', name_ru: 'X', position: 1 });
    expect(added.json().details).toContainEqual(
      expect.objectContaining({ field: 'restaurantId', message: 'must be chosen from the list' }),
    );
    expect(await t.db.selectFrom('dishes').select('id').where('id', '=', kept.id).executeTakeFirst()).toBeDefined();
  });

  it('bad ids give 400, unknown ones 404', async () => {
    expect((await call('admin', 'GET', '/dishCategories/abc')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/dishCategories?restaurantId=x')).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/dishCategories?restaurantId=999999')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/dishCategories/999999')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/dishes?dishCategoryId=999999')).statusCode).toBe(404);
    expect((await call('admin', 'PUT', '/dishes/999999', { name: 'x' })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', '/dishes/999999')).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', '/dishCategories/1?withDishes=maybe')).statusCode).toBe(400);
  });
});
