import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from '../../server/graphql/limits';
import { backends, bearer, login, openTestApp, seedRoles, type TestApp } from './harness';

describe.each(backends)('GraphQL limits on %s', (backend) => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await openTestApp(backend);
    await seedRoles(t.db);
    auth = bearer(await login(t.app, 'admin'));
  });
  afterAll(async () => t?.close());

  const ask = (query: string) => t.app.inject({ method: 'POST', url: '/graphql', headers: auth, payload: { query } });
  const reason = async (query: string) => {
    const response = await ask(query);
    expect(response.statusCode, query.slice(0, 80)).toBe(400);
    return response
      .json<{ errors: { message: string }[] }>()
      .errors.map((e) => e.message)
      .join(' ');
  };

  it('answers an ordinary query', async () => {
    const response = await ask('{ me { id username } a: me { id } }');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.me.username).toBe('admin');
  });

  it('refuses too many aliases with the reason (2,000 went through before)', async () => {
    const many = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: me { id }`).join(' ')} }`;
    expect((await ask(many(GRAPHQL_LIMITS.aliases))).statusCode).toBe(200);
    expect(await reason(many(GRAPHQL_LIMITS.aliases + 1))).toContain(
      `The query uses ${GRAPHQL_LIMITS.aliases + 1} aliases; at most ${GRAPHQL_LIMITS.aliases} are allowed`,
    );
    // 2,000 aliases are over the token limit already.
    expect(await reason(many(2000))).toMatch(/aliases|tokens/);
  });

  it('refuses too many selections, also multiplied through fragments', async () => {
    const fields = `{ ${Array.from({ length: GRAPHQL_LIMITS.selections + 1 }, () => 'me { id }').join(' ')} }`;
    expect(await reason(fields)).toContain('fields; at most');
    // Each fragment spreads the one below it ten times: 10^4 selections from a short document.
    const fragments = [
      'query { me { ...F1 } }',
      `fragment F1 on SessionUser { ${'...F2 '.repeat(10)} }`,
      `fragment F2 on SessionUser { ${'...F3 '.repeat(10)} }`,
      `fragment F3 on SessionUser { ${'...F4 '.repeat(10)} }`,
      `fragment F4 on SessionUser { ${'id '.repeat(10)} }`,
    ].join('\n');
    expect(await reason(fragments)).toContain('fields; at most');
  });

  it('refuses a query nested too deep', async () => {
    // The schema has no nested types yet, so the levels are inline fragments.
    const nested = (levels: number) => `{ me { ${'... on SessionUser { '.repeat(levels)} id ${'} '.repeat(levels)} } }`;
    expect((await ask(nested(GRAPHQL_LIMITS.depth - 3))).statusCode).toBe(200);
    expect(await reason(nested(GRAPHQL_LIMITS.depth))).toContain(`The query nests deeper than ${GRAPHQL_LIMITS.depth} levels`);
  });

  it('refuses a document with too many tokens before parsing it all', async () => {
    const response = await ask(`{ me { ${'id '.repeat(GRAPHQL_LIMITS.tokens + 10)} } }`);
    expect(response.statusCode).toBe(400);
  });
});
