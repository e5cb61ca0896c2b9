import { existsSync, readdirSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
// The catalogue and the resources' messages modules are text only (plain objects, no React or
// screens), which tests/api/languageCatalogue.test.ts checks; the server needs them to know the editable keys.
import { createCatalogue, MESSAGES_FILE, resourceTextsOf } from '../../../src/i18n/catalogue';
import { currentUser, requireCan } from '../../auth/authorize';
import { invalidFields } from '../../errors';
import type { RouteDeps } from '../deps';
import { languageRepository, type StoredLanguage } from './repository';

const P = API_PATHS.language;

/** Each resource's texts are its folder's messages.ts, found by folder as the browser finds them. */
const RESOURCES_DIR = new URL('../../../src/resources/', import.meta.url);
const messageFiles = readdirSync(RESOURCES_DIR, { withFileTypes: true })
  .map((entry) => new URL(`${entry.name}/${MESSAGES_FILE}`, RESOURCES_DIR))
  .filter((file) => existsSync(file))
  .map((file) => file.href);
const { shippedTexts } = createCatalogue(
  resourceTextsOf(Object.fromEntries(await Promise.all(messageFiles.map(async (file) => [file, await import(file)] as const)))),
);

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
  const languages = languageRepository(db);
  app.get(P.saved, { schema: { response: { 200: savedTextsRecord } } }, async (request) => {
    currentUser(request);
    const rows = await languages.all();
    const byCode = new Map(rows.map((row) => [row.code, row]));
    return { en: savedOf(byCode.get('en'), 'en'), ru: savedOf(byCode.get('ru'), 'ru'), es: savedOf(byCode.get('es'), 'es') };
  });

  app.get(
    P.one,
    { schema: { params: languageParams, response: { 200: languageRecord } }, preValidation: requireCan('language', 'show') },
    async (request) => recordOf(request.params.id, await languages.find(request.params.id)),
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
      const saved = await languages.saveMerged(locale, now, (current) => {
        const merged = Object.entries({ ...savedOf(current, locale), ...request.body.data });
        return JSON.stringify(Object.fromEntries(merged.filter(([key, text]) => text !== shipped[key])));
      });
      return recordOf(locale, saved);
    },
  );

  app.post(
    P.checkout,
    { schema: { params: languageParams, response: { 200: languageRecord } }, preValidation: requireCan('language', 'edit') },
    async (request) => {
      const locale = request.params.id;
      const stored = await languages.restore(locale, now());
      return recordOf(locale, stored);
    },
  );
};
