import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TOTP_PERIOD_SECONDS } from '../../src/domain';
import { expectAccessible, expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** The code an authenticator app shows now for the key on the setup screen. */
const appCode = (secret: string): string => generateSync({ secret });

/** A six-digit code the server refuses now: none of the steps around the current one. */
const wrongCode = (secret: string): string => {
  const near = [-1, 0, 1].map((offset) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * TOTP_PERIOD_SECONDS }));
  return ['000000', '111111', '222222', '333333'].find((code) => !near.includes(code)) ?? '444444';
};

/** Waits until the next 30 s step has begun, so that the app shows a code not used yet. */
const nextStep = async (): Promise<void> => {
  const wait = STEP_MS - (Date.now() % STEP_MS) + 500;
  await new Promise((resolve) => setTimeout(resolve, wait));
};

/** The width the page has laid out, to compare with the viewport's. */
const contentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The text shown under a field (its helper text, which describes it). */
const descriptionOf = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true }).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

describe('two-factor sign-in for staff in a real browser', () => {
  const server = useServerAndBrowser();

  const logOut = async (page: Page) => {
    await page.goto(`${server.url}/#/logout`);
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/#\/login/);
  };
  /** Signed in: the app's layout shows a screen (its menu is folded away at 375 px). */
  const inTheApp = async (page: Page) => {
    await page.waitForURL((url) => !url.hash.startsWith('#/login'));
    await page.locator('#react-admin-title').waitFor({ state: 'attached' });
  };
  const codeStep = (page: Page) => page.getByRole('heading', { name: 'Enter your code' }).waitFor();
  const verify = (page: Page) => page.getByRole('button', { name: 'Verify' }).click();

  it('a city admin at 375 px turns it on, then signs in with a code from the app and with a recovery code once', async () => {
    const page = await server.newPage(375);
    await logIn(page, server.url, 'cityadmin');
    await inTheApp(page);
    await openScreen(page, server.url, '/settings/twoFactor');
    await page.getByText('Two-factor sign-in is off.').waitFor();
    await page.getByRole('button', { name: 'Turn on' }).click();

    const qr = page.getByTestId('second-factor-qr');
    await qr.waitFor();
    expect(await qr.isVisible()).toBe(true);
    expect(await qr.evaluate((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)).toBe(true);
    const secret = ((await page.getByTestId('second-factor-key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page, 'second factor setup (city admin)');
    expect(await contentWidth(page)).toBeLessThanOrEqual(375);

    // A wrong code is said under the field; the right one ends with the ten recovery codes.
    const code = page.getByRole('textbox', { name: 'Code', exact: true });
    await code.fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => descriptionOf(page, 'Code')).toBe('That code is not right');
    await code.fill(appCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = (await codes.allTextContents()).map((text) => text.trim());
    expect(new Set(recovery).size).toBe(10);
    await expectAccessible(page, 'recovery codes (city admin)');
    expect(await contentWidth(page)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Two-factor sign-in is on.').waitFor();
    await page.getByText('10 recovery codes left').waitFor();

    // The password alone is no longer enough: the app's code of a step not used yet is.
    await logOut(page);
    await logIn(page, server.url, 'cityadmin');
    await codeStep(page);
    await nextStep();
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(appCode(secret));
    await verify(page);
    await inTheApp(page);

    // A recovery code signs in once; the second time it is refused.
    for (const attempt of ['works', 'refused']) {
      await logOut(page);
      await logIn(page, server.url, 'cityadmin');
      await codeStep(page);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByRole('textbox', { name: 'Recovery code', exact: true }).fill(recovery[0]);
      await verify(page);
      if (attempt === 'works') await inTheApp(page);
      else await expect.poll(() => descriptionOf(page, 'Recovery code')).toBe('That code was used already');
    }
    expect(await page.evaluate(() => localStorage.getItem('backoffice.session'))).toBeNull();
    expectNoCspViolation(page);
    await page.context().close();
  });

  it("an admin requires it of operators, an operator's login leads to the setup only, and the admin resets the city admin's", async () => {
    const admin = await server.newPage(1280);
    await logIn(admin, server.url, 'admin');
    await inTheApp(admin);
    await openScreen(admin, server.url, '/settings');
    await admin.getByRole('checkbox', { name: 'Operator', exact: true }).check();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.getByText('The settings were saved').waitFor();

    // The operator's password earns a session good for the setup only: no other call, no stored login.
    const operator = await server.newPage(1280);
    const answer = operator.waitForResponse((response) => new URL(response.url()).pathname === '/login');
    await logIn(operator, server.url, 'operator');
    const login: unknown = await (await answer).json();
    const setupToken =
      typeof login === 'object' && login !== null && 'setupToken' in login && typeof login.setupToken === 'string' ? login.setupToken : '';
    expect(setupToken).not.toBe('');
    await operator.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await operator.getByTestId('second-factor-qr').waitFor();
    expect(await operator.evaluate(() => localStorage.getItem('backoffice.session'))).toBeNull();
    const refused = await operator.evaluate(async (token) => {
      const response = await fetch('/api/cities', { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) satisfies unknown };
    }, setupToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SECOND_FACTOR_SETUP_REQUIRED' });
    await operator.context().close();

    // The reset, after a confirmation, on the city admin's staff screen.
    const cityAdminId = await admin.evaluate(async () => {
      const session: unknown = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}');
      const token = typeof session === 'object' && session !== null && 'jwtToken' in session ? String(session.jwtToken) : '';
      const response = await fetch('/api/users?page=1&perPage=1000', { headers: { authorization: `Bearer ${token}` } });
      const answer: unknown = await response.json();
      const rows: unknown[] = Array.isArray(answer) ? answer : [];
      for (const row of rows) {
        if (typeof row === 'object' && row !== null && 'username' in row && row.username === 'cityadmin' && 'id' in row)
          return Number(row.id);
      }
      return undefined;
    });
    expect(cityAdminId).toBeTypeOf('number');
    await openScreen(admin, server.url, `/admin/${cityAdminId}`);
    const section = admin.getByTestId('staff-second-factor');
    await section.getByText('Two-factor sign-in is on for this account.').waitFor();
    await section.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('Reset the two-factor sign-in of cityadmin?').waitFor();
    await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    await section.getByText('Two-factor sign-in is off for this account.').waitFor();
    expectNoCspViolation(admin);
    await admin.context().close();

    const cityAdmin = await server.newPage(375);
    await logIn(cityAdmin, server.url, 'cityadmin');
    await inTheApp(cityAdmin);
    expect(await cityAdmin.evaluate(() => localStorage.getItem('backoffice.session'))).not.toBeNull();
    await cityAdmin.context().close();
  });
});
