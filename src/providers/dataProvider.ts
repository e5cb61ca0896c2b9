import type { DataProvider } from 'react-admin';
import { RESOURCES } from '../resources';
import type { ResourceHandlers } from './rest';

/**
 * react-admin's verbs mapped onto the spec's REST calls and GraphQL operations, resource by
 * resource: each resource's manifest names its entries, loaded with their first call. A
 * resource without one fails loudly.
 */
type Verb = keyof ResourceHandlers;

const entries = new Map<string, () => Promise<ResourceHandlers>>(RESOURCES.flatMap((manifest) => Object.entries(manifest.data)));

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

export const dataProvider = {
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
