import type { DeleteParams, DeleteResult, GetListParams, GetListResult, RaRecord, UpdateParams, UpdateResult } from 'react-admin';
import { API_PATHS, fillPath, REVIEW_SORT_FIELDS, REVIEWS_MAX_PER_PAGE } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api, sendJson, type ResourceHandlers } from '../../providers/rest';
import { REVIEWS_DEFAULT_PER_PAGE, reviewListPath, reviewQuery } from './reviewQuery';

const P = API_PATHS.reviews;
const onePath = (id: RaRecord['id']) => fillPath(P.one, { id: String(id) });
const isSortField = (field: string | undefined) => REVIEW_SORT_FIELDS.some((sortable) => sortable === field);

/**
 * Reviews: a city's or a restaurant's list, filtered, sorted, paged and counted by the server;
 * a save is one lifecycle step (`{}` approves, `{publish: true}` publishes, `{answer}` answers
 * through PUT `{text}`),
 * and the answer is the review as it now stands.
 */
export const reviews: ResourceHandlers = {
  async getList<T extends RaRecord>(_resource: string, params: GetListParams): Promise<GetListResult<T>> {
    const filter: Record<string, unknown> = params.filter ?? {};
    const path = reviewListPath(filter);
    if (path === null) return { data: [], total: 0 };
    const query = reviewQuery(filter);
    const { page = 1, perPage = REVIEWS_DEFAULT_PER_PAGE } = params.pagination ?? {};
    query.set('page', String(page));
    query.set('perPage', String(Math.min(perPage, REVIEWS_MAX_PER_PAGE)));
    if (params.sort && isSortField(params.sort.field)) {
      query.set('sort', params.sort.field);
      query.set('order', params.sort.order === 'ASC' ? 'ASC' : 'DESC');
    }
    const response = await apiFetch<T[]>(api(`${path}?${query.toString()}`), { signal: params.signal });
    const total = Number(response.headers.get('x-total-count') ?? response.json.length);
    return { data: response.json, total: Number.isFinite(total) ? total : response.json.length };
  },
  async update<T extends RaRecord>(_resource: string, params: UpdateParams<T>): Promise<UpdateResult<T>> {
    const data: Record<string, unknown> = params.data;
    const review =
      typeof data.answer === 'string'
        ? await sendJson<T>('PUT', onePath(params.id), { text: data.answer })
        : await sendJson<T>('POST', onePath(params.id), data.publish === true ? { publish: true } : {});
    return { data: { ...params.previousData, ...review } };
  },
  async delete<T extends RaRecord>(_resource: string, params: DeleteParams<T>): Promise<DeleteResult<T>> {
    return { data: await sendJson<T>('DELETE', onePath(params.id)) };
  },
};
