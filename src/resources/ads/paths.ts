import type { Identifier } from 'react-admin';

/** The spec's paths of the ad screens (the edit form is react-admin's own /ads/:id). */
export const ADS_PATH = '/ads';
export const AD_CREATE_PATH = '/ads/add';
export const adEditPath = (id: Identifier) => `/ads/${id}`;
