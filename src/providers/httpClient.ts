import { HttpError } from 'react-admin';
import { isApiErrorCode, VERSION_HEADER, type ErrorArgs } from '../domain';
import { i18nProvider } from './i18nProvider';
import { readSession } from './session';
import { noteServerVersion } from './versionNotice';

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  json: T;
  /** The body as it came, for `raw` calls (images, files). */
  blob?: Blob;
}

export interface ApiErrorBody {
  statusCode?: number;
  code?: string;
  message?: string;
  /** The values of the placeholders in the code's text. */
  args?: ErrorArgs;
  details?: { field: string; message: string; key?: string; args?: ErrorArgs }[];
  /** Field errors in the form react-admin puts next to the inputs. */
  errors?: Record<string, string>;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Leave out the bearer token (the login call). */
  anonymous?: boolean;
  /** A binary answer: read it as a Blob instead of JSON. */
  raw?: boolean;
}

/** The Authorization header of the stored login, if any. */
export const bearerAuthorization = (): string | null => {
  const session = readSession();
  return session ? `Bearer ${session.jwtToken}` : null;
};

/** A response body: its JSON, its text when it is not JSON, null when empty. */
export const parseBody = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The text of an error answer in the user's language: the API's code translated
 * (`errors.<code>` with the answer's `args`), else the server's own message.
 */
const errorText = (body: ApiErrorBody, fallback: string): string => {
  const message = body.message || fallback;
  if (!isApiErrorCode(body.code)) return message;
  return i18nProvider.translate(`errors.${body.code}`, { ...body.args, _: message });
};

/** An error answer as react-admin's HttpError, with the field errors where forms look for them. */
export function apiError(status: number, statusText: string, json: unknown): HttpError {
  const errorBody: ApiErrorBody = typeof json === 'object' && json !== null ? (json as ApiErrorBody) : {};
  if (errorBody.details?.length) {
    // Each field's message in the user's language when the server names its key, else as sent.
    errorBody.errors = Object.fromEntries(
      errorBody.details.map((d) => [d.field, d.key ? i18nProvider.translate(d.key, { ...d.args, _: d.message }) : d.message]),
    );
  }
  return new HttpError(errorText(errorBody, statusText || `HTTP ${status}`), status, errorBody);
}

/** How long a request started ahead waits for the screen that will make it. */
export const WARM_MS = 10_000;
const warmed = new Map<string, { authorization: string | null; at: number; response: Promise<Response> }>();

/**
 * Starts a GET the next screen is about to make, before that screen's code has rendered: the
 * login calls it for the first page of the screen it leads to, so that the rows are on their
 * way while the layout and the screen draw. The first identical request (same address, same
 * login) within WARM_MS takes the answer, once; one that never comes leaves it to expire.
 */
export function warmGet(url: string): void {
  const address = new URL(url, window.location.origin).href;
  const authorization = bearerAuthorization();
  const headers = new Headers({ Accept: 'application/json' });
  if (authorization) headers.set('Authorization', authorization);
  const response = fetch(address, { headers });
  // An answer nobody takes is not an unhandled rejection; the screen's own request reports failures.
  response.catch(() => undefined);
  warmed.set(address, { authorization, at: Date.now(), response });
}

function takeWarmed(address: string, authorization: string | null): Promise<Response> | null {
  const entry = warmed.get(address);
  if (!entry) return null;
  warmed.delete(address);
  return entry.authorization === authorization && Date.now() - entry.at < WARM_MS ? entry.response : null;
}

/**
 * Every call of the browser goes through here: it adds the bearer token, reads the version
 * every response announces, and turns an error answer into react-admin's HttpError (whose
 * status drives checkError and whose body.errors marks the form fields).
 */
export async function apiFetch<T = unknown>(url: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { body, anonymous, raw, headers: given, ...init } = options;
  const headers = new Headers(given);
  if (!raw) headers.set('Accept', 'application/json');
  // A form or a file goes as it is (a file with its own type unless the caller names one); anything else as JSON.
  const isForm = body instanceof FormData || body instanceof Blob;
  if (body instanceof Blob && !headers.has('Content-Type') && body.type) headers.set('Content-Type', body.type);
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const authorization = anonymous ? null : bearerAuthorization();
  if (authorization) headers.set('Authorization', authorization);

  const address = new URL(url, window.location.origin);
  const ahead = body === undefined && (init.method ?? 'GET') === 'GET' ? takeWarmed(address.href, authorization) : null;
  const response =
    (ahead && (await ahead.catch(() => null))) ??
    (await fetch(address, {
      ...init,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    }));
  noteServerVersion(response.headers.get(VERSION_HEADER));

  if (raw && response.ok) {
    return { status: response.status, headers: response.headers, json: null as T, blob: await response.blob() };
  }
  const json = parseBody(await response.text());
  if (!response.ok) throw apiError(response.status, response.statusText, json);
  return { status: response.status, headers: response.headers, json: json as T };
}
