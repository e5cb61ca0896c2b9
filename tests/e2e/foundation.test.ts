import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Role, type RoleId } from '../../src/domain/roles';
import { expectedMenuPaths } from '../support/roleMenus';
import { logIn, menuPaths, useServerAndBrowser } from './harness';

/** The demo users who log in, and their roles. */
const STAFF: Record<string, RoleId> = {
  admin: Role.ADMIN,
  cityadmin: Role.CITY_ADMIN,
  owner: Role.RESTAURANT_OWNER,
  operator: Role.OPERATOR,
};

interface StoredSession {
  user: { username: string; cityId: number | null; restaurantId: number | null };
  jwtToken: string;
}
const storedSession = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('backoffice.session') ?? 'null') as StoredSession | null);

describe('the back-office shell in a real browser', () => {
  const server = useServerAndBrowser();
  const newPage = (width?: number) => server.newPage(width);

  it.each(Object.keys(STAFF))('%s logs in and sees exactly the menu of the spec', async (username) => {
    const page = await newPage();
    await logIn(page, server.url, username);
    await page.waitForURL(/#\/$/);
    const session = await storedSession(page);
    expect(session?.user.username).toBe(username);
    const expected = expectedMenuPaths(STAFF[username], session?.user.cityId ?? null, session?.user.restaurantId ?? null);
    expect(await menuPaths(page)).toEqual(expected);
    await page.context().close();
  });

  it('shows the wrong-password message under the username field', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'admin', 'not-the-password');
    const username = page.getByLabel('Username');
    const describedBy = await username.getAttribute('aria-describedby');
    await expect.poll(() => page.locator(`[id="${describedBy}"]`).textContent()).toBe('You provided a wrong password or login');
    expect(await storedSession(page)).toBeNull();
    expect(page.url()).toMatch(/#\/login$/);
    await page.context().close();
  });

  it('requires both fields before asking the server', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/#/login`);
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/login') && request.method() === 'POST') calls++;
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Required').count()).toBe(2);
    expect(calls).toBe(0);
    await page.context().close();
  });

  it('sends a logged-out user straight to the login form, with one redirect', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      const counted = window as unknown as { pushes: number };
      counted.pushes = 0;
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        counted.pushes++;
        push(...args);
      };
    });
    for (const path of ['/', '/cities', '/orders', '/logout', '/no-such-page']) {
      // A full load for each path, as a visitor arriving from elsewhere.
      await page.goto('about:blank');
      const started = Date.now();
      await page.goto(`${server.url}/#${path}`);
      await page.locator('input[name="username"]').waitFor({ timeout: 5000 });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(page.url()).toMatch(/#\/login$/);
      // Give a redirect loop time to show itself.
      await page.waitForTimeout(300);
      await expect(page.evaluate(() => (window as unknown as { pushes: number }).pushes)).resolves.toBeLessThanOrEqual(1);
    }
    // The icon is there, not a 404 on every load.
    const icon = await page.evaluate(async () => (await fetch('/favicon.ico')).status);
    expect(icon).toBe(200);
    await page.context().close();
  });

  it('logging out clears the stored login', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'operator');
    await page.waitForURL(/#\/$/);
    await page.locator('[data-menu-id="logout"]').click();
    await page.waitForURL(/#\/logout$/);
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/#\/login$/);
    expect(await storedSession(page)).toBeNull();
    await page.goto(`${server.url}/#/orders`);
    await page.waitForURL(/#\/login$/);
    await page.context().close();
  });

  it("shows 'Page not found' for an unknown path", async () => {
    const page = await newPage();
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);
    await page.goto(`${server.url}/#/definitely/not/here`);
    await expect.poll(() => page.getByText('Page not found').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('switching to Russian changes the menu labels, and the choice persists', async () => {
    // The Orders entry also carries the unread messages' badge: its label is the text without it.
    const menuLabel = async (on: Page) => (await on.locator('[data-menu-id="orders"]').textContent())?.replace(/\d+\+?/g, '') ?? '';
    const page = await newPage();
    await logIn(page, server.url, 'operator');
    await page.waitForURL(/#\/$/);
    await expect.poll(() => menuLabel(page)).toBe('Orders');
    await page.getByRole('button', { name: 'Русский' }).click();
    await expect.poll(() => menuLabel(page)).toBe('Заказы');
    await page.reload();
    await expect.poll(() => menuLabel(page)).toBe('Заказы');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect.poll(() => menuLabel(page)).toBe('Pedidos');
    await page.context().close();
  });

  it('below 768 px the menu is a sidebar opened from a button, usable at 375 px', async () => {
    const page = await newPage(375);
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);
    const orders = page.locator('[data-menu-id="orders"]');
    await expect.poll(() => orders.isVisible()).toBe(false);
    await page
      .getByRole('button', { name: /open menu|menu/i })
      .first()
      .click();
    await expect.poll(() => orders.isVisible()).toBe(true);
    await orders.click();
    await page.waitForURL(/#\/orders$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe('the new-version notice', () => {
  const server = useServerAndBrowser({ APP_VERSION: '9.9.9', DEMO: '0' });
  const newPage = (width?: number) => server.newPage(width);

  it('appears when the server announces another version, and reloads the page', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'anyone', 'anything');
    const notice = page.getByRole('dialog');
    await expect.poll(() => notice.textContent()).toContain('A new version was released');
    expect(await notice.textContent()).toContain('9.9.9');
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Reload the page' }).click();
    await reloaded;
    await page.close();
  });
});
