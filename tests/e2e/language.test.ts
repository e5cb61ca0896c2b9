import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

const ordersEntry = (page: Page) => page.locator('[data-menu-id="orders"]');
/** The Orders entry's label: its text without the unread messages' badge. */
const ordersLabel = async (page: Page) => (await ordersEntry(page).textContent())?.replace(/\d+\+?/g, '') ?? '';

/** Logs in and switches the interface to Russian on the home page. */
async function inRussian(page: Page, baseUrl: string, username: string): Promise<void> {
  await logIn(page, baseUrl, username);
  await page.waitForURL(/#\/$/);
  await page.getByRole('button', { name: 'Русский' }).click();
  await page.getByRole('heading', { name: /Добро пожаловать/ }).waitFor();
}

/**
 * /language/{id} (spec sections 2, 7, 9): an admin saves a Russian menu text, the page reloads
 * by itself after 10 s and the menu shows it, for another user too; restoring brings the
 * shipped text back. Nobody but admins reaches the editor.
 */
describe('the translation editor in the browser', () => {
  const server = useServerAndBrowser();

  it('an admin saves a Russian text that shows on the menu after the reload, and restores the shipped one', async () => {
    const page = await server.newPage();
    await inRussian(page, server.url, 'admin');
    expect(await ordersLabel(page)).toBe('Заказы');

    await page.getByRole('link', { name: 'Изменить тексты интерфейса' }).click();
    await page.waitForURL(/#\/language\/ru$/);
    const filter = page.getByRole('searchbox', { name: 'Фильтр по ключам и текстам' });
    await filter.waitFor();
    await expectAccessibleAtBothWidths(page, 'translation editor (admin)');

    await filter.fill('menu.orders');
    const text = page.getByRole('textbox', { name: 'menu.orders', exact: true });
    expect(await text.inputValue()).toBe('Заказы');
    await page.getByText('Английский: Orders').waitFor();
    await text.fill('Заказы клиентов');
    // Nobody clicks after Save: the page reloads by itself 10 s later, and the app starts with the saved text.
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    const savedAt = Date.now();
    await page.getByRole('button', { name: 'Сохранить 1 изменение' }).click();
    await page.getByText(/Тексты сохранены\. Страница перезагрузится через \d+ секунд/).waitFor();
    await expectAccessibleAtBothWidths(page, 'translation editor after a save (admin)');
    await reloaded;
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(9_900);
    await expect.poll(() => ordersLabel(page), { timeout: 10_000 }).toBe('Заказы клиентов');

    // Every user's app loads it: an operator logging in elsewhere sees it too.
    const operator = await server.newPage();
    await inRussian(operator, server.url, 'operator');
    await expect.poll(() => ordersLabel(operator)).toBe('Заказы клиентов');
    await operator.context().close();

    await openScreen(page, server.url, '/language/ru');
    await page.getByRole('button', { name: 'Вернуть исходные тексты' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Вернуть исходные тексты языка Русский?').waitFor();
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText(/Исходные тексты возвращены\./).waitFor();
    await page.getByRole('button', { name: 'Перезагрузить сейчас' }).click();
    await expect.poll(() => ordersLabel(page), { timeout: 10_000 }).toBe('Заказы');
    expectNoCspViolation(page);
  });

  it('is not there for a city admin: neither the link nor the screen', async () => {
    const page = await server.newPage(375);
    await logIn(page, server.url, 'cityadmin');
    await page.waitForURL(/#\/$/);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit the interface texts' }).count()).toBe(0);
    await openScreen(page, server.url, '/language/en');
    await page.getByText('Not available to you').first().waitFor();
    expect(await page.getByRole('searchbox').count()).toBe(0);
  });
});
