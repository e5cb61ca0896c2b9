/** The API's error shape: `{statusCode, code, error, message, details?}` (DESIGN section 3). */
export interface FieldError {
  field: string;
  message: string;
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
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: FieldError[]) =>
  new HttpError(400, 'BAD_REQUEST', message, details);
/** "name: Required; cityId: no such city": the message of a 400 that lists its field errors. */
export const fieldSummary = (details: readonly FieldError[]): string => details.map((d) => `${d.field}: ${d.message}`).join('; ');

/** A 400 for input whose fields break their rules, each named with its message. */
export const invalidFields = (errors: readonly FieldError[]) =>
  badRequest(fieldSummary(errors), errors.map(({ field, message }) => ({ field, message })));

export const unauthorized = (message = 'Authentication required') =>
  new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new HttpError(409, 'CONFLICT', message);
