import { CITY_SETUP_PATH, fillPath, type CitySetup } from '../../domain';
import { getJson } from '../../providers/rest';

/** The query key of a city's setup checklist; a city save refreshes every one. */
export const CITY_SETUP_QUERY = 'citySetup';
export const citySetupKey = (cityId: number) => [CITY_SETUP_QUERY, cityId] as const;

export const fetchCitySetup = (cityId: number) => getJson<CitySetup>(fillPath(CITY_SETUP_PATH, { cityId }));
