import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessibleAtBothWidths, expectNoCspViolation, logIn, openScreen, useServerAndBrowser } from './harness';

/** The review screens per role: the lifecycle of a review, and what an owner may not see or do (spec sections 2, 4, 6). */
describe('reviews in the browser', () => {
  const server = useServerAndBrowser();
  const cards = (page: Page) => page.locator('[data-review]');
  const loggedIn = async (username: string, path: string) => {
    const page = await server.newPage();
    await logIn(page, server.url, username);
    await page.waitForURL(/#\/$/);
    await openScreen(page, server.url, path);
    await cards(page).first().waitFor();
    return page;
  };
  const stateOf = (card: Locator) => card.getAttribute('data-state');

  it('an operator approves, publishes and answers a review, and finds the answer locked', async () => {
    const page = await loggedIn('operator', '/reviews');
    await expectAccessibleAtBothWidths(page, 'reviews (operator)');

    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Unpublished' }).click();
    await expect.poll(async () => decodeURIComponent(page.url())).toContain('"state":"unpublished"');
    await expect
      .poll(async () => [...new Set(await cards(page).evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-state'))))])
      .toEqual(['unpublished']);
    const id = (await cards(page).first().getAttribute('data-review')) ?? '';
    const card = page.locator(`[data-review="${id}"]`);
    // Staff see the author; the thread id leads to the order.
    await card.locator('[data-review-author]').waitFor();
    expect(await card.getByRole('link', { name: /^#/ }).getAttribute('href')).toMatch(/^#\/orders\/[A-Za-z0-9]{9}$/);

    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => stateOf(card)).toBe('approved');
    await card.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => stateOf(card)).toBe('published');
    await card.getByLabel('Answer').fill(`Thank you for review ${id}`);
    await card.getByRole('button', { name: 'Send the answer' }).click();
    await expect.poll(() => stateOf(card)).toBe('answered');

    const locked = card.locator('[data-review-answer="locked"]');
    expect(await locked.inputValue()).toBe(`Thank you for review ${id}`);
    expect(await locked.getAttribute('readonly')).not.toBeNull();
    expect(await card.getByRole('button', { name: 'Send the answer' }).count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'reviews with an answered review (operator)');
    expectNoCspViolation(page);
  });

  it("an owner sees their restaurant's reviews with no author and no delete, and the API refuses their delete", async () => {
    const page = await loggedIn('owner', '/reviews');
    // The owner's reviews are their restaurant's.
    await page.waitForURL(/#\/restaurant\/\d+\/reviews/);
    await expect.poll(async () => page.locator('#react-admin-title').textContent()).toMatch(/^Reviews of /);
    expect(await cards(page).count()).toBeGreaterThan(0);
    expect(await page.locator('[data-review-author]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByLabel('Restaurant').count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'restaurant reviews (owner)');

    const id = await cards(page).first().getAttribute('data-review');
    const status = await page.evaluate(async (reviewId) => {
      const { jwtToken } = JSON.parse(localStorage.getItem('backoffice.session') ?? '{}') as { jwtToken: string };
      const response = await fetch(`/api/reviews/${reviewId}`, { method: 'DELETE', headers: { authorization: `Bearer ${jwtToken}` } });
      return response.status;
    }, id);
    expect(status).toBe(403);
    expectNoCspViolation(page);
  });
});
