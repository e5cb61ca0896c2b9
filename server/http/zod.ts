import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { z } from 'zod';
import { fieldErrors, problem, renderMessage } from '../../src/domain';
import { badRequest, invalidFields } from '../errors';

/**
 * A query names only the parameters its route declares, as a body names only its fields: a
 * misspelt filter (`?cityid=3`) is a 400 naming it, never a list silently unfiltered.
 */
const UNKNOWN_FIELD = problem('unknownField');
const UNKNOWN_PARAMETER = { key: problem('unknownParameter').key, message: renderMessage(problem('unknownParameter')) };
const strictQuery = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodObject ? schema.strict() : schema);

/**
 * Request data is checked by each route's zod schemas (params, query, body) and typed from
 * them; a problem is the usual 400 with one detail per field and the spec's texts. Responses
 * are written through their schema, so a field that is not in it (a hash, a token) never leaves.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema: declared, httpPart }) => {
  const schema = httpPart === 'querystring' ? strictQuery(declared) : declared;
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const errors = fieldErrors(result.error).map((e) =>
      httpPart === 'querystring' && e.key === UNKNOWN_FIELD.key
        ? { ...e, ...UNKNOWN_PARAMETER }
        : // A problem with the whole body or query names it, not an empty field.
          { ...e, field: e.field === 'body' && httpPart && httpPart !== 'body' ? httpPart : e.field },
    );
    const [only] = errors;
    if (errors.length === 1 && only.field === 'body' && only.key === 'validation.object') {
      return { error: badRequest('The body must be a JSON object', [{ field: 'body', message: only.message }]) };
    }
    return { error: invalidFields(errors) };
  };
};

/**
 * Responses are written by fast-json-stringify from the JSON schema of their zod schema: only
 * the declared fields go out (an extra one, a hash or a token, is dropped), as fast as
 * Fastify's own serialiser.
 */
const compileSerializer = SerializerSelector()();
const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url, httpStatus }) =>
  compileSerializer({
    method,
    url,
    httpStatus: httpStatus ?? '200',
    schema: z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }),
  });

const declares = (part: unknown, key: string): boolean => part instanceof z.ZodObject && Object.hasOwn(part.shape, key);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * react-admin and other REST clients send the whole record back on an update, its id
 * included: an id equal to the path's is the same record and is dropped before the body is
 * checked; another id is a 400 naming it, never a silent write to the path's record.
 */
const samePathId: preValidationHookHandler = async (request) => {
  const { body, params } = request;
  if (!isRecord(body) || !Object.hasOwn(body, 'id') || !isRecord(params)) return;
  const { id, ...rest } = body;
  if ((typeof id === 'number' || typeof id === 'string') && String(id) === params.id) {
    request.body = rest;
    return;
  }
  const found = problem('pathId');
  throw invalidFields([{ field: 'id', key: found.key, message: renderMessage(found) }]);
};

/** The route's schema with an empty query when it declares none, so that any parameter is refused. */
const withQuery = (schema: FastifySchema | undefined): FastifySchema => ({ ...schema, querystring: schema?.querystring ?? z.object({}) });

const preValidationHooks = (route: RouteOptions): preValidationHookHandler[] => {
  const hooks = route.preValidation;
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
};

/** Validation, serialisation and the REST conventions for every route registered after it. */
export function withZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route) => {
    route.schema = withQuery(route.schema);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!(route.schema.querystring instanceof z.ZodObject)) {
      throw new Error(`${methods.join(',')} ${route.url}: its query must be a z.object, so that unknown parameters are refused`);
    }
    const updates = methods.some((m) => m === 'PUT' || m === 'PATCH');
    const { params, body } = route.schema;
    if (updates && body !== undefined && declares(params, 'id') && !declares(body, 'id')) {
      // After the route's own hooks: who may not edit hears 403, not a word about the body.
      route.preValidation = [...preValidationHooks(route), samePathId];
    }
  });
}
