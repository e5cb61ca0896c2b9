import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectNoCspViolation, logIn, useServerAndBrowser, waitForQuiet } from './harness';

/**
 * The reads of the screens a user may be refused (statistics, mailings, cities, restaurants,
 * menus, reviews): none of them may leave the browser for a screen the guard refuses. The
 * order list and the live stream are the layout's, on every page, and not counted.
 */
const SCREEN_READ = /\/api\/(stats|spam|users\/(count|top)|restaurants|cities|config|dishCategories|dishes|reviews)\b/;
/** The code of the refused screens, loaded with their first visit. */
const SCREEN_CODE = /\/assets\/(StatsPage|SpamPage|RestaurantList|CityEdit)[-.]/;

describe('one Not-available page for a screen that is not the user’s', () => {
  const server = useServerAndBrowser();

  /** A London order's thread id, as an admin reads it from the API. */
  async function londonThread(): Promise<string> {
    const login = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo' }),
    });
    const { jwtToken } = (await login.json()) as { jwtToken: string };
    const orders = await fetch(`${server.url}/api/orders?cityId=1&page=1&perPage=1`, { headers: { Authorization: `Bearer ${jwtToken}` } });
    const [order] = (await orders.json()) as { threadId: string }[];
    return order.threadId;
  }

  /**
   * Opens `path` from the home page and expects the one page: its text and home link, no toast,
   * and (for a screen the guard refuses) none of the screen's reads or code. Answers the
   * requests it saw.
   */
  async function expectNotAvailable(page: Page, path: string, refusedBeforeLoading: boolean): Promise<string[]> {
    await page.goto(`${server.url}/#/`);
    await waitForQuiet(page);
    const seen: string[] = [];
    const record = (request: Request) => seen.push(new URL(request.url()).pathname);
    page.on('request', record);
    await page.goto(`${server.url}/#${path}`);
    const notAvailable = page.getByTestId('not-available');
    await notAvailable.getByText('Not available to you').waitFor();
    await waitForQuiet(page);
    page.off('request', record);
    expect(await notAvailable.getByRole('link', { name: 'Go to the home page' }).getAttribute('href'), path).toBe('#/');
    expect(await page.locator('.MuiSnackbar-root').count(), `${path}: a toast`).toBe(0);
    expect(await page.getByText('Page not found').count(), path).toBe(0);
    expect(page.url(), path).toContain(`#${path}`);
    if (refusedBeforeLoading) {
      expect(
        seen.filter((p) => SCREEN_READ.test(p) || SCREEN_CODE.test(p)),
        `${path}: the refused screen loaded`,
      ).toEqual([]);
    }
    return seen;
  }

  it('Saint Petersburg’s operator, at London’s screens and at screens of other roles', async () => {
    const thread = await londonThread();
    const page = await server.newPage();
    await logIn(page, server.url, 'spb_operator');
    await page.waitForURL(/#\/$/);

    // Refused by the route guard: the role's grants or the city in the path.
    for (const path of ['/restaurants/1', '/city/1', '/stats', '/spam']) await expectNotAvailable(page, path, true);
    await expectAccessibleAtBothWidths(page, 'not available (operator at /spam)');

    // Refused by the API (whose restaurant or order it is, only the API knows): one read, answered 404.
    for (const [path, read] of [
      ['/restaurant/1', '/api/restaurants/1'],
      ['/dishCategories/1', '/api/dishCategories'],
      [`/orders/${thread}`, '/graphql'],
    ] as const) {
      const seen = await expectNotAvailable(page, path, false);
      expect(seen, path).toContain(read);
      expect(await page.getByText(/does not exist|Order not found/).count(), path).toBe(0);
    }

    // The link leads home, where the operator's own work is.
    await page.getByTestId('not-available').getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL(/#\/$/);
    await page.locator('[data-menu-id="restaurants"]').waitFor();

    // A path nothing answers stays "Page not found".
    await page.goto(`${server.url}/#/no-such-screen`);
    await page.getByText('Page not found').first().waitFor();
    expect(await page.getByTestId('not-available').count()).toBe(0);
    expectNoCspViolation(page);
  });

  it('an owner, at statistics, mailings and the restaurant next door, in Russian too', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'owner');
    await page.waitForURL(/#\/$/);
    for (const path of ['/stats', '/spam', '/restaurant/2', '/dishCategories/2']) await expectNotAvailable(page, path, true);

    await page.goto(`${server.url}/#/`);
    await page.getByRole('button', { name: 'Русский' }).click();
    await page.goto(`${server.url}/#/stats`);
    await page.getByTestId('not-available').getByText('Вам недоступно').waitFor();
    expect(await page.getByTestId('not-available').getByRole('link', { name: 'На главную' }).count()).toBe(1);
    expectNoCspViolation(page);
  });
});
