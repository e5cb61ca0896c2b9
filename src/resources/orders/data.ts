import type { GetListParams, GetListResult, RaRecord, UpdateParams, UpdateResult } from 'react-admin';
import {
  API_PATHS,
  fillPath,
  ORDER_TOTALS_HEADER,
  orderTotalsRecord,
  ORDERS_DEFAULT_PER_PAGE,
  ORDERS_MAX_PER_PAGE,
  type Order,
  type OrderTotals,
} from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api, pick, sendJson, type ResourceHandlers } from '../../providers/rest';
import { orderQuery } from './orderQuery';

const P = API_PATHS.orders;
const UPDATE_FIELDS = ['status', 'courierId', 'debug'];

/** The totals header of a list page, or null when it is missing or not what the API sends. */
export function readTotals(header: string | null): OrderTotals | null {
  if (!header) return null;
  try {
    const parsed = orderTotalsRecord.safeParse(JSON.parse(header));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Orders: the list is filtered, paged and counted by the server (newest first, always), and
 * a save is a status move or a courier change through PUT /orders/{id}.
 */
export const orders: ResourceHandlers = {
  async getList<T extends RaRecord>(_resource: string, params: GetListParams): Promise<GetListResult<T>> {
    const query = orderQuery(params.filter ?? {});
    const { page = 1, perPage = ORDERS_DEFAULT_PER_PAGE } = params.pagination ?? {};
    query.set('page', String(page));
    query.set('perPage', String(Math.min(perPage, ORDERS_MAX_PER_PAGE)));
    const response = await apiFetch<T[]>(api(`${P.list}?${query.toString()}`), { signal: params.signal });
    const total = Number(response.headers.get('x-total-count') ?? response.json.length);
    return {
      data: response.json,
      total: Number.isFinite(total) ? total : response.json.length,
      // The totals of the whole range come with the page (TotalsSummary reads them from the list).
      meta: { totals: readTotals(response.headers.get(ORDER_TOTALS_HEADER)) },
    };
  },
  async update<T extends RaRecord>(_resource: string, params: UpdateParams<T>): Promise<UpdateResult<T>> {
    const answer = await sendJson<Pick<Order, 'id' | 'status' | 'courierId'>>(
      'PUT',
      fillPath(P.one, { id: String(params.id) }),
      pick(params.data, UPDATE_FIELDS),
    );
    // The answer holds the changed fields only: the cached card keeps the rest.
    return { data: { ...params.previousData, ...answer } };
  },
};
