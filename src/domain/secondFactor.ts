import { z } from 'zod';
import { Role, STAFF_ROLES, type RoleId } from './roles';
import type { LoginResponse, SessionUser } from './session';
import { problem } from './validationMessages';

/**
 * Two-factor sign-in for staff: an authenticator app (TOTP, RFC 6238: six digits, a new code
 * every 30 seconds, HMAC-SHA1) confirmed by a first code, and ten single-use recovery codes.
 * The server and the screens share these rules.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (a phone's clock drifts). */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the answer "code needed" of the password step stays good for its second step. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 5 * 60;
/** How long a session limited to setting up a second factor lasts. */
export const SECOND_FACTOR_SETUP_SESSION_SECONDS = 15 * 60;
/** How long a new secret waits for its first code. */
export const SECOND_FACTOR_SETUP_SECONDS = 15 * 60;
/** The issuer the authenticator app shows beside the username. */
export const TOTP_ISSUER = 'Food back-office';

/** Recovery codes are two groups of five letters and digits, without look-alikes (0/o, 1/l). */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** A code as typed: spaces and dashes dropped, letters in lower case. */
export const normalizeCode = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();
export const isTotpCode = (code: string): boolean => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(code));
export const isRecoveryCode = (code: string): boolean =>
  new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`).test(normalizeCode(code));
/** A recovery code as shown: `abcde-fghjk`. */
export const formatRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Only admins reset another staff member's second factor. */
export const canResetSecondFactor = (roleId: number): boolean => roleId === Role.ADMIN;

/** The roles an admin may require a second factor of (the global setting `secondFactorRoles`). */
export const SECOND_FACTOR_ROLES: readonly RoleId[] = STAFF_ROLES;
const isStaffRole = (value: number): value is RoleId => (SECOND_FACTOR_ROLES as readonly number[]).includes(value);

/** The stored setting ("10,30") as role ids; anything else in it is ignored. */
export const parseSecondFactorRoles = (value: string | undefined): RoleId[] =>
  (value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter(isStaffRole)
    .filter((role, index, all) => all.indexOf(role) === index);
export const formatSecondFactorRoles = (roles: readonly number[]): string =>
  [...new Set(roles)]
    .filter(isStaffRole)
    .sort((a, b) => a - b)
    .join(',');

/** A code field: the six digits of the app or a recovery code. */
const codeText = () =>
  z
    .string({ error: (issue) => problem(issue.input === undefined || issue.input === null ? 'required' : 'text').key })
    .max(64, { error: problem('invalid').key });
const codeField = codeText().refine((code) => isTotpCode(code) || isRecoveryCode(code), { error: problem('invalid').key });
const totpField = codeText().refine(isTotpCode, { error: problem('invalid').key });

export const secondFactorLoginBody = z.strictObject({
  challengeToken: z.string().min(1).max(2048),
  code: codeField,
});
export const secondFactorConfirmBody = z.strictObject({
  setupKey: z.string().min(1).max(2048),
  code: totpField,
});
export const secondFactorDisableBody = z.strictObject({ code: codeField });

/** What the settings page shows: whether the factor is on, the codes left, and whether the role must have one. */
export const secondFactorStatus = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

/** A new secret to scan or type; `setupKey` carries it, sealed, to the confirming call. */
export const secondFactorSetup = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The address as a QR code: a PNG data URL. */
  qrCode: z.string(),
  setupKey: z.string(),
  expiresIn: z.number().int(),
});
export type SecondFactorSetup = z.infer<typeof secondFactorSetup>;

/** The password step's answer when a code is needed, or when the account must first set a factor up. */
export interface CodeNeeded {
  secondFactor: 'code';
  challengeToken: string;
  expiresIn: number;
}
export interface SetupNeeded {
  secondFactor: 'setup';
  /** A session token good only for the setup calls. */
  setupToken: string;
  user: SessionUser;
}
export type PasswordStepResponse = LoginResponse | CodeNeeded | SetupNeeded;

export interface SecondFactorConfirmed {
  recoveryCodes: string[];
  /** The full session, when the confirming session was limited to setup. */
  session?: LoginResponse;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
export const isCodeNeeded = (value: unknown): value is CodeNeeded =>
  isRecord(value) && value.secondFactor === 'code' && typeof value.challengeToken === 'string';
export const isSetupNeeded = (value: unknown): value is SetupNeeded =>
  isRecord(value) && value.secondFactor === 'setup' && typeof value.setupToken === 'string';
