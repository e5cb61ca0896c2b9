import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

/**
 * The notification centre in the browser: a fact written by a background writer (a mailing the
 * sender job finishes, in its own transaction, as the bot or the timer job write theirs) raises
 * the bell's badge live; the panel shows it, opening it shows its record and the badge drops. At
 * 1280 and at 375 px, where the panel must fit the screen.
 */

/** A login token of a staff member, as the API gives it. */
async function tokenOf(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { jwtToken: string }).jwtToken;
}

/** A mailing of the city admin's city, sent by the server's sender; answers its id. */
async function sendMailing(url: string, token: string, text: string): Promise<number> {
  const response = await fetch(`${url}/api/spam`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ text, lastActiveDate: null }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const bell = (page: Page) => page.getByTestId('notification-bell');

/**
 * The unread count the bell says. Other facts (an order the timer job finds late in the demo's
 * data) may arrive during a journey, so the journey counts relative to what it read.
 */
async function unread(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  if (label === 'Notifications') return 0;
  const count = /^Notifications: (\d+) unread$/.exec(label);
  if (!count) throw new Error(`the bell says "${label}"`);
  return Number(count[1]);
}

describe('the notification bell', () => {
  // Mailings finish within a second or two, so the journey waits for nothing else.
  const server = useServerAndBrowser({ MAILING_RATE: '1000' });

  for (const width of [1280, 375]) {
    it(`a mailing that finishes raises the badge live; opening it shows the mailings and the badge drops (${width} px)`, async () => {
      const page = await server.newPage(width);
      await logIn(page, server.url, 'cityadmin');
      await page.waitForURL(/#\/$/);
      await openScreen(page, server.url, '/orders');
      await page.locator('[data-live-state="open"]').waitFor({ timeout: 15_000 });
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      // Something unread to begin with (the demo's late orders may have raised more): "Mark all
      // as read" reads it all, and Escape still closes the panel although the button that held
      // the focus is disabled then.
      const warmUp = await sendMailing(server.url, await tokenOf(server.url, 'cityadmin'), `Warm-up, ${width} px`);
      await expect.poll(() => unread(page), { timeout: 20_000 }).toBeGreaterThan(0);
      const initial = await unread(page);
      await bell(page).click();
      await panel
        .getByTestId('notification-item')
        .filter({ hasText: `Mailing #${warmUp} finished` })
        .waitFor();
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => unread(page)).toBeLessThan(initial);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      const before = await unread(page);

      const mailingId = await sendMailing(server.url, await tokenOf(server.url, 'cityadmin'), `Dumplings tonight, ${width} px`);
      // The count's own refresh is a minute: only the live stream brings it this soon.
      await expect.poll(() => unread(page), { timeout: 20_000 }).toBeGreaterThan(before);
      expect(Number(await page.getByTestId('notification-badge').textContent())).toBe(await unread(page));

      await bell(page).click();
      const item = panel.getByTestId('notification-item').filter({ hasText: `Mailing #${mailingId} finished` });
      // A list read before (the cache) shows at once, then the newest comes.
      await expect
        .poll(() => item.textContent({ timeout: 1000 }), { timeout: 10_000 })
        .toMatch(new RegExp(`^Mailing #${mailingId} finished: (\\d+) of \\1 sent`));
      expect(await item.getAttribute('data-unread')).toBe('true');
      // The panel fits the screen.
      const box = await panel.boundingBox();
      expect(box).not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      await expectAccessible(page, `notification panel (city admin, ${width} px)`);

      const atOpening = await unread(page);
      await item.click();
      await page.waitForURL(/#\/spam$/);
      await panel.waitFor({ state: 'hidden' });
      await page.locator('[data-mailing]').first().waitFor();
      await expect.poll(() => unread(page)).toBeLessThan(atOpening);
      // Opened again, it is listed as read.
      await bell(page).click();
      await expect.poll(() => item.getAttribute('data-unread', { timeout: 1000 })).toBe('false');
      await page.keyboard.press('Escape');
      expectNoCspViolation(page);
      await page.context().close();
    });
  }
});
