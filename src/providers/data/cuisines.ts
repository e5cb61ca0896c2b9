import { cuisineSchema } from '../../domain';
import { restResource, schemaFields } from '../rest';

/** Cuisines: one city's when a city is chosen, otherwise every city the user may see. */
export const cuisines = restResource({
  list: ({ cityId }) => (cityId ? `/cuisines/city/${String(cityId)}` : '/cuisines'),
  listFilters: ['cityId'],
  serverPaging: true,
  many: '/cuisines',
  one: (id) => `/cuisines/${id}`,
  create: '/cuisines/',
  fields: schemaFields(cuisineSchema),
  updateFields: schemaFields(cuisineSchema, ['cityId']),
});
