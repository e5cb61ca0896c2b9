import { sql, type InsertObject, type Kysely } from 'kysely';
import { Role, type RoleId } from '../../../src/domain/roles';
import { MailingStatus, MessageStatus, OrderStatus, PaymentMethod } from '../../../src/domain/statuses';
import { hashPassword } from '../../auth/password';
import { rebuildOrderDayTotals } from '../migrations/006_order_day_totals';
import { rebuildStatsRollups } from '../migrations/010_stats_rollups';
import type { Database } from '../schema';
import {
  CHAT_LINES,
  DEMO_CANNED_REPLIES,
  DEMO_CITIES,
  DEMO_CUISINES,
  DEMO_KITCHENS,
  DEMO_RESTAURANTS,
  DEMO_TAGS,
  FIRST_NAMES,
  LAST_NAMES,
  MAILING_TEXTS,
  REVIEW_ANSWERS,
  REVIEW_TEXTS,
} from './catalog';
import { seedDemoAds } from './ads';
import { seedDemoOrderTimes } from './orderTimes';
import { Random } from './random';
import { DEMO_MARKER_KEY } from './traffic';

export const DEMO_PASSWORD = 'demo';

export interface DemoAccount {
  username: string;
  roleId: RoleId;
  /** Index into DEMO_CITIES, or null for admins. */
  city: number | null;
  /** Global index of the restaurant (in DEMO_RESTAURANTS order), for owners. */
  restaurant: number | null;
}

/** The staff accounts a newcomer logs in with (all with DEMO_PASSWORD), then a few more. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'admin', roleId: Role.ADMIN, city: null, restaurant: null },
  { username: 'cityadmin', roleId: Role.CITY_ADMIN, city: 0, restaurant: null },
  { username: 'operator', roleId: Role.OPERATOR, city: 0, restaurant: null },
  { username: 'owner', roleId: Role.RESTAURANT_OWNER, city: 0, restaurant: 0 },
  { username: 'courier', roleId: Role.COURIER, city: 0, restaurant: null },
];

const MORE_STAFF: readonly DemoAccount[] = [
  { username: 'spb_admin', roleId: Role.CITY_ADMIN, city: 1, restaurant: null },
  { username: 'spb_operator', roleId: Role.OPERATOR, city: 1, restaurant: null },
  { username: 'valencia_admin', roleId: Role.CITY_ADMIN, city: 2, restaurant: null },
  { username: 'khachapuri_owner', roleId: Role.RESTAURANT_OWNER, city: 1, restaurant: 5 },
  { username: 'paella_owner', roleId: Role.RESTAURANT_OWNER, city: 2, restaurant: 9 },
  { username: 'courier_tom', roleId: Role.COURIER, city: 0, restaurant: null },
  { username: 'courier_sam', roleId: Role.COURIER, city: 0, restaurant: null },
  { username: 'courier_ivan', roleId: Role.COURIER, city: 1, restaurant: null },
  { username: 'courier_olga', roleId: Role.COURIER, city: 1, restaurant: null },
  { username: 'courier_pablo', roleId: Role.COURIER, city: 2, restaurant: null },
];

export interface DemoSize {
  customers: number;
  orders: number;
  abandonedCarts: number;
  botResponses: number;
  days: number;
}

const DEFAULT_SIZE: DemoSize = { customers: 500, orders: 3000, abandonedCarts: 1500, botResponses: 6000, days: 90 };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Bound parameters in one INSERT: PostgreSQL takes at most 65,535. */
const PARAMETERS_PER_STATEMENT = 30_000;

const money = (value: number): number => Math.round(value * 100) / 100;

/** Rounds a price to what a menu in that currency would show. */
const menuPrice = (gbp: number, scale: number): number =>
  scale >= 10 ? Math.round((gbp * scale) / 10) * 10 : Math.round(gbp * scale * 2) / 2;

/** Writes the rows with as few statements as the parameter limit allows (thousands of rows each). */
async function insertAll<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: InsertObject<Database, T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const chunk = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / Object.keys(rows[0]).length));
  for (let i = 0; i < rows.length; i += chunk) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk))
      .execute();
  }
}

/**
 * Whether this session may skip triggers (session_replication_role), as the embedded
 * database's owner and a PostgreSQL superuser may. The seed then writes its thousands of
 * orders, carts and bot responses without a trigger call per row, and computes what those
 * triggers keep (the statistics rollups, the day totals) once from the finished tables.
 */
async function maySkipTriggers(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ superuser: string }>`SELECT current_setting('is_superuser') AS superuser`.execute(db);
  return rows[0]?.superuser === 'on';
}

/** What the seed reports as it goes: a step done, with what it wrote. */
export type DemoProgress = (step: string) => void;

