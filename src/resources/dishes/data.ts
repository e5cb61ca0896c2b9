import { API_PATHS, dishEditSchema, dishSchema, fillPath } from '../../domain';
import { restResource, schemaFields } from '../../providers/rest';

const P = API_PATHS.menu;

/** Dishes of the chosen category; an update sends only the fields it names (the list toggle: `enabled`). */
export const dishes = restResource({
  list: ({ dishCategoryId }) => (dishCategoryId ? `${P.dishes}?dishCategoryId=${Number(dishCategoryId)}` : null),
  listFilters: ['dishCategoryId'],
  many: P.dishes,
  one: (id) => fillPath(P.dish, { id: String(id) }),
  create: P.dishes,
  fields: schemaFields(dishSchema),
  updateFields: schemaFields(dishEditSchema, ['dishCategoryId']),
});
