import type { RaRecord } from 'react-admin';

export interface Tag extends RaRecord {
  id: number;
  name: string;
  name_ru: string;
  cityId: number;
}

/** The spec's path of the new-tag form (its edit form is react-admin's own /tags/:id). */
export const TAG_CREATE_PATH = '/tag';
