import { z } from 'zod';
import type { Locale } from './constants';

/**
 * A restaurant's menu as a spreadsheet: its categories on one sheet, its dishes on another,
 * one column per field of the category and dish forms. Exported in the user's language, read
 * back in any of them. The rules of each row are the forms' own (dishes.ts); this module names
 * the columns, reads the cells and describes the preview of an import (menuSheetPlan.ts
 * compares the sheet with the stored menu).
 */

/** The API's paths of the menu sheet, under /api. */
export const MENU_SHEET_PATHS = {
  file: '/restaurants/:id/menu.xlsx',
  preview: '/restaurants/:id/menuImport/preview',
  apply: '/restaurants/:id/menuImport/apply',
} as const;

export const MENU_SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The largest file an import takes: a menu of 5,000 dishes is about 300 KB. */
export const MENU_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** The most its sheets may take unpacked (a 5,000-dish sheet takes a few MB). */
export const MENU_FILE_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
export const MENU_MAX_CATEGORY_ROWS = 500;
export const MENU_MAX_DISH_ROWS = 5000;

export const CATEGORY_COLUMNS = ['id', 'name', 'name_ru', 'position', 'enabled', 'startDisplayingAt', 'stopDisplayingAt'] as const;
export const DISH_COLUMNS = [
  'id',
  'category',
  'name',
  'name_ru',
  'description',
  'description_ru',
  'price',
  'amount',
  'enabled',
  'tags',
  'position',
] as const;
export type CategoryColumn = (typeof CATEGORY_COLUMNS)[number];
export type DishColumn = (typeof DISH_COLUMNS)[number];
export type MenuSheetName = 'categories' | 'dishes';

interface SheetTexts {
  sheets: { categories: string; dishes: string; tags: string };
  categories: Record<CategoryColumn, string>;
  dishes: Record<DishColumn, string>;
  tags: { name: string; name_ru: string };
  yes: string;
  no: string;
}

/** The sheets' names and column headers in each language (the file is read back in any of them). */
export const MENU_SHEET_TEXTS: Record<Locale, SheetTexts> = {
  en: {
    sheets: { categories: 'Categories', dishes: 'Dishes', tags: 'Tags' },
    categories: {
      id: 'Category id',
      name: 'Name',
      name_ru: 'Name in Russian',
      position: 'Position',
      enabled: 'Enabled',
      startDisplayingAt: 'Shown from',
      stopDisplayingAt: 'Shown until',
    },
    dishes: {
      id: 'Dish id',
      category: 'Category',
      name: 'Name',
      name_ru: 'Name in Russian',
      description: 'Description',
      description_ru: 'Description in Russian',
      price: 'Price',
      amount: 'Stock',
      enabled: 'Enabled',
      tags: 'Tags',
      position: 'Position',
    },
    tags: { name: 'Tag', name_ru: 'Tag in Russian' },
    yes: 'yes',
    no: 'no',
  },
  ru: {
    sheets: { categories: 'Категории', dishes: 'Блюда', tags: 'Теги' },
    categories: {
      id: 'ID категории',
      name: 'Название',
      name_ru: 'Название на русском',
      position: 'Позиция',
      enabled: 'Включена',
      startDisplayingAt: 'Показывать с',
      stopDisplayingAt: 'Показывать до',
    },
    dishes: {
      id: 'ID блюда',
      category: 'Категория',
      name: 'Название',
      name_ru: 'Название на русском',
      description: 'Описание',
      description_ru: 'Описание на русском',
      price: 'Цена',
      amount: 'Остаток',
      enabled: 'Включено',
      tags: 'Теги',
      position: 'Позиция',
    },
    tags: { name: 'Тег', name_ru: 'Тег на русском' },
    yes: 'да',
    no: 'нет',
  },
  es: {
    sheets: { categories: 'Categorías', dishes: 'Platos', tags: 'Etiquetas' },
    categories: {
      id: 'ID de categoría',
      name: 'Nombre',
      name_ru: 'Nombre en ruso',
      position: 'Posición',
      enabled: 'Activada',
      startDisplayingAt: 'Se muestra desde',
      stopDisplayingAt: 'Se muestra hasta',
    },
    dishes: {
      id: 'ID del plato',
      category: 'Categoría',
      name: 'Nombre',
      name_ru: 'Nombre en ruso',
      description: 'Descripción',
      description_ru: 'Descripción en ruso',
      price: 'Precio',
      amount: 'Existencias',
      enabled: 'Activado',
      tags: 'Etiquetas',
      position: 'Posición',
    },
    tags: { name: 'Etiqueta', name_ru: 'Etiqueta en ruso' },
    yes: 'sí',
    no: 'no',
  },
};

