import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../src/domain';
import { expectAccessibleAtBothWidths, expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

/** A call to the API with the page's own login, as the screens make it. */
const api = <T>(page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const { jwtToken } = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { jwtToken: string };
      const response = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${jwtToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as unknown };
    },
    { method, path, body },
  ) as Promise<{ status: number; json: T }>;

/** The audit trail and an order's timeline in a real browser. */
describe('the audit trail in the browser', () => {
  const server = useServerAndBrowser();

  it("an admin finds the change they just made on the audit screen, and an order's detail shows its timeline", async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);

    const tag = await api<{ id: number }>(page, 'POST', '/tags', { cityId: 1, name: 'Audited tag', name_ru: 'Метка журнала' });
    expect(tag.status).toBe(201);

    await page.locator('[data-menu-id="audit"]').click();
    await page.waitForURL(/#\/audit/);
    await expect.poll(() => page.title()).toMatch(/^Audit trail/);
    await page.getByRole('combobox', { name: 'What' }).click();
    await page.getByRole('option', { name: 'Tag', exact: true }).click();
    await page.getByRole('combobox', { name: 'User' }).click();
    await page.getByRole('option', { name: /^admin( \(.*\))?$/ }).click();
    await expect.poll(async () => decodeURIComponent(page.url())).toContain('"entity":"tags"');
    const entry = page.locator(`[data-entity="tags"][data-audit]`).filter({ hasText: `Tag #${tag.json.id}` });
    await entry.waitFor();
    expect(await entry.getAttribute('data-action')).toBe('insert');
    expect(await entry.locator('[data-audit-actor]').textContent()).toBe('admin');
    await entry.getByText('fields').click();
    await entry.getByText('Audited tag', { exact: true }).waitFor();
    // Only tags are listed, every one by the admin.
    expect(await page.locator('[data-audit]:not([data-entity="tags"])').count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'audit trail');

    // An order moved forward by the admin: its detail names the move and who made it.
    const orders = await api<{ id: number; threadId: string; status: number }[]>(page, 'GET', '/orders?page=1&perPage=100');
    const open = orders.json.find((order) => order.status >= 0 && order.status < OrderStatus.DELIVERED);
    if (!open) throw new Error('the demo has no open order');
    expect((await api(page, 'PUT', `/orders/${open.id}`, { status: OrderStatus.DELIVERED })).status).toBe(200);
    await openScreen(page, server.url, `/orders/${open.threadId}`);
    const timeline = page.getByTestId('order-timeline');
    await timeline.locator('[data-timeline-kind="created"]').waitFor();
    await timeline.locator('[data-timeline-kind="status"]', { hasText: '→ Delivered by admin' }).waitFor();
    await expectAccessibleAtBothWidths(page, 'order detail with its timeline');
    expectNoCspViolation(page);
  });
});
