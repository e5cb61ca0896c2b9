import type { FastifyError } from 'fastify';
import type { ErrorArgs } from '../../src/domain';
import { asUnavailable } from '../db/unreachable';
import { HttpError, statusText, type FieldError } from '../errors';

export interface ErrorBody {
  statusCode: number;
  code: string;
  error: string;
  message: string;
  args?: ErrorArgs;
  details?: FieldError[];
}

/** PostgreSQL errors caused by the input, not by the server: a 400 (or 409), never a 500. */
const PG_INPUT_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'A record with these values already exists' },
  '23503': { status: 409, message: 'The record refers to, or is referred to by, another record' },
  '23514': { status: 400, message: 'A value is out of its allowed range' },
  '23502': { status: 400, message: 'A required value is missing' },
  '22P02': { status: 400, message: 'A value has the wrong type' },
  '22001': { status: 400, message: 'A value is too long' },
  '22003': { status: 400, message: 'A number is out of range' },
  '22007': { status: 400, message: 'A date or time is not valid' },
  '22008': { status: 400, message: 'A date or time is out of range' },
  // The schemas refuse control characters first; this is the last line for a NUL that slips by.
  '22021': { status: 400, message: 'A text holds a character that cannot be stored' },
  '54000': { status: 400, message: 'A value is too large' },
};

const codeOf = (error: unknown): string | undefined => {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
};

/**
 * The API's error shape for any error a request ends with. An unreachable database (refused,
 * reset, shut down, no connection within the pool's timeout) is a 503 DATABASE_UNAVAILABLE:
 * the database layer reports it so already, and an error that reaches here another way is
 * recognised the same.
 */
export function toErrorBody(given: FastifyError): ErrorBody {
  const error = asUnavailable(given, 'unknown');
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      error: statusText(error.statusCode),
      message: error.message,
      ...(error.args ? { args: error.args } : {}),
      ...(error.details ? { details: error.details } : {}),
    };
  }
  const pg = PG_INPUT_ERRORS[codeOf(given) ?? ''];
  if (pg) return { statusCode: pg.status, code: 'INVALID_DATA', error: statusText(pg.status), message: pg.message };
  const status = given.statusCode && given.statusCode >= 400 && given.statusCode < 500 ? given.statusCode : 500;
  return {
    statusCode: status,
    code: status === 500 ? 'INTERNAL_ERROR' : (given.code ?? 'BAD_REQUEST'),
    error: statusText(status),
    message: status === 500 ? 'Something went wrong on the server' : given.message,
  };
}
