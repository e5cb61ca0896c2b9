import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { GraphQLError } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { currentUser } from '../auth/authorize';
import { asUnavailable } from '../db/unreachable';
import { DatabaseUnavailableError, HttpError } from '../errors';
import { checkDocumentCost, GRAPHQL_LIMITS } from './limits';
import { orderModule } from './orders';
import { referralModule } from './referrals';
import type { GraphqlDeps, GraphqlModule } from './module';
import { restaurantModule } from './restaurants';
import { can, type SessionUser } from '../../src/domain';

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
 * An unexpected error from a resolver is logged and answered as INTERNAL_ERROR; mercurius's
 * own errors (parsing, validation, the document limits) keep their shape.
 */
const withCode = (error: GraphQLError, log: { error: (obj: unknown, msg: string) => void }): GraphQLError => {
  const original = error.originalError && asUnavailable(error.originalError, 'unknown');
  if (original instanceof HttpError) {
    return new GraphQLError(original.message, {
      nodes: error.nodes,
      path: error.path,
      originalError: original,
      extensions: {
        code: original.code,
        statusCode: original.statusCode,
        ...(original.args ? { args: original.args } : {}),
        ...(original.details ? { details: original.details } : {}),
      },
    });
  }
  const known = !original || original instanceof GraphQLError || 'statusCode' in original || 'extensions' in original;
  if (known) return error;
  log.error({ err: original }, 'GraphQL resolver failed');
  return new GraphQLError('Something went wrong on the server', {
    nodes: error.nodes,
    path: error.path,
    extensions: { code: 'INTERNAL_ERROR', statusCode: 500 },
  });
};

/** graphql's "Did you mean …?" hints, which end validation and coercion messages. */
const SUGGESTION = /\s*Did you mean [^?]*\?$/;

/**
 * Field, argument and enum suggestions spell out the schema to whoever guesses at it: only
 * those granted the schema (admins) get them, everybody else the message without its hint.
 */
const withoutSuggestions = <F extends { response: { errors?: readonly { message: string }[] } }>(formatted: F, user: SessionUser): F =>
  can(user.roleId, 'graphqlSchema', 'show')
    ? formatted
    : {
        ...formatted,
        response: {
          ...formatted.response,
          errors: formatted.response.errors?.map((e) => ({ ...e, message: e.message.replace(SUGGESTION, '') })),
        },
      };

/**
 * POST /graphql. Bearer authentication happens before this plugin (app.ts); resolvers read
 * the user from the request and call the same area code as the REST routes, so authorization,
 * scope and masking are the same whichever way a screen asks.
 */
const plugin: FastifyPluginAsync<GraphqlDeps> = async (app, deps) => {
  const modules = [base, orderModule(deps), referralModule(deps), restaurantModule(deps)];
  await app.register(mercurius, {
    schema: modules.map((m) => m.typeDefs).join('\n'),
    graphiql: false,
    path: '/graphql',
    // No queryDepth here: mercurius would count introspection's nine nested ofTypes against the
    // schema's depth and refuse every standard client; checkDocumentCost measures both apart.
    graphql: { parseOptions: { maxTokens: GRAPHQL_LIMITS.tokens } },
    context: (request) => ({ user: currentUser(request) }),
    resolvers: {
      Query: Object.assign({}, ...modules.map((m) => m.Query ?? {})),
      Mutation: Object.assign({}, ...modules.map((m) => m.Mutation ?? {})),
    },
    errorFormatter: (execution, ctx) => {
      const log = ctx.reply ? ctx.reply.log : ctx.app.log;
      const errors = execution.errors?.map((e) => withCode(e, log));
      const formatted = withoutSuggestions(mercurius.defaultErrorFormatter({ ...execution, errors }, ctx), ctx.user);
      // The database is away: the whole answer is a 503 with Retry-After, as the REST calls
      // give, whatever part of the data could still be read.
      const unavailable = errors?.map((e) => e.originalError).find((e) => e instanceof DatabaseUnavailableError);
      if (!unavailable) return formatted;
      ctx.reply?.headers(unavailable.headers ?? {});
      return { ...formatted, statusCode: unavailable.statusCode };
    },
  });
  // Before validation: graphql's own rules cost quadratic time on thousands of aliased fields.
  app.graphql.addHook('preValidation', async (_schema, document) => checkDocumentCost(document));
};

export const graphqlPlugin = fp(plugin, { name: 'graphql' });
