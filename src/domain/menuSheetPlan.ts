import { dishCategoryFormSchema, dishEditSchema, dishSchema } from './dishes';
import {
  CATEGORY_COLUMNS,
  DISH_COLUMNS,
  flagOf,
  idOf,
  numberOf,
  renderSheetProblem,
  sheetKey,
  sheetProblemKey,
  tagNamesOf,
  textOf,
  timeOf,
  type FieldChange,
  type MenuCounts,
  type MenuImportPreview,
  type MenuRefusal,
  type MenuSheetName,
  type MenuSheetProblem,
  type ReadMenuSheets,
  type ReadSheet,
  type SheetCell,
  type ShownValue,
} from './menuSheet';
import { check, problem, renderMessage } from './validation';

/**
 * What importing a menu sheet would do to the stored menu: the rows it adds, the fields it
 * changes, the rows it removes (those missing from the sheet), and every row it refuses and
 * why. Each row is checked with the category and dish forms' own schemas; the API previews the
 * plan and, once confirmed, makes it again against the menu as it then is and writes it.
 */

export interface StoredCategory {
  id: number;
  name: string;
  name_ru: string;
  position: number;
  enabled: boolean;
  startDisplayingAt: string | null;
  stopDisplayingAt: string | null;
}

export interface StoredDish {
  id: number;
  categoryId: number;
  name: string;
  name_ru: string;
  description: string;
  description_ru: string;
  price: number;
  amount: number | null;
  enabled: boolean;
  /** Tag ids, ascending. */
  tags: number[];
  position: number;
}

export interface CityTag {
  id: number;
  name: string;
  name_ru: string;
}

export interface StoredMenu {
  categories: StoredCategory[];
  dishes: StoredDish[];
  /** The tags of the restaurant's city: the only ones its dishes may carry. */
  tags: CityTag[];
}

/** What the user's role may do to a menu beyond changing its rows (operators change, never add or remove). */
export interface MenuRights {
  addCategories: boolean;
  removeCategories: boolean;
  addDishes: boolean;
  removeDishes: boolean;
}

export type CategoryValues = Omit<StoredCategory, 'id'>;
export type DishValues = Omit<StoredDish, 'id' | 'categoryId'>;
/** A dish's category: a stored one, or one the same import adds (its index among the added). */
export type CategoryRef = { id: number } | { added: number };

export interface MenuPlan {
  categories: {
    added: { row: number; values: CategoryValues }[];
    changed: { id: number; row: number; values: CategoryValues; changes: FieldChange[] }[];
    removed: (StoredCategory & { dishCount: number })[];
    unchanged: number;
  };
  dishes: {
    added: { row: number; category: CategoryRef; values: DishValues }[];
    changed: { id: number; row: number; category: CategoryRef; values: DishValues; changes: FieldChange[]; tagsChanged: boolean }[];
    removed: StoredDish[];
    unchanged: number;
  };
  refused: MenuRefusal[];
}

/** The dish form's rules for a sheet row; the category comes from its own column, the photo stays. */
const newDishRow = dishSchema.omit({ dishCategoryId: true, telegramFileId: true, popularityCoefficient: true });
const dishRow = dishEditSchema.omit({ dishCategoryId: true, telegramFileId: true, popularityCoefficient: true });

type Args = Record<string, string | number>;

function refusals() {
  const list: MenuRefusal[] = [];
  const cellOf = (sheet: ReadSheet<string>, field: string | null, row: number | null) => {
    const letter = field === null ? undefined : sheet.columns[field];
    return letter && row !== null ? `${letter}${row}` : null;
  };
  return {
    list,
    /** A sheet rule of its own (menuSheet.*). */
    sheet(
      name: MenuSheetName,
      sheet: ReadSheet<string>,
      row: number | null,
      field: string | null,
      what: MenuSheetProblem,
      args: Args = {},
    ) {
      list.push({
        sheet: name,
        row,
        cell: cellOf(sheet, field, row),
        field,
        key: sheetProblemKey(what),
        args,
        message: renderSheetProblem(what, args),
      });
    },
    /** A rule of the category or dish form (validation.*). */
    field(name: MenuSheetName, sheet: ReadSheet<string>, row: number, field: string, key: string, message: string, args?: Args) {
      const known = sheet.columns[field] !== undefined;
      list.push({ sheet: name, row, cell: cellOf(sheet, field, row), field: known ? field : null, key, args, message });
    },
  };
}

type Refusals = ReturnType<typeof refusals>;

