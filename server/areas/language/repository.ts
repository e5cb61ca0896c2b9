import type { Kysely } from 'kysely';
import type { Locale } from '../../../src/domain';
import { differsFrom } from '../../db/differsFrom';
import type { Database } from '../../db/schema';

/** The queries of the translations (`languages`): the only place the language area builds SQL. */
export interface StoredLanguage {
  data: unknown;
  updated_at: Date;
}

export function languageRepository(db: Kysely<Database>) {
  return {
    find: (locale: Locale): Promise<StoredLanguage | undefined> =>
      db.selectFrom('languages').select(['data', 'updated_at']).where('code', '=', locale).executeTakeFirst(),

    all: () => db.selectFrom('languages').select(['code', 'data', 'updated_at']).execute(),

    /**
     * Saves the texts `merge` makes of the stored ones (as JSON). The row is locked while the
     * texts merge, so two saves at once both keep their keys; texts as they are stored already
     * are no change, and the language keeps its time.
     */
    saveMerged: (
      locale: Locale,
      now: () => Date,
      merge: (current: StoredLanguage | undefined) => string,
    ): Promise<StoredLanguage | undefined> =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('languages')
          .values({ code: locale, data: '{}', updated_at: now() })
          .onConflict((oc) => oc.column('code').doNothing())
          .execute();
        const current = await trx
          .selectFrom('languages')
          .select(['data', 'updated_at'])
          .where('code', '=', locale)
          .forUpdate()
          .executeTakeFirst();
        const data = merge(current);
        const updated = await trx
          .updateTable('languages')
          .set({ data, updated_at: now() })
          .where('code', '=', locale)
          .where(differsFrom({ data }))
          .returning(['data', 'updated_at'])
          .executeTakeFirst();
        return updated ?? current;
      }),

    /** Drops the saved texts of the language: it reads as shipped again. */
    restore: (locale: Locale, at: Date): Promise<StoredLanguage | undefined> =>
      db
        .insertInto('languages')
        .values({ code: locale, data: '{}', updated_at: at })
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .returning(['data', 'updated_at'])
        .executeTakeFirst(),
  };
}
