import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import mercurius, { type MercuriusContext } from 'mercurius';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { currentUser } from '../auth/authorize';
import { checkDocumentCost, GRAPHQL_LIMITS } from './limits';
import type { SessionUser } from '../../src/domain';

declare module 'mercurius' {
  interface MercuriusContext {
    user: SessionUser;
  }
}

/**
 * POST /graphql. Bearer authentication happens before this plugin (app.ts); resolvers read
 * the user from the request and ask the authorization module like the REST routes do.
 */
const schema = /* GraphQL */ `
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
`;

export interface GraphqlDeps {
  db: Kysely<Database>;
}

const plugin: FastifyPluginAsync<GraphqlDeps> = async (app) => {
  await app.register(mercurius, {
    schema,
    graphiql: false,
    path: '/graphql',
    queryDepth: GRAPHQL_LIMITS.depth,
    graphql: { parseOptions: { maxTokens: GRAPHQL_LIMITS.tokens } },
    context: (request) => ({ user: currentUser(request) }),
    resolvers: {
      Query: {
        me: (_root: unknown, _args: unknown, ctx: MercuriusContext) => ctx.user,
      },
    },
  });
  // Before validation: graphql's own rules cost quadratic time on thousands of aliased fields.
  app.graphql.addHook('preValidation', async (_schema, document) => checkDocumentCost(document));
};

export const graphqlPlugin = fp(plugin, { name: 'graphql' });
