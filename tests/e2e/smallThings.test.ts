import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

/** A day `days` back in the browser's calendar, as a date input holds it. */
const daysAgo = (days: number) => {
  const at = new Date(Date.now() - days * 24 * 3600 * 1000);
  return `${String(at.getMonth() + 1).padStart(2, '0')}/${String(at.getDate()).padStart(2, '0')}/${at.getFullYear()}`;
};

/** A call to the API with the page's own login, as the screens make it. */
const api = <T>(page: Page, path: string) =>
  page.evaluate(async (path) => {
    const { jwtToken } = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { jwtToken: string };
    const response = await fetch(`/api${path}`, { headers: { authorization: `Bearer ${jwtToken}` } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

const cuisineChips = (page: Page) => page.locator('.ra-input-selectedCuisines .MuiChip-label');

/**
 * The smaller things of the daily work on the demo data: the statistics range, the restaurant
 * list of every city, names in the interface language, the page buttons' names, a dish's stock
 * from its list, the bot token, and axe on the restaurant and statistics screens of a city admin.
 */
describe('the smaller things of the daily work in the browser', () => {
  const server = useServerAndBrowser();

  it('a city admin picks a start date without moving the end, and the statistics and restaurant screens are axe-clean', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'cityadmin');
    await page.waitForURL(/#\/$/);

    await openScreen(page, server.url, '/stats');
    await page.getByTestId('orders-chart').waitFor();
    expect(await page.getByLabel('End date').inputValue()).toBe(daysAgo(0));
    // Far more than 365 days back: the start stops 365 days back, the end stays, a note says so.
    await page.getByLabel('Start date').fill(daysAgo(800));
    expect(await page.getByLabel('Start date').inputValue()).toBe(daysAgo(365));
    expect(await page.getByLabel('End date').inputValue()).toBe(daysAgo(0));
    await page
      .getByTestId('stats-range-notice')
      .getByText(/^A range spans at most 365 days: the start date was set to /)
      .waitFor();
    // A start within a year is taken as it is, and the end still stays.
    await page.getByLabel('Start date').fill(daysAgo(30));
    expect(await page.getByLabel('End date').inputValue()).toBe(daysAgo(0));
    expect(await page.getByTestId('stats-range-notice').count()).toBe(0);
    await page.getByTestId('orders-chart').waitFor();
    await expectAccessibleAtBothWidths(page, 'stats (city admin)');

    // The city admin's cuisines are read-only chips, which must stay readable.
    await openScreen(page, server.url, '/restaurant/1');
    await expect.poll(() => cuisineChips(page).allTextContents()).toContain('Pizza');
    await expectAccessibleAtBothWidths(page, 'restaurant 1 (city admin)');
    expectNoCspViolation(page);
  });

  it('Russian screens name the cuisines in Russian', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'cityadmin');
    await page.waitForURL(/#\/$/);
    await page.getByRole('button', { name: 'Русский' }).click();
    await page.getByRole('heading', { name: /Добро пожаловать/ }).waitFor();
    await openScreen(page, server.url, '/restaurant/1');
    await expect.poll(() => cuisineChips(page).allTextContents()).toContain('Пицца');
    expect(await cuisineChips(page).allTextContents()).not.toContain('Pizza');

    expectNoCspViolation(page);
  });

  it('an admin sees every city’s restaurants with their city and currency, and reveals a masked bot token', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);

    await openScreen(page, server.url, '/restaurants');
    const table = page.locator('table');
    await table.getByRole('columnheader', { name: 'City' }).waitFor();
    const cities = await page.locator('tbody td.column-cityId').allTextContents();
    expect(new Set(cities).size).toBeGreaterThan(1);
    const sums = await page.locator('tbody td.column-minOrderSum').allTextContents();
    expect(sums.length).toBeGreaterThan(0);
    // Every sum with its currency: a symbol or a code, never a bare number.
    for (const sum of sums) expect(sum).toMatch(/[^\d\s.,\u00a0]/);
    expect(new Set(sums.map((sum) => sum.replace(/[\d\s.,\u00a0]/g, ''))).size).toBeGreaterThan(1);

    await openScreen(page, server.url, '/bots/1');
    const token = page.locator('input[name="botToken"]');
    await expect.poll(() => token.inputValue()).toMatch(/^\d+:/);
    expect(await token.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show the token' }).click();
    expect(await token.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide the token' }).click();
    expect(await token.getAttribute('type')).toBe('password');
  });

  it('an owner marks a dish out of stock from the dish list, and it stays so after a reload', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'owner');
    await page.waitForURL(/#\/$/);
    const categories = await api<{ id: number }[]>(page, '/dishCategories?restaurantId=1');
    const categoryId = categories[0]?.id;
    expect(categoryId).toBeDefined();
    const dishesOf = `/dishes?filter=${encodeURIComponent(JSON.stringify({ dishCategoryId: categoryId }))}`;
    await openScreen(page, server.url, dishesOf);
    const stock = page.getByRole('switch', { name: /^In stock: / }).first();
    await stock.waitFor();
    const name = (await stock.getAttribute('aria-label'))?.replace(/^In stock: /, '') ?? '';
    const switchOf = page.getByRole('switch', { name: `In stock: ${name}`, exact: true });
    if (!(await switchOf.isChecked())) {
      await switchOf.click();
      await expect.poll(() => switchOf.isChecked()).toBe(true);
      await page.getByText(`“${name}” is in stock again`).waitFor();
    }
    await switchOf.click();
    await page.getByText(`“${name}” is out of stock`).waitFor();
    await page.reload();
    await page.locator('#react-admin-title').waitFor({ state: 'attached' });
    await switchOf.waitFor();
    expect(await switchOf.isChecked()).toBe(false);
    expectNoCspViolation(page);
  });
});
