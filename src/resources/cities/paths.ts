import type { Identifier } from 'react-admin';

/** The spec's paths of the city screens. */
export const CITY_CREATE_PATH = '/city';
export const cityEditPath = (id: Identifier) => `/city/${id}`;
export const cityDistrictsPath = (id: Identifier) => `/city/${id}/districts`;
