import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, useServerAndBrowser, waitForQuiet } from './harness';

/** A real PNG of about 3 MB (random pixels do not compress), big enough to watch its upload. */
async function bigPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1000;
    canvas.height = 800;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const image = context.createImageData(canvas.width, canvas.height);
    for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 2654435761) % 251;
    context.putImageData(image, 0, 0);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

describe('cities, districts, tags, cuisines and photos in a real browser', () => {
  const server = useServerAndBrowser();
  const newPage = (width?: number) => server.newPage(width);
  const input = (page: Page, name: string) => page.locator(`input[name="${name}"], textarea[name="${name}"]`).first();
  const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();
  const logOut = async (page: Page) => {
    await page.goto(`${server.url}/#/logout`);
    await page.getByRole('button', { name: 'Log out' }).last().click();
    await page.waitForURL(/#\/login/);
  };

  it('an admin creates a city with config and a district, sees the missing-config notice and fixes it', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);

    await page.goto(`${server.url}/#/city`);
    await input(page, 'name').fill('Porto');
    await input(page, 'name_ru').fill('Порту');
    await input(page, 'currency').fill('EUR');
    await page.locator('input[name="active"]').check();
    await input(page, 'config.deliveryMultiplier').fill('1.5');
    await input(page, 'config.timeShift').fill('0');
    // The disabled-reason text is disabled while the city is active.
    await expect(input(page, 'config.cityDisabledReason').isDisabled()).resolves.toBe(true);
    // Out-of-range values are refused next to the field, before anything is sent.
    await input(page, 'config.deliveryDiscountPercent').fill('12');
    await expect(page.getByText('must be between 0 and 10').isVisible()).resolves.toBe(true);
    await input(page, 'config.deliveryDiscountPercent').fill('5');
    await save(page);
    await page.getByText('City was saved/updated').waitFor();
    await page.waitForURL(/#\/city\/\d+$/);
    const cityId = Number(/city\/(\d+)$/.exec(page.url())?.[1]);
    await expect(input(page, 'config.deliveryDiscountPercent').inputValue()).resolves.toBe('5');
    await expect(page.getByTestId('city-auth-key').inputValue()).resolves.toMatch(/^[0-9a-f]{48}$/);

    // A district of the new city.
    await page.goto(`${server.url}/#/city/${cityId}/districts`);
    await page
      .getByRole('link', { name: /create/i })
      .first()
      .click();
    await page.waitForURL(new RegExp(`#/city/${cityId}/district$`));
    await input(page, 'name').fill('Ribeira');
    await input(page, 'name_ru').fill('Рибейра');
    await save(page);
    await page.waitForURL(new RegExp(`#/city/${cityId}/districts`));
    await page.getByText('Ribeira').first().waitFor();

    // Logging in again runs the checks again: Porto lacks its channel ids, named as the form names them.
    await logOut(page);
    await logIn(page, server.url, 'admin');
    const portoToast = page.locator('[data-settings-notice="city"]', { hasText: 'Porto' });
    await expect(portoToast.textContent()).resolves.toContain('Notifications channel id, Couriers channel id');
    await expect(portoToast.textContent()).resolves.toContain('Some functionality might not work');

    await page.goto(`${server.url}/#/city/${cityId}`);
    await input(page, 'config.notifyChannelId').fill('-1001234567890');
    await input(page, 'config.courierChannelId').fill('-1001234567891');
    await save(page);
    await page.getByText('City was saved/updated').waitFor();

    await logOut(page);
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);
    await waitForQuiet(page);
    // The channels are set now and the rest has its defaults: Porto lacks nothing.
    await expect(page.locator('[data-settings-notice="city"]', { hasText: 'Porto' }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it('a city admin manages the tags and cuisines of their own city only', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'cityadmin');
    await page.waitForURL(/#\/$/);

    await page.goto(`${server.url}/#/tags`);
    await page.getByText('Gluten free').first().waitFor();
    // No city picker: a city admin sees their own city.
    await expect(page.locator('.ra-input-cityId').count()).resolves.toBe(0);
    await page
      .getByRole('link', { name: /create/i })
      .first()
      .click();
    await page.waitForURL(/#\/tag$/);
    await input(page, 'name').fill('Kids');
    await input(page, 'name_ru').fill('Детское');
    await save(page);
    await page.waitForURL(/#\/tags$/);
    // The list's row, not the save message that names the tag too.
    await page.locator('table').getByText('Kids', { exact: true }).click();
    await page.waitForURL(/#\/tags\/\d+$/);
    await input(page, 'name').fill('Kids menu');
    await save(page);
    await page.waitForURL(/#\/tags$/);
    await page.locator('table').getByText('Kids menu', { exact: true }).click();
    await page.waitForURL(/#\/tags\/\d+$/);
    await page.locator('form').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/#\/tags$/);
    await expect.poll(() => page.getByText('Kids menu').count(), { timeout: 10_000 }).toBe(0);

    // Each tag of the list has its own delete, after a confirmation.
    await page
      .getByRole('link', { name: /create/i })
      .first()
      .click();
    await input(page, 'name').fill('Seasonal');
    await save(page);
    await page.waitForURL(/#\/tags$/);
    const row = page.locator('tr', { hasText: 'Seasonal' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.locator('tr', { hasText: 'Seasonal' }).count(), { timeout: 10_000 }).toBe(0);

    // A tag of another city is not theirs to open.
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { jwtToken: string });
    const otherTag = await page.evaluate(async (token) => {
      const response = await fetch('/api/tags/cities/2', { headers: { authorization: `Bearer ${token}` } });
      return response.status;
    }, session.jwtToken);
    expect(otherTag).toBe(404);

    await page.goto(`${server.url}/#/cuisines`);
    await page.getByText('Pizza').first().waitFor();
    await page
      .getByRole('link', { name: /create/i })
      .first()
      .click();
    await page.waitForURL(/#\/cuisines\/add$/);
    await expect(page.locator('.ra-input-cityId').count()).resolves.toBe(0);
    await input(page, 'name').fill('Thai');
    await input(page, 'name_ru').fill('Тайская');
    await input(page, 'position').fill('9');
    await save(page);
    await page.waitForURL(/#\/cuisines$/);
    await page.getByText('Thai').first().waitFor();
    const cuisines = await page.evaluate(async (token) => {
      const response = await fetch('/api/cuisines', { headers: { authorization: `Bearer ${token}` } });
      return (await response.json()) as { name: string; cityId: number }[];
    }, session.jwtToken);
    expect(new Set(cuisines.map((c) => c.cityId))).toEqual(new Set([1]));
    expect(cuisines.map((c) => c.name)).toContain('Thai');
    await page.context().close();
  });

  it('an operator sees the reduced city form and saves it', async () => {
    const page = await newPage(375);
    await logIn(page, server.url, 'operator');
    await page.waitForURL(/#\/$/);
    await page.goto(`${server.url}/#/city/1`);
    await input(page, 'config.deliveryMultiplier').waitFor();
    await expect(input(page, 'name').count()).resolves.toBe(0);
    await expect(input(page, 'config.providerToken').count()).resolves.toBe(0);
    await expect(input(page, 'config.hideMoney').count()).resolves.toBe(0);
    await expect(
      page.locator('[data-config-group]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-config-group'))),
    ).resolves.toEqual(['delivery', 'costJump']);
    await input(page, 'config.deliveryMultiplier').fill('1.75');
    await save(page);
    await page.getByText('City was saved/updated').waitFor();
    await page.reload();
    await expect(input(page, 'config.deliveryMultiplier').inputValue()).resolves.toBe('1.75');
    await page.context().close();
  });

  it('uploading a photo shows its progress, then the preview', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);
    await page.goto(`${server.url}/#/city/1`);
    const photo = page.locator('[data-photo-input="config.defaultImageId"]');
    await photo.waitFor();
    const png = await bigPng(page);
    // A slow uplink, so that the progress can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    // The page notes every progress it shows: on a loaded machine the upload may end between two
    // looks from here, and the progress must have been shown, not still be showing.
    await page.evaluate(() => {
      const seen = (text: string) => {
        const root = document.documentElement;
        root.dataset.progressSeen = `${root.dataset.progressSeen ?? ''} ${text}`.trim();
      };
      new MutationObserver(() => {
        const shown = document.querySelector('[data-testid="photo-progress"]');
        if (shown?.textContent) seen(shown.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await photo.getByTestId('photo-file').setInputFiles({ name: 'porto.png', mimeType: 'image/png', buffer: png });
    const preview = photo.locator('img');
    await preview.waitFor({ timeout: 60_000 });
    await expect(preview.getAttribute('src')).resolves.toMatch(/^blob:/);
    // At least one percentage was shown, and nothing else in its place.
    await expect(page.locator('html').getAttribute('data-progress-seen')).resolves.toMatch(/^\d{1,3}%( \d{1,3}%)*$/);
    await expect(preview.evaluate((img) => getComputedStyle(img).maxHeight)).resolves.toBe('350px');
    const fileId = await photo.getByTestId('photo-link').inputValue();
    expect(fileId).toMatch(/^[A-Za-z0-9_-]{8,}$/);

    // A link previews as itself once it has shown an image.
    const link = `${server.url}/favicon.svg`;
    await photo.getByTestId('photo-link').fill(link);
    await page.waitForFunction(
      (expected) => document.querySelector('[data-photo-input="config.defaultImageId"] img')?.getAttribute('src') === expected,
      link,
      { timeout: 5000 },
    );
    // A dead link is refused next to the field; the image already taken stays.
    await photo.getByTestId('photo-link').fill(`${server.url}/no-such-image.png`);
    await photo.getByText('This link does not show an image').waitFor();
    await expect(photo.locator('img').getAttribute('src')).resolves.toBe(link);

    // A file id the server does not know, and a file that is not an image: each says so.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await photo.getByTestId('photo-link').fill('nosuchfileid123');
    await page.getByText('Error while getting image').waitFor();
    await photo.getByTestId('photo-file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
    await page.getByText('Error while uploading image').waitFor();
    await page.context().close();
  });
  it('an admin adds a bot to a city, sees its endpoint, and deletes it after confirming', async () => {
    const page = await newPage();
    await logIn(page, server.url, 'admin');
    await page.waitForURL(/#\/$/);
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { jwtToken: string }).jwtToken,
    );
    const city = await page.evaluate(async (bearer) => {
      const response = await fetch('/api/cities', {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Braga', currency: 'EUR' }),
      });
      return (await response.json()) as { id: number };
    }, token);

    await page.goto(`${server.url}/#/bots/add`);
    await input(page, 'botToken').fill('7123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw');
    await page.locator('.ra-input-cityId [role="combobox"]').click();
    await page.getByRole('option', { name: 'Braga' }).click();
    await save(page);
    await page.waitForURL(/#\/bots\/\d+$/);
    const botId = Number(/bots\/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByTestId('bot-endpoint').inputValue()).resolves.toMatch(new RegExp(`^http://localhost:\\d+/webhook/${botId}$`));

    // The list never shows the token in full.
    await page.goto(`${server.url}/#/bots`);
    await page.locator('table').getByText('Braga').first().waitFor();
    await expect(page.getByText('AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw').count()).resolves.toBe(0);

    await page.goto(`${server.url}/#/bots/${botId}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/#\/bots$/);
    // (A settings toast may still name Braga; the table must not.)
    await expect.poll(() => page.locator('table').getByText('Braga').count(), { timeout: 10_000 }).toBe(0);
    expect(city.id).toBeGreaterThan(0);

    // Unlike a city admin, an admin picks the city of the tags list.
    await page.goto(`${server.url}/#/tags`);
    await page.locator('.ra-input-cityId').first().waitFor();
    await page.context().close();
  });
  it('an admin is told a global setting is missing, fills it in, and the warning goes', async () => {
    const page = await newPage();
    const logInAsAdmin = async () => {
      await logIn(page, server.url, 'admin');
      await page.waitForURL(/#\/$/);
    };
    await logInAsAdmin();
    await page.goto(`${server.url}/#/settings`);
    const publicUrl = input(page, 'publicUrl');
    const demoUrl = await publicUrl.inputValue();
    expect(demoUrl).toMatch(/^http:\/\/localhost:\d+$/);
    await publicUrl.fill('');
    await save(page);
    await page.getByText('The settings were saved').waitFor();

    await logOut(page);
    await logInAsAdmin();
    const toast = page.locator('[data-settings-notice="global"]');
    await expect(toast.textContent()).resolves.toContain('A global setting is missing!');
    await toast.getByRole('link', { name: 'Fill in' }).click();
    await page.waitForURL(/#\/settings$/);
    await input(page, 'publicUrl').fill('not a link');
    await expect(page.getByText('must be an http(s) link').isVisible()).resolves.toBe(true);
    await input(page, 'publicUrl').fill(demoUrl);
    await save(page);
    await page.getByText('The settings were saved').waitFor();

    await logOut(page);
    await logInAsAdmin();
    await waitForQuiet(page);
    await expect(page.locator('[data-settings-notice="global"]').count()).resolves.toBe(0);
    await page.context().close();
  });
});
