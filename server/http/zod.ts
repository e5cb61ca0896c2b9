import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { z } from 'zod';
import { fieldErrors } from '../../src/domain';
import { badRequest, invalidFields } from '../errors';

/**
 * Request data is checked by each route's zod schemas (params, query, body) and typed from
 * them; a problem is the usual 400 with one detail per field and the spec's texts. Responses
 * are written through their schema, so a field that is not in it (a hash, a token) never leaves.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const errors = fieldErrors(result.error).map((e) => ({
      ...e,
      // A problem with the whole body or query names it, not an empty field.
      field: e.field === 'body' && httpPart && httpPart !== 'body' ? httpPart : e.field,
    }));
    const [only] = errors;
    if (errors.length === 1 && only.field === 'body' && only.key === 'validation.object') {
      return { error: badRequest('The body must be a JSON object', [{ field: 'body', message: only.message }]) };
    }
    return { error: invalidFields(errors) };
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

export function withZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