const LOCALES_OF_SHEET: readonly Locale[] = ['en', 'ru', 'es'];

/** Header and sheet names compare without case, surrounding blanks or repeated spaces. */
export const sheetKey = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Which sheet a worksheet name is, in any language; null for any other sheet. */
export const sheetOfName = (name: string): MenuSheetName | 'tags' | null => {
  const key = sheetKey(name);
  for (const locale of LOCALES_OF_SHEET) {
    const names = MENU_SHEET_TEXTS[locale].sheets;
    if (key === sheetKey(names.categories)) return 'categories';
    if (key === sheetKey(names.dishes)) return 'dishes';
    if (key === sheetKey(names.tags)) return 'tags';
  }
  return null;
};

/** The column a header names on a sheet, in any language, or null. */
export function columnOfHeader(sheet: 'categories', header: string): CategoryColumn | null;
export function columnOfHeader(sheet: 'dishes', header: string): DishColumn | null;
export function columnOfHeader(sheet: MenuSheetName, header: string): CategoryColumn | DishColumn | null {
  const key = sheetKey(header);
  for (const locale of LOCALES_OF_SHEET) {
    const headers: Record<string, string> = MENU_SHEET_TEXTS[locale][sheet];
    const found = Object.entries(headers).find(([, label]) => sheetKey(label) === key);
    if (found)
      return sheet === 'categories'
        ? (CATEGORY_COLUMNS.find((c) => c === found[0]) ?? null)
        : (DISH_COLUMNS.find((c) => c === found[0]) ?? null);
  }
  return null;
}

/** A cell as the server reads it from the workbook: formulas as their result, rich text as its text, times as HH:mm. */
export type SheetCell = string | number | boolean | null;

/** A sheet as read: the letter of each column found, and its rows (1-based, the header is row 1) by column. */
export interface ReadSheet<C extends string> {
  /** Whether the workbook has the sheet at all. */
  found: boolean;
  columns: Partial<Record<C, string>>;
  rows: { row: number; cells: Partial<Record<C, SheetCell>> }[];
}

export interface ReadMenuSheets {
  categories: ReadSheet<CategoryColumn>;
  dishes: ReadSheet<DishColumn>;
}

const YES = new Set(['yes', 'y', 'true', '1', 'да', 'д', 'sí', 'si', 's', 'on', '+']);
const NO = new Set(['no', 'n', 'false', '0', 'нет', 'н', 'off', '-']);

/** A text cell: empty is ''. */
export const textOf = (cell: SheetCell | undefined): string => (cell === null || cell === undefined ? '' : String(cell));

/**
 * A number cell: empty is null, text that spells a number (with a comma or a point) is that
 * number, anything else stays as it was for the form's rule to refuse ("must be a number").
 */
export const numberOf = (cell: SheetCell | undefined): number | string | boolean | null => {
  if (cell === null || cell === undefined) return null;
  if (typeof cell !== 'string') return cell;
  const text = cell.trim().replace(/\s/g, '');
  if (text === '') return null;
  return /^-?\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : cell;
};

/** A yes/no cell in any of the sheet's languages: empty is undefined (the stored value, or yes for a new row). */
export const flagOf = (cell: SheetCell | undefined): boolean | string | number | undefined => {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell === 'boolean') return cell;
  const key = sheetKey(String(cell));
  if (key === '') return undefined;
  if (YES.has(key)) return true;
  if (NO.has(key)) return false;
  return cell;
};

/** A time cell: HH:mm text, or a fraction of a day as a spreadsheet keeps a time; empty is null. */
export const timeOf = (cell: SheetCell | undefined): string | null | number | boolean => {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number' && cell >= 0 && cell < 1) {
    const minutes = Math.round(cell * 24 * 60) % (24 * 60);
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  }
  if (typeof cell !== 'string') return cell;
  const text = cell.trim();
  if (text === '') return null;
  // 9:30 as a person types it is 09:30.
  return /^\d:\d\d$/.test(text) ? `0${text}` : text;
};

