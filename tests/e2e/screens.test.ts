import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessibleAtBothWidths,
  expectNoCspViolation,
  fieldInput,
  logIn,
  openScreen,
  useServerAndBrowser,
  waitForQuiet,
} from './harness';

/**
 * Every screen of each role, at 1280 and 375 px: accessible (axe-core), under the CSP, and
 * showing each role only the controls it may use. One browser page per role.
 */
describe('the screens of each role', () => {
  const server = useServerAndBrowser();
  const input = fieldInput;
  const open = (page: Page, path: string) => openScreen(page, server.url, path);
  const bothWidths = expectAccessibleAtBothWidths;
  const setLocale = async (page: Page, locale: string) => {
    await page.evaluate((value) => localStorage.setItem('RaStore.locale', JSON.stringify(value)), locale);
    await page.reload();
  };

  it('admin: login, home, cities, a city, a new city, districts, tags, cuisines, bots, settings, not found; each demo city saves untouched', async () => {
    const page = await server.newPage();
    await page.goto(`${server.url}/#/login`);
    await page.locator('input[name="username"]').waitFor();
    await bothWidths(page, 'login');
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);
    await bothWidths(page, 'home');

    await open(page, '/cities');
    await page.locator('table').getByText('London').first().waitFor();
    await expect.poll(() => page.title()).toBe('Cities — Back-office');
    await bothWidths(page, 'cities');

    // Every demo city passes the form's rules as it is stored: saving untouched succeeds.
    for (const [id, name] of [
      [1, 'London'],
      [2, 'Saint Petersburg'],
      [3, 'Valencia'],
    ] as const) {
      await open(page, `/city/${id}`);
      await expect.poll(() => input(page, 'name').inputValue()).toBe(name);
      await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe(`City ${name}`);
      // One base field changed; the config below, untouched, goes through the form's rules too.
      await input(page, 'chatname').fill(`${await input(page, 'chatname').inputValue()}1`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('City was saved/updated').first().waitFor();
    }
    await bothWidths(page, 'city edit');

    // A new city offers no delete.
    await open(page, '/city');
    await input(page, 'name').waitFor();
    await expect(page.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await bothWidths(page, 'city create');

    // The districts' edit button is a real link, by mouse and by keyboard.
    await open(page, '/city/1/districts');
    const edit = page.getByRole('link', { name: 'Edit' }).first();
    await expect(edit.getAttribute('href')).resolves.toMatch(/^#\/city\/1\/district\/\d+$/);
    await bothWidths(page, 'districts');
    await edit.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/city\/1\/district\/\d+$/);
    await input(page, 'name').waitFor();

    for (const [path, screen] of [
      ['/tags', 'tags'],
      ['/cuisines', 'cuisines'],
      ['/bots', 'bots'],
      ['/settings', 'settings'],
      ['/no/such/page', 'not found'],
    ]) {
      await open(page, path);
      await waitForQuiet(page);
      await bothWidths(page, screen);
    }
    expectNoCspViolation(page);
    await page.context().close();
    // Eleven screens, each checked at two widths: twice a single screen's time.
  }, 180_000);

  it('city admin: another city is refused with a translated message, no create and no error toast', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'cityadmin');
    await page.waitForURL(/#\/$/);
    await open(page, '/city/1/districts');
    await page.getByRole('link', { name: 'Edit' }).first().waitFor();
    await bothWidths(page, 'own districts');

    await setLocale(page, 'es');
    await open(page, '/city/2/districts');
    await page.getByTestId('not-available').getByText('No disponible para usted').waitFor();
    await expect(page.getByTestId('not-available').textContent()).resolves.toContain(
      'Esta página pertenece a otra ciudad u otro restaurante, o su rol no la abre.',
    );
    await expect(page.getByRole('link', { name: /crear/i }).count()).resolves.toBe(0);
    await expect(page.getByText('City not found').count()).resolves.toBe(0);
    await bothWidths(page, 'other city districts');
    expectNoCspViolation(page);
    await page.context().close();
  });

  it('operator: a titled reduced form in Russian with 24-hour times, no district editing, another city refused', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'operator');
    await page.waitForURL(/#\/$/);
    await setLocale(page, 'ru');
    await open(page, '/city/1');
    await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe('Настройки доставки: Лондон');
    await expect.poll(() => page.title()).toBe('Города — Бэк-офис');
    await expect(input(page, 'config.deliveryCostJumpStart').inputValue()).resolves.toBe('22:00');
    await bothWidths(page, 'operator city form');

    await open(page, '/city/1/districts');
    await page.locator('table').first().waitFor();
    await expect(page.getByRole('link', { name: /Редактировать/ }).count()).resolves.toBe(0);
    await page.locator('table tbody tr').first().click();
    await expect.poll(() => page.url()).toMatch(/#\/city\/1\/districts$/);
    await bothWidths(page, 'operator districts');

    await open(page, '/city/2');
    await page.getByTestId('not-available').getByText('Вам недоступно').waitFor();
    await page.getByTestId('not-available').getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL(/#\/$/);
    await bothWidths(page, 'operator other city');
    expectNoCspViolation(page);
    await page.context().close();
  });

  it('owner: home and the districts list without edit controls', async () => {
    const page = await server.newPage(375);
    await logIn(page, server.url, 'owner');
    await page.waitForURL(/#\/$/);
    await bothWidths(page, 'owner home');
    await open(page, '/districts');
    await waitForQuiet(page);
    await expect(page.getByRole('link', { name: 'Edit' }).count()).resolves.toBe(0);
    await bothWidths(page, 'owner districts');
    expectNoCspViolation(page);
    await page.context().close();
  });
});
