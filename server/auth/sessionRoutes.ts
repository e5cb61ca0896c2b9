import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiErrorMessage, canUseBackOffice, requiredText, type LoginResponse } from '../../src/domain';
import { recordLogin } from '../audit/loginAudit';
import { LoginThrottle } from './loginThrottle';
import { decoyHash, verifyPassword } from './password';
import { signSessionToken } from './sessionToken';
import { findLoginAccount, toSessionUser } from './sessionUser';
import type { Database } from '../db/schema';
import { apiError, HttpError } from '../errors';
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

const loginResponse = z.object({
  user: z.object({
    id: z.number(),
    username: z.string(),
    roleId: z.number(),
    cityId: z.number().nullable(),
    restaurantId: z.number().nullable(),
    authKey: z.string(),
  }),
  jwtToken: z.string(),
});

const tooManyAttempts = (seconds: number) =>
  new HttpError(
    429,
    'TOO_MANY_ATTEMPTS',
    apiErrorMessage('TOO_MANY_ATTEMPTS', { seconds }),
    undefined,
    { 'retry-after': String(seconds) },
    { seconds },
  );

/** `POST /login`: the one unauthenticated call of the API (spec section 7, Session). */
export const sessionRoutes: FastifyPluginAsync<SessionDeps> = async (app, { db, jwtSecret, now }) => {
  withZodSchemas(app);
  const throttle = new LoginThrottle(db);

  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/login', { schema: { body: loginBody, response: { 200: loginResponse } } }, async (request, reply): Promise<LoginResponse> => {
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
      await throttle.succeeded(attempt);
      const user = toSessionUser(row);
      if (!user || !canUseBackOffice(user.roleId)) {
        await recordLogin(db, { account: row, username: attempt.username, ip: attempt.ip, outcome: 'role_not_allowed' });
        throw apiError(403, 'ROLE_NOT_ALLOWED');
      }
      await recordLogin(db, { account: row, username: attempt.username, ip: attempt.ip, outcome: 'login' });
      reply.header('cache-control', 'no-store');
      return { user, jwtToken: signSessionToken({ user, version: row.session_version }, jwtSecret, now()) };
    });
};
