import { districtSchema } from '../../domain';
import { restResource, schemaFields } from '../rest';

/** Districts: listed per city (the city in the path of /city/{cityId}/districts, or the one picked). */
export const districts = restResource({
  list: ({ cityId }) => (cityId ? `/cities/${String(cityId)}/districts` : null),
  listFilters: ['cityId'],
  serverPaging: true,
  many: '/districts',
  one: (id) => `/districts/${id}`,
  create: '/districts/',
  fields: schemaFields(districtSchema),
  updateFields: schemaFields(districtSchema, ['cityId']),
});
