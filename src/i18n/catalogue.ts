import { LOCALES, type Locale } from '../domain/constants';
import { flattenTexts, type TextMap } from '../domain/languageTexts';
import { appEn } from './en';
import { ERROR_MESSAGES } from './errors';
import { appEs } from './es';
import { appRu } from './ru';

/** A resource's texts in each language (`translations({ en, ru, es })`). */
export type Translations = Readonly<Record<Locale, object>>;

/** Every resource's texts, by the name of its folder: they show under `resources.<name>`. */
export type ResourceTexts = Readonly<Record<string, Translations>>;

/**
 * Each resource's texts are the default export of `src/resources/<name>/messages.ts`, found by
 * its folder: the browser by a glob, the server by reading the folders. Those modules import
 * text and the domain only, never React or a screen, so the server may load them
 * (tests/api/languageCatalogue.test.ts checks it).
 */
export const MESSAGES_FILE = 'messages.ts';

const isTranslations = (value: unknown): value is Translations => {
  if (typeof value !== 'object' || value === null) return false;
  const byLocale = new Map<string, unknown>(Object.entries(value));
  return LOCALES.every((locale) => {
    const texts = byLocale.get(locale);
    return typeof texts === 'object' && texts !== null;
  });
};

/**
 * The resources' texts from their messages modules, keyed by each module's path
 * (`…/<name>/messages.ts`), in the order of the names. A module that does not export texts in
 * every language fails loudly, as a forgotten one would otherwise fail silently.
 */
export function resourceTextsOf(modules: Readonly<Record<string, unknown>>): ResourceTexts {
  const entries = Object.entries(modules).map(([path, module]): [string, Translations] => {
    const name = /([^/\\]+)[/\\]messages\.ts$/.exec(path)?.[1];
    const texts =
      typeof module === 'object' && module !== null ? new Map<string, unknown>(Object.entries(module)).get('default') : undefined;
    if (name === undefined || !isTranslations(texts)) throw new Error(`${path} must export its texts in every language by default`);
    return [name, texts];
  });
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const APP_TEXTS: Readonly<Record<Locale, object>> = { en: appEn, ru: appRu, es: appEs };

export interface Catalogue {
  /**
   * Every editable text the app ships in one language, by key: the keys the translation editor
   * offers and the API accepts, and the shipped texts a saved one replaces. The keys are the
   * English ones; a text a language lacks is its English one, as the app shows it.
   * react-admin's own texts (`ra.*`) come with the library and are not edited here.
   */
  shippedTexts(locale: Locale): Readonly<TextMap>;
}

/** The catalogue of the app's own texts and the resources' ones, flattened to dotted keys. */
export function createCatalogue(resourceTexts: ResourceTexts): Catalogue {
  const treeOf = (locale: Locale) => ({
    ...APP_TEXTS[locale],
    resources: Object.fromEntries(Object.entries(resourceTexts).map(([name, messages]) => [name, messages[locale]])),
    errors: ERROR_MESSAGES[locale],
  });
  const built = new Map<Locale, Readonly<TextMap>>();
  return {
    shippedTexts(locale) {
      let texts = built.get(locale);
      if (!texts) {
        const english = flattenTexts(treeOf('en'));
        const own = locale === 'en' ? english : flattenTexts(treeOf(locale));
        texts = Object.freeze(Object.fromEntries(Object.keys(english).map((key) => [key, own[key] ?? english[key]])));
        built.set(locale, texts);
      }
      return texts;
    },
  };
}
