import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  GLOBAL_SETTING_KEYS,
  globalSettingsRecord,
  globalSettingsUpdateSchema,
  isCityConfigKey,
  missingConfigKeys,
  missingGlobalSettings,
  parseSecondFactorRoles,
  formatSecondFactorRoles,
  type CityConfig,
} from '../../../src/domain';
import { requireCan } from '../../auth/authorize';
import { readGlobalSettings } from '../../settings';
import type { RouteDeps } from '../deps';
import { settingsRepository } from './repository';

/** The settings checks admins see at login, and the global settings they fill in. */
export const superadminRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const repository = settingsRepository(db);
  const currentSettings = async () => {
    const settings = await readGlobalSettings(db);
    return {
      publicUrl: settings.publicUrl ?? '',
      webhookSecret: settings.webhookSecret ?? '',
      secondFactorRoles: parseSecondFactorRoles(settings.secondFactorRoles),
    };
  };

  app.get(
    API_PATHS.settingsChecks.globalSettings,
    { schema: { response: { 200: z.array(z.enum(GLOBAL_SETTING_KEYS)) } }, preValidation: requireCan('globalSettings', 'list') },
    async () => missingGlobalSettings(await readGlobalSettings(db)),
  );

  /** City name -> the config keys it lacks; cities that lack nothing are left out. */
  app.get(
    API_PATHS.settingsChecks.citiesConfigs,
    { schema: { response: { 200: z.record(z.string(), z.array(z.string())) } }, preValidation: requireCan('globalSettings', 'list') },
    async () => {
      const cities = await repository.cities();
      const rows = await repository.cityConfigs();
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
    },
  );

  app.get(
    API_PATHS.globalSettings.one,
    { schema: { response: { 200: globalSettingsRecord } }, preValidation: requireCan('globalSettings', 'show') },
    currentSettings,
  );

  app.put(
    API_PATHS.globalSettings.one,
    {
      schema: { body: globalSettingsUpdateSchema, response: { 200: globalSettingsRecord } },
      preValidation: requireCan('globalSettings', 'edit'),
    },
    async (request) => {
      const { secondFactorRoles, ...texts } = request.body;
      const entries = GLOBAL_SETTING_KEYS.flatMap((key) => {
        const value = key === 'secondFactorRoles' ? secondFactorRoles && formatSecondFactorRoles(secondFactorRoles) : texts[key];
        return value === undefined ? [] : [{ key, value: (value ?? '').trim(), updated_at: now() }];
      });
      await repository.writeGlobalSettings(entries);
      return currentSettings();
    },
  );
};
