import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Dialog, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adCreateSchema,
  botSchema,
  cannedReplySchema,
  cannedReplyUpdateSchema,
  check,
  citySchema,
  cuisineSchema,
  dishCategoryFormSchema,
  dishEditSchema,
  dishSchema,
  districtSchema,
  restaurantCreateSchema,
  restaurantUpdateSchema,
  staffCreateSchema,
  staffUpdateSchema,
  tagSchema,
} from '../../src/domain';
import { logIn, openScreen, useServerAndBrowser, waitForQuiet } from './harness';

/**
 * Every create and edit screen of the resources, where the admin finds it in the demo data, and
 * the rules (src/domain) its form checks. The manifests are walked below, so a resource's new
 * form that is missing here fails the test.
 */
const FORMS: readonly { screen: string; path: string; rules: z.ZodType }[] = [
  { screen: 'bots/BotCreate', path: '/bots/add', rules: botSchema },
  { screen: 'bots/BotEdit', path: '/bots/1', rules: botSchema },
  { screen: 'cities/CityCreate', path: '/city', rules: citySchema },
  { screen: 'cities/CityEdit', path: '/city/1', rules: citySchema },
  { screen: 'cuisines/CuisineCreate', path: '/cuisines/add', rules: cuisineSchema },
  { screen: 'cuisines/CuisineEdit', path: '/cuisines/1', rules: cuisineSchema },
  { screen: 'districts/DistrictCreate', path: '/city/1/district', rules: districtSchema },
  { screen: 'districts/DistrictEdit', path: '/city/1/district/1', rules: districtSchema },
  { screen: 'restaurants/RestaurantCreate', path: '/restaurant', rules: restaurantCreateSchema },
  { screen: 'restaurants/RestaurantEdit', path: '/restaurant/1', rules: restaurantUpdateSchema },
  { screen: 'tags/TagCreate', path: '/tag', rules: tagSchema },
  { screen: 'tags/TagEdit', path: '/tags/1', rules: tagSchema },
  {
    screen: 'dishCategories/DishCategoryCreate',
    path: `/dishCategory?source=${encodeURIComponent('{"restaurantId":1}')}`,
    rules: dishCategoryFormSchema,
  },
  { screen: 'dishCategories/DishCategoryEdit', path: '/dishCategory/1', rules: dishCategoryFormSchema },
  { screen: 'dishes/DishCreate', path: `/dishes/add?source=${encodeURIComponent('{"dishCategoryId":1}')}`, rules: dishSchema },
  { screen: 'dishes/DishEdit', path: '/dishes/1', rules: dishEditSchema },
  { screen: 'admins/AdminCreate', path: '/admin/add', rules: staffCreateSchema },
  { screen: 'admins/AdminEdit', path: '/admin/2', rules: staffUpdateSchema },
  { screen: 'ads/AdCreate', path: '/ads/add', rules: adCreateSchema },
  { screen: 'ads/AdEdit', path: '/ads/1', rules: adCreateSchema },
  { screen: 'cannedReplies/CannedReplyCreate', path: '/cannedReplies/add', rules: cannedReplySchema },
  { screen: 'cannedReplies/CannedReplyEdit', path: '/cannedReplies/1', rules: cannedReplyUpdateSchema },
];

/** The create and edit screens the resource manifests declare (`import('./XxxCreate')`, `import('./XxxEdit')`). */
function declaredForms(): string[] {
  const root = resolve(import.meta.dirname, '../../src/resources');
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) => {
      const file = join(root, dir.name, 'index.ts');
      if (!existsSync(file)) return [];
      const manifest = readFileSync(file, 'utf8');
      return [...manifest.matchAll(/import\('\.\/(\w+(?:Create|Edit))'\)/g)].map((found) => `${dir.name}/${found[1]}`);
    });
}

const shapeOf = (rules: z.ZodType): Record<string, z.ZodType> => (rules instanceof z.ZodObject ? rules.shape : {});

/** What the user types to break a field: empty it; a number also below zero and beyond any bound. */
const breakings = (numeric: boolean) => (numeric ? ['', '-1', '1000000000000'] : ['']);

/**
 * The English messages the field's rule may answer for that typed text (an emptied text input
 * holds '' or null, as its input parses it), or none when the rule takes it either way.
 */
function expectedMessages(rule: z.ZodType, numeric: boolean, typed: string): string[] {
  const values = numeric ? [typed === '' ? null : Number(typed)] : typed === '' ? ['', null] : [typed];
  const messages = values.map((value) => check(z.object({ field: rule }), { field: value }).errors?.[0]?.message);
  return messages.every((message) => message !== undefined) ? [...new Set(messages)] : [];
}

const helperOf = (field: Locator) =>
  field.evaluate((node) => node.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent ?? '');

const fieldOf = (page: Page, name: string) => page.locator(`input[name="${name}"], textarea[name="${name}"]`).first();

