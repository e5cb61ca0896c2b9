import { describe, expect, it } from 'vitest';
import { expectAccessible, logIn, useServerAndBrowser } from './harness';

/** The demo's restaurant of the owner (Napoli Corner). */
const OWNERS_RESTAURANT = 1;

describe('editing many dishes at once in a real browser', () => {
  const server = useServerAndBrowser();

  it('an owner at 375 px changes a price by keyboard and undoes it, then disables two dishes after confirming and enables them again', async () => {
    const page = await server.newPage(375);
    await logIn(page, server.url, 'owner');
    await page.getByText('Interface language').waitFor();
    await page.goto(`${server.url}/#/dishCategories/${OWNERS_RESTAURANT}`);
    await page
      .getByRole('link', { name: /: \d+$/ })
      .first()
      .click();
    await page.waitForURL(/#\/dishes\?/);

    // The price: Enter opens the input, Enter saves; Undo in the toast puts the stored price back.
    const price = page.getByRole('button', { name: /^Change Price of/ }).first();
    const before = (await price.textContent()) ?? '';
    await price.focus();
    await page.keyboard.press('Enter');
    const input = page.getByRole('textbox', { name: /^Change Price of/ });
    await input.fill('123.45');
    await page.keyboard.press('Enter');
    await page.getByText(/saved$/).waitFor();
    await expect.poll(() => price.textContent()).toMatch(/123\.45/);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(/is back as it was$/).waitFor();
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /^Change Price of/ })
          .first()
          .textContent(),
      )
      .toBe(before);

    // Escape leaves the price as it was, and a refused one says why.
    await page
      .getByRole('button', { name: /^Change Price of/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: /^Change Price of/ }).fill('0');
    await page.keyboard.press('Tab');
    await page.getByRole('alert').getByText('Not saved: Cannot be null').waitFor();

    // Two dishes disabled in one call, after a confirmation that counts them; then enabled again.
    // The rows' selection boxes, after the header's select-all one (the switches are not checkboxes).
    const boxes = page.getByRole('checkbox');
    await boxes.nth(1).check();
    await boxes.nth(2).check();
    await expectAccessible(page, 'dishes with a selection (owner)');
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByText('Disable 2 dishes?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('2 dishes disabled').waitFor();
    const switches = page.getByRole('switch', { name: /^Enabled: / });
    await expect.poll(() => switches.nth(0).isChecked()).toBe(false);
    await expect.poll(() => switches.nth(1).isChecked()).toBe(false);
    await boxes.nth(1).check();
    await boxes.nth(2).check();
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('2 dishes enabled').waitFor();
    await expect.poll(() => switches.nth(0).isChecked()).toBe(true);
    await expect.poll(() => switches.nth(1).isChecked()).toBe(true);
  });
});
