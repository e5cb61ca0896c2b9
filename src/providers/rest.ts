import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import { fillPath } from '../domain';
import { apiFetch } from './httpClient';

export type ResourceHandlers = Partial<
  Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'getManyReference' | 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany'>
>;

export const api = (path: string) => `/api${path}`;

export async function getJson<T>(path: string): Promise<T> {
  return (await apiFetch<T>(api(path))).json;
}

export async function sendJson<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return (await apiFetch<T>(api(path), { method, body })).json;
}

const compare = (a: unknown, b: unknown): number => {
  if (a == null && b == null) return 0;
  if (a == null) return 1;
  if (b == null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b));
};

/**
 * A list the API answers in full (the small reference lists: cities, tags, cuisines, ...)
 * filtered by `q` and by field values, sorted and paged as react-admin asks.
 * `consumed` names the filters the URL already applied.
 */
export function listResult<T extends RaRecord>(rows: T[], params: GetListParams, consumed: readonly string[] = []): GetListResult<T> {
  const filter: Record<string, unknown> = params.filter ?? {};
  const { q, ...filters } = filter;
  let data = rows.filter((row) =>
    Object.entries(filters).every(
      ([field, value]) => consumed.includes(field) || value === undefined || value === '' || row[field] === value,
    ),
  );
  if (typeof q === 'string' && q.trim()) {
    const needle = q.trim().toLowerCase();
    data = data.filter((row) => Object.values(row).some((value) => typeof value === 'string' && value.toLowerCase().includes(needle)));
  }
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  if (field) data = [...data].sort((a, b) => compare(a[field], b[field]) * (order === 'DESC' ? -1 : 1));
  const total = data.length;
  const { page, perPage } = params.pagination ?? { page: 1, perPage: total };
  return { data: data.slice((page - 1) * perPage, page * perPage), total };
}

/** Only the fields the API call takes (react-admin sends the whole record back). */
export const pick = (record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(fields.filter((field) => record[field] !== undefined).map((field) => [field, record[field]]));

export interface RestResource {
  /** The URL of the list for these filters, or null when the list cannot be asked yet (no city chosen). */
  list: (filter: Record<string, unknown>) => string | null;
  /** The filters the list URL applies itself. */
  listFilters?: readonly string[];
  /**
   * The list is paged, sorted and counted by the server (`page`, `perPage`, `sort`, `order`,
   * `X-Total-Count`); its other filters and `q` are applied here to the page the server sent.
   */
  serverPaging?: boolean;
  one: (id: Identifier) => string;
  /** The call that answers several rows by id (`?ids=1,2`): getMany in one request. */
  many?: string;
  create?: string;
  /** The body fields of create and update: the keys of the entity's shared schema. */
  fields: readonly string[];
  updateFields?: readonly string[];
}

/** The page, sort and order react-admin asks for, as the API's query. */
export const pageParams = (params: GetListParams): string => {
  const query = new URLSearchParams();
  if (params.pagination) {
    query.set('page', String(params.pagination.page));
    query.set('perPage', String(params.pagination.perPage));
  }
  if (params.sort?.field) {
    query.set('sort', params.sort.field);
    query.set('order', params.sort.order === 'DESC' ? 'DESC' : 'ASC');
  }
  return query.toString();
};

const withQuery = (url: string, query: string) => (query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url);

/** The usual table entry: list, one, create, update, delete on the spec's URLs. */
export function restResource(spec: RestResource): ResourceHandlers {
  const getOne = async (_resource: string, params: GetOneParams) => ({ data: await getJson<RaRecord>(spec.one(params.id)) });
  const getList = async (_resource: string, params: GetListParams): Promise<GetListResult> => {
    const filter: Record<string, unknown> = params.filter ?? {};
    const url = spec.list(filter);
    if (url === null) return { data: [], total: 0 };
    const { q, ...others } = filter;
    const filtersHere =
      (typeof q === 'string' && q.trim() !== '') || Object.keys(others).some((k) => !(spec.listFilters ?? []).includes(k));
    if (!spec.serverPaging || filtersHere) return listResult(await getJson<RaRecord[]>(url), params, spec.listFilters);
    const response = await apiFetch<RaRecord[]>(api(withQuery(url, pageParams(params))));
    const total = Number(response.headers.get('x-total-count') ?? response.json.length);
    return { data: response.json, total: Number.isFinite(total) ? total : response.json.length };
  };
  return {
    getList,
    getOne,
    /** One call for all the ids: the list the user may see, kept to those asked. */
    async getMany(resource: string, params: GetManyParams) {
      if (params.ids.length === 0) return { data: [] };
      if (!spec.many) return { data: await Promise.all(params.ids.map(async (id) => (await getOne(resource, { id })).data)) };
      return { data: await getJson<RaRecord[]>(`${spec.many}?ids=${params.ids.map(String).join(',')}`) };
    },
    async create(_resource: string, params: CreateParams) {
      if (!spec.create) throw new Error('This list has no create call');
      return { data: await sendJson<RaRecord>('POST', spec.create, pick(params.data, spec.fields)) };
    },
    async update(_resource: string, params: UpdateParams) {
      return { data: await sendJson<RaRecord>('PUT', spec.one(params.id), pick(params.data, spec.updateFields ?? spec.fields)) };
    },
    async delete(_resource: string, params: DeleteParams) {
      await sendJson('DELETE', spec.one(params.id));
      return { data: params.previousData ?? { id: params.id } };
    },
    async deleteMany(_resource: string, params: DeleteManyParams) {
      for (const id of params.ids) await sendJson('DELETE', spec.one(id));
      return { data: params.ids };
    },
  } as ResourceHandlers;
}

/** The body fields of a call: the keys of the entity's shared schema, less those it may not change. */
export const schemaFields = (schema: { shape: Record<string, unknown> }, except: readonly string[] = []): string[] =>
  Object.keys(schema.shape).filter((field) => !except.includes(field));

/**
 * The entry of a city's rows (tags, districts): listed per city, which the admin picks (a city
 * admin's filter is their own city), created in a city, never moved by the form.
 */
export const cityRowsResource = (
  paths: { cityList: string; one: string; create: string; many: string },
  schema: { shape: Record<string, unknown> },
) =>
  restResource({
    list: ({ cityId }) => (cityId ? fillPath(paths.cityList, { cityId: String(cityId) }) : null),
    listFilters: ['cityId'],
    serverPaging: true,
    many: paths.many,
    one: (id) => fillPath(paths.one, { id: String(id) }),
    create: paths.create,
    fields: schemaFields(schema),
    updateFields: schemaFields(schema, ['cityId']),
  });
