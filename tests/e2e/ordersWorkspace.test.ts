import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_TAB_STATUSES } from '../../src/domain';
import { logIn, openScreen, useServerAndBrowser, waitForQuiet } from './harness';

/** The operator's workspace on the order list: search, status tabs, the compact view, unread messages; an owner's search. */
describe('the orders workspace in the browser', () => {
  const server = useServerAndBrowser();
  const cards = (page: Page) => page.locator('[data-order]');
  const loggedIn = async (username: string) => {
    const page = await server.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, server.url, username);
    await page.waitForURL(/#\/$/);
    await openScreen(page, server.url, '/orders');
    await cards(page).first().waitFor();
    return page;
  };
  const search = (page: Page) => page.getByRole('searchbox');
  const threadsShown = (page: Page) => cards(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-order')));
  const menuUnread = async (page: Page) => Number(await page.getByTestId('menu-unread').getAttribute('data-unread'));

  it('an operator searches by number and phone, picks a status tab, uses the compact view and reads an unread chat; an owner cannot search by phone', async () => {
    const page = await loggedIn('operator');

    // By number: the order alone, the search in the URL. The order is one whose customer left a
    // phone (the numbers on, to read it), for the search by phone after.
    await page.getByLabel('Show numbers').check();
    const target = cards(page)
      .filter({ has: page.getByTestId('customer-phone') })
      .first();
    await target.waitFor();
    const threadId = (await target.getAttribute('data-order')) ?? '';
    await search(page).fill(threadId);
    await expect.poll(() => threadsShown(page)).toEqual([threadId]);
    expect(decodeURIComponent(page.url())).toContain(`"q":"${threadId}"`);

    // By phone: every order found is that customer's.
    const phone = (await page.locator(`[data-order="${threadId}"]`).getByTestId('customer-phone').textContent()) ?? '';
    expect(phone).toMatch(/^\+\d{8,}$/);
    await search(page).fill(phone.slice(-7));
    await expect.poll(async () => (await threadsShown(page)).includes(threadId)).toBe(true);
    expect(new Set(await page.getByTestId('customer-phone').allTextContents())).toEqual(new Set([phone]));
    await search(page).fill('');
    await expect.poll(async () => (await threadsShown(page)).length).toBeGreaterThan(1);

    // A status tab: its count beside its name, only its orders listed, kept in the URL.
    const tab = page.getByRole('tab', { name: /^In progress \(\d+\)$/ });
    const count = Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    await tab.click();
    await expect.poll(async () => decodeURIComponent(page.url())).toContain('"status":"inProgress"');
    await waitForQuiet(page);
    const statuses = await page
      .locator('[data-order] [data-status]')
      .evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-status'))));
    expect(statuses.length).toBe(Math.min(count, 25));
    for (const status of statuses) expect(ORDER_STATUS_TAB_STATUSES.inProgress).toContain(status);
    await page.getByRole('tab', { name: /^All/ }).click();
    await expect.poll(async () => decodeURIComponent(page.url())).not.toContain('"status"');

    // The compact view: at least 15 orders on a 1280x800 screen, and still chosen after a reload.
    await page.getByRole('button', { name: 'Table' }).click();
    const rows = page.locator('[data-testid="order-table"] tbody tr');
    await rows.first().waitFor();
    const visibleRows = async () =>
      rows.evaluateAll((nodes) => nodes.filter((n) => n.getBoundingClientRect().bottom <= window.innerHeight).length);
    expect(await visibleRows()).toBeGreaterThanOrEqual(15);
    await page.reload();
    await rows.first().waitFor();
    expect(await visibleRows()).toBeGreaterThanOrEqual(15);

    // Unread messages: on the row and in the menu's total; opening the chat reads them.
    const unreadRow = rows.filter({ has: page.getByTestId('unread') }).first();
    await unreadRow.waitFor();
    const unreadThread = (await unreadRow.getAttribute('data-order')) ?? '';
    const unread = Number(await unreadRow.getByTestId('unread').getAttribute('data-unread'));
    const total = await menuUnread(page);
    expect(unread).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(unread);
    await unreadRow.getByRole('link', { name: `#${unreadThread}` }).click();
    await page.locator(`[data-chat="${unreadThread}"]`).waitFor();
    await expect.poll(() => menuUnread(page)).toBe(total - unread);
    await page.goBack();
    const row = page.locator(`[data-testid="order-table"] tr[data-order="${unreadThread}"]`);
    await row.waitFor();
    await expect.poll(() => row.getByTestId('unread').count()).toBe(0);

    // An owner: the phone of one of their orders finds nothing; its number does.
    const owner = await loggedIn('owner');
    // One of the owner's orders whose customer left a phone, read by the operator (who sees phones).
    let ownThread = '';
    let ownPhone = '';
    for (const candidate of (await threadsShown(owner)).slice(0, 10)) {
      await search(page).fill(candidate ?? '');
      const ownRow = page.locator(`tr[data-order="${candidate}"]`);
      await ownRow.waitFor();
      await waitForQuiet(page);
      if ((await ownRow.getByTestId('customer-phone').count()) === 0) continue;
      ownThread = candidate ?? '';
      ownPhone = (await ownRow.getByTestId('customer-phone').textContent()) ?? '';
      break;
    }
    expect(ownPhone).toMatch(/^\+\d{8,}$/);
    await search(owner).fill(ownPhone);
    await expect.poll(async () => owner.getByText('No orders match these filters.').count()).toBe(1);
    expect(await cards(owner).count()).toBe(0);
    await search(owner).fill(ownThread);
    await expect.poll(() => threadsShown(owner)).toEqual([ownThread]);
  });

  it('on a phone in Spanish, the orders fit the screen: tabs scroll inside the card, the page buttons are in Spanish', async () => {
    const page = await server.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await logIn(page, server.url, 'operator');
    await page.waitForURL(/#\/$/);
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('es')));
    await openScreen(page, server.url, '/orders');
    await page.reload();
    await cards(page).first().waitFor();
    await page.getByRole('tab', { name: /^Todos/ }).waitFor();
    await page.getByRole('tab', { name: /^En camino \(\d+\)$/ }).waitFor({ state: 'attached' });
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The list's page buttons are named in the interface language (MUI's own texts).
    await page.getByRole('button', { name: 'Ir a la página siguiente' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('button', { name: 'Go to next page' }).count()).toBe(0);
  });
});
