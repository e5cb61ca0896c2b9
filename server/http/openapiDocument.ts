import type { OpenAPIV3 } from 'openapi-types';
import { API_PATHS } from '../../src/domain';

/**
 * The finishing pass over the generated OpenAPI document, so that standard tools (redocly's
 * recommended rules, code generators) accept it: every operation gets an id and a summary
 * derived from its method and path, the error answer, and the list headers; paths that differ
 * only in a parameter's name share one name; and zod's nullable unions and enums allow the
 * null the server accepts (see allowNull).
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
type Method = (typeof METHODS)[number];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isReference = (value: unknown): value is OpenAPIV3.ReferenceObject => isRecord(value) && typeof value.$ref === 'string';

/** The refusal every call may answer (DESIGN section 3). */
const ERROR_RESPONSE: OpenAPIV3.ResponseObject = {
  description:
    'Refused: invalid parameters or body (400, naming the fields), no login (401), not allowed (403), not found (404), conflict (409)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/** The GraphQL endpoint refuses with GraphQL's own errors, not the REST error shape. */
const GRAPHQL_ERROR_RESPONSE: OpenAPIV3.ResponseObject = {
  description: 'Refused: a query that does not parse, validate or pass the limits, or no login',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          data: { type: 'object', nullable: true },
          errors: { type: 'array', items: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } },
        },
      },
    },
  },
};

const TOTAL_COUNT_HEADER: OpenAPIV3.HeaderObject = {
  description: 'How many records the list holds with its filters, over all pages',
  schema: { type: 'integer', minimum: 0 },
};

const ORDER_TOTALS: OpenAPIV3.HeaderObject = {
  description: 'The totals of the filtered orders, as JSON: the answer of GET /api/orders/totals for the same filters',
  schema: { type: 'string' },
};

/** "/api/tags/cities/{cityId}" -> ["tags", "cities", "{cityId}"]. */
const segmentsOf = (path: string) =>
  path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean);

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** getTagsCitiesByCityId, putRestaurantsByIdPause: unique, as method and path are. */
const operationIdOf = (method: Method, path: string): string =>
  method +
  segmentsOf(path)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      return param
        ? `By${capitalised(param)}`
        : segment
            .split(/[^A-Za-z0-9]+/)
            .map(capitalised)
            .join('');
    })
    .join('');

const jsonSchemaOf = (response: OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject | undefined) =>
  response && !isReference(response) ? response.content?.['application/json']?.schema : undefined;

const answersList = (operation: OpenAPIV3.OperationObject) => {
  const schema = jsonSchemaOf(operation.responses['200']);
  return !!schema && !isReference(schema) && schema.type === 'array';
};

/** "List tags cities {cityId}", "Update restaurants {id} pause". */
const summaryOf = (method: Method, path: string, operation: OpenAPIV3.OperationObject): string => {
  const verb =
    method === 'get'
      ? answersList(operation)
        ? 'List'
        : 'Read'
      : method === 'post'
        ? operation.responses['201']
          ? 'Create'
          : 'Send to'
        : method === 'put'
          ? 'Update'
          : method === 'delete'
            ? 'Delete'
            : method.toUpperCase();
  return `${verb} ${segmentsOf(path).join(' ')}`;
};

const pathParameters = (operation: OpenAPIV3.OperationObject) =>
  (operation.parameters ?? []).filter((p): p is OpenAPIV3.ParameterObject => !isReference(p) && p.in === 'path');

/**
 * Paths that differ only in a parameter's name (the spec's /orders/{id} and /orders/{threadId})
 * are one path to OpenAPI: the parameter takes one name per position ("id" when one of them is),
 * and each operation's description of it says what it holds.
 */
