import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Where the screens under test send their REST calls (the dev server's address). */
export const API = 'http://localhost:3000/api';

/**
 * A mock API for one test file: the given handlers answer for every test, a test's own `server.use`
 * overrides are dropped after it, and any request no handler answers fails the test.
 */
export function mockApi(...handlers: Parameters<typeof setupServer>): ReturnType<typeof setupServer> {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
