import type { FastifyServerOptions } from 'fastify';

/** Where log lines go; stdout unless given (the tests read them). */
export interface LogStream {
  write: (line: string) => void;
}

/** Names of fields whose values never reach the log, wherever they appear (compared in lower case). */
const SECRET_KEYS = new Set(
  [
    'authorization',
    'cookie',
    'password',
    'passwordHash',
    'password_hash',
    'botToken',
    'bot_token',
    'providerToken',
    'jwtToken',
    'jwtSecret',
    'webhookSecret',
    'x-telegram-bot-api-secret-token',
  ].map((key) => key.toLowerCase()),
);

/** Fields of database errors that carry the statement's values (PGlite adds the parameters). */
const VALUE_KEYS = new Set(['params', 'parameters', 'values', 'queryoptions']);

export const REDACTED = '[redacted]';

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as a plain object (type, message, stack, own fields, cause), its secrets redacted. */
function serializeError(error: Error, depth: number): SerializedError {
  const fields: Record<string, unknown> = { ...error };
  // PostgreSQL's data errors quote the refused value: 'invalid input syntax for type integer: "..."'.
  const quotesValue = typeof fields.code === 'string' && fields.code.startsWith('22');
  const message = quotesValue ? error.message.replace(/"[^]*"/, `"${REDACTED}"`) : error.message;
  const cause = error.cause instanceof Error && depth < 4 ? serializeError(error.cause, depth + 1) : error.cause;
  const redacted = redactSecrets({ ...fields, ...(cause === undefined ? {} : { cause }) }, depth);
  return {
    ...(isPlainRecord(redacted) ? redacted : {}),
    type: error.constructor.name,
    message,
    stack: (error.stack ?? '').replace(error.message, message),
  };
}

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Error) && !Buffer.isBuffer(value);

/** A copy of `value` with every secret field and every statement value replaced. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[deep]';
  if (value instanceof Error) return serializeError(value, depth);
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (!isPlainRecord(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const lower = key.toLowerCase();
    if (SECRET_KEYS.has(lower) || VALUE_KEYS.has(lower)) copy[key] = REDACTED;
    // "Key (bot_token)=(123:abc) already exists": PostgreSQL's detail names the values.
    else if (lower === 'detail' && typeof item === 'string') copy[key] = item.replace(/=\(.*\)/s, `=(${REDACTED})`);
    else copy[key] = redactSecrets(item, depth + 1);
  }
  return copy;
}

/** The Fastify logger: the request log without secrets, errors without their SQL values. */
export function loggerOptions(stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level: 'info',
    ...(stream ? { stream } : {}),
    // The places Fastify and pino put headers, redacted by pino itself.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-telegram-bot-api-secret-token"]',
        'headers.authorization',
        'headers["x-telegram-bot-api-secret-token"]',
      ],
      censor: REDACTED,
    },
    // Anything else logged (bodies, objects, nested errors) is walked for secret fields.
    formatters: {
      log: (object: Record<string, unknown>) => {
        // The request and reply go to Fastify's own serializers (method, url, status; headers
        // redacted above), which a copy here would leave with nothing to read.
        const { err, req, res, ...rest } = object;
        const redacted = redactSecrets(rest);
        const kept = {
          ...(err === undefined ? {} : { err }),
          ...(req === undefined ? {} : { req }),
          ...(res === undefined ? {} : { res }),
        };
        return isPlainRecord(redacted) ? { ...redacted, ...kept } : object;
      },
    },
    serializers: {
      err: (error: Error) => serializeError(error, 0),
    },
  };
}
