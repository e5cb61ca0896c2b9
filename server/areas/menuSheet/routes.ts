import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, LOCALES, type RoleId } from '../../../src/domain';
import { MENU_FILE_MAX_BYTES, MENU_SHEET_PATHS, MENU_SHEET_TYPE, menuImportPreview, menuImportResult } from '../../../src/domain/menuSheet';
import { planSummary, previewOf, type MenuRights, type StoredMenu } from '../../../src/domain/menuSheetPlan';
import { currentUser, requireCan } from '../../auth/authorize';
import type { Actor } from '../../auth/scope';
import { apiError, notFound } from '../../errors';
import { idParams } from '../../http/params';
import { assertVisible, assertWritable } from '../dishes/menuRows';
import type { RouteDeps } from '../deps';
import { MENU_PLANS_AT_ONCE, menuPlanner } from './menuPlanner';
import { loadMenu, menuPlace, writePlan, type MenuPlace } from './repository';

/**
 * The spreadsheet code (exceljs, some 20 MB once loaded) is loaded by the first menu file the
 * process writes, not by the server's start: most processes never handle one (the files it
 * reads are read by the planner's worker).
 */
const workbook = () => import('./workbook');

const MEGABYTES = Math.round(MENU_FILE_MAX_BYTES / 1024 / 1024);
const tooLarge = () => apiError(413, 'MENU_FILE_TOO_LARGE', { megabytes: MEGABYTES });

const fileQuery = z.object({
  locale: z.enum(LOCALES).default('en').describe('the language of the sheet names and column headers'),
  template: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((value) => value === '1' || value === 'true')
    .describe('1: the blank template with the same sheets and headers, and the city tags'),
});
const applyQuery = z.object({
  version: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: 'validation.invalid' })
    .describe('the version of the preview being confirmed: the import is refused (409) if the menu or the file changed since'),
});

const UPLOAD =
  `The workbook as the request body (Content-Type ${MENU_SHEET_TYPE} or application/octet-stream), at most ${MEGABYTES} MB; ` +
  'sheets and headers in English, Russian or Spanish, as the export writes them. A process reads at most ' +
  `${MENU_PLANS_AT_ONCE} files at once: beyond, 429 MENU_IMPORT_BUSY with Retry-After.`;

const rightsOf = (roleId: RoleId): MenuRights => ({
  addCategories: can(roleId, 'dishCategories', 'create'),
  removeCategories: can(roleId, 'dishCategories', 'delete'),
  addDishes: can(roleId, 'dishes', 'create'),
  removeDishes: can(roleId, 'dishes', 'delete'),
});

/** What a preview is made of: the file and the menu as stored. Apply refuses when it is not the same. */
const versionOf = (file: Buffer, menu: StoredMenu) =>
  createHash('sha256').update(createHash('sha256').update(file).digest('hex')).update(JSON.stringify(menu)).digest('hex');

const uploaded = (request: FastifyRequest): Buffer => {
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw apiError(400, 'MENU_FILE_MISSING');
  return request.body;
};

const fileName = (place: MenuPlace, template: boolean) => {
  const base = template ? 'menu-template' : `menu-${place.restaurantId}`;
  const named = template ? base : `${base}-${place.name}`;
  return `attachment; filename="${base}.xlsx"; filename*=UTF-8''${encodeURIComponent(named)}.xlsx`;
};

/**
 * A restaurant's menu as a spreadsheet (its categories and dishes): the export and its blank
 * template, and the import in two steps: a preview of what would change and what is refused,
 * then, once the user confirms that preview's version, all of it in one transaction or none.
 * Who may: those who see the restaurant's menu export it; those who may change it import.
 */
export const menuSheetRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  // Reading a workbook and planning its import take the CPU for up to a second or two: a worker's.
  const planner = menuPlanner();
  app.addHook('onClose', planner.close);
  app.addContentTypeParser([MENU_SHEET_TYPE, 'application/octet-stream'], (request, payload, done) => {
    if (Number(request.headers['content-length'] ?? 0) > MENU_FILE_MAX_BYTES) return done(tooLarge(), undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    payload.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > MENU_FILE_MAX_BYTES) {
        over = true;
        done(tooLarge(), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!over) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error) => {
      if (!over) done(error, undefined);
    });
  });

  const place = async (id: number): Promise<MenuPlace> => {
    const found = await menuPlace(db, id);
    if (!found) throw notFound('RESTAURANT_NOT_FOUND');
    return found;
  };
  const writable = async (user: Actor, id: number): Promise<MenuPlace> => {
    const found = await place(id);
    assertWritable(user, { restaurantId: found.restaurantId, cityId: found.cityId });
    return found;
  };

  app.get(
    MENU_SHEET_PATHS.file,
    {
      schema: {
        params: idParams,
        querystring: fileQuery,
        description: `The restaurant's menu as a workbook (${MENU_SHEET_TYPE}), named by Content-Disposition: its categories, its dishes and the city's tags.`,
      },
      preValidation: requireCan('dishes', 'list'),
    },
    async (request, reply) => {
      const found = await place(request.params.id);
      assertVisible(currentUser(request), { restaurantId: found.restaurantId, cityId: found.cityId });
      const { locale, template } = request.query;
      const menu = await loadMenu(db, found);
      const file = await (await workbook()).writeMenuWorkbook(template ? null : menu, menu.tags, locale);
      return reply.header('content-type', MENU_SHEET_TYPE).header('content-disposition', fileName(found, template)).send(file);
    },
  );

  app.post(
    MENU_SHEET_PATHS.preview,
    {
      schema: { params: idParams, description: `${UPLOAD} Nothing is written.`, response: { 200: menuImportPreview } },
      preValidation: requireCan('dishes', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const found = await writable(user, request.params.id);
      const file = uploaded(request);
      const menu = await loadMenu(db, found);
      return previewOf(await planner.plan(file, menu, rightsOf(user.roleId)), menu, versionOf(file, menu));
    },
  );

  app.post(
    MENU_SHEET_PATHS.apply,
    {
      schema: {
        params: idParams,
        querystring: applyQuery,
        description: `${UPLOAD} The same file as the preview, with its version: checked again and written in one transaction, or nothing is.`,
        response: { 200: menuImportResult },
      },
      preValidation: requireCan('dishes', 'edit'),
    },
    async (request) => {
      const user = currentUser(request);
      const found = await writable(user, request.params.id);
      const file = uploaded(request);
      // The file is read and planned before the transaction, against the menu as it is now; the
      // transaction locks the menu and finds it the same (the version is a hash of the file and
      // the menu), so that plan is the one to write, and it only checks and writes.
      const { version } = request.query;
      const before = await loadMenu(db, found);
      if (versionOf(file, before) !== version) throw apiError(409, 'MENU_CHANGED');
      const plan = await planner.plan(file, before, rightsOf(user.roleId));
      return db.transaction().execute(async (trx) => {
        const locked = await menuPlace(trx, found.restaurantId, true);
        if (!locked) throw notFound('RESTAURANT_NOT_FOUND');
        if (versionOf(file, await loadMenu(trx, locked, true)) !== version) throw apiError(409, 'MENU_CHANGED');
        if (plan.refused.length > 0) throw apiError(400, 'MENU_IMPORT_REFUSED', { count: plan.refused.length });
        await writePlan(trx, locked.restaurantId, plan, now());
        return { summary: planSummary(plan) };
      });
    },
  );
};
