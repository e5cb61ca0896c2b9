import type { CreateParams, CreateResult, RaRecord, UpdateParams, UpdateResult } from 'react-admin';
import { API_PATHS, fillPath, placeOfRole } from '../../domain';
import { restResource, sendJson, type ResourceHandlers } from '../../providers/rest';

const P = API_PATHS.staff;
/** The list's filters, both applied by the server. */
const LIST_FILTERS = ['roleId', 'cityId'] as const;

const listUrl = (filter: Record<string, unknown>): string => {
  const query = new URLSearchParams();
  for (const name of LIST_FILTERS) {
    const value = filter[name];
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${P.list}?${text}` : P.list;
};

/**
 * What the API takes from the form: the city or the restaurant only for a role that works
 * there (a value left from an earlier choice of role is not sent), the messenger id as typed
 * (the API reads digits) or null when cleared.
 */
export function staffBody(values: Record<string, unknown>): Record<string, unknown> {
  const roleId = typeof values.roleId === 'number' ? values.roleId : undefined;
  const place = roleId === undefined ? undefined : placeOfRole(roleId);
  const telegramId = typeof values.telegramId === 'string' ? values.telegramId.trim() : values.telegramId;
  const body: Record<string, unknown> = {
    username: values.username,
    password: values.password,
    telegramId: telegramId === '' ? null : telegramId,
    roleId,
    cityId: place === 'city' ? values.cityId : undefined,
    restaurantId: place === 'restaurant' ? values.restaurantId : undefined,
  };
  return Object.fromEntries(
    Object.entries(body).filter(([field, value]) => value !== undefined && (value !== null || field === 'telegramId')),
  );
}

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

const base = restResource({
  list: listUrl,
  listFilters: LIST_FILTERS,
  serverPaging: true,
  many: P.list,
  one: (id) => fillPath(P.one, { id: String(id) }),
  create: P.create,
  fields: ['username', 'password', 'telegramId', 'roleId', 'cityId', 'restaurantId'],
});

/** Staff accounts: the list filtered and paged by the server; a save sends what changed, and a password only when typed. */
export const admins: ResourceHandlers = {
  ...base,
  async create<T extends RaRecord>(_resource: string, params: CreateParams): Promise<CreateResult<T>> {
    return { data: await sendJson<T>('POST', P.create, staffBody(params.data)) };
  },
  async update<T extends RaRecord>(_resource: string, params: UpdateParams<T>): Promise<UpdateResult<T>> {
    const before = staffBody(params.previousData ?? {});
    const changed = Object.fromEntries(
      Object.entries(staffBody(params.data)).filter(([field, value]) =>
        field === 'password' ? typeof value === 'string' && value !== '' : !same(value, before[field]),
      ),
    );
    if (Object.keys(changed).length === 0) return { data: params.previousData };
    return { data: await sendJson<T>('PUT', fillPath(P.one, { id: String(params.id) }), changed) };
  },
};
