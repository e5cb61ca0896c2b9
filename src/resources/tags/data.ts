import { API_PATHS, fillPath, tagSchema } from '../../domain';
import { restResource, schemaFields } from '../../providers/rest';

const P = API_PATHS.tags;

/** Tags: listed per city, which the admin picks (a city admin's filter is their own city). */
export const tags = restResource({
  list: ({ cityId }) => (cityId ? fillPath(P.cityList, { cityId: String(cityId) }) : null),
  listFilters: ['cityId'],
  serverPaging: true,
  many: P.many,
  one: (id) => fillPath(P.one, { id: String(id) }),
  create: P.create,
  fields: schemaFields(tagSchema),
  updateFields: schemaFields(tagSchema, ['cityId']),
});
