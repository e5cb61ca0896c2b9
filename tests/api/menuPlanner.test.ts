import { afterEach, describe, expect, it } from 'vitest';
import type { StoredMenu } from '../../src/domain/menuSheetPlan';
import { menuPlanner, type MenuPlanner } from '../../server/areas/menuSheet/menuPlanner';
import { writeMenuWorkbook } from '../../server/areas/menuSheet/workbook';
import { HttpError } from '../../server/errors';

/**
 * An uploaded menu file is read and planned on a worker thread: the serving thread goes on
 * meanwhile. Its refusals come back as the same errors, and a process reads at most so many
 * files at once, refusing the next with 429 and Retry-After.
 */

const EMPTY: StoredMenu = { categories: [], dishes: [], tags: [] };
const ALL_RIGHTS = { addCategories: true, removeCategories: true, addDishes: true, removeDishes: true };

let planner: MenuPlanner | null = null;
afterEach(async () => {
  await planner?.close();
  planner = null;
});

const refusal = async (work: Promise<unknown>): Promise<HttpError> => {
  const error = await work.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
};

describe('the menu planner', () => {
  it('plans a file on its worker, and the kept worker plans the next', async () => {
    planner = menuPlanner();
    const template = await writeMenuWorkbook(null, [], 'en');
    for (let i = 0; i < 2; i++) {
      const plan = await planner.plan(template, EMPTY, ALL_RIGHTS);
      expect(plan.refused).toEqual([]);
      expect(plan.dishes).toEqual({ added: [], changed: [], removed: [], unchanged: 0 });
    }
  });

  it('refuses a file that is no workbook as the serving thread would: 400 with its code', async () => {
    planner = menuPlanner();
    const error = await refusal(planner.plan(Buffer.from('not a spreadsheet'), EMPTY, ALL_RIGHTS));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('MENU_FILE_UNREADABLE');
  });

  it('refuses a file beyond the files read at once with 429 and Retry-After', async () => {
    planner = menuPlanner({ atOnce: 1 });
    const template = await writeMenuWorkbook(null, [], 'en');
    const first = planner.plan(template, EMPTY, ALL_RIGHTS);
    const busy = await refusal(planner.plan(template, EMPTY, ALL_RIGHTS));
    expect(busy.statusCode).toBe(429);
    expect(busy.code).toBe('MENU_IMPORT_BUSY');
    expect(busy.headers).toEqual({ 'retry-after': '5' });
    expect((await first).refused).toEqual([]);
    // Once the first is done, the next is taken.
    expect((await planner.plan(template, EMPTY, ALL_RIGHTS)).refused).toEqual([]);
  });
});
