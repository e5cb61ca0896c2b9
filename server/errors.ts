import { apiErrorMessage, isApiErrorCode, type ApiErrorCode, type ErrorArgs } from '../src/domain';

/**
 * The API's error shape: `{statusCode, code, error, message, args?, details?}` (DESIGN section
 * 3). `code` names the error for the browser, which shows its text in the user's language with
 * `args`; `message` is the English text.
 */
export interface FieldError {
  field: string;
  /** The English text. */
  message: string;
  /** The message key (`validation.required`) and its arguments, for the browser to translate. */
  key?: string;
  args?: ErrorArgs;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const statusText = (status: number): string => STATUS_TEXT[status] ?? 'Error';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
    readonly args?: ErrorArgs,
  ) {
    super(message);
  }
}

/** An error of the catalogue in src/domain/errorCodes.ts, its English text filled in. */
export const apiError = (statusCode: number, code: ApiErrorCode, args?: ErrorArgs, details?: FieldError[]) =>
  new HttpError(statusCode, code, apiErrorMessage(code, args), details, undefined, args);

/**
 * A refusal for now (429 or 503), with `Retry-After`: `seconds` is both the header and, unless
 * `args` say otherwise, the message's %{seconds}.
 */
export const retryLater = (statusCode: 429 | 503, code: ApiErrorCode, seconds: number, args: ErrorArgs = { seconds }) =>
  new HttpError(statusCode, code, apiErrorMessage(code, args), undefined, { 'retry-after': String(seconds) }, args);

/** A code of the catalogue, or a one-off English message under the generic code. */
const coded = (statusCode: number, generic: ApiErrorCode, what: string, args?: ErrorArgs) =>
  isApiErrorCode(what) ? apiError(statusCode, what, args) : new HttpError(statusCode, generic, what);

export const badRequest = (message: string, details?: FieldError[]) => new HttpError(400, 'BAD_REQUEST', message, details);
/** "name: Required; cityId: no such city": the message of a 400 that lists its field errors. */
export const fieldSummary = (details: readonly FieldError[]): string => details.map((d) => `${d.field}: ${d.message}`).join('; ');

/** A 400 for input whose fields break their rules, each named with its message. */
export const invalidFields = (errors: readonly FieldError[]) => {
  const details = errors.map(({ field, message, key, args }) => ({ field, message, ...(key ? { key } : {}), ...(args ? { args } : {}) }));
  const summary = fieldSummary(details);
  return new HttpError(400, 'VALIDATION_ERROR', summary, details, undefined, { summary });
};

export const unauthorized = (message = 'Authentication required') => coded(401, 'UNAUTHORIZED', message);
export const forbidden = (what: ApiErrorCode | string = 'FORBIDDEN', args?: ErrorArgs) => coded(403, 'FORBIDDEN', what, args);
export const notFound = (what: ApiErrorCode | string = 'NOT_FOUND', args?: ErrorArgs) => coded(404, 'NOT_FOUND', what, args);
export const conflict = (what: ApiErrorCode | string, args?: ErrorArgs) => coded(409, 'CONFLICT', what, args);

/** How long a client is asked to wait while the database is away (a restart takes seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot be reached (down, restarting, or no connection within the pool's
 * timeout): a 503 with `Retry-After`, never a 500, since the request itself was fine.
 */
export class DatabaseUnavailableError extends HttpError {
  constructor(cause?: unknown) {
    super(503, 'DATABASE_UNAVAILABLE', apiErrorMessage('DATABASE_UNAVAILABLE'), undefined, {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    });
    this.cause = cause;
  }
}
