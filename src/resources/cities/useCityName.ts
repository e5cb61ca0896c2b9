import { useLocaleState } from 'react-admin';

export interface NamedCity {
  name: string;
  name_ru?: string | null;
}

/** A city's name in the interface language: its Russian name on Russian screens when it has one. */
export function useCityName(): (city: NamedCity | undefined) => string {
  const [locale] = useLocaleState();
  return (city) => (!city ? '' : locale === 'ru' && city.name_ru ? city.name_ru : city.name);
}