const isBlank = (cells: Partial<Record<string, SheetCell>>) => Object.values(cells).every((cell) => textOf(cell).trim() === '');

/** Each missing sheet or column, refused once; true when the sheet can be read row by row. */
function checkColumns(name: MenuSheetName, sheet: ReadSheet<string>, columns: readonly string[], refused: Refusals): boolean {
  if (!sheet.found) {
    refused.sheet(name, sheet, null, null, 'missingSheet', { sheet: name });
    return false;
  }
  const missing = columns.filter((column) => sheet.columns[column] === undefined);
  for (const column of missing) refused.sheet(name, sheet, 1, column, 'missingColumn', { column });
  return missing.length === 0;
}

/** The row's id: a stored row's, null for a new row, undefined when refused (unknown, repeated or not a number). */
function rowId(
  name: MenuSheetName,
  sheet: ReadSheet<string>,
  row: number,
  cell: SheetCell | undefined,
  stored: ReadonlySet<number>,
  seen: Map<number, number>,
  refused: Refusals,
): number | null | undefined {
  const id = idOf(cell);
  if (id === null) return null;
  if (id === 'invalid') {
    const found = problem('id');
    refused.field(name, sheet, row, 'id', found.key, renderMessage(found));
    return undefined;
  }
  const other = seen.get(id);
  if (other !== undefined) {
    refused.sheet(name, sheet, row, 'id', 'duplicateId', { id, other });
    return undefined;
  }
  seen.set(id, row);
  if (!stored.has(id)) {
    refused.sheet(name, sheet, row, 'id', name === 'categories' ? 'unknownCategoryId' : 'unknownDishId', { id });
    return undefined;
  }
  return id;
}

const tagText = (ids: readonly number[], tags: ReadonlyMap<number, CityTag>) => ids.map((id) => tags.get(id)?.name ?? `#${id}`).join(', ');

function differences<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
  shown: (field: keyof T, value: T[keyof T]) => ShownValue,
) {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (before[field] !== after[field]) changes.push({ field, old: shown(field, before[field]), new: shown(field, after[field]) });
  }
  return changes;
}

const CATEGORY_FIELDS = ['name', 'name_ru', 'position', 'enabled', 'startDisplayingAt', 'stopDisplayingAt'] as const;
const DISH_FIELDS = ['name', 'name_ru', 'description', 'description_ru', 'price', 'amount', 'enabled', 'position'] as const;
const asShown = (value: unknown): ShownValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

interface CategoryEntry {
  row: number;
  /** Where its dishes go; null when the row is refused. */
  ref: CategoryRef | null;
  name: string;
}

