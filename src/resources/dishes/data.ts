import type { UpdateManyParams } from 'react-admin';
import { API_PATHS, dishBulkChangeSchema, dishEditSchema, dishSchema, fillPath, type Dish } from '../../domain';
import { pick, restResource, schemaFields, sendJson } from '../../providers/rest';

const P = API_PATHS.menu;

/** The fields a bulk change may set on several dishes at once. */
const BULK_FIELDS = schemaFields(dishBulkChangeSchema);

/** Dishes of the chosen category; an update sends only the fields it names (the list toggle: `enabled`). */
export const dishes = {
  ...restResource({
    list: ({ dishCategoryId }) => (dishCategoryId ? `${P.dishes}?dishCategoryId=${Number(dishCategoryId)}` : null),
    listFilters: ['dishCategoryId'],
    many: P.dishes,
    one: (id) => fillPath(P.dish, { id: String(id) }),
    create: P.dishes,
    fields: schemaFields(dishSchema),
    updateFields: schemaFields(dishEditSchema, ['dishCategoryId']),
  }),
  /** The list's bulk actions: one call for all the selected dishes, which all change or none does. */
  async updateMany(_resource: string, params: UpdateManyParams) {
    const changed = await sendJson<Dish[]>('POST', P.bulk, { ids: params.ids.map(Number), change: pick(params.data, BULK_FIELDS) });
    return { data: changed.map((dish) => dish.id) };
  },
};
