import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, expectNoCspViolation, logIn, useServerAndBrowser } from './harness';

/** The demo's restaurants: 1 is the owner's (Napoli Corner), 2 another of the same city (Sakura Rolls). */
const OWNERS_RESTAURANT = 1;
const NEIGHBOUR = 2;

describe('dish categories and dishes in a real browser', () => {
  const server = useServerAndBrowser();
  const input = (page: Page, name: string) => page.locator(`input[name="${name}"], textarea[name="${name}"]`).first();
  const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();
  /** Opens a path once the app has settled on its home page after the login. */
  const open = async (page: Page, path: string) => {
    await page.getByText('Interface language').waitFor();
    await page.goto(`${server.url}/#${path}`);
  };
  const chooseTag = async (page: Page, name: string) => {
    await page.getByLabel('Tags').click();
    await page.getByRole('option', { name }).click();
  };

  it('a city admin adds a windowed category and two dishes; the owner edits only their own dishes; operators add nothing', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'cityadmin');
    await open(page, `/dishCategories/${NEIGHBOUR}`);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(/#\/dishCategory\?/);
    await input(page, 'name').fill('Late night');
    await input(page, 'name_ru').fill('Ночное меню');
    await input(page, 'position').fill('9');
    await input(page, 'startDisplayingAt').fill('22:00');
    await save(page);
    // One end of the window alone is refused next to the other end.
    await page.getByText('give both display times or neither').waitFor();
    await input(page, 'stopDisplayingAt').fill('02:00');
    await save(page);
    await page.waitForURL(new RegExp(`#/dishCategories/${NEIGHBOUR}$`));
    const row = page.getByRole('row', { name: /Late night/ });
    await row.getByText('22:00–02:00').waitFor();
    await expectAccessible(page, 'dish categories');

    // Its dishes: none yet; add one with stock.
    await row.getByRole('link', { name: /Late night: 0/ }).click();
    await page.waitForURL(/#\/dishes\?/);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(/#\/dishes\/add/);
    await input(page, 'name').fill('Midnight ramen');
    await input(page, 'description').fill('Hot and salty');
    await input(page, 'description_ru').fill('Горячий рамен');
    await input(page, 'price').fill('0');
    await page.getByText('Cannot be null').waitFor();
    await input(page, 'price').fill('12.5');
    await input(page, 'position').fill('1');
    await page.locator('input[name="limitedStock"]').check();
    await input(page, 'amount').fill('7');
    await expect(page.getByTestId('dish-price').textContent()).resolves.toMatch(/12\.50/);
    await expectAccessible(page, 'dish form');
    await save(page);
    await page.waitForURL(/#\/dishes\?/);
    await page
      .getByRole('row', { name: /Midnight ramen/ })
      .getByText('7', { exact: true })
      .waitFor();

    // A second dish with two tags; a third is refused.
    await page.getByRole('link', { name: 'Create' }).click();
    await input(page, 'name').fill('Spicy wings');
    await input(page, 'description').fill('Chicken wings');
    await input(page, 'description_ru').fill('Крылышки');
    await input(page, 'price').fill('8');
    await input(page, 'position').fill('2');
    await chooseTag(page, 'Spicy');
    await chooseTag(page, 'New');
    await chooseTag(page, 'Hit');
    await page.getByText('at most 2 tags').waitFor();
    await page.getByRole('button', { name: 'Hit' }).locator('svg').click();
    await save(page);
    await page.waitForURL(/#\/dishes\?/);
    const wings = page.getByRole('row', { name: /Spicy wings/ });
    await wings.click();
    await page.waitForURL(/#\/dishes\/\d+$/);
    const neighboursDish = Number(/dishes\/(\d+)$/.exec(page.url())?.[1]);
    await page.getByRole('button', { name: 'Spicy' }).waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).waitFor();
    expectNoCspViolation(page);

    // The owner edits their own dish, and another restaurant's is no page of theirs.
    const owner = await server.newPage(375);
    await logIn(owner, server.url, 'owner');
    await open(owner, `/dishCategories/${OWNERS_RESTAURANT}`);
    await owner
      .getByRole('link', { name: /: \d+$/ })
      .first()
      .click();
    await owner.waitForURL(/#\/dishes\?/);
    await owner.getByRole('row').nth(1).click();
    await owner.waitForURL(/#\/dishes\/\d+$/);
    await input(owner, 'name').fill('House special');
    await save(owner);
    await owner.waitForURL(/#\/dishes\?/);
    await owner.locator('table').getByText('House special', { exact: true }).waitFor();
    await expectAccessible(owner, 'dishes (owner)');
    await owner.goto(`${server.url}/#/dishes/${neighboursDish}`);
    await owner.getByText('Not available to you').first().waitFor();
    await owner.goto(`${server.url}/#/dishCategories/${NEIGHBOUR}`);
    await owner.getByText('Not available to you').first().waitFor();

    // An operator sees the categories with no add button.
    const operator = await server.newPage();
    await logIn(operator, server.url, 'operator');
    await open(operator, `/dishCategories/${NEIGHBOUR}`);
    await operator.getByRole('row', { name: /Late night/ }).waitFor();
    await expect(operator.getByRole('link', { name: 'Create' }).count()).resolves.toBe(0);

    // The city admin deletes the category: the confirmation says how many dishes go with it.
    await page.goto(`${server.url}/#/dishCategories/${NEIGHBOUR}`);
    await page
      .getByRole('row', { name: /Late night/ })
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('This category has 2 dishes. They will be deleted with it.').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(new RegExp(`#/dishCategories/${NEIGHBOUR}$`));
    await page.getByText("Dish category 'Late night' deleted").waitFor();
    await expect(page.getByRole('row', { name: /Late night/ }).count()).resolves.toBe(0);
  });
});
