import type { GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'react-admin';
import { API_PATHS, fillPath } from '../../domain';
import { getJson, sendJson, type ResourceHandlers } from '../../providers/rest';

const P = API_PATHS.language;

/**
 * One language's texts (the record's id is the locale): GET /language/{id}, and the update
 * as POST /language/{id} {data} with the changed texts only, so two admins editing different
 * keys keep both.
 */
export const language: ResourceHandlers = {
  async getOne<T extends RaRecord>(_resource: string, params: GetOneParams<T>): Promise<GetOneResult<T>> {
    return { data: await getJson<T>(fillPath(P.one, { id: String(params.id) })) };
  },
  async update<T extends RaRecord>(_resource: string, params: UpdateParams<T>): Promise<UpdateResult<T>> {
    return { data: await sendJson<T>('POST', fillPath(P.one, { id: String(params.id) }), { data: params.data.data }) };
  },
};
