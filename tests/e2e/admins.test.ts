import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessibleAtBothWidths,
  expectNoCspViolation,
  fieldInput,
  logIn,
  menuPaths,
  openScreen,
  useServerAndBrowser,
} from './harness';

/** Staff accounts (/admins, /admin/add, /admin/{id}) as a city admin and as an operator (spec sections 2, 5, 6 and 8). */
describe('staff accounts in the browser', () => {
  const server = useServerAndBrowser();
  const open = (page: Page, path: string) => openScreen(page, server.url, path);
  const loggedIn = async (username: string, password?: string) => {
    const page = await server.newPage();
    await logIn(page, server.url, username, password);
    await page.waitForURL(/#\/$/);
    return page;
  };
  const listed = (page: Page) => page.locator('table tbody tr td:first-child').allTextContents();
  const roleSelect = (page: Page) => page.getByRole('combobox', { name: /^Role/ });
  const roleChoices = async (page: Page) => {
    await roleSelect(page).click();
    const names = await page.getByRole('listbox').getByRole('option').allTextContents();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    return names;
  };
  const chooseRole = async (page: Page, name: string) => {
    await roleSelect(page).click();
    await page.getByRole('listbox').getByRole('option', { name }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  };

  it('a city admin creates an owner for a restaurant of their city, who can then log in', async () => {
    const page = await loggedIn('cityadmin');
    await open(page, '/admins');
    await page.locator('table tbody tr').first().waitFor();
    const mine = await listed(page);
    expect(mine).toEqual(expect.arrayContaining(['operator', 'owner', 'courier', 'courier_tom']));
    for (const other of ['admin', 'cityadmin', 'spb_operator', 'courier_ivan']) expect(mine).not.toContain(other);
    expect(await page.getByRole('columnheader', { name: 'City' }).count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'staff list (city admin)');

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(/#\/admin\/add$/);
    expect(await roleChoices(page)).toEqual(['Restaurant owner', 'Operator', 'Courier']);
    await chooseRole(page, 'Restaurant owner');
    expect(await page.getByRole('combobox', { name: /^City/ }).count()).toBe(0);
    await fieldInput(page, 'username').fill('e2e_owner');
    await fieldInput(page, 'password').fill('owner-pass-1');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await fieldInput(page, 'password').getAttribute('type')).toBe('text');
    await fieldInput(page, 'telegramId').fill('12ab');
    await page.getByText('must be a numeric messenger id').waitFor();
    await fieldInput(page, 'telegramId').fill('123456789');
    await page.getByRole('combobox', { name: /^Restaurant/ }).click();
    const option = page.getByRole('listbox').getByRole('option').first();
    const restaurant = ((await option.textContent()) ?? '').trim();
    await option.click();
    await expectAccessibleAtBothWidths(page, 'staff form (city admin)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Data updated').waitFor();
    await page.getByText('Success', { exact: true }).waitFor();
    await page.waitForURL(/#\/admins/);
    const row = page.locator('table tbody tr', { has: page.getByText('e2e_owner', { exact: true }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(restaurant);
    expect(await row.textContent()).toContain('123456789');

    // The same name in another case is taken: the error toast and the field say so.
    await open(page, '/admin/add');
    await fieldInput(page, 'username').fill('E2E_Owner');
    await fieldInput(page, 'password').fill('another-pass');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Error while updating data: The username E2E_Owner is already taken').waitFor();
    expect(await page.getByText('The username E2E_Owner is already taken', { exact: true }).count()).toBeGreaterThan(0);
    expectNoCspViolation(page);

    const owner = await loggedIn('e2e_owner', 'owner-pass-1');
    expect((await menuPaths(owner))[0]).toMatch(/^\/restaurant\/\d+$/);
  });

  it('an operator sees only couriers of their city, may create only a courier, and deletes one after a confirmation', async () => {
    const page = await loggedIn('operator');
    await open(page, '/admin/add');
    expect(await roleChoices(page)).toEqual(['Courier']);
    expect(await page.getByRole('combobox', { name: /^City/ }).count()).toBe(0);
    await fieldInput(page, 'username').fill('e2e_courier');
    await fieldInput(page, 'password').fill('short');
    await page.getByText('more than 7 and less than 256').waitFor();
    await fieldInput(page, 'password').fill('courier-pass');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Data updated').waitFor();
    await page.waitForURL(/#\/admins/);
    await page.locator('table tbody tr', { has: page.getByText('e2e_courier', { exact: true }) }).waitFor();
    const couriers = await listed(page);
    expect(couriers).toEqual(expect.arrayContaining(['courier', 'courier_tom', 'courier_sam', 'e2e_courier']));
    for (const other of ['operator', 'owner', 'courier_ivan']) expect(couriers).not.toContain(other);
    // The toast fades out on its own: axe checks the list once it is gone, not halfway through its fade.
    await page.getByText('Data updated').waitFor({ state: 'detached', timeout: 10_000 });
    await expectAccessibleAtBothWidths(page, 'staff list (operator)');

    await page.getByText('e2e_courier', { exact: true }).click();
    await page.waitForURL(/#\/admin\/\d+$/);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/#\/admins/);
    await expect.poll(() => listed(page)).not.toContain('e2e_courier');
    expectNoCspViolation(page);
  });
});
