import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The queries of the settings checks and the global settings: the only place this area builds SQL. */
export function settingsRepository(db: Kysely<Database>) {
  return {
    /** Every city by name, with whether it is active. */
    cities: () => db.selectFrom('cities').select(['id', 'name', 'active']).orderBy('name').execute(),

    /** Every city's config pairs. */
    cityConfigs: () => db.selectFrom('city_configs').select(['city_id', 'key', 'value']).execute(),

    /** Writes global settings, each replacing the key's value if it was set. */
    writeGlobalSettings: async (entries: readonly { key: string; value: string; updated_at: Date }[]): Promise<void> => {
      if (!entries.length) return;
      await db
        .insertInto('global_settings')
        .values(entries)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute();
    },
  };
}
