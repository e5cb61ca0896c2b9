import { restResource } from '../rest';

/** Districts: listed per city (the city in the path of /city/{cityId}/districts, or the one picked). */
export const districts = restResource({
  list: ({ cityId }) => (cityId ? `/cities/${String(cityId)}/districts` : null),
  listFilters: ['cityId'],
  one: (id) => `/districts/${id}`,
  create: '/districts/',
  fields: ['cityId', 'name', 'name_ru'],
  updateFields: ['name', 'name_ru'],
});
