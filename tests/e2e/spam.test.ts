import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectAccessibleAtBothWidths,
  expectNoCspViolation,
  logIn,
  openScreen,
  useServerAndBrowser,
  waitForQuiet,
} from './harness';

const TEXT = 'Dumplings tonight: 20% off every order before 9 pm!';
const SECOND_TEXT = 'Weekend brunch is back, book your table now!';
const REGULARS_TEXT = 'Thank you for coming back: a free dessert with your next order!';
const CONFLICT = 'cannot be combined with “never ordered”';

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
 * GET /api/users/count as the page's own login asks it: the composer's default audience (active
 * for a month, from the browser's midnight) narrowed by `filters`.
 */
const apiCount = (page: Page, filters: Record<string, string>): Promise<number> =>
  page.evaluate(async (query) => {
    const { jwtToken } = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { jwtToken: string };
    const since = new Date();
    since.setDate(since.getDate() - 30);
    since.setHours(0, 0, 0, 0);
    const params = new URLSearchParams({ lastActiveDate: since.toISOString(), ...query });
    const response = await fetch(`/api/users/count?${params.toString()}`, { headers: { authorization: `Bearer ${jwtToken}` } });
    if (!response.ok) throw new Error(`GET /api/users/count answered ${response.status}`);
    return Number(await response.text());
  }, filters);

/** The helper text (or error) shown next to a field, found through its aria-describedby. */
const textNextTo = (field: Locator) =>
  field.evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });

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

  it('a city admin narrows the audience by orders, sees the conflict with "never ordered", and sends to one restaurant\'s regulars', async () => {
    const page = await server.newPage();
    await logIn(page, server.url, 'cityadmin');
    await page.waitForURL(/#\/$/);
    await openScreen(page, server.url, '/spam');
    await expect.poll(() => shownCount(page), { timeout: 10_000 }).toBeGreaterThan(0);
    const monthly = await shownCount(page);

    // Ordered in the last 30 days, at least twice: the count the API gives for the same filters.
    const orderedWithin = page.getByLabel('Ordered within (days)');
    const minOrders = page.getByLabel('At least this many orders');
    const orderFilters = { orderedWithinDays: '30', minOrders: '2' };
    const regulars = await apiCount(page, orderFilters);
    expect(regulars).toBeGreaterThan(0);
    expect(regulars).toBeLessThan(monthly);
    await orderedWithin.fill('30');
    await minOrders.fill('2');
    await expect.poll(() => shownCount(page)).toBe(regulars);

    // "Never ordered" contradicts both: each says so, and nothing is counted.
    const neverOrdered = page.getByLabel('Never ordered');
    await neverOrdered.check();
    await expect.poll(() => textNextTo(orderedWithin)).toBe(CONFLICT);
    await expect.poll(() => textNextTo(minOrders)).toBe(CONFLICT);
    await expect.poll(() => page.getByTestId('recipient-count').textContent()).toBe('');

    // At 375 px the filters, their errors included, fit the screen.
    await page.setViewportSize({ width: 375, height: 900 });
    const filters = page.getByTestId('audience-filters');
    const overflowing = await filters.evaluate((area) =>
      [area, ...area.querySelectorAll('*')]
        .filter((node) => node.getClientRects().length > 0)
        .filter((node) => node.getBoundingClientRect().right > 375.5 || node.scrollWidth > node.clientWidth + 1)
        .map((node) => `${node.tagName}.${node.className}`),
    );
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'mailing audience filters in conflict (city admin)');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Without it, the regulars of one restaurant.
    await neverOrdered.uncheck();
    await expect.poll(() => textNextTo(orderedWithin)).toBe('Empty: any time');
    await expect.poll(() => shownCount(page)).toBe(regulars);
    await page.getByRole('combobox', { name: 'Ordered from' }).click();
    const restaurant = page.getByRole('option').first();
    const restaurantId = (await restaurant.getAttribute('data-value')) ?? '';
    const restaurantName = (await restaurant.textContent()) ?? '';
    await restaurant.click();
    await page.keyboard.press('Escape');
    const theirs = await apiCount(page, { ...orderFilters, restaurantIds: restaurantId });
    expect(theirs).toBeGreaterThan(0);
    await expect.poll(() => shownCount(page)).toBe(theirs);

    const sendButton = page.getByRole('button', { name: 'Send the mailing' });
    await page.getByLabel('Text', { exact: true }).fill(REGULARS_TEXT);
    await expect.poll(() => sendButton.isDisabled()).toBe(false);
    await sendButton.click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Send this mailing to ${theirs} recipient${theirs === 1 ? '' : 's'}?`).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The mailing was queued').waitFor();

    // The list says whom it went to, in words.
    const sent = page.locator('[data-mailing]', { hasText: REGULARS_TEXT }).first();
    await sent.waitFor();
    expect(await sent.getByTestId('mailing-audience').textContent()).toBe(
      `To: ordered in the last 30 days · from ${restaurantName} · at least 2 orders`,
    );
    expect(await sent.getByTestId('mailing-progress').textContent()).toMatch(new RegExp(`of ${theirs} \\(`));
    expectNoCspViolation(page);
  });
});
