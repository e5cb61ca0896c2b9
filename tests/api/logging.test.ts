import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { redactSecrets } from '../../server/plugins/logging';
import { backends, openTestDb, TEST_SECRET, TEST_VERSION } from './harness';

const SECRETS = {
  jwt: 'eyJhbGciOiJIUzI1NiJ9.secret-jwt-payload.signature',
  password: 'hunter2-the-password',
  providerToken: 'provider-token-381:XYZ',
  botToken: '123456:bot-token-ABCDEF',
  webhook: 'webhook-secret-header-value',
};

describe.each(backends)('the log on %s', (backend) => {
  it('a 500 is logged with its error but without SQL values, tokens, passwords or secret headers', async () => {
    const lines: string[] = [];
    const testDb = await openTestDb(backend);
    const app = await buildApp({
      db: testDb.db,
      jwtSecret: TEST_SECRET,
      version: TEST_VERSION,
      logger: true,
      logStream: { write: (line) => lines.push(line) },
    });
    // A handler that logs what it was sent and then fails in the database with a token as a parameter.
    app.post('/log-probe', async (request) => {
      request.log.info({ headers: request.headers, body: request.body }, 'probe received');
      await sql`select ${SECRETS.providerToken}::text, ${SECRETS.botToken}::text, 1 / 0`.execute(testDb.db);
      return {};
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/log-probe',
        headers: { authorization: `Bearer ${SECRETS.jwt}`, 'x-telegram-bot-api-secret-token': SECRETS.webhook },
        payload: { password: SECRETS.password, providerToken: SECRETS.providerToken, nested: [{ botToken: SECRETS.botToken }] },
      });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(SECRETS.providerToken);
    } finally {
      await app.close();
      await testDb.close();
    }
    const log = lines.join('');
    for (const [name, secret] of Object.entries(SECRETS)) expect(log, name).not.toContain(secret);
    // The log still says what went wrong, and where the secrets were.
    const error = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
    expect(error?.err?.message).toContain('division by zero');
    expect(error?.err?.code).toBe('22012');
    expect(log).toContain('"authorization":"[redacted]"');
    expect(log).toContain('"password":"[redacted]"');
    // The request log says which call it was and how it ended.
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.find((entry) => entry.msg === 'incoming request')?.req).toMatchObject({ method: 'POST', url: '/log-probe' });
    expect(entries.find((entry) => entry.msg === 'request completed')?.res).toMatchObject({ statusCode: 500 });
  });
});

describe('redactSecrets', () => {
  it('replaces secret fields at any depth, statement values and values quoted in errors', () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "secret-value"'), {
      code: '22P02',
      params: ['secret-value'],
      detail: 'Key (bot_token)=(123:abc) already exists.',
    });
    const redacted = JSON.stringify(
      redactSecrets({ a: { b: { Authorization: 'Bearer x-token' } }, list: [{ jwtToken: 'jwt' }], error, fine: 'visible' }),
    );
    expect(redacted).not.toMatch(/x-token|"jwt"|secret-value|123:abc/);
    expect(redacted).toContain('visible');
    expect(redacted).toContain('invalid input syntax for type integer');
    expect(redacted).toContain('Key (bot_token)=([redacted]) already exists.');
  });
});
