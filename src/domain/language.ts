import { z } from 'zod';
import { LOCALES } from './constants';
import { placeholdersOf, samePlaceholders, type TextMap } from './languageTexts';
import { problem, renderMessage, type FieldError } from './validationMessages';
import { requiredText } from './validation';

export * from './languageTexts';

/**
 * The translation editor (spec sections 2 and 7, Translations): an admin changes the
 * interface texts of one language; the saved texts are kept over the shipped ones and every
 * user's app loads them at start. Only texts the app has can be saved, and each keeps the
 * placeholders of its shipped text, so a saved text can never break a screen.
 */

/** A saved text is shorter than this (the longest shipped one is a few hundred characters). */
export const TEXT_LESS_THAN = 1024;
/** A key is a dotted path of the message objects; none is longer than this. */
export const TEXT_KEY_LESS_THAN = 256;

/** `/language/{id}`: the language is one of the interface's (en, ru, es). */
export const languageParams = z.object({ id: z.enum(LOCALES, { error: problem('id').key }) });

const textKey = z
  .string()
  .min(1)
  .max(TEXT_KEY_LESS_THAN - 1);

/** Texts by dotted key: the changed ones when saving, the saved ones when read. */
export const textMapSchema = z.record(textKey, requiredText({ lessThan: TEXT_LESS_THAN }), { error: problem('object').key });

/**
 * `POST /language/{id}` `{data}`: the texts to change, by key. A text equal to the shipped one
 * ends its override, so the language follows the app's own text again after an update.
 */
export const languageSaveSchema = z.strictObject({
  data: textMapSchema.refine((texts) => Object.keys(texts).length > 0, { error: problem('nothingToChange').key }),
});
export type LanguageSave = z.infer<typeof languageSaveSchema>;

/** What the editor shows: every key's saved text (when changed), its shipped text and the English. */
export const languageRecord = z.object({
  id: z.enum(LOCALES),
  /** The saved texts: only the keys whose text differs from the shipped one. */
  data: z.record(z.string(), z.string()),
  /** Every text the app ships in this language, by key: the list of editable keys. */
  shipped: z.record(z.string(), z.string()),
  /** The English text of every key, shown beside. */
  english: z.record(z.string(), z.string()),
  /** When the texts were last saved or restored; null while the shipped texts were never changed. */
  updatedAt: z.string().nullable(),
});
export type LanguageRecord = z.infer<typeof languageRecord>;

/** `GET /languages`: the saved texts of every language, which every user's app loads at start. */
export const savedTextsRecord = z.object({
  en: z.record(z.string(), z.string()),
  ru: z.record(z.string(), z.string()),
  es: z.record(z.string(), z.string()),
});
export type SavedTexts = z.infer<typeof savedTextsRecord>;

const placeholderList = (text: string): string =>
  placeholdersOf(text)
    .map((name) => `%{${name}}`)
    .join(', ');

/**
 * The problems of texts to save, against the shipped texts of their language: a key the app
 * does not have, or a text that does not fill in exactly the placeholders of the shipped one.
 */
export function checkTexts(texts: Readonly<TextMap>, shipped: Readonly<TextMap>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, text] of Object.entries(texts)) {
    const field = `data.${key}`;
    const original = Object.hasOwn(shipped, key) ? shipped[key] : undefined;
    if (original === undefined) {
      const found = problem('unknownField');
      errors.push({ field, key: found.key, message: renderMessage(found) });
    } else if (!samePlaceholders(text, original)) {
      const expected = placeholderList(original);
      const found = expected ? problem('placeholders', { placeholders: expected }) : problem('noPlaceholders');
      errors.push({ field, key: found.key, args: found.args, message: renderMessage(found) });
    }
  }
  return errors;
}

/**
 * The saved texts that still apply: a key the app no longer has, or whose shipped text changed
 * its placeholders since the text was saved, is left out (the shipped text shows instead).
 */
export function liveTexts(saved: Readonly<Record<string, unknown>>, shipped: Readonly<TextMap>): TextMap {
  const texts: TextMap = {};
  for (const [key, text] of Object.entries(saved)) {
    const original = Object.hasOwn(shipped, key) ? shipped[key] : undefined;
    if (typeof text === 'string' && original !== undefined && text !== original && samePlaceholders(text, original)) texts[key] = text;
  }
  return texts;
}
