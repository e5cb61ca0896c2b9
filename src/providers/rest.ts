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
  const { q, ...filters } = (params.filter ?? {}) as Record<string, unknown>;
  let data = rows.filter((row) =>
    Object.entries(filters).every(([field, value]) => consumed.includes(field) || value === undefined || value === '' || row[field] === value),
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
  one: (id: Identifier) => string;
  create?: string;
  /** The body fields of create and update. */
  fields: readonly string[];
  updateFields?: readonly string[];
}

/** The usual table entry: list, one, create, update, delete on the spec's URLs. */
export function restResource(spec: RestResource): ResourceHandlers {
  const getOne = async (_resource: string, params: GetOneParams) => ({ data: await getJson<RaRecord>(spec.one(params.id)) });
  return {
    async getList(_resource: string, params: GetListParams) {
      const url = spec.list((params.filter ?? {}) as Record<string, unknown>);
      const rows = url === null ? [] : await getJson<RaRecord[]>(url);
      return listResult(rows, params, spec.listFilters);
    },
    getOne,
    async getMany(resource: string, params: GetManyParams) {
      const data = await Promise.all(params.ids.map(async (id) => (await getOne(resource, { id })).data));
      return { data };
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