/** The id column: empty is a new row; else a whole positive number, or the text to refuse. */
export const idOf = (cell: SheetCell | undefined): number | null | 'invalid' => {
  const value = numberOf(cell);
  if (value === null) return null;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : 'invalid';
};

/** The tags cell: names separated by commas or semicolons. */
export const tagNamesOf = (cell: SheetCell | undefined): string[] =>
  textOf(cell)
    .split(/[,;]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');

/** The English texts of the sheet's own problems (the rows' field rules speak with validation.*). */
export const MENU_SHEET_PROBLEMS_EN = {
  missingSheet: 'The file has no sheet %{sheet}',
  missingColumn: 'The column %{column} is missing',
  unknownCategoryId: 'No category of this menu has the id %{id}: leave the id empty to add one',
  unknownDishId: 'No dish of this menu has the id %{id}: leave the id empty to add one',
  duplicateId: 'The id %{id} is already on row %{other}',
  unknownCategory: 'No category "%{name}" on the categories sheet',
  ambiguousCategory: 'Several categories are called "%{name}": write the category id instead',
  unknownTag: 'The city has no tag "%{name}"',
  mayNotAddCategories: 'Your role may not add categories',
  mayNotAddDishes: 'Your role may not add dishes',
  mayNotRemoveCategory: 'Your role may not remove the category "%{name}": put its row back',
  mayNotRemoveDish: 'Your role may not remove the dish "%{name}": put its row back',
} as const;
export type MenuSheetProblem = keyof typeof MENU_SHEET_PROBLEMS_EN;

export const sheetProblemKey = (name: MenuSheetProblem) => `menuSheet.${name}`;

export const renderSheetProblem = (name: MenuSheetProblem, args: Record<string, string | number> = {}): string =>
  MENU_SHEET_PROBLEMS_EN[name].replace(/%\{(\w+)\}/g, (_, arg: string) => String(args[arg] ?? ''));

const problemArgs = z.record(z.string(), z.union([z.string(), z.number()]));

/** One refused cell, row or sheet, and why: `key` is validation.* (a form rule) or menuSheet.* (the sheet's own). */
export const menuRefusal = z.object({
  sheet: z.enum(['categories', 'dishes']),
  /** The sheet's row number, null for the sheet as a whole (a missing column, a removed row). */
  row: z.number().int().nullable(),
  /** The cell, as the spreadsheet names it (G5), when one is to blame. */
  cell: z.string().nullable(),
  field: z.string().nullable(),
  key: z.string(),
  args: problemArgs.optional(),
  /** The English text. */
  message: z.string(),
});
export type MenuRefusal = z.infer<typeof menuRefusal>;

/** A value of a field as the preview shows it (tags as their names, the category as its name). */
const shownValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ShownValue = z.infer<typeof shownValue>;

const fieldChange = z.object({ field: z.string(), old: shownValue, new: shownValue });
export type FieldChange = z.infer<typeof fieldChange>;

const previewRow = z.object({
  id: z.number().int().nullable(),
  row: z.number().int().nullable(),
  name: z.string(),
  /** For dishes, the category's name. */
  category: z.string().nullable(),
});
const changedRow = previewRow.extend({ changes: z.array(fieldChange) });
const removedRow = previewRow.extend({ dishCount: z.number().int().nullable() });

const counts = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
});
export type MenuCounts = z.infer<typeof counts>;

const sheetChanges = z.object({ added: z.array(previewRow), changed: z.array(changedRow), removed: z.array(removedRow) });

export const menuImportPreview = z.object({
  /** What the preview was made of (the file and the menu as stored): apply refuses when either differs. */
  version: z.string(),
  summary: z.object({ categories: counts, dishes: counts, refused: z.number().int() }),
  categories: sheetChanges,
  dishes: sheetChanges,
  refused: z.array(menuRefusal),
});
export type MenuImportPreview = z.infer<typeof menuImportPreview>;

export const menuImportResult = z.object({ summary: z.object({ categories: counts, dishes: counts }) });
export type MenuImportResult = z.infer<typeof menuImportResult>;
