import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { Role } from '../../src/domain';
import { MENU_SHEET_TYPE, type MenuImportPreview } from '../../src/domain/menuSheet';
import { zipOf } from '../support/zipOf';
import { backends, bearer, createRestaurant, createStaff, login, useStaffApp } from './harness';

/** The restaurant's menu as rows, with each row's time: what an import must leave alone when nothing changes. */
const menuRows = async (db: Kysely<Database>, restaurantId: number) => {
  const categories = await db.selectFrom('dish_categories').selectAll().where('restaurant_id', '=', restaurantId).orderBy('id').execute();
  const dishes = await db
    .selectFrom('dishes')
    .innerJoin('dish_categories', 'dish_categories.id', 'dishes.dish_category_id')
    .selectAll('dishes')
    .where('dish_categories.restaurant_id', '=', restaurantId)
    .orderBy('dishes.id')
    .execute();
  const tags = await db
    .selectFrom('dish_tags')
    .selectAll()
    .where('dish_id', 'in', dishes.map((dish) => dish.id).concat(-1))
    .orderBy('dish_id')
    .orderBy('tag_id')
    .execute();
  return JSON.stringify({ categories, dishes, tags });
};

describe.each(backends)('a menu as a spreadsheet on %s', (backend) => {
  const t = useStaffApp(backend);
  let ownerOther: { authorization: string };
  let cityAdminOther: { authorization: string };
  let otherRestaurant: number;
  let otherCityRestaurant: number;
  let tags: { spicy: number; vegan: number; kids: number; elsewhere: number };
  let soups: number;
  let borscht: number;

  beforeAll(async () => {
    const { db } = t;
    const tag = async (cityId: number, name: string, name_ru: string) =>
      (await db.insertInto('tags').values({ city_id: cityId, name, name_ru }).returning('id').executeTakeFirstOrThrow()).id;
    tags = {
      spicy: await tag(t.ids.cityId, 'Spicy', 'Острое'),
      vegan: await tag(t.ids.cityId, 'Vegan', 'Веган'),
      kids: await tag(t.ids.cityId, 'Kids', 'Детское'),
      elsewhere: await tag(t.ids.otherCityId, 'Far', 'Далеко'),
    };
    otherRestaurant = await createRestaurant(db, t.ids.cityId, 'Next door');
    otherCityRestaurant = await createRestaurant(db, t.ids.otherCityId, 'Far away');
    await createStaff(db, { username: 'owner2', roleId: Role.RESTAURANT_OWNER, cityId: t.ids.cityId, restaurantId: otherRestaurant });
    await createStaff(db, { username: 'cityadmin2', roleId: Role.CITY_ADMIN, cityId: t.ids.otherCityId });
    ownerOther = bearer(await login(t.app, 'owner2'));
    cityAdminOther = bearer(await login(t.app, 'cityadmin2'));

    const category = async (restaurantId: number, payload: Record<string, unknown>) => {
      const response = await t.call('admin', 'POST', '/dishCategories', { restaurantId, name_ru: 'Р', position: 1, ...payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const dish = async (dishCategoryId: number, payload: Record<string, unknown>) => {
      const response = await t.call('admin', 'POST', '/dishes', {
        dishCategoryId,
        position: 1,
        description: 'Tasty',
        description_ru: 'Вкусно',
        price: 7.5,
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const r = t.ids.restaurantId;
    soups = await category(r, { name: 'Soups', name_ru: 'Супы', position: 1, startDisplayingAt: '22:00', stopDisplayingAt: '02:00' });
    const mains = await category(r, { name: 'Mains', name_ru: 'Горячее', position: 2, enabled: false });
    borscht = await dish(soups, { name: 'Borscht', name_ru: 'Борщ', price: 7.25, amount: 12, tags: [tags.spicy, tags.vegan] });
    await dish(soups, { name: 'Shchi', position: 2, description_ru: 'Щи, с "кавычками", и; точкой' });
    await dish(mains, { name: 'Cutlet', enabled: false, price: 12, tags: [tags.kids] });
    // A dish's photo is not in the sheet, and stays.
    await t.db.updateTable('dishes').set({ telegram_file_id: 'photo-1', popularity_coefficient: 3 }).where('id', '=', borscht).execute();
    await category(otherRestaurant, { name: 'Next', position: 1 });
    await category(otherCityRestaurant, { name: 'Far', position: 1 });
  });

  const as = (who: string) => (who === 'owner2' ? ownerOther : who === 'cityadmin2' ? cityAdminOther : t.auth[who]);
  const download = (who: string, restaurantId = t.ids.restaurantId, query = 'locale=en') =>
    t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/menu.xlsx?${query}`, headers: as(who) });
  const exported = async (who = 'admin', query = 'locale=en') => {
    const response = await download(who, t.ids.restaurantId, query);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.rawPayload;
  };
  const send = (who: string, step: 'preview' | 'apply', file: Buffer | string, restaurantId = t.ids.restaurantId, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/restaurants/${restaurantId}/menuImport/${step}${query}`,
      headers: { ...as(who), 'content-type': MENU_SHEET_TYPE },
      payload: file,
    });
  const preview = async (who: string, file: Buffer) => {
    const response = await send(who, 'preview', file);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    return response.json<MenuImportPreview>();
  };
  const apply = (who: string, file: Buffer, version: string) => send(who, 'apply', file, t.ids.restaurantId, `?version=${version}`);

  /** The workbook of `file`, changed by `edit`, as a new file. */
  const edited = async (file: Buffer, edit: (sheets: { categories: ExcelJS.Worksheet; dishes: ExcelJS.Worksheet }) => void) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([file]));
    const [categories, dishes] = workbook.worksheets;
    if (!categories || !dishes) throw new Error('The export has no categories or dishes sheet');
    edit({ categories, dishes });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };
  /** The row of a sheet whose column (by header) holds `value`. */
  const rowWhere = (sheet: ExcelJS.Worksheet, header: string, value: string | number) => {
    const column = columnOf(sheet, header);
    for (let n = 2; n <= sheet.rowCount; n++) if (sheet.getRow(n).getCell(column).value === value) return sheet.getRow(n);
    throw new Error(`No row with ${header} ${value}`);
  };
  const columnOf = (sheet: ExcelJS.Worksheet, header: string) => {
    let found = 0;
    sheet.getRow(1).eachCell((cell, n) => {
      if (cell.value === header) found = n;
    });
    if (!found) throw new Error(`No column ${header}`);
    return found;
  };

  it('exports the menu in the asked language, and the same file imported back changes nothing', async () => {
    for (const locale of ['en', 'ru', 'es']) {
      const before = await menuRows(t.db, t.ids.restaurantId);
      const file = await exported('admin', `locale=${locale}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.read(Readable.from([file]));
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(
        { en: ['Categories', 'Dishes', 'Tags'], ru: ['Категории', 'Блюда', 'Теги'], es: ['Categorías', 'Platos', 'Etiquetas'] }[locale],
      );
      const result = await preview('admin', file);
      expect(result.refused).toEqual([]);
      expect(result.summary).toEqual({
        categories: { added: 0, changed: 0, removed: 0, unchanged: 2 },
        dishes: { added: 0, changed: 0, removed: 0, unchanged: 3 },
        refused: 0,
      });
      const applied = await apply('admin', file, result.version);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(await menuRows(t.db, t.ids.restaurantId)).toBe(before);
    }
  });

  it('the export names the dishes’ categories, stock, tags and yes/no; the template has the headers only', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([await exported('owner', 'locale=ru')]));
    const dishes = workbook.getWorksheet('Блюда');
    if (!dishes) throw new Error('no dishes sheet');
    const row = rowWhere(dishes, 'Название', 'Borscht');
    expect(row.getCell(columnOf(dishes, 'Категория')).value).toBe('Soups');
    expect(row.getCell(columnOf(dishes, 'Остаток')).value).toBe(12);
    expect(row.getCell(columnOf(dishes, 'Теги')).value).toBe('Spicy, Vegan');
    expect(row.getCell(columnOf(dishes, 'Включено')).value).toBe('да');
    expect(row.getCell(columnOf(dishes, 'ID блюда')).value).toBe(borscht);

    const template = await download('owner', t.ids.restaurantId, 'locale=es&template=1');
    expect(template.headers['content-disposition']).toContain('menu-template.xlsx');
    const blank = new ExcelJS.Workbook();
    await blank.xlsx.read(Readable.from([template.rawPayload]));
    expect(blank.worksheets[0]?.actualRowCount).toBe(1);
    expect(blank.worksheets[1]?.actualRowCount).toBe(1);
    expect(blank.worksheets[1]?.getRow(1).getCell(1).value).toBe('ID del plato');
  });

  it('previews what changes, field by field, what is added and removed; apply writes it and keeps the photos', async () => {
    const file = await edited(await exported(), ({ categories, dishes }) => {
      rowWhere(categories, 'Name', 'Soups').getCell(columnOf(categories, 'Name')).value = 'Hot soups';
      categories.addRow(['', 'Desserts', 'Десерты', 3, 'yes', '', '']);
      const row = rowWhere(dishes, 'Name', 'Borscht');
      row.getCell(columnOf(dishes, 'Category')).value = 'Hot soups';
      row.getCell(columnOf(dishes, 'Price')).value = '8,40';
      row.getCell(columnOf(dishes, 'Tags')).value = 'Острое';
      rowWhere(dishes, 'Name', 'Shchi').getCell(columnOf(dishes, 'Category')).value = 'Hot soups';
      dishes.addRow(['', 'Desserts', 'Cake', 'Торт', 'Sweet', 'Сладкий', 4, '', '', 'Kids', 1]);
      dishes.spliceRows(rowWhere(dishes, 'Name', 'Cutlet').number, 1);
    });
    const result = await preview('cityadmin', file);
    expect(result.refused).toEqual([]);
    expect(result.summary).toEqual({
      categories: { added: 1, changed: 1, removed: 0, unchanged: 1 },
      dishes: { added: 1, changed: 1, removed: 1, unchanged: 1 },
      refused: 0,
    });
    expect(result.categories.changed[0]?.changes).toEqual([{ field: 'name', old: 'Soups', new: 'Hot soups' }]);
    expect(result.dishes.changed[0]).toMatchObject({
      id: borscht,
      category: 'Hot soups',
      changes: [
        { field: 'price', old: 7.25, new: 8.4 },
        { field: 'tags', old: 'Spicy, Vegan', new: 'Spicy' },
      ],
    });
    expect(result.dishes.added).toEqual([{ id: null, row: 4, name: 'Cake', category: 'Desserts' }]);
    expect(result.dishes.removed).toEqual([expect.objectContaining({ name: 'Cutlet', category: 'Mains' })]);
    // Nothing is written by a preview.
    expect((await t.call('admin', 'GET', `/dishes/${borscht}`)).json()).toMatchObject({ price: 7.25 });

    const applied = await apply('cityadmin', file, result.version);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ summary: { categories: result.summary.categories, dishes: result.summary.dishes } });
    const stored = (await t.call('admin', 'GET', `/dishes/${borscht}`)).json();
    expect(stored).toMatchObject({ price: 8.4, tags: [tags.spicy], telegramFileId: 'photo-1', popularityCoefficient: 3 });
    const categories = (await t.call('admin', 'GET', `/dishCategories?restaurantId=${t.ids.restaurantId}`)).json<
      { id: number; name: string; dishCount: number }[]
    >();
    expect(categories.map((c) => [c.name, c.dishCount])).toEqual([
      ['Hot soups', 2],
      ['Mains', 0],
      ['Desserts', 1],
    ]);
    // Exported again, the menu has nothing left to change (the file's new rows have no ids yet: they would be added again).
    const again = await preview('admin', await exported());
    expect(again.summary.dishes).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 3 });
    expect(again.summary.categories).toEqual({ added: 0, changed: 0, removed: 0, unchanged: 3 });
  });

  it('names every refused cell and why, with the forms’ rules, and apply refuses such a file', async () => {
    const file = await edited(await exported(), ({ categories, dishes }) => {
      const mainsRow = rowWhere(categories, 'Name', 'Mains');
      mainsRow.getCell(columnOf(categories, 'Name in Russian')).value = '';
      mainsRow.getCell(columnOf(categories, 'Shown from')).value = '10:00';
      const row = rowWhere(dishes, 'Name', 'Borscht');
      row.getCell(columnOf(dishes, 'Price')).value = 'cheap';
      row.getCell(columnOf(dishes, 'Tags')).value = 'Spicy, Vegan, Kids';
      row.getCell(columnOf(dishes, 'Stock')).value = -1;
      const shchi = rowWhere(dishes, 'Name', 'Shchi');
      shchi.getCell(columnOf(dishes, 'Tags')).value = 'Far';
      shchi.getCell(columnOf(dishes, 'Category')).value = 'Nowhere';
      shchi.getCell(columnOf(dishes, 'Enabled')).value = 'maybe';
      dishes.addRow(['', 'Mains', '', '', '', '', 0, '', '', '', 1]);
      dishes.addRow([999999, 'Mains', 'Ghost', '', 'x', 'x', 1, '', '', '', 1]);
    });
    const result = await preview('admin', file);
    const seen = result.refused.map((r) => [r.sheet, r.cell, r.key, r.message]);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['categories', 'C3', 'validation.required', 'Required'],
        ['categories', 'G3', 'validation.displayWindow', 'give both display times or neither'],
        ['dishes', 'G2', 'validation.number', 'must be a number'],
        ['dishes', 'J2', 'validation.tooManyTags', 'at most 2 tags'],
        ['dishes', 'H2', 'validation.range', 'must be between 0 and 1000000'],
        ['dishes', 'B3', 'menuSheet.unknownCategory', 'No category "Nowhere" on the categories sheet'],
        ['dishes', 'J3', 'menuSheet.unknownTag', 'The city has no tag "Far"'],
        ['dishes', 'I3', 'validation.boolean', 'must be yes or no'],
        ['dishes', 'C5', 'validation.required', 'Required'],
        ['dishes', 'E5', 'validation.required', 'Required'],
        ['dishes', 'G5', 'validation.notZero', 'Cannot be null'],
        ['dishes', 'A6', 'menuSheet.unknownDishId', 'No dish of this menu has the id 999999: leave the id empty to add one'],
      ]),
    );
    expect(result.summary.refused).toBe(result.refused.length);
    const before = await menuRows(t.db, t.ids.restaurantId);
    const refused = await apply('admin', file, result.version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'MENU_IMPORT_REFUSED', args: { count: result.refused.length } });
    expect(await menuRows(t.db, t.ids.restaurantId)).toBe(before);
  });

  it('applies all of it or none: a write that fails half way leaves the menu as it was', async () => {
    const file = await edited(await exported(), ({ dishes }) => {
      rowWhere(dishes, 'Name', 'Borscht').getCell(columnOf(dishes, 'Price')).value = 99;
      dishes.addRow(['', 'Mains', 'Stew', '', 'x', 'x', 5, '', '', '', 1]);
      dishes.spliceRows(rowWhere(dishes, 'Name', 'Cake').number, 1);
    });
    const result = await preview('admin', file);
    expect(result.summary.dishes).toMatchObject({ added: 1, changed: 1, removed: 1 });
    const before = await menuRows(t.db, t.ids.restaurantId);
    // The last step of the import, removing a dish, fails in the database.
    await sql`CREATE FUNCTION menu_sheet_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER menu_sheet_test_refuse BEFORE DELETE ON dishes FOR EACH ROW EXECUTE FUNCTION menu_sheet_test_refuse()`.execute(
      t.db,
    );
    try {
      const failed = await apply('admin', file, result.version);
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await sql`DROP TRIGGER menu_sheet_test_refuse ON dishes`.execute(t.db);
      await sql`DROP FUNCTION menu_sheet_test_refuse()`.execute(t.db);
    }
    expect(await menuRows(t.db, t.ids.restaurantId)).toBe(before);
    // And once the database takes it, the same confirmation goes through.
    expect((await apply('admin', file, result.version)).statusCode).toBe(200);
    expect((await t.call('admin', 'GET', `/dishes/${borscht}`)).json()).toMatchObject({ price: 99 });
  });

  it('refuses to apply when the menu or the file changed since the preview', async () => {
    const file = await edited(await exported(), ({ dishes }) => {
      rowWhere(dishes, 'Name', 'Borscht').getCell(columnOf(dishes, 'Price')).value = 10;
    });
    const result = await preview('admin', file);
    expect((await t.call('admin', 'PUT', `/dishes/${borscht}`, { name_ru: 'Борщ!' })).statusCode).toBe(200);
    const before = await menuRows(t.db, t.ids.restaurantId);
    const changed = await apply('admin', file, result.version);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'MENU_CHANGED' });
    const other = await edited(file, ({ dishes }) => {
      rowWhere(dishes, 'Name', 'Borscht').getCell(columnOf(dishes, 'Price')).value = 11;
    });
    const again = await preview('admin', file);
    expect((await apply('admin', other, again.version)).statusCode).toBe(409);
    expect(await menuRows(t.db, t.ids.restaurantId)).toBe(before);
  });

  it('lets each role reach the menus of its scope only', async () => {
    const file = await exported();
    const otherFile = (await download('admin', otherRestaurant)).rawPayload;
    const farFile = (await download('admin', otherCityRestaurant)).rawPayload;
    const cases: [string, number, Buffer, number, number][] = [
      // who, restaurant, its file, export status, preview status
      ['owner', t.ids.restaurantId, file, 200, 200],
      ['owner', otherRestaurant, otherFile, 404, 403],
      ['owner2', otherRestaurant, otherFile, 200, 200],
      ['operator', t.ids.restaurantId, file, 200, 200],
      ['operator', otherCityRestaurant, farFile, 404, 403],
      ['cityadmin', otherRestaurant, otherFile, 200, 200],
      ['cityadmin', otherCityRestaurant, farFile, 404, 403],
      ['cityadmin2', otherCityRestaurant, farFile, 200, 200],
      ['cityadmin2', t.ids.restaurantId, file, 404, 403],
      ['admin', otherCityRestaurant, farFile, 200, 200],
    ];
    for (const [who, restaurantId, sheet, exportStatus, previewStatus] of cases) {
      expect((await download(who, restaurantId)).statusCode, `${who} exports ${restaurantId}`).toBe(exportStatus);
      const response = await send(who, 'preview', sheet, restaurantId);
      expect(response.statusCode, `${who} previews ${restaurantId}: ${response.body.slice(0, 200)}`).toBe(previewStatus);
      if (previewStatus === 403) expect(response.json()).toMatchObject({ code: 'MENU_NOT_YOURS' });
      if (previewStatus === 200) {
        const version = response.json<MenuImportPreview>().version;
        expect((await send(who, 'apply', sheet, restaurantId, `?version=${version}`)).statusCode, `${who} applies`).toBe(200);
      }
      if (previewStatus === 403)
        expect((await send(who, 'apply', sheet, restaurantId, `?version=${'0'.repeat(64)}`)).statusCode, `${who} applies`).toBe(403);
    }
    // An operator changes the rows of the menu, but neither adds nor removes them.
    const operatorFile = await edited(file, ({ dishes }) => {
      rowWhere(dishes, 'Name', 'Borscht').getCell(columnOf(dishes, 'Price')).value = 12;
      dishes.addRow(['', 'Mains', 'New', '', 'x', 'x', 5, '', '', '', 1]);
      dishes.spliceRows(rowWhere(dishes, 'Name', 'Shchi').number, 1);
    });
    const result = await preview('operator', operatorFile);
    expect(result.refused.map((r) => r.key).sort()).toEqual(['menuSheet.mayNotAddDishes', 'menuSheet.mayNotRemoveDish']);
    expect(result.summary.dishes.changed).toBe(1);
  });

  it('refuses what is not a menu file, too large a file and too many rows, with the reason', async () => {
    const notXlsx = await send('admin', 'preview', 'just text');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json()).toMatchObject({ code: 'MENU_FILE_UNREADABLE' });
    const json = await t.call('admin', 'POST', `/restaurants/${t.ids.restaurantId}/menuImport/preview`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ code: 'MENU_FILE_MISSING' });
    const huge = await send('admin', 'preview', Buffer.alloc(3 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'MENU_FILE_TOO_LARGE', args: { megabytes: 2 } });
    // A small upload that would unpack to far more than a menu ever takes.
    const bomb = await send(
      'admin',
      'preview',
      zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(70 * 1024 * 1024, 32), declared: 100 }]),
    );
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toMatchObject({ code: 'MENU_FILE_TOO_LARGE_UNPACKED', args: { megabytes: 64 } });
    const many = await edited(await exported(), ({ dishes }) => {
      for (let n = 0; n < 5001; n++) dishes.addRow(['', 'Mains', `Dish ${n}`, '', 'x', 'x', 5, '', '', '', n]);
    });
    const tooMany = await send('admin', 'preview', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'MENU_FILE_TOO_MANY_ROWS', args: { max: 5000 } });
    const badVersion = await send('admin', 'apply', await exported(), t.ids.restaurantId, '?version=abc');
    expect(badVersion.statusCode).toBe(400);
    const missingColumn = await edited(await exported(), ({ dishes }) => {
      dishes.spliceColumns(columnOf(dishes, 'Price'), 1);
    });
    const result = await preview('admin', missingColumn);
    expect(result.refused).toEqual([
      expect.objectContaining({ sheet: 'dishes', key: 'menuSheet.missingColumn', args: { column: 'price' } }),
    ]);
  });
});
