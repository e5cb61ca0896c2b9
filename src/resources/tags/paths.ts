/** The spec's path of the new-tag form (its edit form is react-admin's own /tags/:id). */
export const TAG_CREATE_PATH = '/tag';
