import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORY_COLUMNS, DISH_COLUMNS, MENU_SHEET_TEXTS } from '../../src/domain/menuSheet';
import { dishesPath } from '../../src/resources/dishes/paths';
import { expectAccessible, expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

/** The demo's restaurant of the owner (Napoli Corner). */
const OWNERS_RESTAURANT = 1;
const NEW_DISH = 'Sheet-made calzone';

/** The number of the column a sheet heads with `header`. */
const columnOf = (sheet: ExcelJS.Worksheet, header: string): number => {
  let found = 0;
  sheet.getRow(1).eachCell((cell, number) => {
    if (cell.value === header) found = number;
  });
  if (found === 0) throw new Error(`No column ${header} on ${sheet.name}`);
  return found;
};

/** A call to the API with the page's own login, as the screens make it. */
const api = <T>(page: Page, path: string) =>
  page.evaluate(async (path) => {
    const { jwtToken } = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { jwtToken: string };
    const response = await fetch(`/api${path}`, { headers: { authorization: `Bearer ${jwtToken}` } });
    return (await response.json()) as unknown;
  }, path) as Promise<T>;

interface Dish {
  id: number;
  name: string;
  price: number;
  dishCategoryId: number;
}

/**
 * The restaurant's menu as a spreadsheet, from the browser: exported, edited by hand (here by
 * exceljs), its refused cell shown with the reason, then corrected, previewed and imported; and
 * the blank template in the interface language.
 */
describe('the menu as a spreadsheet in a real browser', () => {
  const server = useServerAndBrowser();
  const folder = mkdtempSync(join(tmpdir(), 'menu-sheet-e2e-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('an owner at 375 px exports the menu, sees a refused stock with its reason, corrects it, previews and imports it', async () => {
    const page = await server.newPage(375);
    await logIn(page, server.url, 'owner');
    await page.getByText('Interface language').waitFor();
    await openScreen(page, server.url, `/dishCategories/${OWNERS_RESTAURANT}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export menu' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const exported = join(folder, 'exported.xlsx');
    await download.saveAs(exported);

    // The first dish gets a new price, a dish is added to its category, and the second dish gets a refused stock.
    const texts = MENU_SHEET_TEXTS.en.dishes;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(exported);
    const dishes = workbook.getWorksheet(MENU_SHEET_TEXTS.en.sheets.dishes);
    if (!dishes) throw new Error('The export has no dishes sheet');
    expect(dishes.rowCount).toBeGreaterThan(2);
    const first = dishes.getRow(2);
    const firstId = Number(first.getCell(columnOf(dishes, texts.id)).value);
    const firstName = String(first.getCell(columnOf(dishes, texts.name)).value);
    const oldPrice = Number(first.getCell(columnOf(dishes, texts.price)).value);
    const newPrice = Math.round((oldPrice + 1.25) * 100) / 100;
    first.getCell(columnOf(dishes, texts.price)).value = newPrice;
    const category = first.getCell(columnOf(dishes, texts.category)).value;
    const added = dishes.addRow([]);
    const put = (header: string, value: ExcelJS.CellValue) => (added.getCell(columnOf(dishes, header)).value = value);
    put(texts.category, category);
    put(texts.name, NEW_DISH);
    put(texts.description, 'Folded pizza with ricotta');
    put(texts.description_ru, 'Закрытая пицца с рикоттой');
    put(texts.price, 11.5);
    put(texts.enabled, MENU_SHEET_TEXTS.en.yes);
    put(texts.position, 99);
    const stock = dishes.getRow(3).getCell(columnOf(dishes, texts.amount));
    const stockBefore = stock.value;
    stock.value = -4;
    const refusedFile = join(folder, 'menu-refused.xlsx');
    await workbook.xlsx.writeFile(refusedFile);
    stock.value = stockBefore;
    const correctedFile = join(folder, 'menu-corrected.xlsx');
    await workbook.xlsx.writeFile(correctedFile);

    await page.getByRole('button', { name: 'Import menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import the menu from a spreadsheet' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Confirm import' });

    // The refused cell, named by its address and column, with the reason; nothing may be confirmed.
    await page.getByTestId('menu-sheet-file').setInputFiles(refusedFile);
    const refused = dialog.getByRole('table', { name: /^Refused rows and cells \(1\)/ });
    await refused.waitFor();
    const refusedRow = refused.getByRole('row').nth(1);
    expect(await refusedRow.getByRole('cell').nth(1).textContent()).toMatch(/^[A-Z]+3 \(Stock\)$/);
    expect(await refusedRow.getByRole('cell').nth(2).textContent()).toMatch(/between 0 and 1,?000,?000/i);
    expect(await confirm.isDisabled()).toBe(true);

    // The same file corrected and chosen again: one dish added, one changed, old price → new.
    await page.getByTestId('menu-sheet-file').setInputFiles(correctedFile);
    await dialog.getByText(/Dishes: 1 added, 1 changed, 0 removed, \d+ unchanged/).waitFor();
    expect(await refused.count()).toBe(0);
    const dishChanges = dialog.getByRole('region', { name: 'Dishes' });
    await dishChanges.getByText(new RegExp(`^${NEW_DISH}`)).waitFor();
    await dishChanges.getByText(`Price: ${oldPrice} → ${newPrice}`).waitFor();
    expect(await dishChanges.getByRole('listitem').filter({ hasText: firstName }).count()).toBe(1);
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await expectAccessible(page, 'menu import preview (owner)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await confirm.click();
    await page.getByText('Menu imported: 0 categories and 2 dishes added, changed or removed').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The category's dishes: the new price, and the new dish.
    const stored = await api<Dish>(page, `/dishes/${firstId}`);
    expect(stored.price).toBe(newPrice);
    const inCategory = await api<Dish[]>(page, `/dishes?dishCategoryId=${stored.dishCategoryId}`);
    expect(inCategory.find((dish) => dish.name === NEW_DISH)).toMatchObject({ price: 11.5 });
    await openScreen(page, server.url, dishesPath(stored.dishCategoryId));
    await page.getByText(NEW_DISH).first().waitFor();
    expect(await page.getByRole('button', { name: `Change Price of “${firstName}”` }).textContent()).toMatch(
      new RegExp(newPrice.toFixed(2).replace('.', '\\.')),
    );
    expectNoCspViolation(page);
  });

  it('in Russian at 1280 px the template has the Russian headers', async () => {
    const page = await server.newPage(1280);
    await logIn(page, server.url, 'owner');
    await page.getByText('Interface language').waitFor();
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ru')));
    await openScreen(page, server.url, `/dishCategories/${OWNERS_RESTAURANT}`);
    await page.reload();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Шаблон' }).click()]);
    const template = join(folder, 'template.xlsx');
    await download.saveAs(template);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(template);
    const texts = MENU_SHEET_TEXTS.ru;
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([texts.sheets.categories, texts.sheets.dishes, texts.sheets.tags]);
    const headers = (sheet: ExcelJS.Worksheet | undefined) => {
      const found: unknown[] = [];
      sheet?.getRow(1).eachCell((cell) => found.push(cell.value));
      return found;
    };
    expect(headers(workbook.getWorksheet(texts.sheets.categories))).toEqual(CATEGORY_COLUMNS.map((column) => texts.categories[column]));
    expect(headers(workbook.getWorksheet(texts.sheets.dishes))).toEqual(DISH_COLUMNS.map((column) => texts.dishes[column]));
    expect(headers(workbook.getWorksheet(texts.sheets.dishes))).toContain('Цена');
    // Blank: no category or dish rows.
    expect(workbook.getWorksheet(texts.sheets.dishes)?.actualRowCount).toBe(1);
    expectNoCspViolation(page);
  });
});
