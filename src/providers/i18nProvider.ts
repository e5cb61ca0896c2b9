import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../domain';
import { nestTexts, type TextMap } from '../domain/languageTexts';
import { appEn } from '../i18n/en';
import { ERROR_MESSAGES } from '../i18n/errors';
import { RESOURCE_TEXTS } from '../i18n/resourceTexts';
import { readSession } from './session';

/** Each resource's texts in one language, under `resources.<name>`. */
const resourceMessages = (locale: Locale) =>
  Object.fromEntries(Object.entries(RESOURCE_TEXTS).map(([name, messages]) => [name, messages[locale]]));

/**
 * The texts of each language: react-admin's, the app's own, the resources' and the API's error
 * texts, with the texts admins saved on /language/{id} over them. Every language falls back to
 * English key by key, so a missing text shows in English. English comes with the app; Russian
 * and Spanish load when chosen, so the login page carries one language.
 */
const en: TranslationMessages = mergeTranslations(englishMessages, appEn, { resources: resourceMessages('en'), errors: ERROR_MESSAGES.en });

const shippedMessages: Record<Exclude<Locale, 'en'>, () => Promise<TranslationMessages>> = {
  ru: async () => {
    const [{ default: russianMessages }, { appRu }] = await Promise.all([import('ra-language-russian'), import('../i18n/ru')]);
    return mergeTranslations(en, russianMessages, appRu, { resources: resourceMessages('ru'), errors: ERROR_MESSAGES.ru });
  },
  es: async () => {
    const [{ raSpanish }, { appEs }] = await Promise.all([import('../i18n/raSpanish'), import('../i18n/es')]);
    return mergeTranslations(en, raSpanish, appEs, { resources: resourceMessages('es'), errors: ERROR_MESSAGES.es });
  },
};

/** The saved texts of each language, as `GET /api/languages` last answered (none until then). */
const savedTexts: Record<Locale, TextMap> = { en: {}, ru: {}, es: {} };

const withSaved = (messages: TranslationMessages, locale: Locale): TranslationMessages =>
  Object.keys(savedTexts[locale]).length ? mergeTranslations(messages, nestTexts(savedTexts[locale])) : messages;

const messagesOf = (locale: Locale): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'en' ? withSaved(en, 'en') : shippedMessages[locale]().then((messages) => withSaved(messages, locale));

/** react-admin keeps the chosen locale in its store (localStorage, key RaStore.locale). */
const storedLocale = (): Locale => {
  try {
    const stored = JSON.parse(localStorage.getItem('RaStore.locale') ?? 'null') as unknown;
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
};

export const LANGUAGES: { locale: Locale; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'ru', name: 'Русский' },
  { locale: 'es', name: 'Español' },
];

export const i18nProvider = polyglotI18nProvider((locale) => messagesOf(isLocale(locale) ? locale : DEFAULT_LOCALE), 'en', LANGUAGES, {
  allowMissing: true,
});

/** How long the app waits for the saved texts before it shows the shipped ones. */
export const SAVED_TEXTS_TIMEOUT_MS = 3000;

const textMapOf = (value: unknown): TextMap =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};

/**
 * Fetches the texts admins saved, for the logged-in user (the call needs a login; without one
 * the shipped texts show). It never fails: an error, a refusal or no answer within
 * SAVED_TEXTS_TIMEOUT_MS keeps the texts as they are. Answers whether the saved texts changed.
 */
export async function loadSavedTexts(): Promise<boolean> {
  const session = readSession();
  if (!session) return false;
  try {
    const response = await fetch(new URL('/api/languages', window.location.origin), {
      headers: { Accept: 'application/json', Authorization: `Bearer ${session.jwtToken}` },
      signal: AbortSignal.timeout(SAVED_TEXTS_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return false;
    const answered = new Map<string, unknown>(Object.entries(body));
    let changed = false;
    for (const locale of LOCALES) {
      const texts = textMapOf(answered.get(locale));
      if (JSON.stringify(texts) !== JSON.stringify(savedTexts[locale])) changed = true;
      savedTexts[locale] = texts;
    }
    return changed;
  } catch {
    return false;
  }
}

/** After a login: the saved texts of the language in use, before the first screen of the session shows. */
export async function applySavedTexts(): Promise<void> {
  if (await loadSavedTexts()) await i18nProvider.changeLocale(i18nProvider.getLocale());
}

/** The language chosen last time and the saved texts, loaded before the first screen shows. */
export async function restoreLocale(): Promise<void> {
  const locale = storedLocale();
  const changed = await loadSavedTexts();
  if (changed || locale !== i18nProvider.getLocale()) await i18nProvider.changeLocale(locale);
}
