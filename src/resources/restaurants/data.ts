import { HttpError, type CreateParams, type CreateResult, type RaRecord, type UpdateParams, type UpdateResult } from 'react-admin';
import { API_PATHS, fillPath, restaurantCreateSchema, restaurantUpdateSchema } from '../../domain';
import { i18nProvider } from '../../providers/i18nProvider';
import { pick, restResource, schemaFields, sendJson, type ResourceHandlers } from '../../providers/rest';

const P = API_PATHS.restaurants;
const CREATE_FIELDS = schemaFields(restaurantCreateSchema);
const UPDATE_FIELDS = schemaFields(restaurantUpdateSchema);

/** The district rows as the API takes them (the record carries the district's names too). */
const body = (data: Record<string, unknown>, fields: readonly string[]) => {
  const picked = pick(data, fields);
  if (Array.isArray(picked.districtRestaurants)) {
    picked.districtRestaurants = picked.districtRestaurants.map(
      (row: { districtId: number; enabled?: boolean; price?: number | null }) => ({
        districtId: row.districtId,
        enabled: row.enabled ?? false,
        price: row.price ?? null,
      }),
    );
  }
  return picked;
};

/** Puts the two `FST_` answers on their fields (spec section 8): the add form shows the server's message, the edit form 'user not found'. */
function onFields(error: unknown, editing: boolean): never {
  if (error instanceof HttpError && typeof error.body === 'object' && error.body !== null) {
    const answer = error.body as { code?: string; details?: { field: string }[]; errors?: Record<string, string> };
    if (answer.code === 'FST_NOTIFICATION_ACCOUNT_NOT_FOUND') {
      answer.errors = {
        notificationAccountTelegramId: editing ? i18nProvider.translate('resources.restaurants.userNotFound') : error.message,
      };
    } else if (answer.code === 'FST_KEY_IS_MISSING' && answer.details?.[0]) {
      answer.errors = { [answer.details[0].field]: error.message };
    }
  }
  throw error;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const base = restResource({
  list: ({ cityId, showDisabled }) => {
    const url = cityId ? fillPath(P.cityList, { cityId: String(cityId) }) : P.list;
    return showDisabled ? url : `${url}?enabled=true`;
  },
  listFilters: ['cityId', 'showDisabled'],
  serverPaging: true,
  many: P.list,
  one: (id) => fillPath(P.one, { id: String(id) }),
  create: P.create,
  fields: CREATE_FIELDS,
});

/** Restaurants: lists sorted by the server, and saves that send only what changed (each role may change its own fields). */
export const restaurants: ResourceHandlers = {
  ...base,
  async create<T extends RaRecord>(_resource: string, params: CreateParams): Promise<CreateResult<T>> {
    try {
      return { data: await sendJson<T>('POST', P.create, body(params.data, CREATE_FIELDS)) };
    } catch (error) {
      return onFields(error, false);
    }
  },
  async update<T extends RaRecord>(_resource: string, params: UpdateParams<T>): Promise<UpdateResult<T>> {
    const previous: Record<string, unknown> = params.previousData ?? {};
    const changed = Object.fromEntries(
      Object.entries(body(params.data, UPDATE_FIELDS)).filter(([field, value]) => !same(value, body(previous, UPDATE_FIELDS)[field])),
    );
    if (Object.keys(changed).length === 0) return { data: params.previousData };
    try {
      return { data: await sendJson<T>('PUT', fillPath(P.one, { id: String(params.id) }), changed) };
    } catch (error) {
      return onFields(error, true);
    }
  },
};
