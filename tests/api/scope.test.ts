import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inUserCities, inUserScope, listedCity, type Actor } from '../../server/auth/scope';
import type { Database } from '../../server/db/schema';
import { Role } from '../../src/domain';

/** Queries compiled, not run: what each role's scope adds to a list. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const admin: Actor = { id: 1, roleId: Role.ADMIN, cityId: null, restaurantId: null };
const cityAdmin: Actor = { id: 2, roleId: Role.CITY_ADMIN, cityId: 7, restaurantId: null };
const owner: Actor = { id: 3, roleId: Role.RESTAURANT_OWNER, cityId: 7, restaurantId: 11 };
const cityless: Actor = { id: 4, roleId: Role.OPERATOR, cityId: null, restaurantId: null };

const compiled = (user: Actor) =>
  db
    .selectFrom('restaurants')
    .select('id')
    .where((eb) => inUserScope(eb, user, { city: eb.ref('city_id'), restaurant: eb.ref('id') }))
    .compile();

describe('row scope as a query', () => {
  it('adds nothing for admins, the city for city roles, the restaurant for owners, and nothing reachable without either', () => {
    expect(compiled(admin).sql).toContain('where true');
    expect(compiled(cityAdmin)).toMatchObject({ sql: expect.stringContaining('where "city_id" = $1'), parameters: [7] });
    expect(compiled(owner)).toMatchObject({ sql: expect.stringContaining('where "id" = $1'), parameters: [11] });
    expect(compiled(cityless).sql).toContain('where false');
    const cities = db
      .selectFrom('tags')
      .select('id')
      .where((eb) => inUserCities(eb, owner, eb.ref('city_id')))
      .compile();
    expect(cities.parameters).toEqual([7]);
  });

  it('a list names the city asked for only when the user reaches it', () => {
    expect(listedCity(admin, null)).toBeNull();
    expect(listedCity(cityAdmin, null)).toBe(7);
    expect(listedCity(cityless, null)).toBe('none');
    expect(() => listedCity(cityAdmin, 8)).toThrow('City not found');
  });
});
