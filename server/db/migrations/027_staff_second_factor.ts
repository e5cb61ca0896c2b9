import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Two-factor sign-in for staff (src/domain/secondFactor.ts).
 *
 * staff_second_factors: one row per account that has turned it on, written when its first code
 * is confirmed. `secret_sealed` is the TOTP secret sealed with AES-256-GCM
 * (server/auth/secondFactor/sealing.ts), never the plain secret. `last_step` is the time step of
 * the last code accepted: a code of that step or an earlier one is refused, so a code works once.
 *
 * staff_recovery_codes: the ten recovery codes of a factor, as SHA-256 digests (each code has 50
 * random bits, so a fast digest is enough); `used_at` marks one spent.
 *
 * Both go with their account (ON DELETE CASCADE). Turning the factor on or off and an admin's
 * reset are written to the audit trail by the routes, as a change of the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE staff_second_factors (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret_sealed text NOT NULL,
      last_step integer,
      confirmed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE staff_recovery_codes (
      user_id integer NOT NULL REFERENCES staff_second_factors(user_id) ON DELETE CASCADE,
      code_hash char(64) NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE IF EXISTS staff_recovery_codes; DROP TABLE IF EXISTS staff_second_factors`);
}
