import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PaymentMethod } from '../../src/domain';
import {
  expectAccessibleAtBothWidths,
  expectNoCspViolation,
  launchBrowser,
  logIn,
  openScreen,
  startServer,
  useServerAndBrowser,
  type RunningServer,
} from './harness';

/**
 * Live updates in the browser: what another user or the customers' bot changes
 * shows on an open screen within 2 s, without a reload, through `GET /api/events`.
 */

const cards = (page: Page) => page.locator('[data-order]');

/** Logs in, opens the order list and waits until its live stream is open. */
async function orderListLive(page: Page, url: string, username: string): Promise<void> {
  await logIn(page, url, username);
  await page.waitForURL(/#\/$/);
  await openScreen(page, url, '/orders');
  await cards(page).first().waitFor();
  await page.locator('[data-live-state="open"]').waitFor({ timeout: 15_000 });
}

/** A login token of a staff member, as the API gives it. */
async function tokenOf(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  expect(response.status).toBe(200);
  const { jwtToken } = (await response.json()) as { jwtToken: string };
  return jwtToken;
}

describe('live updates in the browser', () => {
  const server = useServerAndBrowser();

  it('an open chat shows a message another staff member sent through the API within 2 s', async () => {
    const page = await server.newPage();
    await orderListLive(page, server.url, 'operator');
    await expectAccessibleAtBothWidths(page, 'order list with the live indicator (operator)');

    const card = cards(page).first();
    const threadId = (await card.getAttribute('data-order')) ?? '';
    await card.getByRole('button', { name: /^Chat/ }).click();
    const chat = card.locator('[data-chat]');
    await chat.waitFor();
    await chat.locator('[data-message-id], p').first().waitFor();

    // The city admin writes to the customer from their own session, through the API.
    const text = `Your courier is on the way (${threadId})`;
    const sent = await fetch(`${server.url}/api/orders/${threadId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await tokenOf(server.url, 'cityadmin')}` },
      body: JSON.stringify({ text }),
    });
    expect(sent.status).toBe(201);
    // The chat's own refresh is a minute: only the live stream brings it this soon.
    await chat.getByText(text).waitFor({ timeout: 2000 });
    expectNoCspViolation(page);
    await page.context().close();
  });
});

/** The customers' bot writes orders straight into the database: the test can do so only on a PostgreSQL server. */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const postgresAnswers = async (): Promise<boolean> => {
  if (!DATABASE_URL) return false;
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
};
const onPostgres = await postgresAnswers();
const NEW_ORDER_JOURNEY =
  'an operator with the order list open sees an order the bot created appear at the top within 2 s, with the tab title count';

describe('live updates with the bot writing to PostgreSQL', () => {
  let running: RunningServer | undefined;
  let browser: Browser | undefined;
  let databaseUrl = '';
  const name = `backoffice_e2e_live_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    if (!onPostgres || !DATABASE_URL) return;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    [running, browser] = await Promise.all([startServer({ DATABASE_URL: databaseUrl }), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    if (!onPostgres || !DATABASE_URL || !databaseUrl) return;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it.skipIf(!onPostgres)(
    onPostgres ? NEW_ORDER_JOURNEY : `${NEW_ORDER_JOURNEY} (skipped: no PostgreSQL server answers at TEST_DATABASE_URL)`,
    async () => {
      if (!running || !browser) throw new Error('The server has not started');
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await orderListLive(page, running.url, 'operator');
      await expect.poll(() => page.title()).toBe('Orders — Back-office');

      // The bot: an order of a customer at a restaurant of the operator's city, its items in the same transaction.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      // Nine characters, as the bot's thread ids.
      const threadId = `L${Date.now().toString(36).toUpperCase().slice(-8)}`;
      try {
        const { rows } = await db.query<{ cityId: number; currency: string; restaurantId: number; userId: number }>(
          `SELECT c.id AS "cityId", c.currency,
                  (SELECT r.id FROM restaurants r WHERE r.city_id = c.id ORDER BY r.id LIMIT 1) AS "restaurantId",
                  (SELECT u.id FROM users u WHERE u.city_id = c.id AND u.role_id = 1000 ORDER BY u.id LIMIT 1) AS "userId"
             FROM users staff JOIN cities c ON c.id = staff.city_id
            WHERE staff.username = 'operator'`,
        );
        const [place] = rows;
        await db.query('BEGIN');
        const order = await db.query<{ id: number }>(
          `INSERT INTO orders (thread_id, city_id, user_id, restaurant_id, district_id, address, additional_address, sum,
                               delivery_cost, discount, total_sum, service_fee, currency, status, payment_method, courier_id,
                               invoice_id, provider_payment_charge_id, created_at)
           VALUES ($1, $2, $3, $4, NULL, '10 Delivery Road', NULL, 20, 3, 0, 23, 0, $5, $6, $7, NULL, NULL, NULL, now())
           RETURNING id`,
          [threadId, place.cityId, place.userId, place.restaurantId, place.currency, OrderStatus.CONFIRMED, PaymentMethod.CASH],
        );
        await db.query(`INSERT INTO order_items (order_id, dish_id, name, price, count, sum) VALUES ($1, NULL, 'Margherita', 20, 1, 20)`, [
          order.rows[0].id,
        ]);
        await db.query('COMMIT');
      } finally {
        await db.end();
      }

      const fresh = page.locator(`[data-order="${threadId}"]`);
      await fresh.waitFor({ timeout: 2000 });
      expect(await cards(page).first().getAttribute('data-order')).toBe(threadId);
      expect(await fresh.getAttribute('data-new')).toBe('unseen');
      await expect(fresh.getByTestId('new-order').textContent()).resolves.toBe('New');
      await expect.poll(() => page.title(), { timeout: 1000 }).toBe('(1) Orders — Back-office');
      await expectAccessibleAtBothWidths(page, 'order list with a new order (operator)');

      // Looking at the page (a click) clears the count; the order stays marked while its highlight fades.
      await page.locator('#react-admin-title').click();
      await expect.poll(() => page.title()).toBe('Orders — Back-office');
      expect(await fresh.getAttribute('data-new')).toBe('seen');
      await context.close();
    },
  );
});
