import type { Identifier, RaRecord } from 'react-admin';

/** The spec's paths of a city's districts. */
export const DISTRICT_PATHS = {
  list: '/city/:cityId/districts',
  create: '/city/:cityId/district',
  edit: '/city/:cityId/district/:id',
} as const;

export const cityDistrictsPath = (cityId: Identifier) => `/city/${cityId}/districts`;
export const districtCreatePath = (cityId: Identifier) => `/city/${cityId}/district`;
/** After a district is saved or deleted: its city's list (the spec's path), else react-admin's own. */
export const backToCityDistricts = (_resource?: string, _id?: Identifier, data?: Partial<RaRecord>) =>
  typeof data?.cityId === 'number' ? cityDistrictsPath(data.cityId) : '/districts';

export const districtEditPath = (cityId: Identifier, id: Identifier) => `/city/${cityId}/district/${id}`;
