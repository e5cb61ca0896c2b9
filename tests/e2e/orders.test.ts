import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

/** The order list, its chat, status and courier controls, the detail and the export, per role (spec sections 2, 4, 6, 7). */
describe('orders in the browser', () => {
  const server = useServerAndBrowser();
  const open = (page: Page, path: string) => openScreen(page, server.url, path);
  const bothWidths = expectAccessibleAtBothWidths;
  const cards = (page: Page) => page.locator('[data-order]');
  const loggedIn = async (username: string) => {
    const page = await server.newPage();
    await logIn(page, server.url, username);
    await page.waitForURL(/#\/$/);
    await open(page, '/orders');
    await cards(page).first().waitFor();
    return page;
  };
  const badgeStatus = async (card: Locator) => Number(await card.locator('[data-status]').first().getAttribute('data-status'));
  /** Opens a card's status dropdown and answers the enabled and disabled option values. */
  const statusOptions = async (page: Page, card: Locator) => {
    await card.getByRole('combobox', { name: /^Status/ }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    const all = await options.evaluateAll((nodes) =>
      nodes.map((n) => ({ value: Number(n.getAttribute('data-status-option')), disabled: n.getAttribute('aria-disabled') === 'true' })),
    );
    return { enabled: all.filter((o) => !o.disabled).map((o) => o.value), disabled: all.filter((o) => o.disabled).map((o) => o.value) };
  };

  it('an operator filters by day and restaurant, reads the totals, chats three ways, moves an order forward and assigns a courier', async () => {
    const page = await loggedIn('operator');
    await bothWidths(page, 'order list (operator)');

    // An open order of the newest ones: its day and restaurant make the filter.
    let target: Locator | null = null;
    for (const card of await cards(page).all()) {
      const status = await badgeStatus(card);
      if (status >= 0 && status < 80) {
        target = card;
        break;
      }
    }
    if (!target) throw new Error('no open order among the newest');
    const threadId = (await target.getAttribute('data-order')) ?? '';
    const createdAt = (await target.locator('time').first().getAttribute('datetime')) ?? '';
    const day = await page.evaluate((iso) => {
      const d = new Date(iso);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    }, createdAt);
    const restaurant = (await target.getByTestId('card-restaurant').textContent()) ?? '';

    // Typed as English writes dates; the URL and the API keep the ISO day.
    const written = `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
    await page.getByLabel('Date from').fill(written);
    await page.getByLabel('Date to').fill(written);
    await page.getByLabel('Restaurants').click();
    await page.getByRole('option', { name: restaurant, exact: true }).click();
    await page.keyboard.press('Escape');
    // The filters are in the URL, so a link reproduces the view.
    await expect.poll(async () => decodeURIComponent(page.url())).toContain('"rests":[');
    expect(decodeURIComponent(page.url())).toContain(`"from":"${day}"`);
    // The list of that day and restaurant only (the filters apply after a short pause).
    await expect.poll(async () => [...new Set(await page.getByTestId('card-restaurant').allTextContents())]).toEqual([restaurant]);
    const card = page.locator(`[data-order="${threadId}"]`);
    await card.waitFor();
    const totals = page.getByTestId('order-totals');
    await expect.poll(async () => totals.textContent()).toMatch(/Sum: .*\d.*Orders: \d+.*Average cheque: /);

    // The chat, opened in place: each kind of message lands in the history.
    await card.getByRole('button', { name: /^Chat/ }).click();
    const chat = card.locator('[data-chat]');
    await chat.waitFor();
    const sends: [string, string][] = [
      ['Send to customer signed by the restaurant', `To the customer ${threadId}`],
      ['Send to restaurant signed by the customer', `To the restaurant ${threadId}`],
      ['Send to customer from admin', `From the staff ${threadId}`],
    ];
    for (const [button, text] of sends) {
      await chat.getByLabel('Message').fill(text);
      await chat.getByRole('button', { name: button }).click();
      await chat.locator('[data-message-id]', { hasText: text }).waitFor();
    }
    expect(await chat.getByLabel('Message').inputValue()).toBe('');
    await bothWidths(page, 'order list with a chat (operator)');

    // A move forward: afterwards the earlier statuses and the new one are disabled.
    const before = await badgeStatus(card);
    const offered = await statusOptions(page, card);
    expect(offered.disabled).toEqual(expect.arrayContaining([before]));
    const next = offered.enabled[0];
    await page.locator(`[data-status-option="${next}"]`).click();
    await expect.poll(async () => badgeStatus(card)).toBe(next);
    const after = await statusOptions(page, card);
    expect(after.enabled.every((status) => status > next)).toBe(true);
    expect(after.disabled).toEqual(expect.arrayContaining([before, next]));
    await page.keyboard.press('Escape');

    // A courier of the city.
    await card.getByRole('combobox', { name: /Assign a courier/ }).click();
    const courier = page.getByRole('listbox').getByRole('option').filter({ hasNotText: 'No courier' }).first();
    const label = (await courier.textContent()) ?? '';
    await courier.click();
    await expect.poll(async () => card.getByRole('combobox', { name: /Assign a courier/ }).textContent()).toContain(label);
    // The name beside it comes with the refreshed order, a moment after the choice.
    await expect.poll(async () => card.locator('[data-courier-block] > span').first().textContent()).not.toContain('No courier');
    expectNoCspViolation(page);
  });

  it('in Russian the date filter is written ДД.ММ.ГГГГ, filters, and fits a phone', async () => {
    const page = await loggedIn('operator');
    const createdAt = (await cards(page).first().locator('time').first().getAttribute('datetime')) ?? '';
    const day = await page.evaluate((iso) => {
      const d = new Date(iso);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    }, createdAt);
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ru')));
    await page.reload();
    const from = page.getByLabel('Дата с');
    await from.waitFor();
    await expect.poll(async () => from.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ');
    await from.fill(`${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`);
    expect(await from.inputValue()).toBe(`${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`);
    await expect.poll(async () => decodeURIComponent(page.url())).toContain(`"from":"${day}"`);
    await cards(page).first().waitFor();
    // The calendar speaks Russian too.
    await page
      .getByRole('button', { name: /Выберите дату|Открыть календарь|календар/i })
      .first()
      .click();
    await expect
      .poll(async () => page.getByRole('dialog').textContent())
      .toMatch(/январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь/i);
    await page.keyboard.press('Escape');
    // Cleared, the filter goes away.
    await from.fill('');
    await expect.poll(async () => decodeURIComponent(page.url())).not.toContain('"from"');
    // On a phone the date filters fit the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(async () => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = await from.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await page.context().close();
  });

  it('an operator reads an order on its own page', async () => {
    const page = await loggedIn('operator');
    const threadId = (await cards(page).first().getAttribute('data-order')) ?? '';
    await cards(page)
      .first()
      .getByRole('link', { name: `#${threadId}` })
      .click();
    await page.waitForURL(new RegExp(`#/orders/${threadId}$`));
    await page.getByTestId('order-customer').waitFor();
    await expect.poll(async () => page.locator('#react-admin-title').textContent()).toBe(`Order ${threadId}`);
    expect(await page.getByTestId('order-items').locator('li').first().textContent()).toMatch(/x \d+ = /);
    await page.locator('[data-chat]').waitFor();
    await bothWidths(page, 'order detail (operator)');
    expectNoCspViolation(page);
  });

  it('an owner gets no numbers switch (phones are never theirs), and no status or courier control', async () => {
    const page = await loggedIn('owner');
    expect(await page.getByRole('combobox', { name: /^Status/ }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /Assign a courier/ }).count()).toBe(0);
    expect(await page.getByLabel('Show numbers').count()).toBe(0);
    for (const phone of await page.getByTestId('customer-phone').allTextContents()) expect(phone).toMatch(/^[^\d]*(•[^\d]*)+\d{0,2}$/);
    await bothWidths(page, 'order list (owner)');
    expectNoCspViolation(page);
  });

  it('an admin downloads the export, and the workbook opens with its headers and rows', async () => {
    const page = await loggedIn('admin');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    const headers: unknown[] = [];
    sheet.getRow(1).eachCell((cell) => headers.push(cell.value));
    expect(headers).toEqual(expect.arrayContaining(['Order', 'Date', 'Restaurant', 'Customer']));
    expect(sheet.rowCount).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Export to Excel' }).waitFor();
    expectNoCspViolation(page);
  });
});
