import { format } from 'date-fns';
import { useLocaleState } from 'react-admin';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain';

/** Money in its currency as the locale writes it; a code Intl does not know is written after the number. */
export const formatMoney = (value: number, currency: string, locale: string): string => {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)} ${currency}`;
  }
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
  return {
    locale,
    money: (value: number, currency: string) => formatMoney(value, currency, locale),
    time: (iso: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(iso)),
    name: (record: Named) => (locale === 'ru' && record.name_ru ? record.name_ru : record.name),
  };
}
