import type { DeleteParams } from 'react-admin';
import { API_PATHS, dishCategorySchema, fillPath } from '../../domain';
import { restResource, schemaFields, sendJson } from '../../providers/rest';

const P = API_PATHS.menu;

const base = restResource({
  list: ({ restaurantId }) => (restaurantId ? `${P.categories}?restaurantId=${Number(restaurantId)}` : P.categories),
  listFilters: ['restaurantId'],
  many: P.categories,
  one: (id) => fillPath(P.category, { id: String(id) }),
  create: P.categories,
  fields: schemaFields(dishCategorySchema),
  updateFields: schemaFields(dishCategorySchema, ['restaurantId']),
});

/** Dish categories of a restaurant; deleting one with dishes takes them too only when asked (`meta.withDishes`). */
export const dishCategories = {
  ...base,
  async delete(_resource: string, params: DeleteParams) {
    const withDishes = params.meta?.withDishes === true ? '?withDishes=true' : '';
    await sendJson('DELETE', `${fillPath(P.category, { id: String(params.id) })}${withDishes}`);
    return { data: params.previousData ?? { id: params.id } };
  },
};
