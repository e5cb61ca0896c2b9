import { ClientError, GraphQLClient, type Variables } from 'graphql-request';
import type { HttpError } from 'react-admin';
import { VERSION_HEADER } from '../domain';
import { apiError, bearerAuthorization, parseBody } from './httpClient';
import { noteServerVersion } from './versionNotice';

/**
 * POST /graphql with the stored login, for the order screens (loaded with them, never with
 * the login page). It behaves like the REST client: the bearer token on every call, the
 * announced version noted, and every failure an HttpError whose status drives react-admin's
 * checkError (a 401 clears the session and leads to /login) and whose message is the
 * server's, translated by its code when the app knows it.
 */
const withSession: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  const authorization = bearerAuthorization();
  if (authorization) headers.set('Authorization', authorization);
  const response = await fetch(input, { ...init, headers });
  noteServerVersion(response.headers.get(VERSION_HEADER));
  return response;
};

let client: GraphQLClient | null = null;
// The origin is the page's, known only in the browser (and in jsdom for the tests).
const clientOf = () => (client ??= new GraphQLClient(new URL('/graphql', window.location.origin).toString(), { fetch: withSession }));

interface ErrorExtensions {
  code?: unknown;
  statusCode?: unknown;
  args?: unknown;
  details?: unknown;
}

/** A failed call as the REST client would have thrown it. */
export function graphqlError(error: ClientError): HttpError {
  const { response } = error;
  const first = response.errors?.[0];
  if (!first) {
    // Refused before GraphQL ran (a missing or expired token): a REST-shaped error body.
    return apiError(response.status, '', parseBody(response.body));
  }
  const extensions: ErrorExtensions = first.extensions ?? {};
  const statusCode = typeof extensions.statusCode === 'number' ? extensions.statusCode : response.status;
  return apiError(statusCode, '', {
    statusCode,
    code: typeof extensions.code === 'string' ? extensions.code : undefined,
    message: first.message,
    args: typeof extensions.args === 'object' && extensions.args !== null ? extensions.args : undefined,
    // The field errors of a refused input, so that a form marks its fields as with REST.
    details: Array.isArray(extensions.details) ? extensions.details : undefined,
  });
}

/** Runs one operation and answers its data, or throws the server's error. */
export async function graphqlRequest<T>(document: string, variables?: Variables): Promise<T> {
  try {
    return await clientOf().request<T>({ document, variables });
  } catch (error) {
    throw error instanceof ClientError ? graphqlError(error) : error;
  }
}
