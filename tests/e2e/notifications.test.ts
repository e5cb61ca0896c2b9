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
      // What an earlier journey left is read first: this one starts with none unread.
      if ((await bell(page).getAttribute('aria-label')) !== 'Notifications') {
        await bell(page).click();
        await page.getByRole('button', { name: 'Mark all as read' }).click();
        await page.keyboard.press('Escape');
      }
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');

      const mailingId = await sendMailing(server.url, await tokenOf(server.url, 'cityadmin'), `Dumplings tonight, ${width} px`);
      // The count's own refresh is a minute: only the live stream brings it this soon.
      await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications: 1 unread');
      expect(await page.getByTestId('notification-badge').textContent()).toBe('1');

      await bell(page).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      const item = panel.getByTestId('notification-item').first();
      // A list read before (the cache) shows at once, then the newest comes.
      await expect
        .poll(() => item.textContent(), { timeout: 5000 })
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

      await item.click();
      await page.waitForURL(/#\/spam$/);
      await page.locator('[data-mailing]').first().waitFor();
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
      // Opened again, it is listed as read.
      await bell(page).click();
      await expect.poll(() => panel.getByTestId('notification-item').first().getAttribute('data-unread')).toBe('false');
      await page.keyboard.press('Escape');
      expectNoCspViolation(page);
      await page.context().close();
    });
  }
});
