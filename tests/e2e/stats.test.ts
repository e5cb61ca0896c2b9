import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

/** A day `days` back in the browser's calendar, as an English date input shows it (MM/DD/YYYY). */
const daysAgo = (days: number) => {
  const at = new Date(Date.now() - days * 24 * 3600 * 1000);
  return `${String(at.getMonth() + 1).padStart(2, '0')}/${String(at.getDate()).padStart(2, '0')}/${at.getFullYear()}`;
};

const bars = (page: Page) => page.locator('[data-testid="orders-chart"] .recharts-bar-rectangle');
const barLabels = (page: Page) => page.locator('[data-testid="orders-chart"] .recharts-label-list text');

/**
 * /stats and /users/top as an admin on the demo data (spec sections 2, 5, 9): the overlay
 * asks for a city, the chart and the figures of the city's last 7 days follow, a longer range
 * labels the bars, and the top customers of the city are listed; each screen axe-clean at
 * 1280 and 375 px.
 */
describe('statistics and top customers in the browser', () => {
  const server = useServerAndBrowser();

  it('an admin picks a city on stats and sees its chart and figures, then its top customers', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);
    await openScreen(page, server.url, '/stats');
    await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe('Statistics');
    await page.getByTestId('stats-choose-city').getByText('Choose a city first').waitFor();
    expect(await page.getByTestId('orders-chart').count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'stats, no city yet (admin)');

    await page.getByRole('combobox', { name: 'City' }).click();
    await page.getByRole('option', { name: 'London' }).click();
    await page.getByTestId('orders-chart').waitFor();
    await expect.poll(() => bars(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // Seven days back to today: no labels on the bars.
    expect(await page.getByLabel('Start date').inputValue()).toBe(daysAgo(7));
    expect(await page.getByLabel('End date').inputValue()).toBe(daysAgo(0));
    expect(await barLabels(page).count()).toBe(0);
    await expect.poll(() => page.getByTestId('stats-active-users').textContent()).toMatch(/^[\d,]+$/);
    await page.getByTestId('stats-funnel').waitFor();
    expect(await page.getByTestId('stats-response-time').textContent()).toMatch(/\d+(\.\d)? m?s$/);
    // The demo's finished orders have their status periods: a share of late orders and a median per stage.
    await expect.poll(() => page.getByTestId('stats-late-share').textContent(), { timeout: 10_000 }).toMatch(/^\d+(\.\d)?%$/);
    expect(await page.getByTestId('stats-order-times').getByRole('row').count()).toBeGreaterThan(4);
    await expectAccessibleAtBothWidths(page, 'stats of London (admin)');

    // A month: the bars carry their day's total.
    await page.getByLabel('Start date').fill(daysAgo(30));
    await expect.poll(() => barLabels(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // More than 365 days back stops 365 days back; the end stays.
    await page.getByLabel('Start date').fill(daysAgo(800));
    expect(await page.getByLabel('Start date').inputValue()).toBe(daysAgo(365));
    expect(await page.getByLabel('End date').inputValue()).toBe(daysAgo(0));

    await openScreen(page, server.url, '/users/top');
    await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe('Top customers');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const counts = await page.locator('tbody tr td.column-ordersAmount').allTextContents();
    const numbers = counts.map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(await page.locator('tbody a[href^="https://t.me/"]').count()).toBeGreaterThan(0);
    await expectAccessibleAtBothWidths(page, 'top customers (admin)');
    expectNoCspViolation(page);
  });
});
