import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { fieldErrors, id, type Restaurant } from '../../src/domain';
import { authorize } from '../auth/authorize';
import { listedCity } from '../auth/scope';
import type { TotalHeader } from '../db/paginate';
import { invalidFields } from '../errors';
import { restaurantReader } from '../areas/restaurants/restaurantReads';
import type { GraphqlDeps, GraphqlModule } from './module';

/** The GraphQL types of restaurants (spec section 7, GraphQL): the fields a picker needs. */
const typeDefs = /* GraphQL */ `
  type RestaurantCity {
    id: Int!
    name: String!
    name_ru: String!
    currency: String!
  }
  type Restaurant {
    id: Int!
    name: String!
    name_ru: String!
    address: String!
    description: String!
    description_ru: String!
    cityId: Int!
    city: RestaurantCity!
    enabled: Boolean!
    position: Int!
    "Paused now: the bot shows the restaurant as closed."
    paused: Boolean!
    "When the pause began (ISO 8601); null when not paused."
    pausedAt: String
    "When the pause ends (ISO 8601); null when not paused or paused until reopened."
    pausedUntil: String
  }
  extend type Query {
    "The restaurants the caller may see (an owner their own, city roles their city's), of cityId when given."
    getRestaurants(cityId: Int): [Restaurant!]!
  }
`;

const listArgs = z.object({ cityId: id().nullish() });

/** The reader counts a REST list into X-Total-Count; a GraphQL answer has no such header. */
const noHeaders: TotalHeader = { header: () => undefined };

/** Restaurants over GraphQL: the REST reader, so the scope and the order are those of GET /restaurants. */
export function restaurantModule({ db, now }: GraphqlDeps): GraphqlModule {
  const reader = restaurantReader(db, now);
  return {
    typeDefs,
    Query: {
      getRestaurants: async (_root: unknown, args: unknown, ctx: MercuriusContext): Promise<Restaurant[]> => {
        authorize(ctx.user, 'restaurants', 'show');
        const parsed = listArgs.safeParse(args);
        if (!parsed.success) throw invalidFields(fieldErrors(parsed.error));
        const asked = parsed.data.cityId ?? null;
        // Without a city, every restaurant in the caller's scope (as GET /restaurants); with one,
        // a city outside the caller's reach is unknown (as GET /restaurants/city/{cityId}).
        const cityId = asked === null ? null : listedCity(ctx.user, asked);
        if (cityId === 'none') return [];
        return reader.list(ctx.user, cityId, null, { enabled: null }, noHeaders);
      },
    },
  };
}
