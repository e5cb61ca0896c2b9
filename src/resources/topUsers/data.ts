import type { GetListParams, GetListResult, RaRecord } from 'react-admin';
import { API_PATHS, TOP_USERS_DEFAULT_PER_PAGE, TOP_USERS_MAX_PER_PAGE } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api, type ResourceHandlers } from '../../providers/rest';
import { localDayBoundary } from '../orders/orderQuery';

/**
 * Top customers: GET /users/top with the city and the start date (from the start of the
 * user's own day), one page at a time, ranked and counted by the server.
 */
export const topUsers: ResourceHandlers = {
  async getList<T extends RaRecord>(_resource: string, params: GetListParams): Promise<GetListResult<T>> {
    const filter: Record<string, unknown> = params.filter ?? {};
    const query = new URLSearchParams();
    if (typeof filter.cityId === 'number' || (typeof filter.cityId === 'string' && filter.cityId !== '')) {
      query.set('cityId', String(filter.cityId));
    }
    if (typeof filter.startDate === 'string' && filter.startDate !== '') query.set('startDate', localDayBoundary(filter.startDate, false));
    const { page = 1, perPage = TOP_USERS_DEFAULT_PER_PAGE } = params.pagination ?? {};
    query.set('page', String(page));
    query.set('perPage', String(Math.min(perPage, TOP_USERS_MAX_PER_PAGE)));
    const response = await apiFetch<T[]>(api(`${API_PATHS.stats.topUsers}?${query.toString()}`), { signal: params.signal });
    const total = Number(response.headers.get('x-total-count') ?? response.json.length);
    return { data: response.json, total: Number.isFinite(total) ? total : response.json.length };
  },
};
