import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain';
import { expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

/** The order page: details and chat side by side on wide screens, a bill that adds up, failed messages, plain send buttons. */
describe('the order page in the browser', () => {
  const server = useServerAndBrowser();
  const open = (page: Page, path: string) => openScreen(page, server.url, path);
  const loggedIn = async (username: string) => {
    const page = await server.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, server.url, username);
    await page.waitForURL(/#\/$/);
    return page;
  };
  /** The orders the logged-in user's API answers (the page's own stored token). */
  const ordersOf = (page: Page): Promise<Order[]> =>
    page.evaluate(async () => {
      const session: { jwtToken?: string } = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}');
      const response = await fetch('/api/orders?perPage=100', { headers: { authorization: `Bearer ${session.jwtToken ?? ''}` } });
      return response.json();
    });
  const box = async (page: Page, testId: string) => {
    const found = await page.getByTestId(testId).boundingBox();
    if (!found) throw new Error(`${testId} is not shown`);
    return found;
  };

  it('an operator sees the chat beside the details, a bill that adds up, and a failed message with its reason', async () => {
    const operator = await loggedIn('operator');
    const order = (await ordersOf(operator)).find((o) => (o.serviceFee ?? 0) > 0);
    if (!order) throw new Error('no order with a service fee');

    // The order's restaurant loses its notification account (an admin clears it through the API).
    const admin = await loggedIn('admin');
    const cleared = await admin.evaluate(async (id) => {
      const session: { jwtToken?: string } = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}');
      const response = await fetch(`/api/restaurants/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${session.jwtToken ?? ''}`, 'content-type': 'application/json' },
        body: JSON.stringify({ notificationAccountTelegramId: null }),
      });
      return response.status;
    }, order.restaurantId);
    expect(cleared).toBe(200);
    await admin.close();

    await open(operator, `/orders/${order.threadId}`);
    await operator.getByTestId('order-bill').waitFor();
    const message = operator.locator('[data-chat]').getByLabel('Message');
    await message.waitFor();

    // 1280x800: the chat stands right of the details, its message box in view without scrolling.
    const details = await box(operator, 'order-details');
    const chat = await box(operator, 'order-chat-column');
    expect(chat.x).toBeGreaterThanOrEqual(details.x + details.width - 1);
    expect(chat.y).toBeLessThan(300);
    const input = await message.boundingBox();
    expect(input && input.y + input.height).toBeLessThanOrEqual(800);

    // The bill: the service fee is its own line, and Sum + Delivery − Discount + Service fee = Total.
    const lines = await operator
      .locator('[data-bill-line]')
      .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-bill-line'), Number(n.getAttribute('data-bill-value'))] as const));
    const value = (line: string) => lines.find(([name]) => name === line)?.[1] ?? NaN;
    expect(lines.map(([name]) => name)).toEqual(['sum', 'delivery', 'discount', 'serviceFee', 'total']);
    expect(value('serviceFee')).toBeGreaterThan(0);
    expect(Math.round((value('sum') + value('delivery') - value('discount') + value('serviceFee')) * 100)).toBe(
      Math.round(value('total') * 100),
    );
    expect(await operator.getByTestId('order-bill').textContent()).toContain('Service fee');

    // The buttons name who receives the message.
    const names = await operator.locator('[data-chat] button[data-send]').allTextContents();
    expect(names).toEqual([
      'Send to customer signed by the restaurant',
      'Send to restaurant signed by the customer',
      'Send to customer from admin a direct message, with the link',
    ]);

    // A message to the restaurant without a notification account: failed, with the reason; the toast says so, never "sent".
    const text = `Ring twice ${order.threadId}`;
    await message.fill(text);
    await operator.getByRole('button', { name: /^Send to restaurant/ }).click();
    const line = operator.locator('[data-message-id]', { hasText: text });
    await line.waitFor();
    await expect.poll(async () => line.locator('[data-message-state]').textContent()).toBe('failed');
    expect(await line.getByTestId('chat-failure').textContent()).toBe(
      "Not delivered: the restaurant has no notification account in the messenger (set one on the restaurant's page)",
    );
    await operator.getByText(/^The message could not be delivered: the restaurant has no notification account/).waitFor();
    expect(await operator.getByText('The message was sent').count()).toBe(0);
    expect(await message.inputValue()).toBe(text);

    // 375 px: one column, the chat under the details.
    await operator.setViewportSize({ width: 375, height: 812 });
    const narrowDetails = await box(operator, 'order-details');
    const narrowChat = await box(operator, 'order-chat-column');
    expect(narrowChat.y).toBeGreaterThanOrEqual(narrowDetails.y + narrowDetails.height - 1);
    expect(Math.abs(narrowChat.x - narrowDetails.x)).toBeLessThan(2);
    const width = await operator.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expectNoCspViolation(operator);
  });

  it('an owner gets no Show numbers toggle on the order page', async () => {
    const owner = await loggedIn('owner');
    const [order] = await ordersOf(owner);
    await open(owner, `/orders/${order.threadId}`);
    await owner.getByTestId('order-customer').waitFor();
    await owner.locator('[data-chat] button[data-send]').first().waitFor();
    expect(await owner.getByLabel('Show numbers').count()).toBe(0);
    expect(await owner.getByTestId('customer-phone').count()).toBe(0);
  });
});
