import { API_PATHS } from '../domain';
import { getJson } from './rest';

/** The settings checks an admin sees after login. */
export const settingsChecks = {
  missingGlobalSettings: () => getJson<string[]>(API_PATHS.settingsChecks.globalSettings),
  missingCityConfig: () => getJson<Record<string, string[]>>(API_PATHS.settingsChecks.citiesConfigs),
  cities: () => getJson<{ id: number; name: string; name_ru: string }[]>(API_PATHS.cities.list),
};
