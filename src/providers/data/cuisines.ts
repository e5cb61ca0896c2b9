import { restResource } from '../rest';

/** Cuisines: one city's when a city is chosen, otherwise every city the user may see. */
export const cuisines = restResource({
  list: ({ cityId }) => (cityId ? `/cuisines/city/${String(cityId)}` : '/cuisines'),
  listFilters: ['cityId'],
  one: (id) => `/cuisines/${id}`,
  create: '/cuisines/',
  fields: ['name', 'name_ru', 'position', 'enabled', 'cityId'],
  updateFields: ['name', 'name_ru', 'position', 'enabled'],
});