function mergeSamePaths(paths: OpenAPIV3.PathsObject): OpenAPIV3.PathsObject {
  const shapes = new Map<string, string[]>();
  for (const path of Object.keys(paths)) {
    const shape = path.replace(/\{\w+\}/g, '{}');
    shapes.set(shape, [...(shapes.get(shape) ?? []), path]);
  }
  const merged: OpenAPIV3.PathsObject = {};
  for (const [path, item] of Object.entries(paths)) {
    const group = shapes.get(path.replace(/\{\w+\}/g, '{}')) ?? [path];
    const namesAt = (i: number) => group.map((p) => [...p.matchAll(/\{(\w+)\}/g)][i]?.[1] ?? '');
    let position = 0;
    const renames = new Map<string, string>();
    const target = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const names = namesAt(position++);
      const chosen = names.includes('id') ? 'id' : (names[0] ?? name);
      if (chosen !== name) renames.set(name, chosen);
      return `{${chosen}}`;
    });
    const into: OpenAPIV3.PathItemObject = merged[target] ?? {};
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      for (const parameter of pathParameters(operation)) {
        const renamed = renames.get(parameter.name);
        if (!renamed) continue;
        parameter.description ??= `the ${parameter.name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`;
        parameter.name = renamed;
      }
      into[method] = operation;
    }
    merged[target] = into;
  }
  return merged;
}

/**
 * zod's nullable schemas as OpenAPI 3.0 tools read them: `{ anyOf: [A, B], nullable: true }`
 * says nothing without a `type`, so null is allowed by each branch instead; and an `enum`
 * must list null itself, as `nullable` does not add to it (OpenAPI 3.0.3, ajv).
 */
function allowNull(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(allowNull);
    return;
  }
  if (!isRecord(value)) return;
  for (const child of Object.values(value)) allowNull(child);
  if (value.nullable === true && Array.isArray(value.enum) && !value.enum.includes(null)) value.enum = [...value.enum, null];
  const branches = value.anyOf ?? value.oneOf;
  if (value.nullable !== true || value.type !== undefined || !Array.isArray(branches)) return;
  const typed = branches.filter(isRecord);
  if (typed.length !== branches.length || typed.some((branch) => branch.type === undefined)) return;
  for (const branch of typed) {
    branch.nullable = true;
    if (Array.isArray(branch.enum) && !branch.enum.includes(null)) branch.enum = [...branch.enum, null];
  }
  delete value.nullable;
}

/** The generator writes OpenAPI 3.0 (openapi.ts asks for it): the pass below knows that version only. */
export const isOpenApi30 = (document: object): document is OpenAPIV3.Document =>
  'openapi' in document &&
  typeof document.openapi === 'string' &&
  document.openapi.startsWith('3.0.') &&
  'paths' in document &&
  isRecord(document.paths);

/** The menu's lists answer whole, with their count, as react-admin's list screens need one. */
const WHOLE_COUNTED_LISTS = [API_PATHS.menu.categories, API_PATHS.menu.dishes].map((path) => `/api${path}`);

/** The lists that send X-Total-Count: the paged ones (server/db/paginate.ts) and the menu's. */
const countsItsRows = (path: string, operation: OpenAPIV3.OperationObject) =>
  answersList(operation) &&
  (WHOLE_COUNTED_LISTS.includes(path) ||
    (operation.parameters ?? []).some((p) => !isReference(p) && p.in === 'query' && p.name === 'page'));

/** Adds what the generator cannot know; the document is the generator's, changed in place. */
export function finishDocument(document: OpenAPIV3.Document): OpenAPIV3.Document {
  document.paths = mergeSamePaths(document.paths);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      operation.summary ??= summaryOf(method, path, operation);
      if (!Object.keys(operation.responses).some((status) => status.startsWith('4'))) {
        operation.responses['4XX'] =
          path === '/graphql' ? { $ref: '#/components/responses/GraphQLError' } : { $ref: '#/components/responses/Error' };
      }
      const ok = operation.responses['200'];
      if (method === 'get' && ok && !isReference(ok) && countsItsRows(path, operation)) {
        ok.headers = { 'X-Total-Count': TOTAL_COUNT_HEADER, ...ok.headers };
        if (path === `/api${API_PATHS.orders.list}`) ok.headers['X-Order-Totals'] = { ...ORDER_TOTALS };
      }
    }
  }
  document.components = {
    ...document.components,
    responses: { ...document.components?.responses, Error: ERROR_RESPONSE, GraphQLError: GRAPHQL_ERROR_RESPONSE },
  };
  allowNull(document.paths);
  allowNull(document.components);
  return document;
}
