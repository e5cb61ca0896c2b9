import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { API_PATHS, type Locale } from '../../../src/domain';
import {
  checkTexts,
  languageParams,
  languageRecord,
  languageSaveSchema,
  liveTexts,
  savedTextsRecord,
  type LanguageRecord,
  type TextMap,
} from '../../../src/domain/language';
// The catalogue imports text modules only (plain objects, no React or screens), which
// tests/api/languageCatalogue.test.ts checks; the server needs it to know the editable keys.
import { shippedTexts } from '../../../src/i18n/catalogue';
import { currentUser, requireCan } from '../../auth/authorize';
import { differsFrom } from '../../db/differsFrom';
import type { Database } from '../../db/schema';
import { invalidFields } from '../../errors';
import type { RouteDeps } from '../deps';

const P = API_PATHS.language;

interface StoredLanguage {
  data: unknown;
  updated_at: Date;
}

const readStored = async (db: Kysely<Database>, locale: Locale): Promise<StoredLanguage | undefined> =>
  db.selectFrom('languages').select(['data', 'updated_at']).where('code', '=', locale).executeTakeFirst();

const savedOf = (stored: StoredLanguage | undefined, locale: Locale): TextMap =>
  typeof stored?.data === 'object' && stored.data !== null ? liveTexts({ ...stored.data }, shippedTexts(locale)) : {};

const recordOf = (locale: Locale, stored: StoredLanguage | undefined): LanguageRecord => ({
  id: locale,
  data: savedOf(stored, locale),
  shipped: shippedTexts(locale),
  english: shippedTexts('en'),
  updatedAt: stored ? new Date(stored.updated_at).toISOString() : null,
});

/**
 * Translations (spec section 7): the editor's read, save and restore of one language (admins:
 * the `language` grant), and the saved texts of every language, which every user's app loads
 * at start (any logged-in user: those texts are on their screens anyway).
 *
 * `languages.data` keeps only the texts that differ from the shipped ones: a save merges its
 * texts into those, and a text equal to the shipped one, a key the app no longer has, or a text
 * whose shipped one changed its placeholders since, leaves it.
 */
export const languageRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  app.get(P.saved, { schema: { response: { 200: savedTextsRecord } } }, async (request) => {
    currentUser(request);
    const rows = await db.selectFrom('languages').select(['code', 'data', 'updated_at']).execute();
    const byCode = new Map(rows.map((row) => [row.code, row]));
    return { en: savedOf(byCode.get('en'), 'en'), ru: savedOf(byCode.get('ru'), 'ru'), es: savedOf(byCode.get('es'), 'es') };
  });

  app.get(
    P.one,
    { schema: { params: languageParams, response: { 200: languageRecord } }, preValidation: requireCan('language', 'show') },
    async (request) => recordOf(request.params.id, await readStored(db, request.params.id)),
  );

  app.post(
    P.one,
    {
      schema: { params: languageParams, body: languageSaveSchema, response: { 200: languageRecord } },
      preValidation: requireCan('language', 'edit'),
    },
    async (request) => {
      const locale = request.params.id;
      const shipped = shippedTexts(locale);
      const errors = checkTexts(request.body.data, shipped);
      if (errors.length) throw invalidFields(errors);
      const saved = await db.transaction().execute(async (trx) => {
        // The row is locked while the texts merge, so two saves at once both keep their keys.
        await trx
          .insertInto('languages')
          .values({ code: locale, data: '{}', updated_at: now() })
          .onConflict((oc) => oc.column('code').doNothing())
          .execute();
        const current = await trx
          .selectFrom('languages')
          .select(['data', 'updated_at'])
          .where('code', '=', locale)
          .forUpdate()
          .executeTakeFirst();
        const merged = Object.entries({ ...savedOf(current, locale), ...request.body.data });
        const texts = Object.fromEntries(merged.filter(([key, text]) => text !== shipped[key]));
        const data = JSON.stringify(texts);
        // Texts as they are stored already are no change: the language keeps its time.
        const updated = await trx
          .updateTable('languages')
          .set({ data, updated_at: now() })
          .where('code', '=', locale)
          .where(differsFrom({ data }))
          .returning(['data', 'updated_at'])
          .executeTakeFirst();
        return updated ?? current;
      });
      return recordOf(locale, saved);
    },
  );

  app.post(
    P.checkout,
    { schema: { params: languageParams, response: { 200: languageRecord } }, preValidation: requireCan('language', 'edit') },
    async (request) => {
      const locale = request.params.id;
      const stored = await db
        .insertInto('languages')
        .values({ code: locale, data: '{}', updated_at: now() })
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .returning(['data', 'updated_at'])
        .executeTakeFirst();
      return recordOf(locale, stored);
    },
  );
};
