import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync, FastifySchema } from 'fastify';
import { ZodType } from 'zod';
import fp from 'fastify-plugin';
import type { OpenAPIV3 } from 'openapi-types';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { finishDocument, isOpenApi30 } from './openapiDocument';

/** The published contract: readable without a login, like any API reference. */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
export const PUBLIC_API_PATHS = [OPENAPI_JSON_PATH, API_DOCS_PATH] as const;

/** The error every call may answer (DESIGN section 3). */
const errorShape: OpenAPIV3.SchemaObject = {
  type: 'object',
  required: ['statusCode', 'code', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string', description: 'names the error; the browser shows its text in the user’s language' },
    error: { type: 'string' },
    message: { type: 'string', description: 'the English text' },
    args: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string' },
          message: { type: 'string', description: 'the English text' },
          key: { type: 'string', description: 'the message key, e.g. validation.required' },
          args: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
        },
      },
    },
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** "GET /api/cities/:id": every API call, as the contract must list it. */
    documentedRoutes: readonly string[];
  }
}

/** The calls the contract covers: the REST API, the login and the bots' webhook. */
const isApiPath = (url: string): boolean =>
  (url.startsWith('/api/') && !PUBLIC_API_PATHS.some((p) => url.startsWith(p))) ||
  url === '/login' ||
  url.startsWith('/login/') ||
  url.startsWith('/webhook/');

const declaredWithZod = (schema: FastifySchema | undefined): boolean =>
  !!schema &&
  [schema.body, schema.querystring, schema.params, ...Object.values(schema.response ?? {})].some((part) => part instanceof ZodType);

/**
 * The OpenAPI 3 document of the API, generated from the routes' zod schemas, at
 * /api/openapi.json, and a browsable reference at /api/docs.
 */
const plugin: FastifyPluginAsync<{ version: string }> = async (app, { version }) => {
  // Every call of the API declares its schemas, so that it is checked, typed and documented.
  const documented: string[] = [];
  app.decorate('documentedRoutes', documented);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!isApiPath(route.url) || methods.every((m) => m === 'HEAD' || m === 'OPTIONS')) return;
    if (!declaredWithZod(route.schema)) throw new Error(`${methods.join(',')} ${route.url} declares no zod schema`);
    for (const method of methods) if (method !== 'HEAD') documented.push(`${method} ${route.url}`);
  });
  await app.register(swagger, {
    openapi: {
      // 3.0, which every generator and swagger-ui read; finishDocument makes zod's nullable
      // unions valid in it rather than moving the whole contract to 3.1.
      openapi: '3.0.3',
      info: { title: 'Food-ordering back-office API', version },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: { Error: errorShape },
      },
      security: [{ bearer: [] }],
      // Relative: the API answers on whatever origin serves this document.
      servers: [{ url: '/', description: 'The server that publishes this document' }],
    },
    // Routes declared with zod are converted; the GraphQL endpoint keeps its own JSON schema.
    transform: (document) => {
      const { schema, url } = declaredWithZod(document.schema)
        ? jsonSchemaTransform(document)
        : { schema: document.schema, url: document.url };
      // Grouped by area in the reference: the first word of the path (/api/tags/... -> tags).
      const area = url.replace(/^\/api\//, '/').split('/')[1] || 'api';
      return { schema: { ...schema, tags: [area] }, url };
    },
    transformObject: (document) => {
      if ('openapiObject' in document && isOpenApi30(document.openapiObject)) return finishDocument(document.openapiObject);
      throw new Error('The API document is generated as OpenAPI 3.0');
    },
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { validatorUrl: null, docExpansion: 'list' },
    staticCSP: false,
    transformSpecification: (spec) => spec,
    transformSpecificationClone: false,
  });
};

export const openApi = fp(plugin, { name: 'openapi' });
