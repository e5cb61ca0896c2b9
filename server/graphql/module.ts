import type { IResolverObject } from 'mercurius';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../src/domain';
import type { Database } from '../db/schema';

/** What every resolver finds in its context: the user of the request (app.ts has authenticated it). */
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
