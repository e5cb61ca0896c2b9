import type { Kysely } from 'kysely';
import { GLOBAL_SETTING_KEYS, type GlobalSettingKey, type GlobalSettings } from '../src/domain';
import type { Database } from './db/schema';

/** The service-wide settings kept in the database (spec: settings checks). */
export async function readGlobalSettings(db: Kysely<Database>): Promise<GlobalSettings> {
  const rows = await db.selectFrom('global_settings').select(['key', 'value']).execute();
  const known = (key: string): key is GlobalSettingKey => (GLOBAL_SETTING_KEYS as readonly string[]).includes(key);
  return Object.fromEntries(rows.filter((row) => known(row.key)).map((row) => [row.key, row.value]));
}
