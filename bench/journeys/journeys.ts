import type { Locator, Page } from 'playwright-core';
import type { UserActions } from './actions';

/**
 * The four daily journeys, as steps against the screens as they are. Each step a user takes goes
 * through `act` (counted); waiting for what the screen shows is the user looking, not counted.
 * A journey starts on its start screen, logged in, and ends when its goal is visible. When a
 * screen gains a shortcut, its journey's steps change here and the figures in the README with
 * them (docs/journeys.md).
 */
export interface Journey {
  name: string;
  /** The demo account the journey is made as. */
  username: string;
  /** The screen the user is on before the first action (after the login, not timed). */
  startPath: string;
  /** Shown once the start screen has loaded. */
  startReady: (page: Page) => Locator;
  /** Puts back what an earlier run changed, before the clock starts (not counted). */
  prepare?: (page: Page, baseUrl: string) => Promise<void>;
  /** The user's steps, up to the goal visibly reached; `run` is 0, 1, 2 so each run names its own things. */
  steps: (page: Page, act: UserActions, run: number) => Promise<void>;
}

const menu = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label, which ends in " *" when the field is required. */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escaped(label)}(\\s*\\*)?$`));
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const link = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('link', typeof name === 'string' ? { name, exact: true } : { name });

/** An operator handles the newest new order: finds it, opens it, moves it on and writes to the customer. */
async function operatorHandlesNewOrder(page: Page, act: UserActions, run: number): Promise<void> {
  // The "New" tab holds the orders not yet confirmed, newest first: the first card there that is
  // created or paid is the newest waiting for the restaurant (runs one after another confirm them
  // in turn, down the page).
  const newOrders = page.waitForResponse((response) => /\/orders\b.*new/.test(decodeURIComponent(response.url())));
  await act.click(page.getByRole('tab', { name: /^New\b/ }));
  await newOrders;
  const waiting = /^Status (Created|Paid)$/;
  const newOrder = page.locator('article').filter({ has: page.getByRole('combobox', { name: waiting }) });
  await act.click(newOrder.first().getByRole('heading').getByRole('link'));
  await page.getByRole('heading', { name: 'Customer', exact: true }).waitFor();

  // The next step of a new order: confirmed.
  await act.click(page.getByRole('combobox', { name: waiting }));
  await act.click(page.getByRole('listbox').getByRole('option', { name: /^Confirmed/ }));
  await page.getByRole('combobox', { name: 'Status Confirmed', exact: true }).waitFor();

  // A message to the customer, seen in the chat.
  const chat = page.getByRole('region', { name: 'Chat', exact: true });
  const text = `Your order is confirmed, it will be with you in 40 minutes (${run + 1}).`;
  await act.fill(field(chat, 'Message'), text);
  await act.click(chat.getByRole('button', { name: /^Send to customer\s+signed by the restaurant$/ }));
  await chat.getByText(text).waitFor();
}

/** The owner's restaurant in the demo. */
const OWNERS_RESTAURANT = 1;
/** Dishes of its first category with no stock limit: each run takes its own. */
const OWNERS_DISHES = ['Margherita', 'Diavola', 'Quattro formaggi'];
/** A dish's row in the dish list, by its name's cell (the row's own name starts with its selection box's). */
const dishRow = (page: Page, dish: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: dish, exact: true }) });

/** The owner pauses the restaurant for 30 minutes and marks a dish out of stock. */
async function ownerPausesAndMarksOutOfStock(page: Page, act: UserActions, run: number): Promise<void> {
  await act.click(menu(page, 'My restaurant'));
  const pause = page.getByRole('region', { name: 'Pause in the bot' });
  await act.click(button(pause, '30 min'));
  await pause.getByText(/^Paused until /).waitFor();

  // The dish list's stock switch saves at once: no form to open.
  await act.click(link(page, 'Dish categories'));
  await act.click(link(page, /^Pizza: \d+$/));
  const dish = OWNERS_DISHES[run % OWNERS_DISHES.length];
  const row = dishRow(page, dish);
  await act.click(row.getByRole('switch', { name: `In stock: ${dish}`, exact: true }));
  await row.getByText('Out of stock', { exact: true }).waitFor();
}

/**
 * Before each run: the owner's restaurant is open again and its dishes in stock, as the owner
 * finds them in the morning (not counted).
 */
async function reopenOwnersRestaurant(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/#/restaurant/${OWNERS_RESTAURANT}`);
  const pause = page.getByRole('region', { name: 'Pause in the bot' });
  const open = pause.getByText('Open: the bot takes orders.');
  const reopen = button(pause, 'Reopen now');
  await open.or(reopen).waitFor();
  if (await reopen.isVisible()) {
    await reopen.click();
    await open.waitFor();
  }
  await link(page, 'Dish categories').click();
  await link(page, /^Pizza: \d+$/).click();
  for (const dish of OWNERS_DISHES) {
    const row = dishRow(page, dish);
    const inStock = row.getByRole('switch', { name: `In stock: ${dish}`, exact: true });
    await inStock.waitFor();
    if (!(await inStock.isChecked())) {
      await inStock.click();
      await row.getByText('No limit', { exact: true }).waitFor();
    }
  }
}