/** Only the inputs a user types into: not a choice list, a date picker, a checkbox or a read-only field. */
async function typeable(field: Locator): Promise<{ numeric: boolean } | undefined> {
  if ((await field.count()) === 0 || !(await field.isVisible()) || !(await field.isEditable())) return undefined;
  const type = (await field.getAttribute('type')) ?? 'text';
  // A select's value holder is hidden from the user (aria-hidden); a choice is not typed.
  if ((await field.getAttribute('aria-hidden')) === 'true') return undefined;
  if ((await field.getAttribute('role')) === 'combobox' || (await field.getAttribute('aria-autocomplete')) !== null) return undefined;
  if (!['text', 'number', 'password'].includes(type)) return undefined;
  // A date picker's text field (its placeholder is the date's pattern) is told its rules by its own tests.
  if (/YYYY/i.test((await field.getAttribute('placeholder')) ?? '')) return undefined;
  return { numeric: type === 'number' };
}

const UNSAVED = "Some of your changes weren't saved. Are you sure you want to ignore them?";

describe('form rules, unsaved changes and save messages in the browser', () => {
  const server = useServerAndBrowser();

  it('every form of every resource is covered here', () => {
    const covered = new Set(FORMS.map((form) => form.screen));
    expect(declaredForms().filter((screen) => !covered.has(screen))).toEqual([]);
  });

  // One page for all: logged in by the first test, reused by the next ones.
  let page: Page | undefined;
  const dialogs: string[] = [];
  let answer: 'accept' | 'dismiss' = 'accept';
  const thePage = (): Page => {
    if (!page) throw new Error('The login test opens the page');
    return page;
  };

  it('a wrong password shows its message under the field only, then the admin logs in', async () => {
    page = await server.newPage();
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.message());
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    });
    // A wrong password: its message under the field, and no "The form is not valid" besides.
    await logIn(page, server.url, 'admin', 'not the password');
    await page.getByText('You provided a wrong password or login').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText('You provided a wrong password or login').count()).toBe(1);
    expect(await page.getByText('The form is not valid').count()).toBe(0);
    await page.locator('input[name="password"]').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/#\/$/);
  });

  for (const form of FORMS) {
    it(`${form.screen}: each rule, broken once, is told next to its field and the screen stands`, async () => {
      const page = thePage();
      answer = 'accept';
      const broken: string[] = [];
      await openScreen(page, server.url, form.path);
      await page.locator('form').first().waitFor();
      await waitForQuiet(page);
      for (const [name, rule] of Object.entries(shapeOf(form.rules))) {
        const field = fieldOf(page, name);
        const kind = await typeable(field);
        if (!kind) continue;
        const original = await field.inputValue();
        for (const typed of breakings(kind.numeric)) {
          const messages = expectedMessages(rule, kind.numeric, typed);
          if (messages.length === 0) continue;
          // Something first, so that emptying an empty field is a change too.
          await field.fill(kind.numeric ? '1' : 'x');
          await field.fill(typed);
          const shown = async () => {
            const helper = await helperOf(field);
            return messages.find((message) => helper.includes(message)) ?? helper;
          };
          await expect.poll(shown, { message: `${form.path} ${name}=${typed}` }).toBeOneOf(messages);
          broken.push(name);
        }
        await field.fill(original);
      }
      expect(await page.getByText('Something went wrong').count(), form.path).toBe(0);
      // Each form has rules to break, but a finished ad, which nothing changes.
      if (form.screen !== 'ads/AdEdit') expect(broken.length).toBeGreaterThan(0);
    });
  }

  it('the district price emptied says Required; leaving or switching language asks first; a save names the record', async () => {
    const page = thePage();
    // The district price of an enabled district, emptied: "Required" under it, the form stays.
    await openScreen(page, server.url, '/restaurant/1');
    const enabled = page.locator('input[name="districtRestaurants.0.enabled"]');
    await enabled.waitFor();
    if (!(await enabled.isChecked())) await enabled.check();
    const price = fieldOf(page, 'districtRestaurants.0.price');
    await price.fill('3');
    await price.fill('');
    await expect.poll(() => helperOf(price)).toBe('Required');
    expect(await page.getByText('Something went wrong').count()).toBe(0);

    // Typed work, then a menu entry: asked first; staying keeps the edits.
    const description = fieldOf(page, 'description');
    await description.fill('Typed and not saved');
    answer = 'dismiss';
    dialogs.length = 0;
    await page.locator('[data-menu-id="tags"]').click();
    await expect.poll(() => dialogs).toEqual([UNSAVED]);
    expect(page.url()).toMatch(/#\/restaurant\/1$/);
    expect(await description.inputValue()).toBe('Typed and not saved');

    // The language switch redraws every screen: asked first too; staying keeps the edits and the language.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Русский' }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toBe(UNSAVED);
    await page.waitForTimeout(300);
    expect(await description.inputValue()).toBe('Typed and not saved');
    expect(await page.getByRole('button', { name: 'English' }).count()).toBe(1);

    // Leaving after all: the menu entry goes on once confirmed.
    answer = 'accept';
    await page.locator('[data-menu-id="tags"]').click();
    await page.waitForURL(/#\/tags$/);

    // A save names what was saved.
    await openScreen(page, server.url, '/tags/1');
    const tagName = fieldOf(page, 'name');
    await tagName.fill('Chef’s pick');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText("Tag 'Chef’s pick' saved").waitFor();
    expect(await page.getByText('Element updated').count()).toBe(0);
  });
});
