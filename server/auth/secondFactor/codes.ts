import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  isTotpCode,
  normalizeCode,
  parseSecondFactorRoles,
  SECOND_FACTOR_CHALLENGE_SECONDS,
  SECOND_FACTOR_SETUP_SECONDS,
} from '../../../src/domain';
import type { Database } from '../../db/schema';
import { readGlobalSettings } from '../../settings';
import { signJwt, verifyJwt } from '../jwt';
import type { SecondFactorRepository } from './repository';
import { unseal, seal, type SealingKey } from './sealing';
import { matchingStep } from './totp';

export type CodeCheck = 'ok' | 'wrong' | 'used';

/**
 * Checks a code an account's owner typed, and spends it: an app's code by its time step (one
 * at or before the last step used is 'used'), or one of the recovery codes (each works once).
 */
export async function checkCode(
  repository: SecondFactorRepository,
  key: SealingKey,
  userId: number,
  code: string,
  at: Date,
): Promise<CodeCheck> {
  const factor = await repository.find(userId);
  if (!factor) return 'wrong';
  const typed = normalizeCode(code);
  if (!isTotpCode(typed)) return repository.spendRecoveryCode(userId, typed, at);
  const secret = unseal(key, factor.secret_sealed, secretContext(userId));
  const step = secret === null ? null : matchingStep(secret, typed, at);
  if (step === null) return 'wrong';
  if (factor.last_step !== null && step <= factor.last_step) return 'used';
  return (await repository.spendStep(userId, step)) ? 'ok' : 'used';
}

/** What a stored secret is bound to: its account. */
export const secretContext = (userId: number): string => `second-factor:${userId}`;

/** Whether the global setting requires a second factor of this role. */
export const requiredForRole = async (db: Kysely<Database>, roleId: number): Promise<boolean> =>
  (parseSecondFactorRoles((await readGlobalSettings(db)).secondFactorRoles) as readonly number[]).includes(roleId);

/**
 * The challenge of the password step: which account passed it, at which session version.
 * Signed with a key of its own (derived from the JWT secret), so it is never a session token.
 */
const challengeKey = (jwtSecret: string): string => createHmac('sha256', jwtSecret).update('second-factor-challenge').digest('base64url');
const challengeClaims = z.object({ typ: z.literal('2fa'), sub: z.number().int().positive(), ver: z.number().int().min(0) });

export const signChallenge = (jwtSecret: string, account: { id: number; version: number }, now: Date): string =>
  signJwt({ typ: '2fa', sub: account.id, ver: account.version }, challengeKey(jwtSecret), SECOND_FACTOR_CHALLENGE_SECONDS, now);

export function readChallenge(jwtSecret: string, token: string, now: Date): { id: number; version: number } | null {
  const parsed = challengeClaims.safeParse(verifyJwt(token, challengeKey(jwtSecret), now));
  return parsed.success ? { id: parsed.data.sub, version: parsed.data.ver } : null;
}

/** A new secret on its way to its first code: sealed for its account, with its expiry. */
const setupClaims = z.object({ secret: z.string().min(16).max(128), exp: z.number() });
const setupContext = (userId: number): string => `second-factor-setup:${userId}`;

export const sealSetup = (key: SealingKey, userId: number, secret: string, now: Date): string =>
  seal(key, JSON.stringify({ secret, exp: now.getTime() + SECOND_FACTOR_SETUP_SECONDS * 1000 }), setupContext(userId));

/** The secret of a setup key, 'expired' for one past its time, null for anything else. */
export function openSetup(key: SealingKey, userId: number, setupKey: string, now: Date): string | 'expired' | null {
  const plain = unseal(key, setupKey, setupContext(userId));
  if (plain === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch {
    return null;
  }
  const parsed = setupClaims.safeParse(value);
  if (!parsed.success) return null;
  return parsed.data.exp > now.getTime() ? parsed.data.secret : 'expired';
}
