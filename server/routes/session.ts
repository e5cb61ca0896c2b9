import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  canUseBackOffice,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES,
  TOKEN_TTL_SECONDS,
  type LoginResponse,
} from '../../src/domain';
import { decoyHash, verifyPassword } from '../auth/password';
import { signToken } from '../auth/jwt';
import { FailureLimiter } from '../auth/rateLimit';
import { selectStaff, toSessionUser } from '../auth/sessionUser';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';

export interface SessionDeps {
  db: Kysely<Database>;
  jwtSecret: string;
  now: () => Date;
}

interface LoginBody {
  username: string;
  password: string;
}

const WRONG_CREDENTIALS = 'You provided a wrong password or login';
/** An IP may fail this many times across all usernames before it waits too. */
const IP_MAX_FAILURES = LOGIN_MAX_FAILURES * 10;

/** `POST /login`: the one unauthenticated call of the API (spec section 7, Session). */
export const sessionRoutes: FastifyPluginAsync<SessionDeps> = async (app, { db, jwtSecret, now }) => {
  const windowMs = LOGIN_FAILURE_WINDOW_SECONDS * 1000;
  const perUser = new FailureLimiter(LOGIN_MAX_FAILURES, windowMs);
  const perIp = new FailureLimiter(IP_MAX_FAILURES, windowMs);

  app.post<{ Body: LoginBody }>(
    '/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 255 },
            password: { type: 'string', minLength: 1, maxLength: 1024 },
          },
        },
      },
    },
    async (request, reply): Promise<LoginResponse> => {
      const username = request.body.username.trim();
      const { password } = request.body;
      const userKey = `${request.ip}|${username.toLowerCase()}`;
      const at = now().getTime();
      const wait = Math.max(perUser.retryAfter(userKey, at), perIp.retryAfter(request.ip, at));
      if (wait > 0) {
        throw new HttpError(429, 'TOO_MANY_ATTEMPTS', `Too many failed logins. Try again in ${wait} seconds.`, undefined, {
          'retry-after': String(wait),
        });
      }

      const row = await selectStaff(db)
        .select('users.password_hash')
        .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
        .orderBy(sql`users.role_id = 1000`)
        .orderBy('users.id')
        .executeTakeFirst();
      const valid = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
      if (!row || !row.password_hash || !valid) {
        perUser.fail(userKey, at);
        perIp.fail(request.ip, at);
        throw new HttpError(401, 'WRONG_CREDENTIALS', WRONG_CREDENTIALS);
      }
      perUser.reset(userKey);
      const user = toSessionUser(row);
      if (!user || !canUseBackOffice(user.roleId)) {
        throw new HttpError(403, 'ROLE_NOT_ALLOWED', 'Couriers and customers cannot log in to the back-office');
      }
      reply.header('cache-control', 'no-store');
      return { user, jwtToken: signToken(user.id, jwtSecret, TOKEN_TTL_SECONDS, now()) };
    },
  );
};
