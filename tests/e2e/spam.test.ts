import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectNoCspViolation, logIn, openScreen, useServerAndBrowser, waitForQuiet } from './harness';

const TEXT = 'Dumplings tonight: 20% off every order before 9 pm!';
const SECOND_TEXT = 'Weekend brunch is back, book your table now!';

/** A day `days` back in the browser's calendar, as a date input holds it. */
const daysAgo = (days: number) => {
  const at = new Date(Date.now() - days * 24 * 3600 * 1000);
  // As an English date input is typed: MM/DD/YYYY.
  return `${String(at.getMonth() + 1).padStart(2, '0')}/${String(at.getDate()).padStart(2, '0')}/${at.getFullYear()}`;
};

/** The recipient count as the screen shows it ("12 recipients"). */
const shownCount = async (page: Page): Promise<number> => {
  const text = (await page.getByTestId('recipient-count').textContent()) ?? '';
  const match = /^(\d+) recipients?$/.exec(text);
  return match ? Number(match[1]) : -1;
};

/**
 * /spam as a city admin (spec sections 2, 5, 7): the audience follows the last-active date, a
 * mailing with a photo and a link button is tested, sent after a confirmation naming its
 * recipients, and watched to 100 %; a second one is stopped. The server sends 20 messages a
 * second (MAILING_RATE), so a mailing lasts long enough to be seen under way.
 */
describe('mailings in the browser', () => {
  const server = useServerAndBrowser({ MAILING_RATE: '20' });

  it('a city admin counts, composes, test-sends, sends and watches a mailing finish, then stops another', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'cityadmin');
    await page.waitForURL(/#\/$/);
    await openScreen(page, server.url, '/spam');
    await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe('Mailings');

    // A month of activity, then the last three days: fewer customers.
    await expect.poll(() => shownCount(page), { timeout: 10_000 }).toBeGreaterThan(0);
    const monthly = await shownCount(page);
    await page.getByLabel('Active since').fill(daysAgo(3));
    // -1 while it counts.
    await expect.poll(async () => [-1, monthly].includes(await shownCount(page))).toBe(false);
    const recent = await shownCount(page);
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(monthly);
    await expectAccessibleAtBothWidths(page, 'mailings (city admin)');

    // The message: under 10 characters nothing can be sent.
    const sendButton = page.getByRole('button', { name: 'Send the mailing' });
    const testButton = page.getByRole('button', { name: 'Send a test' });
    await page.getByLabel('Test recipient (messenger id)').fill('123456789');
    await page.getByLabel('Text', { exact: true }).fill('Too short');
    expect(await sendButton.isDisabled()).toBe(true);
    expect(await testButton.isDisabled()).toBe(true);
    await page.getByLabel('Text', { exact: true }).fill(TEXT);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c62828' } })
      .png()
      .toBuffer();
    await page.getByTestId('photo-file').setInputFiles({ name: 'dumplings.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('img', { name: 'Preview' }).waitFor();

    // A link button: always under the message, and needing its text and link.
    await page.getByLabel('Add a button under the message').check();
    const position = page.getByRole('combobox', { name: /Button position/ });
    await expect.poll(() => position.getAttribute('aria-disabled')).toBe('true');
    expect(await position.textContent()).toBe('Under the message');
    await expect.poll(() => sendButton.isDisabled()).toBe(true);
    await page.getByLabel('Button text').fill('Open the menu');
    await page.getByRole('textbox', { name: 'Link', exact: true }).fill('https://food.example.com/menu');
    await expect.poll(() => sendButton.isDisabled()).toBe(false);
    await expectAccessibleAtBothWidths(page, 'mailing composer with a button (city admin)');

    await testButton.click();
    await page.getByText('The test message was sent').waitFor();

    await sendButton.click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Send this mailing to ${recent} recipients?`).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The mailing was queued').waitFor();

    // The new mailing heads the list; the app bar's refresh shows its progress until it has finished.
    const sent = page.locator('[data-mailing]', { hasText: TEXT }).first();
    await sent.waitFor();
    await sent.getByRole('img', { name: 'Photo of the mailing' }).waitFor();
    expect(await sent.textContent()).toContain('Button “Open the menu”: https://food.example.com/menu');
    const status = (mailing: Locator) => mailing.getByTestId('mailing-status').textContent();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return status(sent);
        },
        { timeout: 45_000, interval: 1000 },
      )
      .toBe('Finished');
    expect(await sent.getByTestId('mailing-progress').textContent()).toBe(`Progress: ${recent} of ${recent} (100 %)`);
    expect(await sent.getByRole('button', { name: 'Stop' }).count()).toBe(0);

    // A second one, to the month's audience: stopped while it waits or sends.
    await page.getByLabel('Active since').fill(daysAgo(30));
    await page.getByLabel('Text', { exact: true }).fill(SECOND_TEXT);
    await expect.poll(() => sendButton.isDisabled()).toBe(false);
    await sendButton.click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const second = page.locator('[data-mailing]', { hasText: SECOND_TEXT }).first();
    await second.getByRole('button', { name: 'Stop' }).click();
    await confirm.getByText('Stop the mailing?').waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The mailing was stopped').waitFor();
    await expect.poll(() => status(second)).toBe('Failed');
    expect(await second.getByTestId('mailing-reason').textContent()).toBe('Stopped by cityadmin');
    // Nothing more goes out a second after the stop.
    const progressAfter = async (ms: number) => {
      await page.waitForTimeout(ms);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await waitForQuiet(page);
      return second.getByTestId('mailing-progress').textContent();
    };
    const stoppedAt = await progressAfter(1000);
    expect(await progressAfter(1500)).toBe(stoppedAt);
    await expectAccessibleAtBothWidths(page, 'mailings with history (city admin)');
    expectNoCspViolation(page);
  });
});
