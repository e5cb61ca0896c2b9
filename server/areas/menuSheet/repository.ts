import { sql, type Kysely, type Transaction } from 'kysely';
import type { MenuPlan, StoredMenu } from '../../../src/domain/menuSheetPlan';
import type { Database } from '../../db/schema';
import { hhmm } from '../dishes/menuRows';

/** The menu sheet's queries: a restaurant's whole menu read at once, and an import's plan written in one transaction. */

type Db = Kysely<Database> | Transaction<Database>;

export interface MenuPlace {
  restaurantId: number;
  cityId: number;
  name: string;
}

/** A restaurant that is not deleted, with its city; in a transaction, locked until it ends (one import at a time). */
export const menuPlace = async (db: Db, restaurantId: number, lock = false): Promise<MenuPlace | undefined> => {
  let query = db.selectFrom('restaurants').select(['id', 'city_id', 'name']).where('id', '=', restaurantId).where('deleted_at', 'is', null);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && { restaurantId: row.id, cityId: row.city_id, name: row.name };
};

/**
 * The restaurant's categories and dishes in their menu order, and its city's tags. With `lock`
 * (inside the import's transaction) its categories and dishes are locked until it ends, so no
 * edit lands between the check that the menu is the previewed one and the import's writes.
 */
export async function loadMenu(db: Db, place: MenuPlace, lock = false): Promise<StoredMenu> {
  let categoryQuery = db
    .selectFrom('dish_categories')
    .select(['id', 'name', 'name_ru', 'position', 'enabled', 'start_displaying_at', 'stop_displaying_at'])
    .where('restaurant_id', '=', place.restaurantId)
    .orderBy('position')
    .orderBy('name')
    .orderBy('id');
  if (lock) categoryQuery = categoryQuery.forUpdate();
  const categories = await categoryQuery.execute();
  let dishQuery = db
    .selectFrom('dishes')
    .innerJoin('dish_categories', 'dish_categories.id', 'dishes.dish_category_id')
    .select([
      'dishes.id',
      'dishes.dish_category_id',
      'dishes.name',
      'dishes.name_ru',
      'dishes.description',
      'dishes.description_ru',
      'dishes.price',
      'dishes.amount',
      'dishes.enabled',
      'dishes.position',
    ])
    .where('dish_categories.restaurant_id', '=', place.restaurantId)
    .orderBy('dish_categories.position')
    .orderBy('dish_categories.name')
    .orderBy('dish_categories.id')
    .orderBy('dishes.position')
    .orderBy('dishes.name')
    .orderBy('dishes.id');
  if (lock) dishQuery = dishQuery.forUpdate('dishes');
  const dishes = await dishQuery.execute();
  const tagRows = dishes.length
    ? await db
        .selectFrom('dish_tags')
        .innerJoin('dishes', 'dishes.id', 'dish_tags.dish_id')
        .innerJoin('dish_categories', 'dish_categories.id', 'dishes.dish_category_id')
        .select(['dish_tags.dish_id', 'dish_tags.tag_id'])
        .where('dish_categories.restaurant_id', '=', place.restaurantId)
        .orderBy('dish_tags.tag_id')
        .execute()
    : [];
  const tagsOf = new Map<number, number[]>();
  for (const { dish_id, tag_id } of tagRows) tagsOf.set(dish_id, [...(tagsOf.get(dish_id) ?? []), tag_id]);
  const tags = await db.selectFrom('tags').select(['id', 'name', 'name_ru']).where('city_id', '=', place.cityId).orderBy('id').execute();
  return {
    categories: categories.map((row) => ({
      id: row.id,
      name: row.name,
      name_ru: row.name_ru,
      position: row.position,
      enabled: row.enabled,
      startDisplayingAt: hhmm(row.start_displaying_at),
      stopDisplayingAt: hhmm(row.stop_displaying_at),
    })),
    dishes: dishes.map((row) => ({
      id: row.id,
      categoryId: row.dish_category_id,
      name: row.name,
      name_ru: row.name_ru,
      description: row.description,
      description_ru: row.description_ru,
      price: Number(row.price),
      amount: row.amount,
      enabled: row.enabled,
      tags: tagsOf.get(row.id) ?? [],
      position: row.position,
    })),
    tags,
  };
}

const categoryColumns = (values: MenuPlan['categories']['added'][number]['values']) => ({
  name: values.name,
  name_ru: values.name_ru,
  position: values.position,
  enabled: values.enabled,
  start_displaying_at: values.startDisplayingAt,
  stop_displaying_at: values.stopDisplayingAt,
});

