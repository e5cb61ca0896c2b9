import { createHash, randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { normalizeCode, RECOVERY_ALPHABET, RECOVERY_CODE_COUNT } from '../../../src/domain';
import type { Database } from '../../db/schema';

/** The digest a recovery code is kept as. */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(normalizeCode(code)).digest('hex');

/** Ten new recovery codes, ten letters and digits each (50 random bits), as the user types them. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  );

/** The queries of the second factor: the only place its SQL lives. */
export function secondFactorRepository(db: Kysely<Database>) {
  return {
    /** The sealed secret and last step of an account's factor, if it has one. */
    find: (userId: number) =>
      db.selectFrom('staff_second_factors').select(['secret_sealed', 'last_step']).where('user_id', '=', userId).executeTakeFirst(),

    recoveryCodesLeft: async (userId: number): Promise<number> => {
      const row = await db
        .selectFrom('staff_recovery_codes')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Turns the factor on with its first code's step spent; false when it was on already. */
    enable: (userId: number, sealed: string, step: number, codes: readonly string[]): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const added = await trx
          .insertInto('staff_second_factors')
          .values({ user_id: userId, secret_sealed: sealed, last_step: step })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .returning('user_id')
          .executeTakeFirst();
        if (!added) return false;
        await trx
          .insertInto('staff_recovery_codes')
          .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code) })))
          .execute();
        return true;
      }),

    /** Spends a time step: false when that step or a later one was used already (a code works once). */
    spendStep: async (userId: number, step: number): Promise<boolean> => {
      const row = await db
        .updateTable('staff_second_factors')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Spends a recovery code: 'ok', 'used' when it was spent before, 'wrong' when it is none of the account's. */
    spendRecoveryCode: async (userId: number, code: string, at: Date): Promise<'ok' | 'used' | 'wrong'> => {
      const hash = recoveryCodeHash(code);
      const spent = await db
        .updateTable('staff_recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      if (spent) return 'ok';
      const known = await db
        .selectFrom('staff_recovery_codes')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .executeTakeFirst();
      return known ? 'used' : 'wrong';
    },

    /** Turns the factor off (its recovery codes go with it); false when it was not on. */
    remove: async (userId: number): Promise<boolean> => {
      const row = await db.deleteFrom('staff_second_factors').where('user_id', '=', userId).returning('user_id').executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Ends every session of the account (its tokens carry the session version, which the
     * users trigger announces to every process): after an admin's reset, whoever held a
     * session of it signs in again, with the password and then a new factor if required.
     */
    endSessions: async (userId: number): Promise<void> => {
      await db
        .updateTable('users')
        .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
        .where('id', '=', userId)
        .execute();
    },

    /**
     * The audit trail's entry for the factor turned on or off, as a change of the account: its
     * own by its owner, or an admin's reset. The secret is never in it.
     */
    audit: async (actorId: number, account: { id: number; city_id: number | null; restaurant_id: number | null }, on: boolean) => {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: actorId,
          action: 'update',
          entity: 'users',
          entity_id: String(account.id),
          city_id: account.city_id,
          restaurant_id: account.restaurant_id,
          changes: JSON.stringify({ second_factor: on ? ['off', 'on'] : ['on', 'off'] }),
        })
        .execute();
    },
  };
}

export type SecondFactorRepository = ReturnType<typeof secondFactorRepository>;
