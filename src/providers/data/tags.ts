import { restResource } from '../rest';

/** Tags: listed per city, which the admin picks (a city admin's filter is their own city). */
export const tags = restResource({
  list: ({ cityId }) => (cityId ? `/tags/cities/${String(cityId)}` : null),
  listFilters: ['cityId'],
  one: (id) => `/tags/${id}`,
  create: '/tags',
  fields: ['name', 'name_ru', 'cityId'],
  updateFields: ['name', 'name_ru'],
});
