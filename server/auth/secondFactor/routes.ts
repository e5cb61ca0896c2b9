import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  API_PATHS,
  apiErrorMessage,
  canResetSecondFactor,
  canUseBackOffice,
  formatRecoveryCode,
  secondFactorConfirmBody,
  secondFactorDisableBody,
  secondFactorLoginBody,
  secondFactorSetup,
  secondFactorStatus,
  SECOND_FACTOR_SETUP_SECONDS,
  type ApiErrorCode,
  type LoginResponse,
  type SecondFactorStatus,
  type SessionUser,
} from '../../../src/domain';
import { recordLogin } from '../../audit/loginAudit';
import type { Database } from '../../db/schema';
import { apiError } from '../../errors';
import { idParams } from '../../http/params';
import { withZodSchemas } from '../../http/zod';
import { loadManagedAccount } from '../../areas/staff/managedAccount';
import { currentSession, currentUser, requireCan } from '../authorize';
import { LoginThrottle, type LoginAttempt } from '../loginThrottle';
import { loginResponse, tooManyAttempts } from '../sessionRoutes';
import { signSessionToken } from '../sessionToken';
import { selectStaff, toSessionUser } from '../sessionUser';
import { checkCode, openSetup, readChallenge, requiredForRole, sealSetup, secretContext, type CodeCheck } from './codes';
import { newRecoveryCodes, secondFactorRepository } from './repository';
import { seal, type SealingKey } from './sealing';
import { matchingStep, newTotpSecret, otpauthQrCode, otpauthUri } from './totp';

export interface SecondFactorDeps {
  db: Kysely<Database>;
  jwtSecret: string;
  sealingKey: SealingKey;
  now: () => Date;
}

const P = API_PATHS.secondFactor;
const api = (path: string) => `/api${path}`;

/** A refused code, on the code field so the form shows it there. */
const codeRefused = (status: number, result: Exclude<CodeCheck, 'ok'>) => {
  const code: ApiErrorCode = result === 'used' ? 'SECOND_FACTOR_CODE_USED' : 'SECOND_FACTOR_CODE_WRONG';
  return apiError(status, code, undefined, [{ field: 'code', message: apiErrorMessage(code), key: `errors.${code}` }]);
};

const confirmed = z.object({ recoveryCodes: z.array(z.string()), session: loginResponse.optional() });
const resetStatus = z.object({ enabled: z.boolean() });

/** The account a session or challenge names, with what a token needs. */
const loadAccount = (db: Kysely<Database>, id: number) =>
  selectStaff(db).select(['users.session_version']).where('users.id', '=', id).executeTakeFirst();

/**
 * Two-factor sign-in: the login's second step (`POST /login/secondFactor`), the caller's own
 * factor under /api/secondFactor (status, a new secret, its confirmation, turning it off), and an
 * admin's reset of another staff member's factor.
 */
