import type { CreateParams, DeleteParams, GetListParams, GetListResult, RaRecord } from 'react-admin';
import { API_PATHS, fillPath, MAILINGS_MAX_PER_PAGE, type Mailing } from '../../domain';
import { apiFetch } from '../../providers/httpClient';
import { api, sendJson, type ResourceHandlers } from '../../providers/rest';

const P = API_PATHS.mailings;

/** Mailings: a city's list (newest first, paged by the server), a new mailing, and the stop (DELETE). */
export const spam: ResourceHandlers = {
  async getList<T extends RaRecord>(_resource: string, params: GetListParams): Promise<GetListResult<T>> {
    const query = new URLSearchParams();
    const cityId: unknown = params.filter?.cityId;
    if (typeof cityId === 'number' || (typeof cityId === 'string' && cityId !== '')) query.set('cityId', String(cityId));
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    query.set('page', String(page));
    query.set('perPage', String(Math.min(perPage, MAILINGS_MAX_PER_PAGE)));
    const response = await apiFetch<T[]>(api(`${P.list}?${query.toString()}`), { signal: params.signal });
    const total = Number(response.headers.get('x-total-count') ?? response.json.length);
    return { data: response.json, total: Number.isFinite(total) ? total : response.json.length };
  },
  async create<T extends RaRecord>(_resource: string, params: CreateParams): Promise<{ data: T }> {
    return { data: await sendJson<T>('POST', P.list, params.data) };
  },
  async delete<T extends RaRecord>(_resource: string, params: DeleteParams<T>): Promise<{ data: T }> {
    return { data: await sendJson<T>('DELETE', fillPath(P.one, { id: String(params.id) })) };
  },
};

export type MailingRecord = Mailing & RaRecord;
