import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldInput, logIn, useServerAndBrowser, waitForQuiet } from './harness';

/** The labels of the city form cut short (an ellipsis instead of their end), by their text. */
const cutLabels = (page: Page) =>
  page
    .locator('form label')
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.getClientRects().length > 0 && label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent),
    );

describe('setting up a new city', () => {
  const server = useServerAndBrowser();

  it('an admin creates a city, follows its checklist to what is missing with the city chosen, and sees it done', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);

    await page.goto(`${server.url}/#/city`);
    await fieldInput(page, 'name').fill('Porto');
    await fieldInput(page, 'currency').fill('EUR');
    // The defaults are there before anything is typed.
    await expect(fieldInput(page, 'config.topInterval').inputValue()).resolves.toBe('7');
    await expect(fieldInput(page, 'config.deliveryMultiplier').inputValue()).resolves.toBe('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/city\/\d+$/);
    const cityId = Number(/city\/(\d+)$/.exec(page.url())?.[1]);

    // The checklist: every part missing, the settings naming only the four no default can fill.
    const setup = page.getByTestId('city-setup');
    await setup.waitFor();
    await expect(setup.locator('[data-setup-item][data-done="false"]').count()).resolves.toBe(8);
    const settings = setup.locator('[data-setup-item="settings"]');
    await expect(settings.locator('[data-setup-setting]').allTextContents()).resolves.toEqual([
      'Why the city is disabled',
      'Time shift',
      'Notifications channel id',
      'Couriers channel id',
    ]);
    // No warning over the form: no notice of missing settings anywhere, the form's first field in plain view.
    await waitForQuiet(page);
    await expect(page.locator('[data-settings-notice]').count()).resolves.toBe(0);
    await expect(page.getByText(/lacks the config parameters/).count()).resolves.toBe(0);

    // A missing setting's link puts the focus in it.
    await settings.locator('[data-setup-setting="timeShift"]').click();
    await page.waitForURL(/setting=timeShift/);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), { timeout: 15_000 })
      .toBe('config.timeShift');

    // The tags link opens the new-tag form with the city already chosen.
    await setup.locator('[data-setup-item="tags"] a').click();
    await page.waitForURL(/#\/tag\?source=/);
    await expect.poll(() => page.locator('.ra-input-cityId').textContent(), { timeout: 15_000 }).toContain('Porto');
    await fieldInput(page, 'name').fill('Seafood');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/tags/);

    await page.goto(`${server.url}/#/city/${cityId}`);
    const tags = page.locator('[data-setup-item="tags"]');
    await expect.poll(() => tags.getAttribute('data-done'), { timeout: 15_000 }).toBe('true');
    await expect(tags.textContent()).resolves.toContain('Added: 1');
    await expect(page.locator('[data-setup-item="cuisines"]').getAttribute('data-done')).resolves.toBe('false');

    // In Spanish, at a desktop's width and a phone's, no label of the form is cut short.
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('es')));
    await page.reload();
    await page.locator('input[name="config.topInterval"]').waitFor();
    await expect(page.getByText('Días, de 1 a 365').count()).resolves.toBe(1);
    await expect(cutLabels(page)).resolves.toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(300);
    await expect(cutLabels(page)).resolves.toEqual([]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    await page.context().close();
  });
});
