import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_TIMER_STAGES } from '../../src/domain';
import { fieldInput, logIn, openScreen, useServerAndBrowser } from './harness';

interface ListedOrder {
  threadId: string;
  cityId: number;
  timerMinutes: number | null;
}

/** A call to the API with the page's own login. */
const apiGet = <T>(page: Page, path: string): Promise<T> =>
  page.evaluate(async (url) => {
    const session = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { jwtToken?: string };
    const response = await fetch(`/api${url}`, { headers: { authorization: `Bearer ${session.jwtToken ?? ''}` } });
    return response.json();
  }, path);

const LATE_ONLY = `/orders?filter=${encodeURIComponent(JSON.stringify({ late: true }))}`;

describe('order timers', () => {
  const server = useServerAndBrowser();

  it("an admin sets a city's minutes; its late order shows red in the list, on its page and in the menu, at 375 px too", async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);

    // An open order of the demo, and its city.
    const orders = await apiGet<ListedOrder[]>(page, '/orders?perPage=100');
    const order = orders.find((each) => each.timerMinutes !== null);
    if (!order) throw new Error('The demo has no open order');

    // The city's page: one minute for every stage (a minute the demo's orders have long waited).
    await openScreen(page, server.url, `/city/${order.cityId}`);
    const section = page.getByTestId('city-order-timers');
    await section.waitFor();
    await expect(section.getByText('Default: 5 min').count()).resolves.toBe(1);
    await fieldInput(page, 'new').fill('0');
    await expect.poll(() => section.getByText('must be between 1 and 1440').count(), { timeout: 10_000 }).toBe(1);
    for (const stage of ORDER_TIMER_STAGES) await fieldInput(page, stage).fill('1');
    await section.getByTestId('city-order-timers-save').click();
    await page.getByText('The order timers were saved').waitFor();
    const saved = await apiGet<{ custom: Record<string, number | null> }>(page, `/cities/${order.cityId}/orderTimers`);
    expect(saved.custom).toEqual({ new: 1, confirmed: 1, cooking: 1, onTheWay: 1 });

    // Late only: the order is there, its clock red; the toggle is on (kept in the address).
    const card = page.locator(`[data-order="${order.threadId}"]`);
    await expect
      .poll(
        async () => {
          await openScreen(page, server.url, LATE_ONLY);
          return card.count();
        },
        { timeout: 120_000, interval: 5_000 },
      )
      .toBe(1);
    await expect(card.getByTestId('order-clock').getAttribute('data-state')).resolves.toBe('late');
    await expect(page.locator('input[name="late"]').isChecked()).resolves.toBe(true);
    const notLate = await page.locator('[data-testid="order-clock"]:not([data-state="late"])').count();
    expect(notLate).toBe(0);

    // The menu counts the late orders of the admin's scope.
    await expect
      .poll(async () => Number(await page.getByTestId('menu-late').getAttribute('data-late')), { timeout: 70_000 })
      .toBeGreaterThan(0);

    // The order's page.
    await openScreen(page, server.url, `/orders/${order.threadId}`);
    await expect(page.getByTestId('order-status').getByTestId('order-clock').getAttribute('data-state')).resolves.toBe('late');

    // At 375 px: the clock in view, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await openScreen(page, server.url, LATE_ONLY);
    await expect(card.getByTestId('order-clock').isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    await openScreen(page, server.url, `/city/${order.cityId}`);
    await page.getByTestId('city-order-timers').waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
  });
});
