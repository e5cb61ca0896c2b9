import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { canUseBackOffice, requiredText, SECOND_FACTOR_CHALLENGE_SECONDS, type PasswordStepResponse } from '../../src/domain';
import { recordLogin } from '../audit/loginAudit';
import { LoginThrottle } from './loginThrottle';
import { requiredForRole, signChallenge } from './secondFactor/codes';
import { secondFactorRepository } from './secondFactor/repository';
import { decoyHash, verifyPassword } from './password';
import { signSessionToken } from './sessionToken';
import { findLoginAccount, toSessionUser } from './sessionUser';
import type { Database } from '../db/schema';
import { apiError, retryLater } from '../errors';
import { withZodSchemas } from '../http/zod';

export interface SessionDeps {
  db: Kysely<Database>;
  jwtSecret: string;
  now: () => Date;
}

const loginBody = z.object({
  username: requiredText({ lessThan: 256 }),
  password: z.string().min(1).max(1024),
});

const sessionUser = z.object({
  id: z.number(),
  username: z.string(),
  roleId: z.number(),
  cityId: z.number().nullable(),
  restaurantId: z.number().nullable(),
  authKey: z.string(),
});

export const loginResponse = z.object({ user: sessionUser, jwtToken: z.string() });

/** The password step's answers: a session; a code needed (two-factor sign-in); or a session good only to set a factor up. */
const passwordStepResponse = z.union([
  loginResponse,
  z.object({ secondFactor: z.literal('code'), challengeToken: z.string(), expiresIn: z.number().int() }),
  z.object({ secondFactor: z.literal('setup'), setupToken: z.string(), user: sessionUser }),
]);

export const tooManyAttempts = (seconds: number) => retryLater(429, 'TOO_MANY_ATTEMPTS', seconds);

/** `POST /login`: the one unauthenticated call of the API (spec section 7, Session). */
export const sessionRoutes: FastifyPluginAsync<SessionDeps> = async (app, { db, jwtSecret, now }) => {
  withZodSchemas(app);
  const throttle = new LoginThrottle(db);
  const factors = secondFactorRepository(db);

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/login',
      { schema: { body: loginBody, response: { 200: passwordStepResponse } } },
      async (request, reply): Promise<PasswordStepResponse> => {
        const attempt = { username: request.body.username.trim(), ip: request.ip, at: now() };
        const wait = await throttle.retryAfter(attempt);
        if (wait > 0) throw tooManyAttempts(wait);

        const row = await findLoginAccount(db, attempt.username);
        const valid = await verifyPassword(request.body.password, row?.password_hash ?? (await decoyHash()));
        if (!row || !row.password_hash || !valid) {
          await throttle.failed(attempt);
          await recordLogin(db, { account: row, username: attempt.username, ip: attempt.ip, outcome: 'wrong_credentials' });
          throw apiError(401, 'WRONG_CREDENTIALS');
        }
        const user = toSessionUser(row);
        if (!user || !canUseBackOffice(user.roleId)) {
          await throttle.succeeded(attempt);
          await recordLogin(db, { account: row, username: attempt.username, ip: attempt.ip, outcome: 'role_not_allowed' });
          throw apiError(403, 'ROLE_NOT_ALLOWED');
        }
        reply.header('cache-control', 'no-store');
        // With a second factor the password forgives nothing yet: the code's step does, or counts a failure.
        if (await factors.find(user.id)) {
          const challengeToken = signChallenge(jwtSecret, { id: user.id, version: row.session_version }, now());
          return { secondFactor: 'code', challengeToken, expiresIn: SECOND_FACTOR_CHALLENGE_SECONDS };
        }
        await throttle.succeeded(attempt);
        await recordLogin(db, { account: row, username: attempt.username, ip: attempt.ip, outcome: 'login' });
        if (await requiredForRole(db, user.roleId)) {
          return {
            secondFactor: 'setup',
            setupToken: signSessionToken({ user, version: row.session_version, setupOnly: true }, jwtSecret, now()),
            user,
          };
        }
        return { user, jwtToken: signSessionToken({ user, version: row.session_version }, jwtSecret, now()) };
      },
    );
};
