import type { FastifyPluginAsync } from 'fastify';
import {
  GLOBAL_SETTING_KEYS,
  globalSettingsSchema,
  isCityConfigKey,
  missingConfigKeys,
  missingGlobalSettings,
  type CityConfig,
} from '../../src/domain';
import { requireCan } from '../auth/authorize';
import { readGlobalSettings } from '../settings';
import { bodyObject, validBody, type RouteDeps } from './common';

/** The settings checks admins see at login, and the global settings they fill in. */
export const superadminRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, now }) => {
  app.get('/superadmin/checkGlobalSettings', { preHandler: requireCan('globalSettings', 'list') }, async () =>
    missingGlobalSettings(await readGlobalSettings(db)),
  );

  /** City name -> the config keys it lacks; cities that lack nothing are left out. */
  app.get('/superadmin/checkCitiesConfigs', { preHandler: requireCan('globalSettings', 'list') }, async () => {
    const cities = await db.selectFrom('cities').select(['id', 'name', 'active']).orderBy('name').execute();
    const rows = await db.selectFrom('city_configs').select(['city_id', 'key', 'value']).execute();
    const configs = new Map<number, CityConfig>();
    for (const row of rows) {
      if (!isCityConfigKey(row.key)) continue;
      const config = configs.get(row.city_id) ?? {};
      config[row.key] = row.value;
      configs.set(row.city_id, config);
    }
    const result: Record<string, string[]> = {};
    for (const city of cities) {
      const missing = missingConfigKeys(configs.get(city.id) ?? {}, city);
      if (missing.length) result[city.name] = missing;
    }
    return result;
  });

  app.get('/superadmin/globalSettings', { preHandler: requireCan('globalSettings', 'show') }, async () => {
    const settings = await readGlobalSettings(db);
    return Object.fromEntries(GLOBAL_SETTING_KEYS.map((key) => [key, settings[key] ?? '']));
  });

  app.put('/superadmin/globalSettings', { preHandler: requireCan('globalSettings', 'edit') }, async (request) => {
    const body = validBody(bodyObject(request), globalSettingsSchema, { partial: true });
    const entries = Object.entries(body).map(([key, value]) => ({ key, value: typeof value === 'string' ? value.trim() : '', updated_at: now() }));
    if (entries.length) {
      await db
        .insertInto('global_settings')
        .values(entries)
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
        .execute();
    }
    const settings = await readGlobalSettings(db);
    return Object.fromEntries(GLOBAL_SETTING_KEYS.map((key) => [key, settings[key] ?? '']));
  });
};
