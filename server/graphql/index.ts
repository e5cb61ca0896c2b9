import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { GraphQLError } from 'graphql';
import mercurius, { type IResolverObject, type MercuriusContext } from 'mercurius';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { currentUser } from '../auth/authorize';
import { HttpError } from '../errors';
import { checkDocumentCost, GRAPHQL_LIMITS } from './limits';
import { orderModule } from './orders';
import type { SessionUser } from '../../src/domain';

declare module 'mercurius' {
  interface MercuriusContext {
    user: SessionUser;
  }
}

/** One area's part of the schema: its types and its queries and mutations. */
export interface GraphqlModule {
  typeDefs: string;
  Query?: IResolverObject;
  Mutation?: IResolverObject;
}

export interface GraphqlDeps {
  db: Kysely<Database>;
  now: () => Date;
  onEvent?: () => void;
}

const base: GraphqlModule = {
  typeDefs: /* GraphQL */ `
    type SessionUser {
      id: Int!
      username: String!
      roleId: Int!
      cityId: Int
      restaurantId: Int
    }
    type Query {
      me: SessionUser!
    }
    type Mutation {
      _empty: Boolean
    }
  `,
  Query: { me: (_root: unknown, _args: unknown, ctx: MercuriusContext) => ctx.user },
};

/**
 * An error as a GraphQL client receives it: the message and a code in `extensions` (with the
 * HTTP status the REST call would give, its arguments and field errors), never a stack trace.
 * An unexpected error is logged and answered as INTERNAL_ERROR.
 */
const formatError = (error: GraphQLError, log: { error: (obj: unknown, msg: string) => void }) => {
  const original = error.originalError;
  if (original instanceof HttpError) {
    return {
      message: original.message,
      path: error.path,
      extensions: {
        code: original.code,
        statusCode: original.statusCode,
        ...(original.args ? { args: original.args } : {}),
        ...(original.details ? { details: original.details } : {}),
      },
    };
  }
  if (original && !(original instanceof GraphQLError)) {
    log.error({ err: original }, 'GraphQL resolver failed');
    return { message: 'Something went wrong on the server', path: error.path, extensions: { code: 'INTERNAL_ERROR', statusCode: 500 } };
  }
  return { message: error.message, path: error.path, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', statusCode: 400 } };
};

/**
 * POST /graphql. Bearer authentication happens before this plugin (app.ts); resolvers read
 * the user from the request and call the same area code as the REST routes, so authorization,
 * scope and masking are the same whichever way a screen asks.
 */
const plugin: FastifyPluginAsync<GraphqlDeps> = async (app, deps) => {
  const modules = [base, orderModule(deps)];
  await app.register(mercurius, {
    schema: modules.map((m) => m.typeDefs).join('\n'),
    graphiql: false,
    path: '/graphql',
    queryDepth: GRAPHQL_LIMITS.depth,
    graphql: { parseOptions: { maxTokens: GRAPHQL_LIMITS.tokens } },
    context: (request) => ({ user: currentUser(request) }),
    resolvers: {
      Query: Object.assign({}, ...modules.map((m) => m.Query ?? {})),
      Mutation: Object.assign({}, ...modules.map((m) => m.Mutation ?? {})),
    },
    errorFormatter: (execution, ctx) => {
      const log = ctx.reply ? ctx.reply.log : ctx.app.log;
      // Mercurius wraps the validation errors of a document in one error carrying them all.
      const errors = (execution.errors ?? []).flatMap((e) => {
        const nested: unknown = e.originalError && 'errors' in e.originalError ? e.originalError.errors : undefined;
        return Array.isArray(nested) ? nested.filter((n): n is GraphQLError => n instanceof GraphQLError) : [e];
      });
      const formatted = errors.map((e) => formatError(e, log));
      const only = errors.length === 1 ? errors[0].originalError : undefined;
      const statusCode = execution.data ? 200 : only instanceof HttpError ? only.statusCode : formatted.length > 0 ? 400 : 200;
      return { statusCode, response: { data: execution.data ?? null, errors: formatted } };
    },
  });
  // Before validation: graphql's own rules cost quadratic time on thousands of aliased fields.
  app.graphql.addHook('preValidation', async (_schema, document) => checkDocumentCost(document));
};

export const graphqlPlugin = fp(plugin, { name: 'graphql' });