const dishColumns = (values: MenuPlan['dishes']['added'][number]['values']) => ({
  name: values.name,
  name_ru: values.name_ru,
  description: values.description,
  description_ru: values.description_ru,
  price: values.price,
  amount: values.amount,
  enabled: values.enabled,
  position: values.position,
});

/** How many rows go in one INSERT: well under PostgreSQL's 65,535 parameters. */
const BATCH = 500;
const batches = <T>(rows: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += BATCH) out.push(rows.slice(at, at + BATCH));
  return out;
};

/**
 * Writes an import's plan inside the caller's transaction: new categories first (their dishes
 * need their ids), then changed ones, dishes added and changed (moved ones included), and last
 * the dishes and categories removed. The photos and popularity of the dishes are left as they are.
 */
export async function writePlan(trx: Transaction<Database>, restaurantId: number, plan: MenuPlan, now: Date): Promise<void> {
  const addedIds: number[] = [];
  for (const batch of batches(plan.categories.added)) {
    const rows = await trx
      .insertInto('dish_categories')
      .values(batch.map(({ values }) => ({ restaurant_id: restaurantId, ...categoryColumns(values), updated_at: now })))
      .returning('id')
      .execute();
    addedIds.push(...rows.map((row) => row.id));
  }
  const categoryId = (ref: MenuPlan['dishes']['added'][number]['category']): number => {
    if ('id' in ref) return ref.id;
    const id = addedIds[ref.added];
    if (id === undefined) throw new Error(`The import's new category ${ref.added} has no id`);
    return id;
  };
  // Changed rows are written a batch per statement (one UPDATE per row took seconds on PGlite at 1,000 dishes).
  for (const batch of batches(plan.categories.changed)) {
    const rows = batch.map(({ id, values }) => {
      const c = categoryColumns(values);
      return sql`(${id}::int, ${c.name}::text, ${c.name_ru}::text, ${c.position}::int, ${c.enabled}::boolean, ${c.start_displaying_at}::time, ${c.stop_displaying_at}::time)`;
    });
    await sql`
      UPDATE dish_categories SET name = v.name, name_ru = v.name_ru, position = v.position, enabled = v.enabled,
        start_displaying_at = v.start_at, stop_displaying_at = v.stop_at, updated_at = ${now}
      FROM (VALUES ${sql.join(rows)}) AS v (id, name, name_ru, position, enabled, start_at, stop_at)
      WHERE dish_categories.id = v.id`.execute(trx);
  }

  const tagRows: { dish_id: number; tag_id: number }[] = [];
  for (const batch of batches(plan.dishes.added)) {
    const rows = await trx
      .insertInto('dishes')
      .values(batch.map(({ category, values }) => ({ dish_category_id: categoryId(category), ...dishColumns(values), updated_at: now })))
      .returning('id')
      .execute();
    rows.forEach((row, index) => {
      for (const tag_id of batch[index]?.values.tags ?? []) tagRows.push({ dish_id: row.id, tag_id });
    });
  }
  const retagged: number[] = [];
  for (const batch of batches(plan.dishes.changed)) {
    const rows = batch.map(({ id, category, values }) => {
      const d = dishColumns(values);
      return sql`(${id}::int, ${categoryId(category)}::int, ${d.name}::text, ${d.name_ru}::text, ${d.description}::text,
        ${d.description_ru}::text, ${d.price}::numeric, ${d.amount}::int, ${d.enabled}::boolean, ${d.position}::int)`;
    });
    await sql`
      UPDATE dishes SET dish_category_id = v.category_id, name = v.name, name_ru = v.name_ru, description = v.description,
        description_ru = v.description_ru, price = v.price, amount = v.amount, enabled = v.enabled, position = v.position,
        updated_at = ${now}
      FROM (VALUES ${sql.join(rows)}) AS v (id, category_id, name, name_ru, description, description_ru, price, amount, enabled, position)
      WHERE dishes.id = v.id`.execute(trx);
  }
  for (const { id, values, tagsChanged } of plan.dishes.changed) {
    if (!tagsChanged) continue;
    retagged.push(id);
    for (const tag_id of values.tags) tagRows.push({ dish_id: id, tag_id });
  }
  for (const batch of batches(retagged)) await trx.deleteFrom('dish_tags').where('dish_id', 'in', batch).execute();
  for (const batch of batches(tagRows)) await trx.insertInto('dish_tags').values(batch).execute();

  for (const batch of batches(plan.dishes.removed.map((dish) => dish.id)))
    await trx.deleteFrom('dishes').where('id', 'in', batch).execute();
  for (const batch of batches(plan.categories.removed.map((category) => category.id)))
    await trx.deleteFrom('dish_categories').where('id', 'in', batch).execute();
}
