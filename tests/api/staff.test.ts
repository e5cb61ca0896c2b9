import { describe, expect, it } from 'vitest';
import { Role, type RoleId } from '../../src/domain';
import { backends, createRestaurant, useStaffApp } from './harness';

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}_${++counter}`;

/** Staff accounts: who may create, see, change and delete whom (spec sections 5, 6 and 7). */
describe.each(backends)('staff accounts on %s', (backend) => {
  const t = useStaffApp(backend);

  /** A body for a new account of `roleId`, placed where the actor may put it. */
  const newAccount = (roleId: RoleId, extra: Record<string, unknown> = {}) => ({
    username: uniqueName('staff'),
    password: 'long-enough-1',
    roleId,
    ...(roleId === Role.RESTAURANT_OWNER ? { restaurantId: t.ids.restaurantId } : {}),
    ...(roleId === Role.CITY_ADMIN || roleId === Role.OPERATOR || roleId === Role.COURIER ? { cityId: t.ids.cityId } : {}),
    ...extra,
  });

  const create = async (who: string, roleId: RoleId, extra: Record<string, unknown> = {}) =>
    t.call(who, 'POST', '/users', newAccount(roleId, extra));

  /** An account made by the admin, in the other city unless told. */
  const adminMade = async (roleId: RoleId, extra: Record<string, unknown> = {}) => {
    const response = await create('admin', roleId, extra);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; username: string; cityId: number | null }>();
  };

  const usernames = async (who: string, query = '') => {
    const response = await t.call(who, 'GET', `/users${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ username: string }[]>().map((u) => u.username);
  };

  const ALL: RoleId[] = [Role.ADMIN, Role.CITY_ADMIN, Role.RESTAURANT_OWNER, Role.OPERATOR, Role.COURIER];
  const ASSIGNABLE: Record<string, RoleId[]> = {
    admin: ALL,
    cityadmin: [Role.RESTAURANT_OWNER, Role.OPERATOR, Role.COURIER],
    operator: [Role.COURIER],
    owner: [],
  };

  it.each(Object.keys(ASSIGNABLE))('%s creates exactly the roles of the matrix', async (who) => {
    for (const roleId of ALL) {
      const response = await create(who, roleId);
      if (ASSIGNABLE[who].includes(roleId)) {
        expect(response.statusCode, `${who} -> ${roleId}: ${response.body}`).toBe(201);
        expect(response.json().roleId).toBe(roleId);
      } else {
        expect(response.statusCode, `${who} -> ${roleId}`).toBe(403);
        expect(response.json().code).toBe(who === 'owner' ? 'FORBIDDEN' : 'STAFF_ROLE_REFUSED');
      }
    }
  });

  it('refuses a city admin creating an admin and an operator creating an operator, writing nothing', async () => {
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const admin = await create('cityadmin', Role.ADMIN);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'STAFF_ROLE_REFUSED', details: [expect.objectContaining({ field: 'roleId' })] });
    expect((await create('operator', Role.OPERATOR)).statusCode).toBe(403);
    expect((await create('operator', Role.CITY_ADMIN)).statusCode).toBe(403);
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses raising an account to a role the actor may not assign', async () => {
    const courier = (await create('operator', Role.COURIER)).json<{ id: number }>();
    const raised = await t.call('operator', 'PUT', `/users/${courier.id}`, { roleId: Role.OPERATOR });
    expect(raised.statusCode).toBe(403);
    const operator = (await create('cityadmin', Role.OPERATOR)).json<{ id: number }>();
    expect((await t.call('cityadmin', 'PUT', `/users/${operator.id}`, { roleId: Role.CITY_ADMIN })).statusCode).toBe(403);
    expect((await t.call('cityadmin', 'PUT', `/users/${operator.id}`, { roleId: Role.ADMIN })).statusCode).toBe(403);
    const row = await t.db.selectFrom('users').select('role_id').where('id', '=', operator.id).executeTakeFirstOrThrow();
    expect(row.role_id).toBe(Role.OPERATOR);
  });

  it('keeps other cities out of reach: their accounts are unknown, and nothing is placed there', async () => {
    const elsewhere = await adminMade(Role.OPERATOR, { cityId: t.ids.otherCityId });
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await t.call('cityadmin', method, `/users/${elsewhere.id}`)).statusCode).toBe(404);
    }
    const edit = await t.call('cityadmin', 'PUT', `/users/${elsewhere.id}`, { password: 'taken-over-1' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe('STAFF_NOT_FOUND');

    const moved = await create('cityadmin', Role.COURIER, { cityId: t.ids.otherCityId });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().code).toBe('CITY_NOT_YOURS');
    const otherRestaurant = await createRestaurant(t.db, t.ids.otherCityId, 'Far kitchen');
    const owner = await create('cityadmin', Role.RESTAURANT_OWNER, { restaurantId: otherRestaurant });
    expect(owner.statusCode).toBe(403);
    const mine = (await create('cityadmin', Role.COURIER)).json<{ id: number }>();
    expect((await t.call('cityadmin', 'PUT', `/users/${mine.id}`, { cityId: t.ids.otherCityId })).statusCode).toBe(403);
    expect(await usernames('cityadmin')).not.toContain(elsewhere.username);
  });

  it('leaves accounts of roles the actor may not assign alone, in their own city too', async () => {
    const colleague = await adminMade(Role.CITY_ADMIN);
    for (const [method, body] of [['GET'], ['PUT', { password: 'taken-over-1' }], ['DELETE']] as const) {
      const response = await t.call('cityadmin', method, `/users/${colleague.id}`, body);
      expect(response.statusCode, method).toBe(403);
      expect(response.json().code).toBe('STAFF_ROLE_REFUSED');
    }
    const operator = await adminMade(Role.OPERATOR);
    expect((await t.call('operator', 'PUT', `/users/${operator.id}`, { username: 'renamed' })).statusCode).toBe(403);
    expect((await t.call('operator', 'DELETE', `/users/${operator.id}`)).statusCode).toBe(403);
  });

  it('nobody deletes themselves, and an admin does not change their own role', async () => {
    const me = await t.call('admin', 'GET', '/users?roleId=10');
    const adminId = me.json<{ id: number; username: string }[]>().find((u) => u.username === 'admin')?.id;
    const own = await t.call('admin', 'DELETE', `/users/${adminId}`);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('STAFF_SELF_DELETE');
    const demoted = await t.call('admin', 'PUT', `/users/${adminId}`, { roleId: Role.COURIER, cityId: t.ids.cityId });
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().code).toBe('STAFF_OWN_ROLE');
    const cityAdminId = (await t.db.selectFrom('users').select('id').where('username', '=', 'cityadmin').executeTakeFirstOrThrow()).id;
    const self = await t.call('cityadmin', 'DELETE', `/users/${cityAdminId}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('STAFF_SELF_DELETE');
    expect(
      await t.db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [adminId ?? 0, cityAdminId])
        .execute(),
    ).toHaveLength(2);
  });

  it('lists what each role manages, filtered and paged by the server', async () => {
    const spb = await adminMade(Role.COURIER, { cityId: t.ids.otherCityId });
    const all = await usernames('admin');
    expect(all).toEqual(expect.arrayContaining(['admin', 'cityadmin', 'operator', 'owner', 'courier', spb.username]));
    const cityAdmin = await usernames('cityadmin');
    expect(cityAdmin).toEqual(expect.arrayContaining(['operator', 'owner', 'courier']));
    expect(cityAdmin).not.toContain('admin');
    expect(cityAdmin).not.toContain('cityadmin');
    expect(cityAdmin).not.toContain(spb.username);
    const operator = await t.call('operator', 'GET', '/users');
    expect(new Set(operator.json<{ roleId: number; cityId: number }[]>().map((u) => `${u.roleId}:${u.cityId}`))).toEqual(
      new Set([`${Role.COURIER}:${t.ids.cityId}`]),
    );
    expect((await t.call('owner', 'GET', '/users')).statusCode).toBe(403);

    expect(await usernames('admin', `?cityId=${t.ids.otherCityId}&roleId=${Role.COURIER}`)).toEqual([spb.username]);
    const owners = (await t.call('admin', 'GET', `/users?roleId=${Role.RESTAURANT_OWNER}`)).json<{ roleId: number }[]>();
    expect(owners.every((u) => u.roleId === Role.RESTAURANT_OWNER)).toBe(true);
    expect((await t.call('cityadmin', 'GET', `/users?cityId=${t.ids.otherCityId}`)).statusCode).toBe(404);
    expect((await t.call('admin', 'GET', '/users?roleId=1000')).statusCode).toBe(400);

    const page = await t.call('admin', 'GET', '/users?page=2&perPage=2&sort=username&order=ASC');
    expect(page.headers['x-total-count']).toBe(String(all.length));
    expect(page.json<{ username: string }[]>().map((u) => u.username)).toEqual(
      [...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).slice(2, 4),
    );
  });

  it('places owners at their restaurant (its city is theirs) and city roles in a city', async () => {
    const owner = await create('cityadmin', Role.RESTAURANT_OWNER, { cityId: undefined });
    expect(owner.statusCode).toBe(201);
    expect(owner.json()).toMatchObject({
      roleId: Role.RESTAURANT_OWNER,
      restaurantId: t.ids.restaurantId,
      cityId: t.ids.cityId,
      restaurant: { id: t.ids.restaurantId, name: 'Test kitchen' },
      city: { id: t.ids.cityId },
    });
    const noRestaurant = await create('admin', Role.RESTAURANT_OWNER, { restaurantId: undefined });
    expect(noRestaurant.statusCode).toBe(400);
    expect(noRestaurant.json().details).toContainEqual(expect.objectContaining({ field: 'restaurantId', message: 'Required' }));
    expect((await create('admin', Role.RESTAURANT_OWNER, { restaurantId: 999_999 })).statusCode).toBe(400);

    const noCity = await create('admin', Role.OPERATOR, { cityId: undefined });
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().details).toContainEqual(expect.objectContaining({ field: 'cityId', message: 'Required' }));
    // Everyone but admins gets their own city.
    const courier = await create('operator', Role.COURIER, { cityId: undefined });
    expect(courier.json()).toMatchObject({ cityId: t.ids.cityId, restaurantId: null });
    const cityAdmin = await create('admin', Role.CITY_ADMIN, { restaurantId: t.ids.restaurantId });
    expect(cityAdmin.json()).toMatchObject({ cityId: t.ids.cityId, restaurantId: null });

    // An owner who becomes a courier stays in the restaurant's city and leaves the restaurant.
    const moved = await t.call('cityadmin', 'PUT', `/users/${owner.json().id}`, { roleId: Role.COURIER });
    expect(moved.json()).toMatchObject({ roleId: Role.COURIER, cityId: t.ids.cityId, restaurantId: null, restaurant: null });
  });
});
