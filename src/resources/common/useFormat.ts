import { format } from 'date-fns';
import { useLocaleState } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain';

/** Money in its currency as the locale writes it; a code Intl does not know is written after the number. */
export const formatMoney = (value: number, currency: string, locale: string): string => {
  const known = moneyFormats(locale, currency);
  return known.currency ? known.format.format(value) : `${known.format.format(value)} ${currency}`;
};

/** Formatters kept per language and currency: a list formats several amounts on every row. */
const MONEY_FORMATS = new Map<string, { format: Intl.NumberFormat; currency: boolean }>();
const moneyFormats = (locale: string, currency: string) => {
  const key = `${locale} ${currency}`;
  const known = MONEY_FORMATS.get(key);
  if (known) return known;
  let made: { format: Intl.NumberFormat; currency: boolean };
  try {
    made = { format: new Intl.NumberFormat(locale, { style: 'currency', currency }), currency: true };
  } catch {
    made = { format: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }), currency: false };
  }
  MONEY_FORMATS.set(key, made);
  return made;
};

/** The time of a chat message as the spec shows it (`3/05@14:02`), in the user's time zone. */
export const chatTime = (iso: string): string => format(new Date(iso), 'M/dd@HH:mm');

export interface Named {
  name: string;
  name_ru?: string | null;
}

/**
 * The interface language and the formats of the screens: money, order times and the
 * Russian names of restaurants and dishes on Russian screens.
 */
export function useFormat() {
  const [chosen] = useLocaleState();
  const locale: Locale = isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  const times = orderTimes(locale);
  return {
    locale,
    money: (value: number, currency: string) => formatMoney(value, currency, locale),
    time: (iso: string) => times.format(new Date(iso)),
    name: (record: Named) => (locale === 'ru' && record.name_ru ? record.name_ru : record.name),
  };
}

/** One formatter per language: building an Intl formatter costs far more than using it, and a list formats every row. */
const ORDER_TIMES = new Map<Locale, Intl.DateTimeFormat>();
const orderTimes = (locale: Locale): Intl.DateTimeFormat => {
  const known = ORDER_TIMES.get(locale);
  if (known) return known;
  const made = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });
  ORDER_TIMES.set(locale, made);
  return made;
};
