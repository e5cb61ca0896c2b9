import type { Identifier } from 'react-admin';

/** The spec's paths of the city screens. */
export const CITY_CREATE_PATH = '/city';
export const cityEditPath = (id: Identifier) => `/city/${id}`;
export const cityDistrictsPath = (id: Identifier) => `/city/${id}/districts`;

/** The city's page scrolled to one of its settings, which takes the focus. */
export const citySettingPath = (id: Identifier, key: string) => `/city/${id}?setting=${encodeURIComponent(key)}`;
/** The search parameter of citySettingPath. */
export const SETTING_PARAM = 'setting';