/** Tables whose ids the seeder writes itself; their sequences are moved past them after. */
const SERIAL_TABLES = [
  'cities',
  'districts',
  'bots',
  'tags',
  'cuisines',
  'users',
  'restaurants',
  'dish_categories',
  'dishes',
  'orders',
  'order_items',
  'order_messages',
  'carts',
  'bot_responses',
  'reviews',
  'advertisements',
  'referral_links',
  'mailings',
  'languages',
] as const;

/**
 * Fills an empty database with a realistic, repeatable service: three cities in three
 * currencies and languages, their restaurants and menus, customers, three months of orders
 * with chats, reviews, ads, referral links and mailings.
 */
export async function seedDemo(
  db: Kysely<Database>,
  options: { now?: Date; size?: Partial<DemoSize>; progress?: DemoProgress } = {},
): Promise<void> {
  const now = (options.now ?? new Date()).getTime();
  const size = { ...DEFAULT_SIZE, ...options.size };
  const progress = options.progress ?? (() => undefined);
  const rnd = new Random(20261123);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const at = (msAgo: number) => new Date(now - msAgo);

  await db.transaction().execute(async (trx) => {
    // The demo's history is not news: no live events for it (migration 013).
    await sql`SELECT set_config('app.live_events', 'off', true)`.execute(trx);
    // Per-row triggers off for this transaction where allowed (see maySkipTriggers): the rows
    // below are consistent by construction, and what the triggers would derive is rebuilt at
    // the end, so the data is the same either way.
    if (await maySkipTriggers(trx)) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    // Cities, their config, districts, bots, cuisines and tags.
    const cityIds = DEMO_CITIES.map((_, i) => i + 1);
    await insertAll(
      trx,
      'cities',
      DEMO_CITIES.map((city, i) => ({
        id: cityIds[i],
        name: city.name,
        name_ru: city.nameRu,
        chatname: city.chatname,
        currency: city.currency,
        active: city.active,
        auth_key: rnd.token(48),
        created_at: at(400 * DAY - i * 30 * DAY),
      })),
    );
    await insertAll(
      trx,
      'city_configs',
      DEMO_CITIES.flatMap((city, i) => {
        const config = cityConfig(city, i, rnd);
        return Object.entries(config)
          .filter(([key]) => !city.missingConfig.includes(key))
          .map(([key, value]) => ({ city_id: cityIds[i], key, value }));
      }),
    );

    const districtIds: number[][] = [];
    const districtRows: InsertObject<Database, 'districts'>[] = [];
    DEMO_CITIES.forEach((city, c) => {
      districtIds[c] = city.districts.map(([name, nameRu]) => {
        const id = districtRows.length + 1;
        districtRows.push({ id, city_id: cityIds[c], name, name_ru: nameRu });
        return id;
      });
    });
    await insertAll(trx, 'districts', districtRows);

    await insertAll(
      trx,
      'bots',
      cityIds.map((cityId, i) => ({
        id: i + 1,
        city_id: cityId,
        bot_token: `${rnd.int(5_000_000_000, 7_999_999_999)}:AA${rnd.token(33, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-')}`,
        created_at: at(380 * DAY - i * 30 * DAY),
      })),
    );

    const cuisineIds = new Map<string, number>(); // `${city}:${name}` -> id
    const cuisineRows: InsertObject<Database, 'cuisines'>[] = [];
    cityIds.forEach((cityId, c) => {
      DEMO_CUISINES.forEach(([name, nameRu], position) => {
        const id = cuisineRows.length + 1;
        cuisineIds.set(`${c}:${name}`, id);
        const used = DEMO_RESTAURANTS[c].some(([, , kitchen]) => DEMO_KITCHENS[kitchen].cuisines.includes(name));
        cuisineRows.push({ id, city_id: cityId, name, name_ru: nameRu, position: position + 1, enabled: used });
      });
    });
    await insertAll(trx, 'cuisines', cuisineRows);

    // Each city's ready answers for order chats, the most used first.
    await insertAll(
      trx,
      'canned_replies',
      cityIds.flatMap((cityId) =>
        DEMO_CANNED_REPLIES.map(([title, text, textRu, textEs], i) => ({
          city_id: cityId,
          restaurant_id: null,
          title,
          text,
          text_ru: textRu,
          text_es: textEs,
          uses: (DEMO_CANNED_REPLIES.length - i) * 7,
          created_at: at(300 * DAY),
        })),
      ),
    );

    const tagIds = new Map<string, number>();
    const tagRows: InsertObject<Database, 'tags'>[] = [];
    cityIds.forEach((cityId, c) => {
      for (const [name, nameRu] of DEMO_TAGS) {
        const id = tagRows.length + 1;
        tagIds.set(`${c}:${name}`, id);
        tagRows.push({ id, city_id: cityId, name, name_ru: nameRu });
      }
    });
    await insertAll(trx, 'tags', tagRows);

    // Restaurants (without their notification users yet: those are staff, inserted next).
    interface SeededRestaurant {
      id: number;
      city: number;
      dishes: { id: number; name: string; nameRu: string; price: number }[];
      categoryIds: number[];
    }
    const restaurants: SeededRestaurant[] = [];
    const restaurantRows: InsertObject<Database, 'restaurants'>[] = [];
    const workingDays: InsertObject<Database, 'restaurant_working_days'>[] = [];
    const restaurantCuisines: InsertObject<Database, 'restaurant_cuisines'>[] = [];
    const districtPrices: InsertObject<Database, 'district_restaurants'>[] = [];
    const categoryRows: InsertObject<Database, 'dish_categories'>[] = [];
    const dishRows: InsertObject<Database, 'dishes'>[] = [];
    const dishTags: InsertObject<Database, 'dish_tags'>[] = [];
    DEMO_RESTAURANTS.forEach((list, c) => {
      const city = DEMO_CITIES[c];
      list.forEach(([name, nameRu, kitchenName], position) => {
        const kitchen = DEMO_KITCHENS[kitchenName];
        const id = restaurantRows.length + 1;
        const seeded: SeededRestaurant = { id, city: c, dishes: [], categoryIds: [] };
        restaurants.push(seeded);
        const opens = rnd.pick([9, 10, 11, 12]);
        const closes = rnd.pick([22, 23, 23, 24]);
        const hours = `${String(opens).padStart(2, '0')}:00-${closes === 24 ? '00' : closes}:00`;
        restaurantRows.push({
          id,
          city_id: cityIds[c],
          district_id: districtIds[c][position % districtIds[c].length],
          name,
          name_ru: nameRu,
          description: kitchen.description,
          description_ru: kitchen.descriptionRu,
          receipt_text: 'Thank you for ordering with us!',
          receipt_text_ru: 'Спасибо за заказ!',
          position: position + 1,
          enabled: !(c === 2 && position === 2),
          active: true,
          min_order_sum: menuPrice(rnd.pick([10, 12, 15]), city.priceScale),
          delivery_price: menuPrice(rnd.pick([2, 2.5, 3]), city.priceScale),
          delivery_time: rnd.pick(['30-45 min', '40-60 min', '25-35 min']),
          maximum_preorder_time: rnd.pick([null, 24, 48]),
          address: `${rnd.int(1, 180)} ${rnd.pick(city.streets)}`,
          can_pickup: position % 3 !== 1,
          can_delivery: true,
          schedule: hours,
          link: null,
          created_at: at(360 * DAY - id * 9 * DAY),
        });
        for (let day = 1; day <= 7; day++) {
          workingDays.push({
            restaurant_id: id,
            value: day,
            enabled: !(day === 1 && position % 2 === 1),
            schedule: day >= 6 ? `${String(opens + 1).padStart(2, '0')}:00-${closes === 24 ? '00' : closes}:00` : hours,
          });
        }
        for (const cuisine of kitchen.cuisines) {
          restaurantCuisines.push({ restaurant_id: id, cuisine_id: cuisineIds.get(`${c}:${cuisine}`) ?? 0 });
        }
        districtIds[c].forEach((districtId, d) => {
          const enabled = !(d === districtIds[c].length - 1 && position % 2 === 0);
          districtPrices.push({
            restaurant_id: id,
            district_id: districtId,
            enabled,
            price: enabled ? menuPrice(2 + ((d + position) % 3), city.priceScale) : null,
          });
        });
        kitchen.categories.forEach(([categoryName, categoryNameRu, dishes], categoryPosition) => {
          const categoryId = categoryRows.length + 1;
          seeded.categoryIds.push(categoryId);
          const breakfast = categoryPosition === 1 && kitchenName === 'russian';
          categoryRows.push({
            id: categoryId,
            restaurant_id: id,
            name: categoryName,
            name_ru: categoryNameRu,
            position: categoryPosition + 1,
            enabled: true,
            start_displaying_at: breakfast ? '08:00' : null,
            stop_displaying_at: breakfast ? '22:00' : null,
          });
          dishes.forEach(([dishName, dishNameRu, description, descriptionRu, price, stock, tags], dishPosition) => {
            const dishId = dishRows.length + 1;
            const cityPrice = menuPrice(price, city.priceScale);
            dishRows.push({
              id: dishId,
              dish_category_id: categoryId,
              name: dishName,
              name_ru: dishNameRu,
              position: dishPosition + 1,
              description,
              description_ru: descriptionRu,
              price: cityPrice,
              amount: stock,
              enabled: !(dishPosition === dishes.length - 1 && categoryPosition === 0 && position === 1),
              popularity_coefficient: money(rnd.next() * 10),
            });
            seeded.dishes.push({ id: dishId, name: dishName, nameRu: dishNameRu, price: cityPrice });
            for (const tag of tags.slice(0, 2)) dishTags.push({ dish_id: dishId, tag_id: tagIds.get(`${c}:${tag}`) ?? 0 });
          });
        });
      });
    });
    await insertAll(trx, 'restaurants', restaurantRows);
    await insertAll(trx, 'restaurant_working_days', workingDays);
    await insertAll(trx, 'restaurant_cuisines', restaurantCuisines);
    await insertAll(trx, 'district_restaurants', districtPrices);
    await insertAll(trx, 'dish_categories', categoryRows);
    await insertAll(trx, 'dishes', dishRows);
    await insertAll(trx, 'dish_tags', dishTags);
    progress(`${DEMO_CITIES.length} cities, ${restaurantRows.length} restaurants, ${dishRows.length} dishes`);

    // Staff.
    const staff = [...DEMO_ACCOUNTS, ...MORE_STAFF];
    const staffIds = new Map<string, number>();
    await insertAll(
      trx,
      'users',
      staff.map((account, i) => {
        const id = i + 1;
        staffIds.set(account.username, id);
        return {
          id,
          role_id: account.roleId,
          username: account.username,
          password_hash: passwordHash,
          telegram_id: account.roleId === Role.ADMIN ? null : 700_000_000 + id,
          telegram_username: account.roleId === Role.ADMIN ? null : account.username,
          name: account.username,
          language: account.city === 1 ? 'ru' : account.city === 2 ? 'es' : 'en',
          city_id: account.city === null ? null : cityIds[account.city],
          restaurant_id: account.restaurant === null ? null : restaurants[account.restaurant].id,
          auth_key: rnd.token(48),
          last_active_at: at(rnd.int(1, 72) * HOUR),
          created_at: at(300 * DAY - i * DAY),
        };
      }),
    );
    const owners = staff.filter((account) => account.roleId === Role.RESTAURANT_OWNER);
    // Every restaurant can be written to in its orders' chats: its owner is its notification
    // account, else its city's operator (or city admin) stands in.
    const inCity = (city: number, roleId: RoleId) => staff.find((account) => account.city === city && account.roleId === roleId);
    const notified = restaurants.flatMap((restaurant, index) => {
      const account =
        owners.find((owner) => owner.restaurant === index) ??
        inCity(restaurant.city, Role.OPERATOR) ??
        inCity(restaurant.city, Role.CITY_ADMIN);
      return account ? [sql`(${restaurant.id}::integer, ${staffIds.get(account.username) ?? null}::integer)`] : [];
    });
    if (notified.length > 0) {
      await sql`
        UPDATE restaurants AS r SET notification_user_id = v.user_id
        FROM (VALUES ${sql.join(notified)}) AS v (id, user_id)
        WHERE r.id = v.id`.execute(trx);
    }
    const couriersByCity = cityIds.map((_, c) =>
      staff.filter((a) => a.roleId === Role.COURIER && a.city === c).map((a) => staffIds.get(a.username) ?? 0),
    );
    const ownerByRestaurant = new Map<number, number>();
    for (const owner of owners) {
      if (owner.restaurant !== null) ownerByRestaurant.set(restaurants[owner.restaurant].id, staffIds.get(owner.username) ?? 0);
    }

    // Referral links.
    const referralRows: InsertObject<Database, 'referral_links'>[] = [
      { id: 1, code: 'LONDON10', city_id: cityIds[0], count: 0, limit: 200, valid_until: at(-60 * DAY) },
      {
        id: 2,
        code: 'NAPOLI',
        city_id: cityIds[0],
        restaurant_id: restaurants[0].id,
        category_id: restaurants[0].categoryIds[0],
        count: 0,
        limit: 0,
      },
      { id: 3, code: 'SPBFOOD', city_id: cityIds[1], count: 0, limit: 100, valid_until: at(-30 * DAY) },
      { id: 4, code: 'WINTER2026', city_id: cityIds[1], count: 0, limit: 50, valid_until: at(20 * DAY) },
      { id: 5, code: 'PAELLA', city_id: cityIds[2], restaurant_id: restaurants[9].id, count: 0, limit: 30 },
      { id: 6, code: 'INSTAGRAM', city_id: null, count: 0, limit: 0 },
    ];
    const referralCounts = new Map<number, number>();

    // Customers.
    interface Customer {
      id: number;
      city: number;
      language: string;
      createdAt: number;
    }
    const customers: Customer[] = [];
    const customerRows: InsertObject<Database, 'users'>[] = [];
    const cityWeights = DEMO_CITIES.map((_, c) => [c, [44, 36, 20][c] ?? 10] as const);
    for (let i = 0; i < size.customers; i++) {
      const id = staff.length + i + 1;
      const c = rnd.weighted(cityWeights);
      const city = DEMO_CITIES[c];
      const language = rnd.weighted(city.languages);
      const first = rnd.pick(FIRST_NAMES[language]);
      const last = rnd.pick(LAST_NAMES[language]);
      const createdAt = now - rnd.int(1, 120) * DAY - rnd.int(0, 23) * HOUR;
      const links = referralRows.filter((link) => link.city_id === cityIds[c] || link.city_id === null);
      const link = rnd.chance(0.12) && links.length > 0 ? rnd.pick(links) : null;
      if (link?.id) referralCounts.set(Number(link.id), (referralCounts.get(Number(link.id)) ?? 0) + 1);
      customers.push({ id, city: c, language, createdAt });
      customerRows.push({
        id,
        role_id: Role.USER,
        telegram_id: 100_000_000 + id * 7919,
        telegram_username: rnd.chance(0.7) ? `${transliterate(first)}_${rnd.token(4, 'abcdefghijklmnopqrstuvwxyz')}` : null,
        name: `${first} ${last}`,
        phone: rnd.chance(0.85) ? phoneFor(c, rnd) : null,
        contact_type: rnd.pick(['phone', 'telegram']),
        address: `${rnd.int(1, 220)} ${rnd.pick(city.streets)}`,
        additional_address: rnd.chance(0.5) ? `Flat ${rnd.int(1, 120)}` : null,
        language,
        city_id: cityIds[c],
        auth_key: rnd.token(48),
        blocked: rnd.chance(0.01),
        referral_link_id: link ? Number(link.id) : null,
        last_active_at: null,
        created_at: new Date(createdAt),
      });
      // Those who blocked the bot did so a few days after signing up (the stats count blocks by this date).
      const row = customerRows[customerRows.length - 1];
      if (row.blocked) row.blocked_at = new Date(Math.min(createdAt + 3 * DAY, now));
    }
    for (const link of referralRows) link.count = referralCounts.get(Number(link.id)) ?? 0;
    const spent = referralRows.find((link) => link.code === 'SPBFOOD');
    if (spent) spent.limit = spent.count ?? 0; // a link whose limit has been reached
    await insertAll(trx, 'referral_links', referralRows);

    // Orders with items, chats, carts and reviews.
    const customersByCity = cityIds.map((_, c) => customers.filter((customer) => customer.city === c));
    const restaurantsByCity = cityIds.map((_, c) => restaurants.filter((r) => r.city === c));
    const times: number[] = [];
    for (let i = 0; i < size.orders; i++) times.push(orderTime(now, size.days, rnd));
    times.sort((a, b) => a - b);
    const ACTIVE = [
      OrderStatus.CREATED,
      OrderStatus.NOT_PAID,
      OrderStatus.PAID,
      OrderStatus.CONFIRMED,
      OrderStatus.SERVING,
      OrderStatus.DELAYED,
      OrderStatus.COOKED,
      OrderStatus.WAITING_FOR_COURIER,
      OrderStatus.OUT_FOR_DELIVERY,
      OrderStatus.IN_RESTAURANT,
      OrderStatus.CALL_CUSTOMER,
    ];
    const activeFrom = Math.max(0, times.length - 66);
    const orderRows: InsertObject<Database, 'orders'>[] = [];
    const itemRows: InsertObject<Database, 'order_items'>[] = [];
    const messageRows: InsertObject<Database, 'order_messages'>[] = [];
    const cartRows: InsertObject<Database, 'carts'>[] = [];
    const reviewRows: InsertObject<Database, 'reviews'>[] = [];
    const lastActive = new Map<number, number>();
    const threadIds = new Set<string>();
    times.forEach((time, i) => {
      const id = i + 1;
      const c = rnd.weighted(cityWeights);
      const customer = rnd.pick(customersByCity[c]);
      const restaurant = rnd.weighted(restaurantsByCity[c].map((r, k) => [r, restaurantsByCity[c].length - k] as const));
      const city = DEMO_CITIES[c];
      const status: number =
        i >= activeFrom
          ? ACTIVE[(i - activeFrom) % ACTIVE.length]
          : rnd.weighted<number>([
              [OrderStatus.DELIVERED, 80],
              [OrderStatus.CANCELED_BY_USER, 6],
              [OrderStatus.CANCELED_BY_RESTAURANT, 4],
              [OrderStatus.RESTAURANT_CLOSED, 2],
              [OrderStatus.NOT_PAID, 3],
              [OrderStatus.DRAFT, 3],
              [OrderStatus.CREATED, 2],
            ]);
      const delivery = rnd.chance(0.8);
      const districtIndex = rnd.int(0, districtIds[c].length - 1);
      const dishes = pickDistinct(restaurant.dishes, rnd.int(1, 4), rnd);
      let sum = 0;
      for (const dish of dishes) {
        const count = rnd.weighted([
          [1, 6],
          [2, 3],
          [3, 1],
        ] as const);
        const lineSum = money(dish.price * count);
        sum += lineSum;
        itemRows.push({
          id: itemRows.length + 1,
          order_id: id,
          dish_id: dish.id,
          name: dish.name,
          name_ru: dish.nameRu,
          price: dish.price,
          count,
          sum: lineSum,
        });
      }
      sum = money(sum);
      const deliveryCost = delivery ? menuPrice(2 + (districtIndex % 3), city.priceScale) : 0;
      const discount = rnd.chance(0.08) ? money(sum * 0.1) : 0;
      const cashless = c < 2 && rnd.chance(0.35);
      const serviceFee = cashless ? money(sum * 0.02) : 0;
      const terminal = status === OrderStatus.DELIVERED || status < 0;
      const courier =
        delivery && (status === OrderStatus.DELIVERED || status >= OrderStatus.WAITING_FOR_COURIER) && couriersByCity[c].length > 0
          ? rnd.pick(couriersByCity[c])
          : null;
      let thread = rnd.token(9, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
      while (threadIds.has(thread)) thread = rnd.token(9, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
      threadIds.add(thread);
      orderRows.push({
        id,
        thread_id: thread,
        city_id: cityIds[c],
        user_id: customer.id,
        restaurant_id: restaurant.id,
        district_id: delivery ? districtIds[c][districtIndex] : null,
        address: delivery ? `${rnd.int(1, 220)} ${rnd.pick(city.streets)}` : null,
        additional_address: delivery && rnd.chance(0.4) ? `Flat ${rnd.int(1, 120)}` : null,
        sum,
        delivery_cost: deliveryCost,
        discount,
        service_fee: serviceFee,
        total_sum: money(sum + deliveryCost - discount + serviceFee),
        currency: city.currency,
        status,
        payment_method: cashless ? PaymentMethod.STRIPE : PaymentMethod.CASH,
        courier_id: courier,
        invoice_id: cashless ? `inv_${rnd.token(16)}` : null,
        provider_payment_charge_id: cashless && status >= OrderStatus.PAID ? `ch_${rnd.token(20)}` : null,
        created_at: new Date(time),
        updated_at: new Date(terminal ? time + rnd.int(20, 90) * 60_000 : Math.min(now, time + rnd.int(1, 20) * 60_000)),
      });
      lastActive.set(customer.id, Math.max(lastActive.get(customer.id) ?? 0, time));
      cartRows.push({
        id: cartRows.length + 1,
        user_id: customer.id,
        restaurant_id: restaurant.id,
        city_id: cityIds[c],
        created_at: new Date(time - rnd.int(3, 25) * 60_000),
      });

      // The chat: a few lines in the customer's language.
      if (status !== OrderStatus.DRAFT) {
        const lines = CHAT_LINES[customer.language] ?? CHAT_LINES.en;
        const owner = ownerByRestaurant.get(restaurant.id) ?? null;
        const count = rnd.weighted([
          [0, 3],
          [1, 3],
          [2, 3],
          [3, 2],
          [4, 1],
        ] as const);
        for (let m = 0; m < count; m++) {
          const fromRestaurant = m % 2 === 0;
          const sentAt = time + (m + 1) * rnd.int(2, 9) * 60_000;
          const pending = !terminal && m === count - 1;
          messageRows.push({
            id: messageRows.length + 1,
            order_id: id,
            from_id: fromRestaurant ? owner : customer.id,
            to_id: fromRestaurant ? customer.id : owner,
            text: rnd.pick(fromRestaurant ? lines.restaurant : lines.customer),
            status: pending ? rnd.pick([MessageStatus.CREATED, MessageStatus.DELAYED]) : MessageStatus.SENT,
            restaurant_sent: fromRestaurant,
            // What the incoming-message trigger sets, written here for when triggers are skipped:
            // the sender is the customer or the restaurant's owner, never staff.
            incoming: (fromRestaurant ? owner : customer.id) !== null,
            order_has_been_changed: fromRestaurant && m === 2,
            created_at: new Date(Math.min(now, sentAt)),
          });
        }
      }

      // Reviews of delivered orders, in every lifecycle state.
      if (status === OrderStatus.DELIVERED && rnd.chance(0.16)) {
        const createdAt = time + rnd.int(2, 30) * HOUR;
        if (createdAt < now) {
          const rating = rnd.weighted<number>([
            [-1, 1],
            [0, 1],
            [1, 1],
            [2, 1],
            [3, 2],
            [4, 4],
            [5, 6],
          ]);
          const state = rnd.weighted([
            ['new', 3],
            ['approved', 2],
            ['published', 3],
            ['answered', 2],
            ['deleted', 1],
          ] as const);
          const texts = REVIEW_TEXTS[customer.language] ?? REVIEW_TEXTS.en;
          const later = (hours: number) => new Date(Math.min(now, createdAt + hours * HOUR));
          reviewRows.push({
            id: reviewRows.length + 1,
            order_id: id,
            rating,
            text: rating > 0 && rnd.chance(0.8) ? rnd.pick(texts) : null,
            answer: state === 'answered' ? (REVIEW_ANSWERS[customer.language] ?? REVIEW_ANSWERS.en) : null,
            approved_at: state === 'new' || state === 'deleted' ? null : later(2),
            published_at: state === 'published' || state === 'answered' ? later(4) : null,
            deleted_at: state === 'deleted' ? later(6) : null,
            created_at: new Date(createdAt),
          });
        }
      }
    });
    for (let i = 0; i < size.abandonedCarts; i++) {
      const c = rnd.weighted(cityWeights);
      const customer = rnd.pick(customersByCity[c]);
      cartRows.push({
        id: cartRows.length + 1,
        user_id: customer.id,
        restaurant_id: rnd.pick(restaurantsByCity[c]).id,
        city_id: cityIds[c],
        created_at: new Date(orderTime(now, size.days, rnd)),
      });
    }
    customers.forEach((customer, i) => {
      const last = lastActive.get(customer.id) ?? Math.max(customer.createdAt, now - rnd.int(1, 100) * DAY);
      customerRows[i].last_active_at = new Date(last);
    });
    await insertAll(trx, 'users', customerRows);
    progress(`${staff.length} staff accounts, ${customerRows.length} customers`);
    await insertAll(trx, 'orders', orderRows);
    await insertAll(trx, 'order_items', itemRows);
    progress(`${orderRows.length} orders with ${itemRows.length} items`);
    await insertAll(trx, 'order_messages', messageRows);
    await insertAll(trx, 'carts', cartRows);
    await insertAll(trx, 'reviews', reviewRows);
    progress(`${messageRows.length} chat messages, ${cartRows.length} carts, ${reviewRows.length} reviews`);

    const responses: InsertObject<Database, 'bot_responses'>[] = [];
    for (let i = 0; i < size.botResponses; i++) {
      const c = rnd.weighted(cityWeights);
      responses.push({
        id: i + 1,
        city_id: cityIds[c],
        user_id: rnd.pick(customersByCity[c]).id,
        duration_ms: Math.round(80 + rnd.next() ** 3 * 2400),
        created_at: new Date(orderTime(now, size.days, rnd)),
      });
    }
    await insertAll(trx, 'bot_responses', responses);
    progress(`${responses.length} bot responses`);

    await seedDemoAds(trx, {
      restaurants: restaurants.map((restaurant, r) => ({ id: restaurant.id, name: String(restaurantRows[r].name) })),
      authorOf: (restaurantId) => ownerByRestaurant.get(restaurantId) ?? staffIds.get('admin') ?? null,
      now,
      rnd,
    });

    // Mailings that ended, none left to send: the demo's customers are invented, and a database
    // seeded with the demo and served later with MESSENGER=telegram must not write to their
    // chat ids (the demo itself refuses to start with telegram: server/config.ts). Finished,
    // stopped by staff half-way, and failed in the messenger.
    const mailingRows: InsertObject<Database, 'mailings'>[] = [];
    const mailingKinds = [
      { status: MailingStatus.FINISHED, failure: null, daysAgo: 20 },
      { status: MailingStatus.FINISHED, failure: null, daysAgo: 2 },
      { status: MailingStatus.FAILED, failure: 'stopped', daysAgo: 1 },
      { status: MailingStatus.FAILED, failure: 'messenger', daysAgo: 5 },
    ] as const;
    cityIds.forEach((cityId, c) => {
      const language = DEMO_CITIES[c].languages[0][0];
      const audience = customersByCity[c].length;
      const author = staffIds.get(c === 0 ? 'cityadmin' : 'admin') ?? null;
      mailingKinds.forEach(({ status, failure, daysAgo }, k) => {
        const created = now - daysAgo * DAY;
        const sent = failure === 'stopped' ? Math.floor(audience / 3) : failure === 'messenger' ? 7 : audience;
        mailingRows.push({
          id: mailingRows.length + 1,
          city_id: cityId,
          text: rnd.pick(MAILING_TEXTS[language] ?? MAILING_TEXTS.en),
          last_active_date: new Date(now - 30 * DAY),
          status,
          position: sent,
          // Fixed when the sending started (migration 009): the whole audience.
          count: audience,
          started_at: new Date(created + HOUR / 60),
          finished_at: new Date(created + HOUR),
          failure,
          last_error: failure === 'messenger' ? 'Bot API 400: Bad Request: wrong file identifier/HTTP URL specified' : null,
          blocked: k === 1 ? Math.min(2, audience) : 0,
          stopped_by: failure === 'stopped' ? author : null,
          config: JSON.stringify(
            k === 0
              ? {
                  bindedButton: {
                    enabled: true,
                    type: 'restaurant',
                    position: 'bottom',
                    text: restaurantsByCity[c][0] ? restaurantRows[restaurantsByCity[c][0].id - 1].name : 'Menu',
                    value: String(restaurantsByCity[c][0]?.id ?? ''),
                  },
                }
              : {},
          ),
          created_by: author,
          created_at: new Date(created),
        });
      });
    });
    await insertAll(trx, 'mailings', mailingRows);

    // The bots' webhooks hang under the address the demo runs at.
    await insertAll(trx, 'global_settings', [
      { key: 'publicUrl', value: `http://localhost:${process.env.PORT || 3000}` },
      { key: 'webhookSecret', value: rnd.token(32) },
      // The demo's mark: its traffic (./traffic.ts) runs in no other database.
      { key: DEMO_MARKER_KEY, value: new Date(now).toISOString() },
    ]);

    // The rollups the skipped triggers keep, from the finished tables (the same rows either way).
    await rebuildStatsRollups<Database>(trx);
    await rebuildOrderDayTotals<Database>(trx);
    // The status periods and escalations the clock trigger and the timer job would have written.
    await seedDemoOrderTimes(trx, new Date(now));
    progress('statistics');

    // Every sequence past the ids written, in one statement.
    const highest = SERIAL_TABLES.map((table) => sql`(${table}::text, (SELECT max(id) FROM ${sql.table(table)})::bigint)`);
    await sql`
      SELECT setval(pg_get_serial_sequence(t.name, 'id'), COALESCE(t.max_id, 0) + 1, false)
      FROM (VALUES ${sql.join(highest)}) AS t (name, max_id)`.execute(trx);
  });
}

/** The stored config of demo city `index`: values the city form accepts as they are (a VAT is a fraction). */
export function cityConfig(city: (typeof DEMO_CITIES)[number], index: number, rnd: Random): Record<string, string> {
  return {
    cityLocales: city.locales,
    hideMoney: 'false',
    cityDisabledReason: city.active ? '' : 'We are launching soon in Valencia!',
    showOpenNow: 'true',
    showTopTen: index === 2 ? 'false' : 'true',
    showInfoButton: index === 0 ? 'true' : 'false',
    showTagsButton: 'true',
    deliveryCostJump: index === 1 ? 'true' : 'false',
    annoyRestaurants: 'true',
    telegramPaymentsStatus: index === 2 ? '0' : '2',
    roundUpDeliveryCost: index === 1 ? 'true' : 'false',
    providerToken: `${rnd.int(100000000, 999999999)}:TEST:${rnd.token(24)}`,
    exchangeRate: index === 1 ? '1' : index === 0 ? '1.17' : '1',
    serviceFeeMultiplier: '0.02',
    cityVat: index === 0 ? '0.2' : index === 1 ? '0.2' : '0.21',
    deliveryCostJumpStart: '22:00',
    deliveryCostJumpEnd: '06:00',
    deliveryCostJumpAmount: index === 1 ? '100' : '1.5',
    deliveryDiscountPercent: '5',
    deliveryAfterDiscountMin: '2',
    topInterval: '7',
    infoButtonTextEn: 'About us',
    infoButtonTextRu: 'О нас',
    infoButtonContentEn: 'We deliver from the best restaurants in town every day.',
    infoButtonContentRu: 'Мы каждый день доставляем из лучших ресторанов города.',
    deliveryMultiplier: '1',
    timeShift: String(city.timeShift),
    mixPanelToken: rnd.token(32),
    defaultImageId: '',
    notifyChannelId: `-100${rnd.token(10, '0123456789')}`,
    courierChannelId: `-100${rnd.token(10, '0123456789')}`,
    adChatId: `-100${rnd.token(10, '0123456789')}`,
    reviewChannelId: `-100${rnd.token(10, '0123456789')}`,
    adChatGap: '30',
    adChatDelay: '5',
  };
}

/** Orders cluster around lunch and dinner, a little more at weekends. */
function orderTime(now: number, days: number, rnd: Random): number {
  for (;;) {
    const dayStart = Math.floor(now / DAY) * DAY - rnd.int(0, days - 1) * DAY;
    const hour = rnd.weighted([
      [9, 1],
      [11, 2],
      [12, 5],
      [13, 5],
      [14, 3],
      [17, 2],
      [18, 5],
      [19, 7],
      [20, 6],
      [21, 4],
      [22, 2],
      [23, 1],
    ] as const);
    const weekday = new Date(dayStart).getUTCDay();
    if ((weekday === 0 || weekday === 6 || rnd.chance(0.8)) && dayStart + hour * HOUR < now) {
      return dayStart + hour * HOUR + rnd.int(0, 3599) * 1000;
    }
    if (dayStart + hour * HOUR >= now && rnd.chance(0.02)) return now - rnd.int(1, 3000) * 1000;
  }
}

function pickDistinct<T>(items: readonly T[], count: number, rnd: Random): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(rnd.next() * pool.length), 1)[0]);
  return out;
}

function phoneFor(city: number, rnd: Random): string {
  const digits = rnd.token(7, '0123456789');
  return city === 0
    ? `+447${rnd.token(3, '0123456789')}${digits}`
    : city === 1
      ? `+79${rnd.token(2, '0123456789')}${digits}`
      : `+346${rnd.token(1, '0123456789')}${digits}`;
}

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ы: 'y',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ь: '',
  ъ: '',
  á: 'a',
  é: 'e',
  í: 'i',
  ó: 'o',
  ú: 'u',
  ñ: 'n',
};

function transliterate(name: string): string {
  return [...name.toLowerCase()].map((ch) => CYRILLIC[ch] ?? ch).join('');
}