/** The plan of importing `sheets` into the menu as stored, for a user with `rights`. */
export function planMenuImport(sheets: ReadMenuSheets, stored: StoredMenu, rights: MenuRights): MenuPlan {
  const refused = refusals();
  const plan: MenuPlan = {
    categories: { added: [], changed: [], removed: [], unchanged: 0 },
    dishes: { added: [], changed: [], removed: [], unchanged: 0 },
    refused: refused.list,
  };
  const storedCategories = new Map(stored.categories.map((category) => [category.id, category]));
  const storedDishes = new Map(stored.dishes.map((dish) => [dish.id, dish]));
  const categoryIds = new Set(storedCategories.keys());
  const dishIds = new Set(storedDishes.keys());
  const tagsById = new Map(stored.tags.map((tag) => [tag.id, tag]));
  const tagsByName = new Map<string, CityTag>();
  // A tag is found by its name, else by its Russian name; the lowest id first when two share one.
  for (const tag of [...stored.tags].sort((a, b) => b.id - a.id)) tagsByName.set(sheetKey(tag.name_ru), tag);
  for (const tag of [...stored.tags].sort((a, b) => b.id - a.id)) if (tag.name) tagsByName.set(sheetKey(tag.name), tag);

  // ---- Categories ----
  const { categories: categorySheet, dishes: dishSheet } = sheets;
  const categoriesReadable = checkColumns('categories', categorySheet, CATEGORY_COLUMNS, refused);
  const entries: CategoryEntry[] = [];
  const presentCategories = new Set<number>();
  const seenCategories = new Map<number, number>();
  for (const { row, cells } of categorySheet.rows) {
    if (isBlank(cells)) continue;
    const id = rowId('categories', categorySheet, row, cells.id, categoryIds, seenCategories, refused);
    if (typeof id === 'number') presentCategories.add(id);
    const entry: CategoryEntry = { row, ref: null, name: textOf(cells.name).trim() };
    entries.push(entry);
    if (!categoriesReadable) continue;
    const result = check(dishCategoryFormSchema, {
      name: textOf(cells.name),
      name_ru: textOf(cells.name_ru),
      position: numberOf(cells.position),
      enabled: flagOf(cells.enabled),
      startDisplayingAt: timeOf(cells.startDisplayingAt),
      stopDisplayingAt: timeOf(cells.stopDisplayingAt),
    });
    for (const error of result.errors ?? [])
      refused.field('categories', categorySheet, row, error.field, error.key, error.message, error.args);
    if (id === undefined || !result.data) continue;
    const data = result.data;
    const before = id === null ? undefined : storedCategories.get(id);
    const values: CategoryValues = {
      name: data.name.trim(),
      name_ru: data.name_ru.trim(),
      position: data.position,
      enabled: data.enabled ?? before?.enabled ?? true,
      startDisplayingAt: data.startDisplayingAt || null,
      stopDisplayingAt: data.stopDisplayingAt || null,
    };
    if (!before) {
      if (!rights.addCategories) {
        refused.sheet('categories', categorySheet, row, null, 'mayNotAddCategories');
        continue;
      }
      entry.ref = { added: plan.categories.added.length };
      plan.categories.added.push({ row, values });
      continue;
    }
    entry.ref = { id: before.id };
    const changes = differences(before, { ...values, id: before.id }, CATEGORY_FIELDS, (_, value) => asShown(value));
    if (changes.length === 0) plan.categories.unchanged++;
    else plan.categories.changed.push({ id: before.id, row, values, changes });
  }
  const dishCounts = new Map<number, number>();
  for (const dish of stored.dishes) dishCounts.set(dish.categoryId, (dishCounts.get(dish.categoryId) ?? 0) + 1);
  if (categoriesReadable) {
    for (const category of stored.categories) {
      if (presentCategories.has(category.id)) continue;
      if (!rights.removeCategories) refused.sheet('categories', categorySheet, null, null, 'mayNotRemoveCategory', { name: category.name });
      else plan.categories.removed.push({ ...category, dishCount: dishCounts.get(category.id) ?? 0 });
    }
  }

  // ---- Dishes ----
  const byName = new Map<string, CategoryEntry[]>();
  for (const entry of entries) byName.set(sheetKey(entry.name), [...(byName.get(sheetKey(entry.name)) ?? []), entry]);
  const byId = new Map<number, CategoryEntry>();
  for (const entry of entries) if (entry.ref && 'id' in entry.ref) byId.set(entry.ref.id, entry);
  const categoryName = (ref: CategoryRef): string =>
    'id' in ref
      ? (entries.find((e) => e.ref && 'id' in e.ref && e.ref.id === ref.id)?.name ?? storedCategories.get(ref.id)?.name ?? '')
      : (plan.categories.added[ref.added]?.values.name ?? '');

  const dishesReadable = checkColumns('dishes', dishSheet, DISH_COLUMNS, refused);
  const presentDishes = new Set<number>();
  const seenDishes = new Map<number, number>();
  for (const { row, cells } of dishesReadable ? dishSheet.rows : []) {
    if (isBlank(cells)) continue;
    const id = rowId('dishes', dishSheet, row, cells.id, dishIds, seenDishes, refused);
    if (typeof id === 'number') presentDishes.add(id);

    const categoryText = textOf(cells.category).trim();
    let category: CategoryEntry | undefined;
    if (categoryText === '') {
      const found = problem('required');
      refused.field('dishes', dishSheet, row, 'category', found.key, renderMessage(found));
    } else {
      const named = byName.get(sheetKey(categoryText)) ?? [];
      category = /^\d+$/.test(categoryText) ? (byId.get(Number(categoryText)) ?? named[0]) : named[0];
      if (named.length > 1 && !/^\d+$/.test(categoryText)) {
        refused.sheet('dishes', dishSheet, row, 'category', 'ambiguousCategory', { name: categoryText });
        category = undefined;
      } else if (!category) refused.sheet('dishes', dishSheet, row, 'category', 'unknownCategory', { name: categoryText });
    }

    const tags: number[] = [];
    let tagsKnown = true;
    for (const name of tagNamesOf(cells.tags)) {
      const tag = tagsByName.get(sheetKey(name));
      if (tag) tags.push(tag.id);
      else {
        tagsKnown = false;
        refused.sheet('dishes', dishSheet, row, 'tags', 'unknownTag', { name });
      }
    }
    const before = typeof id === 'number' ? storedDishes.get(id) : undefined;
    const result = check(before ? dishRow : newDishRow, {
      name: textOf(cells.name),
      name_ru: textOf(cells.name_ru),
      description: textOf(cells.description),
      description_ru: textOf(cells.description_ru),
      price: numberOf(cells.price),
      amount: numberOf(cells.amount),
      enabled: flagOf(cells.enabled),
      tags,
      position: numberOf(cells.position),
    });
    for (const error of result.errors ?? []) refused.field('dishes', dishSheet, row, error.field, error.key, error.message, error.args);
    if (id === undefined || !result.data || !category?.ref || !tagsKnown) continue;
    const data = result.data;
    const values: DishValues = {
      name: data.name.trim(),
      name_ru: data.name_ru ?? '',
      description: data.description ?? '',
      description_ru: data.description_ru ?? '',
      // Stored in cents (numeric(12, 2)): compared and written as the database keeps it.
      price: Math.round(data.price * 100) / 100,
      amount: data.amount ?? null,
      enabled: data.enabled ?? before?.enabled ?? true,
      tags: [...new Set(data.tags ?? [])].sort((a, b) => a - b),
      position: data.position,
    };
    const ref = category.ref;
    if (!before) {
      if (!rights.addDishes) refused.sheet('dishes', dishSheet, row, null, 'mayNotAddDishes');
      else plan.dishes.added.push({ row, category: ref, values });
      continue;
    }
    const changes = differences(before, { ...before, ...values }, DISH_FIELDS, (_, value) => asShown(value));
    const moved = !('id' in ref) || ref.id !== before.categoryId;
    if (moved) changes.unshift({ field: 'category', old: storedCategories.get(before.categoryId)?.name ?? '', new: categoryName(ref) });
    const tagsChanged = values.tags.join() !== before.tags.join();
    if (tagsChanged) changes.push({ field: 'tags', old: tagText(before.tags, tagsById), new: tagText(values.tags, tagsById) });
    if (changes.length === 0) plan.dishes.unchanged++;
    else plan.dishes.changed.push({ id: before.id, row, category: ref, values, changes, tagsChanged });
  }
  if (dishesReadable) {
    for (const dish of stored.dishes) {
      if (presentDishes.has(dish.id)) continue;
      if (!rights.removeDishes) refused.sheet('dishes', dishSheet, null, null, 'mayNotRemoveDish', { name: dish.name });
      else plan.dishes.removed.push(dish);
    }
  }
  return plan;
}

