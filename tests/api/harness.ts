import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp, type AppDeps } from '../../server/app';
import { hashPassword, newAuthKey } from '../../server/auth/password';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { Role, type LoginResponse, type RoleId } from '../../src/domain';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_VERSION = '2.5.86';
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256';

export interface TestDb {
  db: Kysely<Database>;
  close: () => Promise<void>;
}

/** A fresh, migrated database: a copy of the PGlite template, or a new database on the server. */
export async function openTestDb(backend: Backend): Promise<TestDb> {
  if (backend === 'pglite') {
    const root = mkdtempSync(join(tmpdir(), 'backoffice-test-'));
    cpSync(inject('pgliteTemplate'), join(root, 'db'), { recursive: true });
    const db = openDatabase({ dataDir: join(root, 'db') });
    await migrateToLatest(db);
    return {
      db,
      close: async () => {
        await db.destroy();
        rmSync(root, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `backoffice_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(db);
  return {
    db,
    close: async () => {
      await db.destroy();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // The pool's connections close a moment after destroy() returns: let them go by
      // themselves, so that none is cut off mid-goodbye (an uncaught error in the pool).
      for (let waited = 0; waited < 3000; waited += 50) {
        const { rows } = await dropper.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp extends TestDb {
  app: FastifyInstance;
}

export async function openTestApp(backend: Backend, overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const testDb = await openTestDb(backend);
  const app = await buildApp({ db: testDb.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, ...overrides });
  await app.ready();
  return {
    ...testDb,
    app,
    close: async () => {
      await app.close();
      await testDb.close();
    },
  };
}

let cityCounter = 0;
export async function createCity(db: Kysely<Database>, name = `City ${++cityCounter}`): Promise<number> {
  const row = await db
    .insertInto('cities')
    .values({ name, name_ru: name, currency: 'EUR', auth_key: newAuthKey() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createRestaurant(db: Kysely<Database>, cityId: number, name = 'Test kitchen'): Promise<number> {
  const row = await db
    .insertInto('restaurants')
    .values({ city_id: cityId, name, name_ru: name, address: 'Main street 1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password) as Promise<string>;
};

export interface StaffSpec {
  username: string;
  roleId: RoleId;
  password?: string;
  cityId?: number | null;
  restaurantId?: number | null;
}

export async function createStaff(db: Kysely<Database>, spec: StaffSpec): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: spec.username,
      role_id: spec.roleId,
      password_hash: await hashOf(spec.password ?? 'secret'),
      city_id: spec.cityId ?? null,
      restaurant_id: spec.restaurantId ?? null,
      auth_key: newAuthKey(),
      telegram_id: null,
      telegram_username: null,
      photo: null,
      phone: null,
      contact_type: null,
      address: null,
      additional_address: null,
      referral_link_id: null,
      last_active_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One account of each staff role (and a courier), in a city with one restaurant. */
export async function seedRoles(db: Kysely<Database>) {
  const cityId = await createCity(db);
  const otherCityId = await createCity(db);
  const restaurantId = await createRestaurant(db, cityId);
  await createStaff(db, { username: 'admin', roleId: Role.ADMIN });
  await createStaff(db, { username: 'cityadmin', roleId: Role.CITY_ADMIN, cityId });
  await createStaff(db, { username: 'operator', roleId: Role.OPERATOR, cityId });
  await createStaff(db, { username: 'owner', roleId: Role.RESTAURANT_OWNER, cityId, restaurantId });
  await createStaff(db, { username: 'courier', roleId: Role.COURIER, cityId });
  return { cityId, otherCityId, restaurantId };
}

export async function login(app: FastifyInstance, username: string, password = 'secret'): Promise<LoginResponse> {
  const response = await app.inject({ method: 'POST', url: '/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
  return response.json<LoginResponse>();
}

export const bearer = (session: LoginResponse) => ({ authorization: `Bearer ${session.jwtToken}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface StaffApp extends TestApp {
  ids: Awaited<ReturnType<typeof seedRoles>>;
  auth: Record<string, { authorization: string }>;
  /** A JSON call to /api as one of the staff roles. */
  call: (who: string, method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  /** Sends each payload as an admin and expects a 400 naming its field with its message. */
  expectFieldErrors: (method: Method, url: string, cases: readonly FieldErrorCase[]) => Promise<void>;
}

/** [body, field, message]: a body the API refuses, and the field error it must give. */
export type FieldErrorCase = readonly [unknown, string, string];

/** A test app with one account of each role, logged in. */
export async function openStaffApp(backend: Backend): Promise<StaffApp> {
  const t = await openTestApp(backend);
  const ids = await seedRoles(t.db);
  const auth: Record<string, { authorization: string }> = {};
  for (const who of ['admin', 'cityadmin', 'operator', 'owner'] as const) auth[who] = bearer(await login(t.app, who));
  const call: StaffApp['call'] = (who, method, url, payload) =>
    t.app.inject({ method, url: `/api${url}`, headers: auth[who], ...(payload === undefined ? {} : { payload: payload as object }) });
  const expectFieldErrors: StaffApp['expectFieldErrors'] = async (method, url, cases) => {
    for (const [payload, field, message] of cases) {
      const response = await call('admin', method, url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details, JSON.stringify(payload)).toContainEqual(expect.objectContaining({ field, message }));
    }
  };
  return { ...t, ids, auth, call, expectFieldErrors };
}

/**
 * The StaffApp of one describe block, opened before its tests and closed after. Its fields
 * are read when the tests run, so the block can name it at declaration time.
 */
export function useStaffApp(backend: Backend) {
  let staff: StaffApp | undefined;
  beforeAll(async () => {
    staff = await openStaffApp(backend);
  });
  afterAll(async () => staff?.close());
  const current = (): StaffApp => {
    if (!staff) throw new Error('The test app has not been opened');
    return staff;
  };
  return {
    get db() {
      return current().db;
    },
    get app() {
      return current().app;
    },
    get ids() {
      return current().ids;
    },
    get auth() {
      return current().auth;
    },
    call: ((...args) => current().call(...args)) as StaffApp['call'],
    expectFieldErrors: ((...args) => current().expectFieldErrors(...args)) as StaffApp['expectFieldErrors'],
  };
}
