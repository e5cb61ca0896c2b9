import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../domain';
import { en } from '../i18n/en';

/**
 * Every language falls back to English key by key, so a missing text shows in English.
 * English comes with the app; Russian and Spanish load when chosen, so the login page
 * carries one language.
 */
const otherLanguages: Record<Exclude<Locale, 'en'>, () => Promise<TranslationMessages>> = {
  ru: async () => mergeTranslations(en, (await import('../i18n/ru')).ru),
  es: async () => mergeTranslations(en, (await import('../i18n/es')).es),
};
const messagesOf = (locale: Locale): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'en' ? en : otherLanguages[locale]();

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

/** The language chosen last time, loaded before the first screen shows. */
export async function restoreLocale(): Promise<void> {
  const locale = storedLocale();
  if (locale !== i18nProvider.getLocale()) await i18nProvider.changeLocale(locale);
}
