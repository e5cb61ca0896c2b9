import { API_PATHS, cuisineSchema, fillPath } from '../../domain';
import { restResource, schemaFields } from '../../providers/rest';

const P = API_PATHS.cuisines;

/** Cuisines: one city's when a city is chosen, otherwise every city the user may see. */
export const cuisines = restResource({
  list: ({ cityId }) => (cityId ? fillPath(P.cityList, { cityId: String(cityId) }) : P.list),
  listFilters: ['cityId'],
  serverPaging: true,
  many: P.list,
  one: (id) => fillPath(P.one, { id: String(id) }),
  create: P.create,
  fields: schemaFields(cuisineSchema),
  updateFields: schemaFields(cuisineSchema, ['cityId']),
});
