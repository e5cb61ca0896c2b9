import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectNoCspViolation, fieldInput, logIn, openScreen, useServerAndBrowser } from './harness';

/** /referrals as an admin and as a city admin (spec sections 2, 5, 6, 7 and 8). */
describe('referral links in the browser', () => {
  const server = useServerAndBrowser();
  const loggedIn = async (username: string, width?: number) => {
    const page = await server.newPage(width);
    await logIn(page, server.url, username);
    await page.waitForURL(/#\/$/);
    await openScreen(page, server.url, '/referrals');
    await page.locator('[data-referral], table tbody tr').first().waitFor();
    return page;
  };
  const codes = (page: Page) => page.locator('table tbody tr td:first-child').allTextContents();
  const row = (page: Page, code: string) => page.locator('table tbody tr', { has: page.getByText(code, { exact: true }) });
  const form = (page: Page) => page.getByRole('region', { name: 'New referral link' });
  const pick = async (page: Page, label: string, option?: string) => {
    await form(page).getByRole('combobox', { name: label }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await (option ? options.filter({ hasText: option }) : options.nth(1)).first().click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  };

  it('an admin creates a referral link, copies its deep link, and deletes it', async () => {
    const page = await loggedIn('admin');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    // Every city's links, the every-city one included, each with its city.
    expect(await codes(page)).toEqual(expect.arrayContaining(['LONDON10', 'SPBFOOD', 'PAELLA', 'INSTAGRAM']));
    expect(await row(page, 'INSTAGRAM').textContent()).toContain('Every city');
    await expectAccessibleAtBothWidths(page, 'referral links (admin)');

    const code = 'E2E_Spring-26';
    await fieldInput(page, 'code').fill(code);
    await fieldInput(page, 'limit').fill('5');
    await pick(page, 'City', 'London');
    await pick(page, 'Restaurant');
    const restaurant = ((await form(page).getByRole('combobox', { name: 'Restaurant' }).textContent()) ?? '').trim();
    await pick(page, 'Dish category');
    await fieldInput(page, 'validUntil').fill('05/01/2031 18:30');
    await page.getByRole('button', { name: 'Create the link' }).click();
    await page.getByText(`Referral link ${code} created`).waitFor();
    const created = row(page, code);
    await created.waitFor();
    expect(await created.textContent()).toContain('0 / 5');
    expect(await created.textContent()).toContain(restaurant);
    expect(await created.textContent()).toContain('London');
    expect(await created.locator('time').getAttribute('datetime')).toMatch(/^2031-05-01T/);
    const deepLink = (await created.locator(`[data-deep-link="${code}"]`).textContent()) ?? '';
    expect(deepLink).toMatch(new RegExp(`^https://t\\.me/\\w+\\?start=${code}$`));

    await created.getByRole('button', { name: `Copy the bot link of ${code}` }).click();
    await page.getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(deepLink);

    // The same code in another case is taken: a red alert with the server's message, which closes.
    await fieldInput(page, 'code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Create the link' }).click();
    const alert = page.getByTestId('referral-create-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`The referral code ${code.toLowerCase()} is already taken`);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });

    await created.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(code).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await created.waitFor({ state: 'detached' });
    expect(await codes(page)).not.toContain(code);
    await openScreen(page, server.url, '/referrals');
    await page.locator('table tbody tr').first().waitFor();
    expect(await codes(page)).not.toContain(code);
    expectNoCspViolation(page);
  });

  it("a city admin sees only their city's links and creates one in their city on a phone", async () => {
    const page = await loggedIn('cityadmin');
    const mine = await codes(page);
    expect(mine).toEqual(expect.arrayContaining(['LONDON10', 'NAPOLI']));
    for (const other of ['SPBFOOD', 'WINTER2026', 'PAELLA', 'INSTAGRAM']) expect(mine).not.toContain(other);
    expect(await page.getByRole('columnheader', { name: 'City' }).count()).toBe(0);
    expect(await form(page).getByRole('combobox', { name: 'City' }).count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'referral links (city admin)');
    expectNoCspViolation(page);

    const phone = await loggedIn('cityadmin', 375);
    await fieldInput(phone, 'code').fill('restaurant_5');
    await phone.getByText('must not start with restaurant_').waitFor();
    await fieldInput(phone, 'code').fill('PHONE_LINK');
    await phone.getByRole('button', { name: 'Create the link' }).click();
    const card = phone.locator('[data-referral="PHONE_LINK"]');
    await card.waitFor();
    expect(await card.textContent()).toContain('0 / ∞');
    expect(await card.getByRole('button', { name: 'Copy the bot link of PHONE_LINK' }).count()).toBe(1);
    // Nothing wider than the phone's screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expectNoCspViolation(phone);
  });
});
