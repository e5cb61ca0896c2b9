import type { Identifier, RaRecord } from 'react-admin';

export interface Cuisine extends RaRecord {
  id: number;
  name: string;
  name_ru: string;
  position: number;
  enabled: boolean;
  cityId: number;
  city: { id: number; name: string };
}

/** The spec's path of the new-cuisine form (its edit form is react-admin's own /cuisines/:id). */
export const CUISINE_CREATE_PATH = '/cuisines/add';

export const cuisineEditPath = (id: Identifier) => `/cuisines/${id}`;
