import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/password';
import { notificationsOf, registerNotifications } from '../../server/db/notifications';
import type { Database } from '../../server/db/schema';
import { Role, type LoginResponse } from '../../src/domain';
import {
  backends,
  bearer,
  createCity,
  createRestaurant,
  createStaff,
  login,
  openTestApp,
  seedRoles,
  TEST_SECRET,
  TEST_VERSION,
  type TestApp,
} from './harness';
import { openSecondHandle } from './secondHandle';

let staffCounter = 0;

describe.each(backends)('a changed account loses its session on %s', (backend) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof seedRoles>>;

  beforeAll(async () => {
    t = await openTestApp(backend);
    ids = await seedRoles(t.db);
  });
  afterAll(async () => t?.close());

  const statusOf = async (app: FastifyInstance, session: LoginResponse) =>
    (await app.inject({ method: 'POST', url: '/graphql', headers: bearer(session), payload: { query: '{ me { id } }' } })).statusCode;

  /** The guarantee: refused within two seconds of the change, wherever the change came from. */
  const expectRefusedWithin2s = (app: FastifyInstance, session: LoginResponse) =>
    expect.poll(() => statusOf(app, session), { timeout: 2000, interval: 25 }).toBe(401);

  const newOperator = async () => {
    const username = `operator${++staffCounter}`;
    const id = await createStaff(t.db, { username, roleId: Role.OPERATOR, cityId: ids.cityId });
    return { id, username, session: await login(t.app, username) };
  };

  const changes: [string, (db: Kysely<Database>, id: number) => Promise<unknown>][] = [
    ['its role', (db, id) => sql`UPDATE users SET role_id = ${Role.CITY_ADMIN} WHERE id = ${id}`.execute(db)],
    ['its city', (db, id) => sql`UPDATE users SET city_id = ${ids.otherCityId} WHERE id = ${id}`.execute(db)],
    ['its password', async (db, id) => sql`UPDATE users SET password_hash = ${await hashPassword('other')} WHERE id = ${id}`.execute(db)],
    ['its username', (db, id) => sql`UPDATE users SET username = username || 'x' WHERE id = ${id}`.execute(db)],
    ['its auth key', (db, id) => sql`UPDATE users SET auth_key = 'changed' WHERE id = ${id}`.execute(db)],
    ['it being deleted', (db, id) => sql`DELETE FROM users WHERE id = ${id}`.execute(db)],
  ];

  it.each(changes)('refuses a token within two seconds of %s changing through SQL', async (_what, change) => {
    const { id, session } = await newOperator();
    expect(await statusOf(t.app, session)).toBe(200);
    await change(t.db, id);
    await expectRefusedWithin2s(t.app, session);
  });

  it('lets a user whose role changed log in again and work with the new role', async () => {
    const { id, username, session } = await newOperator();
    await sql`UPDATE users SET role_id = ${Role.CITY_ADMIN} WHERE id = ${id}`.execute(t.db);
    await expectRefusedWithin2s(t.app, session);
    const again = await login(t.app, username);
    expect(again.user.roleId).toBe(Role.CITY_ADMIN);
    expect(await statusOf(t.app, again)).toBe(200);
  });

  it('keeps the session when a field that grants nothing changes', async () => {
    const { id, session } = await newOperator();
    await sql`UPDATE users SET name = 'New name', phone = '+100', last_active_at = now() WHERE id = ${id}`.execute(t.db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf(t.app, session)).toBe(200);
  });

  it('refuses an owner’s token when their restaurant moves to another city', async () => {
    const cityId = await createCity(t.db);
    const restaurantId = await createRestaurant(t.db, cityId, 'Moving kitchen');
    const username = `owner${++staffCounter}`;
    await createStaff(t.db, { username, roleId: Role.RESTAURANT_OWNER, restaurantId });
    const session = await login(t.app, username);
    expect(session.user.cityId).toBe(cityId);
    const bystander = await login(t.app, 'owner');
    await sql`UPDATE restaurants SET city_id = ${ids.otherCityId} WHERE id = ${restaurantId}`.execute(t.db);
    await expectRefusedWithin2s(t.app, session);
    expect(await statusOf(t.app, bystander)).toBe(200);
    expect((await login(t.app, username)).user.cityId).toBe(ids.otherCityId);
  });

  it('answers requests without reading the session from the database', async () => {
    const queries: string[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = t.db.withPlugin(recorder);
    const source = notificationsOf(t.db);
    if (source) registerNotifications(db, source);
    const app = await buildApp({ db, jwtSecret: TEST_SECRET, version: TEST_VERSION });
    try {
      const session = await login(app, 'admin');
      const me = { method: 'POST' as const, url: '/graphql', headers: bearer(session), payload: { query: '{ me { id } }' } };
      // Until its LISTEN is in place the app may read an account's version once more.
      for (let warm = 0; warm < 40; warm++) {
        queries.length = 0;
        expect((await app.inject(me)).statusCode).toBe(200);
        if (queries.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      queries.length = 0;
      for (let i = 0; i < 20; i++) expect((await app.inject(me)).statusCode).toBe(200);
      expect(queries).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('refuses the token in a second API process on the same database, changed through the first', async () => {
    const second = await openSecondHandle(t.db, backend);
    const other = await buildApp({ db: second.db, jwtSecret: TEST_SECRET, version: TEST_VERSION });
    try {
      const { id, session } = await newOperator();
      expect(await statusOf(other, session)).toBe(200);
      await sql`UPDATE users SET role_id = ${Role.CITY_ADMIN} WHERE id = ${id}`.execute(t.db);
      await expectRefusedWithin2s(other, session);

      const deleted = await newOperator();
      expect(await statusOf(t.app, deleted.session)).toBe(200);
      expect(await statusOf(other, deleted.session)).toBe(200);
      await sql`DELETE FROM users WHERE id = ${deleted.id}`.execute(second.db);
      await Promise.all([expectRefusedWithin2s(t.app, deleted.session), expectRefusedWithin2s(other, deleted.session)]);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('still refuses within two seconds when no notification arrives', async () => {
    // A Kysely instance that openDatabase did not register has no notifications to listen to.
    const app = await buildApp({ db: t.db.withoutPlugins(), jwtSecret: TEST_SECRET, version: TEST_VERSION });
    try {
      const { id, session } = await newOperator();
      expect(await statusOf(app, session)).toBe(200);
      await sql`UPDATE users SET role_id = ${Role.CITY_ADMIN} WHERE id = ${id}`.execute(t.db);
      // Two seconds of trust, plus the time a request takes on a busy machine.
      await expect.poll(() => statusOf(app, session), { timeout: 3000, interval: 50 }).toBe(401);
    } finally {
      await app.close();
    }
  });
});
