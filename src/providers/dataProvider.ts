import type { DataProvider } from 'react-admin';
import { bots, citiesForBots } from './data/bots';
import { cities, cityConfig, globalSettings } from './data/cities';
import { districts } from './data/districts';
import { cuisines } from './data/cuisines';
import { tags } from './data/tags';
import type { ResourceHandlers } from './rest';

/**
 * react-admin's verbs mapped onto the spec's REST calls and GraphQL operations, resource by
 * resource. Each resource adds its entry to `resources`; a resource without one fails loudly.
 */
type Verb = keyof Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'getManyReference' | 'create' | 'update' | 'updateMany' | 'delete' | 'deleteMany'>;

const resources: Record<string, ResourceHandlers> = {
  bots,
  cities,
  citiesForBots,
  cityConfig,
  cuisines,
  districts,
  globalSettings,
  tags,
};

const unsupported = (resource: string, verb: string): never => {
  throw new Error(`The API has no call for ${verb} on ${resource}`);
};

const dispatch =
  <V extends Verb>(verb: V) =>
  (resource: string, params: Parameters<DataProvider[V]>[1]) => {
    const handler = resources[resource]?.[verb] as ((resource: string, params: unknown) => Promise<unknown>) | undefined;
    return handler ? handler(resource, params) : Promise.reject(unsupported(resource, verb));
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
