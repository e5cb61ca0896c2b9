import { tagSchema } from '../../domain';
import { restResource, schemaFields } from '../rest';

/** Tags: listed per city, which the admin picks (a city admin's filter is their own city). */
export const tags = restResource({
  list: ({ cityId }) => (cityId ? `/tags/cities/${String(cityId)}` : null),
  listFilters: ['cityId'],
  serverPaging: true,
  many: '/tags',
  one: (id) => `/tags/${id}`,
  create: '/tags',
  fields: schemaFields(tagSchema),
  updateFields: schemaFields(tagSchema, ['cityId']),
});