export const secondFactorRoutes: FastifyPluginAsync<SecondFactorDeps> = async (app, { db, jwtSecret, sealingKey, now }) => {
  withZodSchemas(app);
  const throttle = new LoginThrottle(db);
  const factors = secondFactorRepository(db);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const statusOf = async (userId: number, roleId: number): Promise<SecondFactorStatus> => {
    const enabled = (await factors.find(userId)) !== undefined;
    return {
      enabled,
      required: await requiredForRole(db, roleId),
      recoveryCodesLeft: enabled ? await factors.recoveryCodesLeft(userId) : 0,
    };
  };

  /** A code checked under the login limits: waits out a lock first, and counts a wrong one as a failed login. */
  const throttledCheck = async (attempt: LoginAttempt, userId: number, code: string): Promise<CodeCheck> => {
    const wait = await throttle.retryAfter(attempt);
    if (wait > 0) throw tooManyAttempts(wait);
    const result = await checkCode(factors, sealingKey, userId, code, attempt.at);
    if (result !== 'ok') await throttle.failed(attempt);
    return result;
  };

  routes.post(
    '/login/secondFactor',
    { schema: { body: secondFactorLoginBody, response: { 200: loginResponse } } },
    async (request, reply): Promise<LoginResponse> => {
      const at = now();
      const challenge = readChallenge(jwtSecret, request.body.challengeToken, at);
      const row = challenge && (await loadAccount(db, challenge.id));
      const user = row && toSessionUser(row);
      if (!challenge || !row || !user || row.session_version !== challenge.version || !canUseBackOffice(user.roleId)) {
        throw apiError(401, 'SECOND_FACTOR_CHALLENGE_EXPIRED');
      }
      const attempt = { username: user.username, ip: request.ip, at };
      const result = await throttledCheck(attempt, user.id, request.body.code);
      if (result !== 'ok') {
        await recordLogin(db, { account: row, username: user.username, ip: attempt.ip, outcome: 'wrong_code' });
        throw codeRefused(401, result);
      }
      await throttle.succeeded(attempt);
      await recordLogin(db, { account: row, username: user.username, ip: attempt.ip, outcome: 'login' });
      reply.header('cache-control', 'no-store');
      return { user, jwtToken: signSessionToken({ user, version: row.session_version }, jwtSecret, at) };
    },
  );

  routes.get(api(P.status), { schema: { response: { 200: secondFactorStatus } } }, async (request) => {
    const user = currentUser(request);
    return statusOf(user.id, user.roleId);
  });

  /** A new secret each call; nothing is stored until its first code confirms it. */
  routes.get(api(P.setup), { schema: { response: { 200: secondFactorSetup } } }, async (request, reply) => {
    const user = currentUser(request);
    if (await factors.find(user.id)) throw apiError(409, 'SECOND_FACTOR_ALREADY_ON');
    const secret = newTotpSecret();
    const uri = otpauthUri(user.username, secret);
    reply.header('cache-control', 'no-store');
    return {
      secret,
      otpauthUri: uri,
      qrCode: await otpauthQrCode(uri),
      setupKey: sealSetup(sealingKey, user.id, secret, now()),
      expiresIn: SECOND_FACTOR_SETUP_SECONDS,
    };
  });

  routes.post(api(P.confirm), { schema: { body: secondFactorConfirmBody, response: { 200: confirmed } } }, async (request, reply) => {
    const user = currentUser(request);
    const at = now();
    const secret = openSetup(sealingKey, user.id, request.body.setupKey, at);
    if (secret === null || secret === 'expired') {
      throw apiError(400, 'SECOND_FACTOR_SETUP_EXPIRED', undefined, [
        { field: 'setupKey', message: apiErrorMessage('SECOND_FACTOR_SETUP_EXPIRED'), key: 'errors.SECOND_FACTOR_SETUP_EXPIRED' },
      ]);
    }
    const step = matchingStep(secret, request.body.code.replace(/\s/g, ''), at);
    if (step === null) throw codeRefused(400, 'wrong');
    const row = await loadAccount(db, user.id);
    if (!row) throw apiError(401, 'SESSION_INVALID');
    const codes = newRecoveryCodes();
    if (!(await factors.enable(user.id, seal(sealingKey, secret, secretContext(user.id)), step, codes))) {
      throw apiError(409, 'SECOND_FACTOR_ALREADY_ON');
    }
    await factors.audit(user.id, row, true);
    reply.header('cache-control', 'no-store');
    const recoveryCodes = codes.map(formatRecoveryCode);
    // A session limited to the setup becomes a whole one.
    if (!currentSession(request).setupOnly) return { recoveryCodes };
    return { recoveryCodes, session: { user, jwtToken: signSessionToken({ user, version: row.session_version }, jwtSecret, at) } };
  });

  routes.post(api(P.disable), { schema: { body: secondFactorDisableBody, response: { 200: secondFactorStatus } } }, async (request) => {
    const user = currentUser(request);
    if (!(await factors.find(user.id))) throw apiError(409, 'SECOND_FACTOR_NOT_ON');
    if (await requiredForRole(db, user.roleId)) throw apiError(403, 'SECOND_FACTOR_REQUIRED_FOR_ROLE');
    const result = await throttledCheck({ username: user.username, ip: request.ip, at: now() }, user.id, request.body.code);
    if (result !== 'ok') throw codeRefused(400, result);
    const row = await loadAccount(db, user.id);
    if (row && (await factors.remove(user.id))) await factors.audit(user.id, row, false);
    return statusOf(user.id, user.roleId);
  });

  /** Whether a staff member has a factor on, for the admin's staff screen. */
  const resettable = async (actor: SessionUser, id: number) => {
    if (!canResetSecondFactor(actor.roleId) || id === actor.id) throw apiError(403, 'SECOND_FACTOR_RESET_REFUSED');
    return loadManagedAccount(db, actor, id);
  };

  routes.get(
    api(P.reset),
    { schema: { params: idParams, response: { 200: resetStatus } }, preValidation: requireCan('admins', 'show') },
    async (request) => {
      const account = await resettable(currentUser(request), request.params.id);
      return { enabled: (await factors.find(account.id)) !== undefined };
    },
  );

  routes.delete(
    api(P.reset),
    { schema: { params: idParams, response: { 200: resetStatus } }, preValidation: requireCan('admins', 'edit') },
    async (request) => {
      const actor = currentUser(request);
      const account = await resettable(actor, request.params.id);
      // The factor, the member's open sessions and the audit entry go together, or none of them.
      const removed = await db.transaction().execute(async (trx) => {
        const inTransaction = secondFactorRepository(trx);
        if (!(await inTransaction.remove(account.id))) return false;
        await inTransaction.endSessions(account.id);
        await inTransaction.audit(actor.id, account, false);
        return true;
      });
      if (!removed) throw apiError(409, 'SECOND_FACTOR_NOT_ON');
      return { enabled: false };
    },
  );
};
