import { describe, expect, it } from 'vitest';
import { DISH_BULK_MAX } from '../../src/domain';
import { backends, createRestaurant, useStaffApp } from './harness';

interface DishJson {
  id: number;
  name: string;
  amount: number | null;
  enabled: boolean;
  updatedAt: string;
}

/** POST /dishes/bulk: one change to several dishes, all of them or none, by the rules of a single update. */
describe.each(backends)('bulk changes of dishes on %s', (backend) => {
  const t = useStaffApp(backend);
  const { call } = t;

  const menuOf = async (restaurantId: number, names: string[]): Promise<number[]> => {
    const category = await call('admin', 'POST', '/dishCategories', { restaurantId, name: 'Bulk', name_ru: 'Bulk', position: 1 });
    expect(category.statusCode, category.body).toBe(201);
    const ids: number[] = [];
    for (const [position, name] of names.entries()) {
      const dish = await call('admin', 'POST', '/dishes', {
        dishCategoryId: category.json().id,
        name,
        position,
        description: 'd',
        description_ru: 'd',
        price: 5,
        amount: 3,
      });
      expect(dish.statusCode, dish.body).toBe(201);
      ids.push(dish.json().id);
    }
    return ids;
  };
  const stored = async (ids: number[]) =>
    t.db.selectFrom('dishes').select(['id', 'enabled', 'amount', 'updated_at']).where('id', 'in', ids).orderBy('id').execute();
  const userId = async (username: string) =>
    (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const trail = (ids: number[]) =>
    t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'entity_id', 'city_id', 'restaurant_id', 'changes'])
      .where('entity', '=', 'dishes')
      .where('action', '=', 'update')
      .where(
        'entity_id',
        'in',
        ids.map((id) => String(id)),
      )
      .orderBy('id')
      .execute();

  it('disables, enables and marks out of stock in one call, answering the dishes; each change audited', async () => {
    const ids = await menuOf(t.ids.restaurantId, ['A', 'B', 'C']);
    const off = await call('owner', 'POST', '/dishes/bulk', { ids, change: { enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<DishJson[]>().map((d) => [d.id, d.enabled, d.amount])).toEqual(ids.map((id) => [id, false, 3]));
    const owner = await userId('owner');
    expect((await trail(ids)).map((r) => [r.actor_id, r.entity_id, r.city_id, r.restaurant_id, r.changes])).toEqual(
      ids.map((id) => [owner, String(id), t.ids.cityId, t.ids.restaurantId, { enabled: [true, false] }]),
    );

    // A dish that already holds the value is left alone: not written, not audited, its time kept.
    const before = await stored(ids);
    const out = await call('cityadmin', 'POST', '/dishes/bulk', { ids: [ids[0], ids[1]], change: { amount: 0 } });
    expect(out.json<DishJson[]>().map((d) => d.amount)).toEqual([0, 0]);
    const again = await call('operator', 'POST', '/dishes/bulk', { ids, change: { amount: 0 } });
    expect(again.statusCode).toBe(200);
    const after = await stored(ids);
    expect(after.map((d) => d.amount)).toEqual([0, 0, 0]);
    expect(after[0]?.updated_at).not.toEqual(before[0]?.updated_at);
    const audit = await trail(ids);
    const [cityAdmin, operator] = [await userId('cityadmin'), await userId('operator')];
    expect(audit.slice(3).map((r) => [r.actor_id, r.entity_id, r.changes])).toEqual([
      [cityAdmin, String(ids[0]), { amount: [3, 0] }],
      [cityAdmin, String(ids[1]), { amount: [3, 0] }],
      [operator, String(ids[2]), { amount: [3, 0] }],
    ]);

    const back = await call('admin', 'POST', '/dishes/bulk', { ids, change: { enabled: true, amount: null } });
    expect(back.json<DishJson[]>().map((d) => [d.enabled, d.amount])).toEqual([
      [true, null],
      [true, null],
      [true, null],
    ]);
  });

  it('each role reaches its own scope; one dish outside it refuses the whole request and changes nothing', async () => {
    const mine = await menuOf(t.ids.restaurantId, ['Mine']);
    const neighbour = await menuOf(await createRestaurant(t.db, t.ids.cityId, 'Neighbour'), ['Next door']);
    const far = await menuOf(await createRestaurant(t.db, t.ids.otherCityId, 'Faraway'), ['Far']);
    const everything = [...mine, ...neighbour, ...far];
    const untouched = await stored(everything);

    const ownerTry = await call('owner', 'POST', '/dishes/bulk', { ids: [...mine, ...neighbour], change: { enabled: false } });
    expect(ownerTry.statusCode).toBe(403);
    expect(ownerTry.json().code).toBe('MENU_NOT_YOURS');
    for (const who of ['cityadmin', 'operator']) {
      const refused = await call(who, 'POST', '/dishes/bulk', { ids: [...mine, ...neighbour, ...far], change: { amount: 0 } });
      expect(refused.statusCode, who).toBe(403);
    }
    const unknown = await call('admin', 'POST', '/dishes/bulk', { ids: [...mine, 999_999], change: { enabled: false } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('DISH_NOT_FOUND');
    expect(await stored(everything)).toEqual(untouched);
    expect(await trail(everything)).toEqual([]);

    expect((await call('owner', 'POST', '/dishes/bulk', { ids: mine, change: { enabled: false } })).statusCode).toBe(200);
    expect((await call('cityadmin', 'POST', '/dishes/bulk', { ids: [...mine, ...neighbour], change: { enabled: false } })).statusCode).toBe(
      200,
    );
    expect((await call('operator', 'POST', '/dishes/bulk', { ids: neighbour, change: { enabled: true } })).statusCode).toBe(200);
    expect((await call('admin', 'POST', '/dishes/bulk', { ids: everything, change: { enabled: false } })).statusCode).toBe(200);
    expect((await stored(everything)).map((d) => d.enabled)).toEqual([false, false, false]);

    // Without a token, no one (couriers and customers cannot log in at all).
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/dishes/bulk', payload: { ids: mine, change: { enabled: true } } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses bad input with the reason: no ids, too many, no change, a change outside the dish rules', async () => {
    const ids = await menuOf(t.ids.restaurantId, ['X']);
    const tooMany = Array.from({ length: DISH_BULK_MAX + 1 }, (_, i) => i + 1);
    await t.expectFieldErrors('POST', '/dishes/bulk', [
      [{ ids: [], change: { enabled: false } }, 'ids', 'Required'],
      [{ ids: tooMany, change: { enabled: false } }, 'ids', `at most ${DISH_BULK_MAX} at once`],
      [{ ids: 'all', change: { enabled: false } }, 'ids', 'must be a list'],
      [{ ids, change: {} }, 'change', 'name at least one field to change'],
      [{ ids, change: { amount: -1 } }, 'change.amount', 'must be between 0 and 1000000'],
      [{ ids, change: { amount: 1.5 } }, 'change.amount', 'must be a whole number'],
      [{ ids, change: { enabled: 'yes' } }, 'change.enabled', 'must be yes or no'],
      [{ ids, change: { price: 1 } }, 'change.price', 'is not a known field'],
    ]);
    expect((await stored(ids)).map((d) => [d.enabled, d.amount])).toEqual([[true, 3]]);
    // The most it takes is accepted (duplicates count once).
    const many = await call('admin', 'POST', '/dishes/bulk', {
      ids: Array.from({ length: DISH_BULK_MAX }, () => ids[0]),
      change: { amount: 1 },
    });
    expect(many.statusCode, many.body).toBe(200);
  });
});