/** A city admin sends a mailing to the city's customers and sees it under way. */
async function cityAdminSendsMailing(page: Page, act: UserActions, run: number): Promise<void> {
  await act.click(menu(page, 'Mailings'));
  await page
    .getByRole('status')
    .filter({ hasText: /^\d+ recipients?$/ })
    .waitFor();
  const text = `Free delivery on every order this evening, only in the bot (${run + 1}).`;
  await act.fill(field(page, 'Text'), text);
  await act.click(button(page, 'Send the mailing'));
  await act.click(button(page.getByRole('dialog'), 'Confirm'));
  await page
    .getByRole('region', { name: 'Previous mailings' })
    .getByRole('article')
    .filter({ hasText: text })
    .getByRole('progressbar')
    .waitFor();
}

/** An admin sets up a city: its settings, a district, a restaurant delivering there, a category and a dish. */
async function adminSetsUpCity(page: Page, act: UserActions, run: number): Promise<void> {
  const city = `Porto ${run + 1}`;
  const district = 'Ribeira';
  const restaurant = `Casa do Porto ${run + 1}`;
  const category = 'Soups';
  const dish = 'Caldo verde';

  // The city, with what it needs to take orders.
  await act.click(menu(page, 'Cities'));
  await page.waitForURL(/#\/cities$/);
  await act.click(link(page, 'Create'));
  await act.fill(field(page, 'Name'), city);
  await act.fill(field(page, 'Name in Russian'), `Порту ${run + 1}`);
  await act.fill(field(page, 'Currency'), 'EUR');
  await act.click(page.getByRole('switch', { name: 'Active', exact: true }));
  // The delivery multiplier comes with its default; the time shift has none.
  await act.fill(field(page, 'Time shift'), '0');
  await act.fill(field(page, 'Notifications channel id'), '-1001234567890');
  await act.fill(field(page, 'Couriers channel id'), '-1001234567891');
  await act.click(button(page, 'Save'));

  // Its district, from the city's setup checklist: the form opens with the city chosen.
  const setup = page.getByTestId('city-setup');
  await act.click(link(setup, 'Add: Districts'));
  await act.fill(field(page, 'Name'), district);
  await act.fill(field(page, 'Name in Russian'), 'Рибейра');
  await act.click(button(page, 'Save'));
  await page.getByRole('cell', { name: district, exact: true }).waitFor();

  // A restaurant of the city, delivering to the district: back on the city's page, its checklist opens the form with the city chosen.
  await act.click(menu(page, 'Cities'));
  await act.click(page.getByRole('row').filter({ has: page.getByRole('cell', { name: city, exact: true }) }));
  await act.click(link(setup, 'Add: Restaurants with menus'));
  await act.fill(field(page, 'Name'), restaurant);
  await act.fill(field(page, 'Name in Russian'), `Дом Порту ${run + 1}`);
  await act.fill(field(page, 'Position'), '1');
  await act.fill(field(page, 'Minimum order sum'), '10');
  await act.fill(field(page, 'Delivery time'), '30-45 min');
  await act.fill(field(page, 'Address'), 'Rua das Flores 1');
  await act.fill(field(page, 'Schedule').first(), '10:00-22:00');
  const districtRow = page.getByRole('listitem').filter({ hasText: district });
  await act.click(districtRow.getByRole('switch', { name: 'Enabled' }));
  await act.fill(field(districtRow, 'Price'), '2');
  await act.click(button(page, 'Save'));

  // Its menu: a category, then a dish in it.
  await act.click(link(page, 'Dish categories'));
  await page.waitForURL(/#\/dishCategories\//);
  await act.click(link(page, 'Create'));
  await act.fill(field(page, 'Name'), category);
  await act.fill(field(page, 'Name in Russian'), 'Супы');
  await act.fill(field(page, 'Position'), '1');
  await act.click(button(page, 'Save'));
  await act.click(link(page, `${category}: 0`));
  await page.waitForURL(/#\/dishes\?/);
  await act.click(link(page, 'Create'));
  await act.fill(field(page, 'Name'), dish);
  await act.fill(field(page, 'Description'), 'Kale and potato soup');
  await act.fill(field(page, 'Description in Russian'), 'Суп из капусты и картофеля');
  await act.fill(field(page, 'Price'), '4.5');
  await act.fill(field(page, 'Position'), '1');
  await act.click(button(page, 'Save'));
  await dishRow(page, dish).waitFor();
}

export const JOURNEYS: Journey[] = [
  {
    name: 'operator handles a new order',
    username: 'operator',
    startPath: '/orders',
    startReady: (page) => page.locator('article').first(),
    steps: operatorHandlesNewOrder,
  },
  {
    name: 'owner pauses, marks a dish out of stock',
    username: 'owner',
    startPath: '/',
    startReady: (page) => menu(page, 'My restaurant'),
    prepare: reopenOwnersRestaurant,
    steps: ownerPausesAndMarksOutOfStock,
  },
  {
    name: 'city admin sends a mailing',
    username: 'cityadmin',
    startPath: '/',
    startReady: (page) => menu(page, 'Mailings'),
    steps: cityAdminSendsMailing,
  },
  {
    name: 'admin sets up a city with a restaurant and menu',
    username: 'admin',
    startPath: '/',
    startReady: (page) => menu(page, 'Cities'),
    steps: adminSetsUpCity,
  },
];
