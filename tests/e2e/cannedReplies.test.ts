import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CannedReply, Order } from '../../src/domain';
import { expectNoCspViolation, logIn, openScreen, useServerAndBrowser, waitForQuiet } from './harness';

/** An operator answers an order's customer with a canned reply, on a phone-sized screen. */
describe('canned replies in the browser', () => {
  const server = useServerAndBrowser();

  /** A GET of the API with the page's own stored token. */
  const apiGet = <T>(page: Page, path: string): Promise<T> =>
    page.evaluate(async (url) => {
      const session: { jwtToken?: string } = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}');
      const response = await fetch(url, { headers: { authorization: `Bearer ${session.jwtToken ?? ''}` } });
      return response.json();
    }, `/api${path}`);

  it('an operator types / in an order chat, picks a reply with the keyboard, sees it filled and sends it', async () => {
    const page = await server.newPage(375);
    await logIn(page, server.url, 'operator');
    await page.waitForURL(/#\/$/);
    const order = (await apiGet<Order[]>(page, '/orders?perPage=20'))[0];
    if (!order) throw new Error('no order for the operator');
    const before = await apiGet<CannedReply[]>(page, '/cannedReplies?sort=uses&order=DESC');
    const statusReply = before.find((reply) => reply.title === 'Status update');
    if (!statusReply) throw new Error('no demo reply "Status update"');

    await openScreen(page, server.url, `/orders/${order.threadId}`);
    const message = page.locator('[data-chat]').getByLabel('Message');
    await message.waitFor();
    await page.getByTestId('canned-open').waitFor();
    await message.fill('/');
    const search = page.getByRole('combobox', { name: 'Find a reply' });
    await search.waitFor();
    await search.fill('status');
    await page.locator(`[data-canned-reply="${statusReply.id}"]`).waitFor();
    await search.press('Enter');

    await expect.poll(() => message.inputValue()).toContain(order.threadId);
    const text = await message.inputValue();
    expect(text).not.toMatch(/\{(order|customer|restaurant|total|status|eta)\}/);
    expect(await page.getByTestId('canned-missing').count()).toBe(0);
    // The message box and its picker fit the phone's width.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    // Still editable before sending.
    await message.fill(`${text} :)`);
    await page.locator('[data-send="TO_USER"]').click();
    await expect.poll(() => message.inputValue(), { timeout: 30_000 }).toBe('');
    await expect
      .poll(async () => (await apiGet<CannedReply>(page, `/cannedReplies/${statusReply.id}`)).uses, { timeout: 30_000 })
      .toBe(statusReply.uses + 1);
    await waitForQuiet(page);
    expectNoCspViolation(page);
  });
});
