import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Locale } from '../../../src/domain';
import {
  CATEGORY_COLUMNS,
  columnOfHeader,
  DISH_COLUMNS,
  MENU_FILE_MAX_UNPACKED_BYTES,
  MENU_MAX_CATEGORY_ROWS,
  MENU_MAX_DISH_ROWS,
  MENU_SHEET_TEXTS,
  sheetKey,
  sheetOfName,
  type CategoryColumn,
  type DishColumn,
  type ReadMenuSheets,
  type ReadSheet,
  type SheetCell,
} from '../../../src/domain/menuSheet';
import type { StoredMenu } from '../../../src/domain/menuSheetPlan';
import { apiError } from '../../errors';
import { unpacksWithin } from './unzippedSize';

/** The menu workbook: written for export (or blank, as a template), and read back for an import. */

const WIDTHS: Partial<Record<CategoryColumn | DishColumn, number>> = {
  name: 28,
  name_ru: 28,
  description: 40,
  description_ru: 40,
  category: 24,
  tags: 24,
  startDisplayingAt: 16,
  stopDisplayingAt: 16,
};

const headerRow = (sheet: ExcelJS.Worksheet) => {
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
};

/**
 * The menu as a workbook in `locale`: its categories, its dishes (each naming its category as
 * the categories sheet does: by name, or by id where two share a name), and the city's tags for
 * reference. Without a menu, the blank template with the same headers.
 */
export async function writeMenuWorkbook(menu: StoredMenu | null, cityTags: StoredMenu['tags'], locale: Locale): Promise<Buffer> {
  const texts = MENU_SHEET_TEXTS[locale];
  const yesNo = (value: boolean) => (value ? texts.yes : texts.no);
  const workbook = new ExcelJS.Workbook();
  const categories = workbook.addWorksheet(texts.sheets.categories);
  categories.columns = CATEGORY_COLUMNS.map((key) => ({ key, header: texts.categories[key], width: WIDTHS[key] ?? 14 }));
  const dishes = workbook.addWorksheet(texts.sheets.dishes);
  dishes.columns = DISH_COLUMNS.map((key) => ({ key, header: texts.dishes[key], width: WIDTHS[key] ?? 12 }));
  const tags = workbook.addWorksheet(texts.sheets.tags);
  tags.columns = [
    { key: 'name', header: texts.tags.name, width: 24 },
    { key: 'name_ru', header: texts.tags.name_ru, width: 24 },
  ];
  for (const sheet of [categories, dishes, tags]) headerRow(sheet);
  // Text columns stay text: "0930" or "22:00" typed there are kept as typed.
  for (const key of ['name', 'name_ru', 'startDisplayingAt', 'stopDisplayingAt'] as const) categories.getColumn(key).numFmt = '@';
  for (const key of ['name', 'name_ru', 'description', 'description_ru', 'tags'] as const) dishes.getColumn(key).numFmt = '@';
  for (const tag of cityTags) tags.addRow({ name: tag.name, name_ru: tag.name_ru });

  if (menu) {
    const nameCount = new Map<string, number>();
    for (const category of menu.categories) nameCount.set(sheetKey(category.name), (nameCount.get(sheetKey(category.name)) ?? 0) + 1);
    const reference = new Map(
      menu.categories.map((category) => {
        const plain = nameCount.get(sheetKey(category.name)) === 1 && !/^\d+$/.test(category.name.trim()) && category.name.trim() !== '';
        return [category.id, plain ? category.name : category.id];
      }),
    );
    const tagNames = new Map(cityTags.map((tag) => [tag.id, tag.name]));
    for (const category of menu.categories) {
      categories.addRow({ ...category, enabled: yesNo(category.enabled) });
    }
    for (const dish of menu.dishes) {
      dishes.addRow({
        ...dish,
        category: reference.get(dish.categoryId) ?? dish.categoryId,
        enabled: yesNo(dish.enabled),
        tags: dish.tags.map((id) => tagNames.get(id) ?? '').join(', '),
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as the rules read it: formulas as their result, rich text and links as their text, times of day as HH:mm. */
function cellOf(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) {
    // A time typed into a cell the spreadsheet took for a date: its time of day (exceljs reads it as UTC).
    return `${String(value.getUTCHours()).padStart(2, '0')}:${String(value.getUTCMinutes()).padStart(2, '0')}`;
  }
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('error' in value) return String(value.error);
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    if (result === undefined || result === null) return null;
    if (typeof result === 'object') return result instanceof Date ? cellOf(result) : String(result.error);
    return result;
  }
  if ('text' in value) return textOfLink(value.text);
  return null;
}

/** A link's text: plain, or rich text as some spreadsheets write it. */
function textOfLink(text: unknown): string {
  if (typeof text === 'string') return text;
  if (typeof text === 'object' && text !== null && 'richText' in text && Array.isArray(text.richText))
    return text.richText
      .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''))
      .join('');
  return '';
}

function readSheet<C extends string>(
  sheet: ExcelJS.Worksheet | undefined,
  columnOf: (header: string) => C | null,
  maxRows: number,
): ReadSheet<C> {
  if (!sheet) return { found: false, columns: {}, rows: [] };
  if (sheet.actualRowCount > maxRows + 1) throw apiError(400, 'MENU_FILE_TOO_MANY_ROWS', { sheet: sheet.name, max: maxRows });
  const columns: Partial<Record<C, string>> = {};
  const numbers = new Map<number, C>();
  sheet.getRow(1).eachCell((cell, number) => {
    const column = columnOf(String(cellOf(cell.value) ?? ''));
    if (column && columns[column] === undefined) {
      columns[column] = cell.address.replace(/\d+$/, '');
      numbers.set(number, column);
    }
  });
  const rows: ReadSheet<C>['rows'] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: Partial<Record<C, SheetCell>> = {};
    row.eachCell((cell, index) => {
      const column = numbers.get(index);
      if (column) cells[column] = cellOf(cell.value);
    });
    rows.push({ row: number, cells });
  });
  return { found: true, columns, rows };
}

/**
 * The categories and dishes sheets of an uploaded workbook, found by their names in any of the
 * sheet's languages (else the first and second sheet), headers read in any language. A file
 * that is no workbook is a 400; one with too many rows too.
 */
export async function readMenuWorkbook(data: Buffer): Promise<ReadMenuSheets> {
  if ((await unpacksWithin(data, MENU_FILE_MAX_UNPACKED_BYTES)) === false) {
    throw apiError(413, 'MENU_FILE_TOO_LARGE_UNPACKED', { megabytes: Math.round(MENU_FILE_MAX_UNPACKED_BYTES / 1024 / 1024) });
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.read(Readable.from([data]));
  } catch {
    throw apiError(400, 'MENU_FILE_UNREADABLE');
  }
  const named = (which: 'categories' | 'dishes', index: number) =>
    workbook.worksheets.find((sheet) => sheetOfName(sheet.name) === which) ??
    (workbook.worksheets.some((sheet) => sheetOfName(sheet.name) !== null) ? undefined : workbook.worksheets[index]);
  return {
    categories: readSheet(named('categories', 0), (header) => columnOfHeader('categories', header), MENU_MAX_CATEGORY_ROWS),
    dishes: readSheet(named('dishes', 1), (header) => columnOfHeader('dishes', header), MENU_MAX_DISH_ROWS),
  };
}
