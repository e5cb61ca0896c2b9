import type { DataProvider } from 'react-admin';
import type { ResourceHandlers } from './rest';

/** The data-provider entries a resource brings, by react-admin resource name, each loaded with its first call. */
export type DataEntries = Readonly<Record<string, () => Promise<ResourceHandlers>>>;

type Verb = keyof ResourceHandlers;

/**
 * react-admin's verbs mapped onto the spec's REST calls and GraphQL operations, resource by
 * resource, from the entries each resource brings (App.tsx passes the manifests' ones, so no
 * provider imports a resource). A resource without an entry fails loudly.
 */
export function createDataProvider(resources: readonly { data: DataEntries }[]): DataProvider {
  const entries = new Map<string, () => Promise<ResourceHandlers>>(resources.flatMap(({ data }) => Object.entries(data)));

  async function handlerOf(resource: string, verb: Verb) {
    const load = entries.get(resource);
    const handlers = load ? await load() : undefined;
    const handler = handlers?.[verb];
    if (!handler) throw new Error(`The API has no call for ${verb} on ${resource}`);
    return handler;
  }

  const dispatch =
    <V extends Verb>(verb: V) =>
    async (resource: string, params: Parameters<DataProvider[V]>[1]) => {
      const handler = await handlerOf(resource, verb);
      return (handler as (resource: string, params: unknown) => Promise<unknown>)(resource, params);
    };

  return {
    getList: dispatch('getList'),
    getOne: dispatch('getOne'),
    getMany: dispatch('getMany'),
    getManyReference: dispatch('getManyReference'),
    create: dispatch('create'),
    update: dispatch('update'),
    updateMany: dispatch('updateMany'),
    delete: dispatch('delete'),
    deleteMany: dispatch('deleteMany'),
  } as DataProvider;
}
