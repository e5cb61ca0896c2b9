import type { CreateParams, GetOneParams, Identifier, RaRecord, UpdateParams } from 'react-admin';
import {
  API_PATHS,
  CITY_CONFIG_DEFAULTS,
  CITY_CONFIG_KEYS,
  can,
  citySchema,
  configKeysFor,
  fillPath,
  globalSettingsSchema,
  ORDER_TIMER_STAGES,
  ORDER_TIMERS_PATH,
  type CityConfig,
  type CityOrderTimers,
} from '../../domain';
import { sessionUser } from '../../providers/authProvider';
import { getJson, pick, restResource, schemaFields, sendJson, type ResourceHandlers } from '../../providers/rest';

type Pair = { key: string; value: string };

const CITY_FIELDS = schemaFields(citySchema);
const P = API_PATHS.cities;
const configPath = (cityId: Identifier) => fillPath(API_PATHS.cityConfig.one, { cityId: String(cityId) });

const toConfig = (pairs: Pair[]): CityConfig => Object.fromEntries(pairs.map((p) => [p.key, p.value]));

/**
 * The config keys the user changed, as the API's pairs: a key is written only when its value
 * differs from the one loaded (a cleared input writes ''). A greyed-out input (its group
 * switched off) submits no value and keeps what is stored; a key never set and left empty is
 * not written, so the missing-config warning stays true.
 */
export const changedConfigPairs = (config: Record<string, unknown> | undefined, loaded: Record<string, unknown> | undefined): Pair[] => {
  const user = sessionUser();
  const writable = user ? configKeysFor(user.roleId) : [];
  return writable.flatMap((key) => {
    const value = config?.[key];
    if (value === undefined) return [];
    const next = value === null ? '' : String(value);
    const before = loaded?.[key];
    return next === (before == null ? '' : String(before)) ? [] : [{ key, value: next }];
  });
};

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : undefined;

const readConfig = (cityId: Identifier) => getJson<Pair[]>(configPath(cityId)).then(toConfig);
const writeConfig = async (cityId: Identifier, config: unknown, loaded: unknown) => {
  const pairs = changedConfigPairs(asRecord(config), asRecord(loaded));
  return pairs.length ? toConfig(await sendJson<Pair[]>('PUT', configPath(cityId), pairs)) : readConfig(cityId);
};

/** Every config key present in the form, so that inputs start controlled. */
const fullConfig = (config: CityConfig): Record<string, string> =>
  Object.fromEntries(CITY_CONFIG_KEYS.filter((key) => config[key] !== undefined).map((key) => [key, config[key] ?? '']));

/** A city with its config under `config`: the city form edits both and saves both. */
export const cities: ResourceHandlers = {
  // List and delete are the usual calls; one city, create and update carry the config too.
  ...restResource({ list: () => P.list, one: (id) => fillPath(P.one, { id: String(id) }), fields: CITY_FIELDS }),
  async getOne(_resource: string, params: GetOneParams) {
    const user = sessionUser();
    const [city, config] = await Promise.all([
      getJson<RaRecord>(fillPath(P.one, { id: String(params.id) })),
      user && can(user.roleId, 'cityConfig', 'show') ? readConfig(params.id) : Promise.resolve({}),
    ]);
    return { data: { ...city, config: fullConfig(config) } };
  },
  async getMany(_resource, params) {
    return { data: await getJson<RaRecord[]>(`${P.list}?ids=${params.ids.map(String).join(',')}`) };
  },
  async create(_resource: string, params: CreateParams) {
    const city = await sendJson<RaRecord>('POST', P.create, pick(params.data, CITY_FIELDS));
    // The server has written the defaults: only what the form changed from them is sent.
    const config = await writeConfig(city.id, params.data.config, CITY_CONFIG_DEFAULTS);
    return { data: { ...city, config: fullConfig(config) } };
  },
  async update(_resource: string, params: UpdateParams) {
    const city = await sendJson<RaRecord>('PUT', fillPath(P.one, { id: String(params.id) }), pick(params.data, CITY_FIELDS));
    const config = await writeConfig(params.id, params.data.config, params.previousData?.config);
    return { data: { ...city, config: fullConfig(config) } };
  },
} as ResourceHandlers;

/** The operator's reduced city form: only the config, by city id. */
export const cityConfig: ResourceHandlers = {
  async getOne(_resource: string, params: GetOneParams) {
    return { data: { id: params.id, config: fullConfig(await readConfig(params.id)) } };
  },
  async update(_resource: string, params: UpdateParams) {
    const config = await writeConfig(params.id, params.data.config, params.previousData?.config);
    return { data: { id: params.id, config: fullConfig(config) } };
  },
} as ResourceHandlers;

/** The service-wide settings, one record with id 'global'. */
export const globalSettings: ResourceHandlers = {
  async getOne() {
    return { data: { id: 'global', ...(await getJson<Record<string, string>>(API_PATHS.globalSettings.one)) } };
  },
  async update(_resource: string, params: UpdateParams) {
    const saved = await sendJson<Record<string, string>>(
      'PUT',
      API_PATHS.globalSettings.one,
      pick(params.data, schemaFields(globalSettingsSchema)),
    );
    return { data: { id: 'global', ...saved } };
  },
} as ResourceHandlers;

/** A city's order timers, by city id: the form edits its own minutes per stage (empty: the default). */
export const cityOrderTimers: ResourceHandlers = {
  async getOne(_resource: string, params: GetOneParams) {
    const timers = await getJson<CityOrderTimers>(fillPath(ORDER_TIMERS_PATH, { cityId: String(params.id) }));
    return { data: { id: params.id, ...timers.custom, defaults: timers.defaults } };
  },
  async update(_resource: string, params: UpdateParams) {
    const body = Object.fromEntries(ORDER_TIMER_STAGES.map((stage) => [stage, params.data[stage] ?? null]));
    const timers = await sendJson<CityOrderTimers>('PUT', fillPath(ORDER_TIMERS_PATH, { cityId: String(params.id) }), body);
    return { data: { id: params.id, ...timers.custom, defaults: timers.defaults } };
  },
} as ResourceHandlers;