const countsOf = (part: { added: unknown[]; changed: unknown[]; removed: unknown[]; unchanged: number }): MenuCounts => ({
  added: part.added.length,
  changed: part.changed.length,
  removed: part.removed.length,
  unchanged: part.unchanged,
});

export const planSummary = (plan: MenuPlan) => ({ categories: countsOf(plan.categories), dishes: countsOf(plan.dishes) });

/** The preview the user confirms: what the plan adds, changes and removes, shown by name, and what it refuses. */
export function previewOf(plan: MenuPlan, stored: StoredMenu, version: string): MenuImportPreview {
  const categoryNames = new Map(stored.categories.map((category) => [category.id, category.name]));
  // A dish's category by the name the sheet gives it (a renamed category by its new name).
  for (const { id, values } of plan.categories.changed) categoryNames.set(id, values.name);
  const nameOf = (ref: CategoryRef) =>
    'id' in ref ? (categoryNames.get(ref.id) ?? '') : (plan.categories.added[ref.added]?.values.name ?? '');
  return {
    version,
    summary: { ...planSummary(plan), refused: plan.refused.length },
    categories: {
      added: plan.categories.added.map(({ row, values }) => ({ id: null, row, name: values.name, category: null })),
      changed: plan.categories.changed.map(({ id, row, values, changes }) => ({ id, row, name: values.name, category: null, changes })),
      removed: plan.categories.removed.map(({ id, name, dishCount }) => ({ id, row: null, name, category: null, dishCount })),
    },
    dishes: {
      added: plan.dishes.added.map(({ row, values, category }) => ({ id: null, row, name: values.name, category: nameOf(category) })),
      changed: plan.dishes.changed.map(({ id, row, values, category, changes }) => ({
        id,
        row,
        name: values.name,
        category: nameOf(category),
        changes,
      })),
      removed: plan.dishes.removed.map(({ id, name, categoryId }) => ({
        id,
        row: null,
        name,
        category: stored.categories.find((c) => c.id === categoryId)?.name ?? null,
        dishCount: null,
      })),
    },
    refused: plan.refused,
  };
}
