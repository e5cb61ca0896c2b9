import type { GetListParams, GetListResult, RaRecord } from 'react-admin';
import { AUDIT_MAX_PER_PAGE, AUDIT_PATHS } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api, type ResourceHandlers } from '../../providers/rest';
import { AUDIT_DEFAULT_PER_PAGE, auditQuery } from './auditQuery';

/** The audit trail: read only, filtered, paged and counted by the server, newest first unless asked otherwise. */
export const audit: ResourceHandlers = {
  async getList<T extends RaRecord>(_resource: string, params: GetListParams): Promise<GetListResult<T>> {
    const query = auditQuery(params.filter ?? {});
    const { page = 1, perPage = AUDIT_DEFAULT_PER_PAGE } = params.pagination ?? {};
    query.set('page', String(page));
    query.set('perPage', String(Math.min(perPage, AUDIT_MAX_PER_PAGE)));
    query.set('sort', 'at');
    query.set('order', params.sort?.field === 'at' && params.sort.order === 'ASC' ? 'ASC' : 'DESC');
    const response = await apiFetch<T[]>(api(`${AUDIT_PATHS.list}?${query.toString()}`), { signal: params.signal });
    const total = Number(response.headers.get('x-total-count') ?? response.json.length);
    return { data: response.json, total: Number.isFinite(total) ? total : response.json.length };
  },
};
