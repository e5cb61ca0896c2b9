import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../domain';
import { en } from '../i18n/en';
import { ru } from '../i18n/ru';
import { es } from '../i18n/es';

/** Every language falls back to English key by key, so a missing text shows in English. */
const messages: Record<Locale, TranslationMessages> = {
  en,
  ru: mergeTranslations(en, ru),
  es: mergeTranslations(en, es),
};

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

export const i18nProvider = polyglotI18nProvider(
  (locale) => messages[isLocale(locale) ? locale : DEFAULT_LOCALE],
  storedLocale(),
  LANGUAGES,
  { allowMissing: true },
);
