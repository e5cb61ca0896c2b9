import { get } from 'node:http';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { ConfigError, readConfig } from '../../server/config';
import type { ExportOptions } from '../../server/areas/orders/exportOptions';
import { OrderStatus, PaymentMethod } from '../../src/domain';
import { EXPORT_GATE } from '../support/exportGate';
import { backends, bearer, login, openTestApp, seedRoles, TEST_SECRET, TEST_VERSION, type TestApp } from './harness';
import { createCustomer } from './orderFixtures';

const GATED = new URL('../support/gatedExportWorker.ts', import.meta.url);
const BROKEN = new URL('../support/brokenExportWorker.ts', import.meta.url);
const EXPORT = '/api/orders/export/excel';
const MANY = 3000;
const WHO = ['admin', 'cityadmin', 'operator', 'owner'] as const;
type Who = (typeof WHO)[number];

describe('EXPORT_CONCURRENCY', () => {
  it('is 2 by default, takes 1 to 32, and names itself when wrong', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-config-'));
    try {
      expect(readConfig({ DATA_DIR: dataDir }).exportConcurrency).toBe(2);
      expect(readConfig({ DATA_DIR: dataDir, EXPORT_CONCURRENCY: '5' }).exportConcurrency).toBe(5);
      for (const wrong of ['0', '33', 'two', '-1']) {
        expect(() => readConfig({ DATA_DIR: dataDir, EXPORT_CONCURRENCY: wrong })).toThrow(ConfigError);
        expect(() => readConfig({ DATA_DIR: dataDir, EXPORT_CONCURRENCY: wrong })).toThrow(
          /EXPORT_CONCURRENCY must be a number of exports from 1 to 32/,
        );
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(backends)('order export limits on %s', (backend) => {
  let t: TestApp;
  let auth: Record<Who, { authorization: string }>;
  let otherCityId: number;
  const apps: FastifyInstance[] = [];
  // The gated workers say here when their export waits to finish, and finish when told `open`.
  const gate = new BroadcastChannel(EXPORT_GATE);
  const waiting = (count: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const listener = (event: Event) => {
        if (!(event instanceof MessageEvent) || event.data !== 'waiting' || ++seen < count) return;
        gate.removeEventListener('message', listener);
        resolve();
      };
      gate.addEventListener('message', listener);
    });
  const open = () => gate.postMessage('open');

  beforeAll(async () => {
    t = await openTestApp(backend);
    const ids = await seedRoles(t.db);
    otherCityId = ids.otherCityId;
    const [admin, cityadmin, operator, owner] = await Promise.all(WHO.map(async (who) => bearer(await login(t.app, who))));
    auth = { admin, cityadmin, operator, owner };
    // Many orders in the second city, in one statement each for the orders and their items.
    const customer = await createCustomer(t.db, otherCityId);
    const { id: restaurantId } = await t.db
      .insertInto('restaurants')
      .values({ city_id: otherCityId, name: 'Far kitchen', name_ru: 'Дальняя кухня', address: 'Far road 1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO orders (thread_id, city_id, user_id, restaurant_id, address, sum, delivery_cost, discount, total_sum,
        currency, status, payment_method, created_at)
      SELECT 'X' || lpad(g::text, 8, '0'), ${otherCityId}, ${customer}, ${restaurantId}, 'Road ' || g, 10, 2, 0, 12, 'EUR',
        ${OrderStatus.DELIVERED}, ${PaymentMethod.CASH}, timestamptz '2025-01-01 00:00Z' + g * interval '1 minute'
      FROM generate_series(1, ${MANY}) g`.execute(t.db);
    await sql`INSERT INTO order_items (order_id, dish_id, name, name_ru, price, count, sum)
      SELECT id, NULL, 'Soup', 'Суп', 10, 1, 10 FROM orders WHERE thread_id LIKE 'X%'`.execute(t.db);
  });
  afterAll(async () => {
    gate.close();
    await Promise.all(apps.map((app) => app.close()));
    await t?.close();
  });

  /** Another app on the same database, with its own export settings (and its own limiter). */
  const appWith = async (exports: ExportOptions) => {
    const app = await buildApp({ db: t.db, jwtSecret: TEST_SECRET, version: TEST_VERSION, exports });
    await app.ready();
    apps.push(app);
    return app;
  };
  const call = (app: FastifyInstance, who: Who, url: string) => app.inject({ method: 'GET', url, headers: auth[who] });

  it('makes EXPORT_CONCURRENCY exports at once and one per user; the others get 429 with Retry-After until a place is free', async () => {
    const app = await appWith({ concurrency: 2, workerScript: GATED });
    const running = waiting(2);
    const first = call(app, 'admin', EXPORT);
    const second = call(app, 'cityadmin', EXPORT);
    await running;

    const busy = await call(app, 'operator', EXPORT);
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toMatchObject({ code: 'EXPORT_BUSY', args: { running: 2 } });
    expect(busy.json().message).toMatch(/busy with other exports \(running: 2\)/);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const mine = await call(app, 'admin', EXPORT);
    expect(mine.statusCode).toBe(429);
    expect(mine.json()).toMatchObject({ code: 'EXPORT_ALREADY_RUNNING' });
    expect(Number(mine.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // The limit is the app's own: another app on the same database has its places.
    const elsewhere = await appWith({ concurrency: 1, workerScript: GATED });
    const placed = waiting(1);
    const other = call(elsewhere, 'operator', EXPORT);
    await placed;

    open();
    for (const answer of await Promise.all([first, second, other])) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('PK!!');
    }
    // Both places are free again.
    const later = waiting(2);
    const third = call(app, 'operator', EXPORT);
    const fourth = call(app, 'admin', EXPORT);
    await later;
    open();
    expect((await third).statusCode).toBe(200);
    expect((await fourth).statusCode).toBe(200);
  });

  it('frees the place of a client that leaves mid-download', async () => {
    const app = await appWith({ concurrency: 1, workerScript: GATED });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = waiting(1);
    const request = get({ host: '127.0.0.1', port, path: EXPORT, headers: auth.owner });
    request.on('error', () => undefined);
    const response = await new Promise<{ statusCode?: number }>((resolve) => request.on('response', resolve));
    expect(response.statusCode).toBe(200);
    await started;
    request.destroy();

    // The gate stays shut: only the client's leaving can free the one place.
    let placed = false;
    for (let tries = 0; tries < 100 && !placed; tries++) {
      const next = waiting(1);
      const answer = call(app, 'admin', EXPORT);
      const first = await Promise.race([answer.then((r) => r.statusCode), next.then(() => 'placed' as const)]);
      if (first === 'placed') {
        placed = true;
        open();
        expect((await answer).statusCode).toBe(200);
      } else {
        expect(first).toBe(429);
        await sleep(50);
      }
    }
    expect(placed).toBe(true);
  });

  it('answers 500 EXPORT_FAILED with a body when the worker fails, frees the place, and goes on serving', async () => {
    const app = await appWith({ concurrency: 1, workerScript: BROKEN });
    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = await call(app, 'admin', `${EXPORT}?cityId=${otherCityId}`);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ statusCode: 500, code: 'EXPORT_FAILED', message: expect.stringMatching(/could not be made/) });
    }
    expect((await call(app, 'admin', '/api/cities')).statusCode).toBe(200);
  });

  it('answers other requests while a long export streams, and the workbook holds every order once', async () => {
    const app = await appWith({ pages: { budgetMs: 3, first: 100, min: 100, max: 100 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const response = await fetch(`${base}${EXPORT}?cityId=${otherCityId}&from=2025-01-01&to=2025-01-31`, { headers: auth.admin });
    expect(response.status).toBe(200);
    let downloaded = false;
    const body = response.arrayBuffer().then((bytes) => {
      downloaded = true;
      return bytes;
    });
    // A cheap request, three times over, while the export reads its pages and the worker writes.
    for (let i = 0; i < 3; i++) {
      const cities = await fetch(`${base}/api/cities`, { headers: auth.admin });
      expect(cities.status).toBe(200);
      await cities.arrayBuffer();
    }
    expect(downloaded).toBe(false);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([Buffer.from(await body)]));
    const sheet = workbook.worksheets[0];
    const numbers = new Set<string>();
    sheet.eachRow((row, index) => {
      if (index > 1) numbers.add(String(row.getCell(1).value));
    });
    expect(sheet.rowCount).toBe(MANY + 1);
    expect(numbers.size).toBe(MANY);
    expect(sheet.getRow(2).getCell(1).value).toBe(`X${String(MANY).padStart(8, '0')}`);
    expect(sheet.getRow(2).getCell(8).value).toBe('1 x Soup');
    expect(sheet.getRow(2).getCell(9).numFmt).toBe('#,##0.00 "EUR"');
  }, 120_000);
});
