import type { Identifier } from 'react-admin';

/** The spec's path of the new-cuisine form (its edit form is react-admin's own /cuisines/:id). */
export const CUISINE_CREATE_PATH = '/cuisines/add';

export const cuisineEditPath = (id: Identifier) => `/cuisines/${id}`;
