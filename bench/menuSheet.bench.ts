/**
 * The menu sheet's import at its intended size: a restaurant of 1,000 dishes in 40 categories
 * (two tags on every third dish) is exported, then a file changing the price of every other
 * dish, adding 50 dishes and leaving 50 out is previewed and applied, over the app (inject) on
 * PGlite and on a throwaway database of the PostgreSQL server. Each step's seconds are printed
 * beside its 3 s limit, with their ratio, and the longest the event loop was held during it.
 *
 * BENCH_BACKENDS=pglite|postgres runs one of the two.
 */
import { performance, monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { hashPassword, newAuthKey } from '../server/auth/password';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { Role } from '../src/domain';
import { MENU_SHEET_TYPE, type MenuImportPreview } from '../src/domain/menuSheet';
import { openPglite, openPostgres, type BenchDatabase } from './benchDatabase';
import type { BenchResult } from './result';

const CATEGORIES = 40;
const DISHES = 1000;
const LIMIT_SECONDS = 3;
const BACKENDS = { pglite: openPglite, postgres: openPostgres };
const chosen = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((name) => name.trim());
const PASSWORD = 'bench-password';

/** A city with two tags, a restaurant with its 1,000 dishes, and an admin. */
async function fill(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db);
  const city = await db
    .insertInto('cities')
    .values({ name: 'Bench city', name_ru: 'Город', currency: 'EUR', auth_key: newAuthKey() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tags = await db
    .insertInto('tags')
    .values([
      { city_id: city.id, name: 'Spicy', name_ru: 'Острое' },
      { city_id: city.id, name: 'Vegan', name_ru: 'Веган' },
    ])
    .returning('id')
    .execute();
  const restaurant = await db
    .insertInto('restaurants')
    .values({ city_id: city.id, name: 'Bench kitchen', name_ru: 'Кухня', address: 'Main street 1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const categories = await db
    .insertInto('dish_categories')
    .values(
      Array.from({ length: CATEGORIES }, (_, i) => ({
        restaurant_id: restaurant.id,
        name: `Category ${i + 1}`,
        name_ru: `Категория ${i + 1}`,
        position: i,
      })),
    )
    .returning('id')
    .execute();
  const dishes = await db
    .insertInto('dishes')
    .values(
      Array.from({ length: DISHES }, (_, i) => ({
        dish_category_id: categories[i % CATEGORIES]?.id ?? 0,
        name: `Dish ${i + 1}`,
        name_ru: `Блюдо ${i + 1}`,
        description: `A good dish number ${i + 1}`,
        description_ru: `Хорошее блюдо номер ${i + 1}`,
        price: 5 + (i % 20),
        amount: i % 4 === 0 ? 10 : null,
        position: i,
        telegram_file_id: i % 2 === 0 ? `photo-${i}` : null,
      })),
    )
    .returning('id')
    .execute();
  await db
    .insertInto('dish_tags')
    .values(dishes.filter((_, i) => i % 3 === 0).flatMap((dish) => tags.map((tag) => ({ dish_id: dish.id, tag_id: tag.id }))))
    .execute();
  await db
    .insertInto('users')
    .values({
      username: 'bench-admin',
      role_id: Role.ADMIN,
      password_hash: await hashPassword(PASSWORD),
      auth_key: newAuthKey(),
      city_id: null,
      restaurant_id: null,
      telegram_id: null,
      telegram_username: null,
      photo: null,
      phone: null,
      contact_type: null,
      address: null,
      additional_address: null,
      referral_link_id: null,
      last_active_at: null,
    })
    .execute();
}

/** The exported file changed: every other dish's price, 50 dishes added, 50 left out. */
async function changedFile(exported: Buffer): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([exported]));
  const dishes = workbook.worksheets[1];
  if (!dishes) throw new Error('The export has no dishes sheet');
  for (let row = 2; row <= dishes.rowCount; row += 2) {
    const price = dishes.getRow(row).getCell(7);
    price.value = Number(price.value) + 1;
  }
  // The last 50 rows become new dishes: theirs are left out, these are added.
  for (let i = 0; i < 50; i++) {
    dishes.getRow(dishes.rowCount - i).values = ['', 'Category 1', `New dish ${i}`, '', 'New', 'Новое', 9.5, '', '', 'Spicy', 2000 + i];
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Runs `step`, its seconds and the longest the event loop was held meanwhile (ms). */
async function timed<T>(step: () => Promise<T>): Promise<{ value: T; seconds: number; heldMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const start = performance.now();
  const value = await step();
  const seconds = (performance.now() - start) / 1000;
  delay.disable();
  return { value, seconds, heldMs: delay.max / 1e6 };
}

async function measure({ label, db }: BenchDatabase): Promise<BenchResult[]> {
  const app = await buildApp({ db, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', version: 'bench' });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/login', payload: { username: 'bench-admin', password: PASSWORD } });
    const headers = { authorization: `Bearer ${login.json<{ jwtToken: string }>().jwtToken}` };
    const restaurant = await db.selectFrom('restaurants').select('id').executeTakeFirstOrThrow();
    const base = `/api/restaurants/${restaurant.id}`;
    const exported = await timed(() => app.inject({ method: 'GET', url: `${base}/menu.xlsx?locale=en`, headers }));
    if (exported.value.statusCode !== 200) throw new Error(`${label} export: ${exported.value.statusCode} ${exported.value.body}`);
    const file = await changedFile(exported.value.rawPayload);
    const upload = { ...headers, 'content-type': MENU_SHEET_TYPE };
    const preview = await timed(() => app.inject({ method: 'POST', url: `${base}/menuImport/preview`, headers: upload, payload: file }));
    if (preview.value.statusCode !== 200)
      throw new Error(`${label} preview: ${preview.value.statusCode} ${preview.value.body.slice(0, 300)}`);
    const plan = preview.value.json<MenuImportPreview>();
    if (plan.refused.length > 0) throw new Error(`${label} preview refused ${JSON.stringify(plan.refused.slice(0, 3))}`);
    const { dishes } = plan.summary;
    console.log(
      `${label}: ${file.length} bytes; dishes added ${dishes.added}, changed ${dishes.changed}, removed ${dishes.removed}, unchanged ${dishes.unchanged}`,
    );
    const apply = await timed(() =>
      app.inject({ method: 'POST', url: `${base}/menuImport/apply?version=${plan.version}`, headers: upload, payload: file }),
    );
    if (apply.value.statusCode !== 200) throw new Error(`${label} apply: ${apply.value.statusCode} ${apply.value.body.slice(0, 300)}`);
    const results: BenchResult[] = [];
    for (const [step, run] of [
      ['export', exported],
      ['preview', preview],
      ['apply', apply],
    ] as const) {
      results.push(
        {
          name: `${label} ${step} of ${DISHES} dishes in ${CATEGORIES} categories`,
          value: run.seconds,
          unit: 's',
          target: LIMIT_SECONDS,
          digits: 2,
        },
        {
          name: `${label} ${step}: share of its ${LIMIT_SECONDS} s limit`,
          value: run.seconds / LIMIT_SECONDS,
          unit: 'x',
          target: 1,
          digits: 2,
        },
        { name: `${label} ${step}: longest hold of the event loop`, value: run.heldMs, unit: 'ms', digits: 0 },
      );
    }
    return results;
  } finally {
    await app.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [name, open] of Object.entries(BACKENDS)) {
    if (!chosen.includes(name)) continue;
    const database = await open(fill);
    if (!database) {
      console.log('PostgreSQL: no server answers (BENCH_DATABASE_URL or 127.0.0.1:5432), skipped');
      continue;
    }
    try {
      results.push(...(await measure(database)));
    } finally {
      await database.close();
    }
  }
  return results;
}
