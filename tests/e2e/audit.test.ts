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

const MAILING_TEXT = 'Audit trail check: a mailing stopped at once';

/** The audit trail and an order's timeline in a real browser. */
describe('the audit trail in the browser', () => {
  // Slow sends: the mailing stopped below is still sending when the stop comes.
  const server = useServerAndBrowser({ MAILING_RATE: '1' });

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
    const entry = page.locator(`[data-entity="tags"][data-audit]`).filter({ hasText: 'Tag Audited tag' });
    // Named by its name rather than its number.
    await entry.waitFor();
    expect(await entry.getAttribute('data-action')).toBe('insert');
    expect(await entry.locator('[data-audit-actor]').textContent()).toBe('admin');
    await entry.getByText('fields').click();
    await entry.getByText('Audited tag', { exact: true }).waitFor();
    // Each field by the label its form gives it.
    expect(await entry.locator('[data-field="name"]').textContent()).toBe('Name:Audited tag');
    expect(await entry.locator('[data-field="name_ru"]').textContent()).toBe('Name in Russian:Метка журнала');
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

    // In people's words: a mailing created and stopped, and the order moved, on the admin's page of the trail.
    const mailing = await api<{ id: number }>(page, 'POST', '/spam', { cityId: 1, text: MAILING_TEXT });
    expect(mailing.status).toBe(201);
    expect((await api(page, 'DELETE', `/spam/${mailing.json.id}`)).status).toBe(200);
    const actors = await api<{ id: number; username: string | null }[]>(page, 'GET', '/audit/actors');
    const adminId = actors.json.find((actor) => actor.username === 'admin')?.id;
    await openScreen(page, server.url, `/audit?filter=${encodeURIComponent(JSON.stringify({ actorId: adminId }))}`);
    const stop = page.locator(`[data-audit][data-entity="mailings"][data-action="update"]`);
    const created = page.locator(`[data-audit][data-entity="mailings"][data-action="insert"]`);
    const moved = page.locator(`[data-audit][data-entity="orders"][data-action="update"]`).first();
    const checkTrail = async (words: { stopped: RegExp; order: string; moved: string; textLabel: string; createdAt: RegExp }) => {
      await expect.poll(() => stop.locator('[data-audit-event="mailingStopped"]').textContent()).toMatch(words.stopped);
      // The stop's own columns (status, reason, who) are told by the sentence, not listed.
      expect(await stop.locator('[data-field]').count()).toBe(0);
      expect(await moved.locator('h2').textContent()).toBe(words.order);
      expect(await moved.locator('[data-audit-event="orderStatus"]').textContent()).toContain(words.moved);
      // A created row: its fields by the form's labels, its times in the user's format.
      await created.locator('summary').click();
      expect(await created.locator('[data-field="text"]').textContent()).toBe(`${words.textLabel}:${MAILING_TEXT}`);
      expect(await created.locator('[data-field="created_at"]').textContent()).toMatch(words.createdAt);
      await created.locator('summary').click();
    };
    await checkTrail({
      stopped: new RegExp(`^admin stopped the mailing “${MAILING_TEXT.slice(0, 20)}.*” at \\d+/\\d+$`),
      order: `Order ${open.threadId}`,
      moved: `admin moved the order ${open.threadId}:`,
      textLabel: 'Text',
      createdAt: /^Created at:\d{1,2}\/\d{1,2}\/\d{2}, \d{2}:\d{2}$/,
    });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await checkTrail({
      stopped: new RegExp(`^admin остановил\\(а\\) рассылку «${MAILING_TEXT.slice(0, 20)}.*» на \\d+/\\d+$`),
      order: `Заказ ${open.threadId}`,
      moved: `admin перевёл(а) заказ ${open.threadId}:`,
      textLabel: 'Текст',
      createdAt: /^Создано:\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    });
    await expectAccessibleAtBothWidths(page, 'audit trail in people’s words (ru)');
    expectNoCspViolation(page);
  });
});
