import type { GetOneParams, GetOneResult, RaRecord } from 'react-admin';
import { API_PATHS, fillPath } from '../../domain';
import { getJson, type ResourceHandlers } from '../../providers/rest';

/**
 * The statistics as react-admin records: each figure of spec section 7 is the record whose id
 * is its name (`orders`, `newUsers`, ...), read with the query of the screen's city and range
 * (`meta.query`), so that react-admin caches, refreshes and sends 401s to the login as usual.
 */
export const stats: ResourceHandlers = {
  async getOne<T extends RaRecord>(_resource: string, params: GetOneParams<T>): Promise<GetOneResult<T>> {
    const meta: unknown = params.meta;
    const query = typeof meta === 'object' && meta !== null && 'query' in meta && typeof meta.query === 'string' ? meta.query : '';
    const figure = await getJson<T>(`${fillPath(API_PATHS.stats.figure, { figure: String(params.id) })}?${query}`);
    return { data: { ...figure, id: params.id } };
  },
};
