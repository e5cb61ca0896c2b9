import type { RaRecord, UpdateParams, UpdateResult } from 'react-admin';
import { adCreateSchema, API_PATHS, fillPath } from '../../domain';
import { pick, restResource, schemaFields, sendJson, type ResourceHandlers } from '../../providers/rest';

const P = API_PATHS.ads;
const FIELDS = schemaFields(adCreateSchema);
/** The list's filters, all applied by the server. */
const LIST_FILTERS = ['status', 'restaurantId', 'cityId'] as const;

const listUrl = (filter: Record<string, unknown>): string => {
  const query = new URLSearchParams();
  for (const name of LIST_FILTERS) {
    const value = filter[name];
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${P.list}?${text}` : P.list;
};

const TIMES = new Set(['publishTimestamp', 'unpublishTimestamp']);
/** Equal values; two times are equal when they are the same instant, whatever zone they are written in. */
const same = (field: string, a: unknown, b: unknown): boolean =>
  TIMES.has(field) && typeof a === 'string' && typeof b === 'string'
    ? Date.parse(a) === Date.parse(b)
    : JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const base = restResource({
  list: listUrl,
  listFilters: LIST_FILTERS,
  serverPaging: true,
  one: (id) => fillPath(P.one, { id: String(id) }),
  create: P.create,
  fields: FIELDS,
});

/**
 * Ads: the list filtered and paged by the server; a save sends only what changed, since a
 * published ad takes its unpublish time alone.
 */
export const ads: ResourceHandlers = {
  ...base,
  async update<T extends RaRecord>(_resource: string, params: UpdateParams<T>): Promise<UpdateResult<T>> {
    const before = pick(params.previousData ?? {}, FIELDS);
    const changed = Object.fromEntries(
      Object.entries(pick(params.data, FIELDS)).filter(([field, value]) => !same(field, value, before[field])),
    );
    if (Object.keys(changed).length === 0) return { data: params.previousData };
    return { data: await sendJson<T>('PUT', fillPath(P.one, { id: String(params.id) }), changed) };
  },
};
