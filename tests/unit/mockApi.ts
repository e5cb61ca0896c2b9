import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Where the screens under test send their REST calls (the dev server's address). */
export const API = 'http://localhost:3000/api';

/**
 * What every screen with the menu or an order list asks besides its own data (the unread badge,
 * the status tabs' counts, a chat marked read), answered with nothing to show unless a test
 * answers them itself.
 */
const workspaceDefaults = [
  http.get(`${API}/orders/unread`, () => HttpResponse.json({ total: 0 })),
  http.get(`${API}/orders/statusCounts`, () => HttpResponse.json({ all: 0, new: 0, inProgress: 0, onTheWay: 0, done: 0, cancelled: 0 })),
  http.post(`${API}/orders/:threadId/chat/read`, ({ params }) => HttpResponse.json({ threadId: String(params.threadId), unread: 0 })),
];

/**
 * A mock API for one test file: the given handlers answer for every test, a test's own `server.use`
 * overrides are dropped after it, and any request no handler answers fails the test.
 */
export function mockApi(...handlers: Parameters<typeof setupServer>): ReturnType<typeof setupServer> {
  const server = setupServer(...handlers, ...workspaceDefaults);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
