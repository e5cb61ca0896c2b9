import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectNoCspViolation, fieldInput, logIn, openScreen, useServerAndBrowser } from './harness';

/** The restaurant list and form, as a city admin, an operator, an owner and an admin (spec sections 2, 5 and 6). */
describe('restaurants in the browser', () => {
  const server = useServerAndBrowser();
  const input = fieldInput;
  const open = (page: Page, path: string) => openScreen(page, server.url, path);
  const bothWidths = expectAccessibleAtBothWidths;

  it('a city admin creates a restaurant with schedules, cuisines and district prices; bad schedule and missing price are shown', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'cityadmin');
    await page.waitForURL(/#\/$/);
    await open(page, '/restaurants');
    await page.locator('table tbody tr').first().waitFor();
    await bothWidths(page, 'restaurant list');

    await open(page, '/restaurant');
    await input(page, 'name').fill('Night Owl');
    await input(page, 'name_ru').fill('Ночная сова');
    await input(page, 'position').fill('3');
    await input(page, 'minOrderSum').fill('12.5');
    await input(page, 'deliveryTime').fill('40 min');
    await input(page, 'address').fill('Moon street 1');
    await input(page, 'schedule').fill('10-22');
    await page.getByText('must look like 10:00-22:00').first().waitFor();
    await input(page, 'schedule').fill('18:00-23:00,23:30-03:00');
    // Monday open at night, across midnight.
    await page.locator('input[name="workingDays.0.enabled"]').check();
    await input(page, 'workingDays.0.schedule').fill('22:00-02:00');
    // A cuisine of the city.
    await page.getByLabel('Cuisines').click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    // The first district on, with no price: the price field says so and Save waits.
    await page.locator('input[name="districtRestaurants.0.enabled"]').check();
    await page.locator('[data-testid="restaurant-public-link"]').count();
    const price = input(page, 'districtRestaurants.0.price');
    await expect.poll(async () => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await price.fill('4');
    await bothWidths(page, 'restaurant create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/restaurant\/\d+$/);
    await page.getByRole('link', { name: 'Dish categories' }).waitFor();
    expect(await input(page, 'workingDays.0.schedule').inputValue()).toBe('22:00-02:00');
    expect(await input(page, 'districtRestaurants.0.price').inputValue()).toBe('4');
    expectNoCspViolation(page);
  });

  it('an operator edits the receipt texts; the name is read-only and there is no add or delete button', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'operator');
    await page.waitForURL(/#\/$/);
    await open(page, '/restaurants');
    await page.locator('table tbody tr').first().waitFor();
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    await page.locator('table tbody tr').first().click();
    await page.waitForURL(/#\/restaurant\/\d+$/);
    await input(page, 'receipt_text').waitFor();
    expect(await input(page, 'name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await input(page, 'receipt_text').fill('Thanks for your order!');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/' saved/)
      .first()
      .waitFor();
    await page.reload();
    await expect.poll(async () => input(page, 'receipt_text').inputValue()).toBe('Thanks for your order!');
    await bothWidths(page, 'restaurant edit (operator)');
    expectNoCspViolation(page);
  });
  it("an owner edits their own restaurant and is refused another's; an admin deletes that one after a confirmation naming it", async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'owner');
    await page.waitForURL(/#\/$/);
    const own = await page.locator('a[href^="#/restaurant/"]').first().getAttribute('href');
    const ownId = Number(/restaurant\/(\d+)$/.exec(own ?? '')?.[1]);
    expect(ownId).toBeGreaterThan(0);
    await open(page, `/restaurant/${ownId}`);
    await input(page, 'description').waitFor();
    expect(await input(page, 'name').getAttribute('readonly')).not.toBeNull();
    expect(await input(page, 'minOrderSum').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await input(page, 'description').fill('Fresh pasta every morning');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/' saved/)
      .first()
      .waitFor();
    await page.reload();
    await expect.poll(async () => input(page, 'description').inputValue()).toBe('Fresh pasta every morning');

    // The owner pauses their restaurant for 30 minutes: the page says until when, the API too.
    const ownName = await input(page, 'name').inputValue();
    const pauseControl = page.locator('[data-pause-control]');
    await pauseControl.getByText('Open: the bot takes orders.').waitFor();
    await pauseControl.getByRole('button', { name: '30 min' }).click();
    await pauseControl.getByText(/^Paused until .*\d{1,2}:\d{2}/).waitFor();
    const token = await page.evaluate(() => String(JSON.parse(localStorage.getItem('backoffice.session') ?? '{}').jwtToken));
    const stored = await page.request.get(`${server.url}/api/restaurants/${ownId}`, { headers: { authorization: `Bearer ${token}` } });
    const { paused, pausedUntil } = (await stored.json()) as { paused: boolean; pausedUntil: string };
    expect(paused).toBe(true);
    expect(new Date(pausedUntil).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    // Another restaurant of the same city: never shown to this owner.
    const otherId = ownId + 1;
    await page.goto(`${server.url}/#/restaurant/${otherId}`);
    await page.getByText('Not available to you').first().waitFor();
    expect(await input(page, 'description').count()).toBe(0);
    expectNoCspViolation(page);

    const admin = await server.newPage();
    await logIn(admin, server.url, 'admin');
    await admin.waitForURL(/#\/$/);
    // The admin's restaurant list shows the owner's pause; the admin reopens it.
    await open(admin, '/restaurants');
    await admin
      .locator('table tbody tr')
      .filter({ hasText: ownName })
      .getByText(/^Paused until /)
      .waitFor();
    await open(admin, `/restaurant/${ownId}`);
    const adminPause = admin.locator('[data-pause-control]');
    await adminPause.getByRole('button', { name: 'Reopen now' }).click();
    await adminPause.getByText('Open: the bot takes orders.').waitFor();
    await open(admin, `/restaurant/${otherId}`);
    await input(admin, 'name').waitFor();
    const name = await input(admin, 'name').inputValue();
    await admin.getByRole('button', { name: 'Delete' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(`Delete restaurant "${name}"?`).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await admin.waitForURL(/#\/restaurants/);
    await admin.locator('table tbody tr').first().waitFor();
    expect(await admin.locator('table tbody tr').filter({ hasText: name }).count()).toBe(0);
    expectNoCspViolation(admin);
  });
});
