import { API_PATHS, districtSchema, fillPath } from '../../domain';
import { restResource, schemaFields } from '../../providers/rest';

const P = API_PATHS.districts;

/** Districts: listed per city (the city in the path of /city/{cityId}/districts, or the one picked). */
export const districts = restResource({
  list: ({ cityId }) => (cityId ? fillPath(P.cityList, { cityId: String(cityId) }) : null),
  listFilters: ['cityId'],
  serverPaging: true,
  many: P.many,
  one: (id) => fillPath(P.one, { id: String(id) }),
  create: P.create,
  fields: schemaFields(districtSchema),
  updateFields: schemaFields(districtSchema, ['cityId']),
});
