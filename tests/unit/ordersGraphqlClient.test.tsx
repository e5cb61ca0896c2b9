import { graphql, http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS_VALUES, Role } from '../../src/domain';
import { authProvider } from '../../src/providers/authProvider';
import { graphqlRequest } from '../../src/providers/graphqlClient';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { readSession } from '../../src/providers/session';
import { STATUS_COLORS } from '../../src/resources/orders/statusColors';
import { logInAs } from './renderScreen';
import { mockApi } from './mockApi';

const server = mockApi();
afterEach(async () => {
  await i18nProvider.changeLocale('en');
});

const failure = async (promise: Promise<unknown>): Promise<HttpError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
};

describe('the GraphQL client', () => {
  it('sends the stored bearer token and answers the data', async () => {
    const session = logInAs({ roleId: Role.OPERATOR });
    let authorization: string | null = null;
    server.use(
      graphql.query('Me', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ data: { me: { id: 1 } } });
      }),
    );
    expect(await graphqlRequest('query Me { me { id } }')).toEqual({ me: { id: 1 } });
    expect(authorization).toBe(`Bearer ${session.jwtToken}`);
  });

  it("turns a GraphQL error into an HttpError with the server's message and status, translated by its code", async () => {
    logInAs({ roleId: Role.OPERATOR });
    server.use(
      graphql.mutation('Move', () =>
        HttpResponse.json({
          data: null,
          errors: [{ message: 'Order not found', extensions: { code: 'ORDER_NOT_FOUND', statusCode: 404 } }],
        }),
      ),
      graphql.query('Broken', () => HttpResponse.json({ data: null, errors: [{ message: 'Cannot query field "nope"' }] }, { status: 400 })),
    );
    const move = await failure(graphqlRequest('mutation Move { nope }'));
    expect([move.message, move.status]).toEqual(['Order not found', 404]);
    await i18nProvider.changeLocale('ru');
    expect((await failure(graphqlRequest('mutation Move { nope }'))).message).toBe('Заказ не найден');
    const broken = await failure(graphqlRequest('query Broken { nope }'));
    expect([broken.message, broken.status]).toEqual(['Cannot query field "nope"', 400]);
  });

  it('treats a 401 like the REST client: an HttpError whose checkError clears the session', async () => {
    logInAs({ roleId: Role.OPERATOR });
    server.use(
      http.post('http://localhost:3000/graphql', () =>
        HttpResponse.json({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Authentication required' }, { status: 401 }),
      ),
    );
    const error = await failure(graphqlRequest('query Me { me { id } }'));
    expect([error.status, error.message]).toEqual([401, 'Authentication required']);
    await expect(authProvider.checkError(error)).rejects.toThrow();
    expect(readSession()).toBeNull();
  });
});

/** WCAG's contrast ratio of two #rrggbb colours. */
const contrast = (a: string, b: string) => {
  const luminance = (hex: string) => {
    const [r, g, b_] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b_;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('the status badges', () => {
  it('give each status its own colour, with white text at a contrast of at least 4.5:1', () => {
    const colors = ORDER_STATUS_VALUES.map((status) => STATUS_COLORS[status]);
    expect(new Set(colors).size).toBe(ORDER_STATUS_VALUES.length);
    for (const status of ORDER_STATUS_VALUES)
      expect(contrast(STATUS_COLORS[status], '#ffffff'), String(status)).toBeGreaterThanOrEqual(4.5);
  });
});
