import { sql, type Kysely } from 'kysely';
import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { fieldErrors, id, referralDeepLink, referralLinkSchemaAt, type ReferralLink, type ReferralLinkCreate } from '../../src/domain';
import { authorize } from '../auth/authorize';
import { cityOfNewRow, inUserCities, listedCity, type Actor } from '../auth/scope';
import type { Database } from '../db/schema';
import { apiError, invalidFields, notFound, type FieldError } from '../errors';
import { newRowCity } from '../areas/cities/cityMove';
import type { GraphqlDeps, GraphqlModule } from './module';

/** The GraphQL types of referral links (spec section 7, GraphQL). */
const typeDefs = /* GraphQL */ `
  type ReferralLinkOptions {
    categoryId: Int
    restaurantId: Int
  }
  type ReferralLink {
    id: Int!
    code: String!
    "How many customers came through the link."
    count: Int!
    "0: unlimited."
    limit: Int!
    "The deep link into the city's bot; null when the city names no bot chat."
    referralLink: String
    options: ReferralLinkOptions!
    "ISO 8601; null when the link does not expire."
    validUntil: String
    "Null for a link of every city."
    cityId: Int
  }
  input ReferralLinkOptionsInput {
    categoryId: Int
    restaurantId: Int
  }
  input ReferralLinkInput {
    "Letters, digits, _ and -, at most 64, not starting with restaurant_; unique whatever the case."
    code: String!
    "0 or absent: unlimited."
    limit: Int
    "A dish category and/or a restaurant of the link's city (the category the restaurant's)."
    options: ReferralLinkOptionsInput
    "ISO 8601 with its zone, in the future; null or absent: the link does not expire."
    validUntil: String
    "A city admin's link is of their city. An admin's is of the city named here, else of the chosen restaurant's (or category's) city, else of every city."
    cityId: Int
  }
  extend type Query {
    "An admin's of every city, or of cityId; a city admin's of their city."
    getReferralLinks(cityId: Int): [ReferralLink!]!
  }
  extend type Mutation {
    createReferralLink(referralLink: ReferralLinkInput!): ReferralLink!
    deleteReferralLink(id: Int!): Boolean!
  }
`;

const parse = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidFields(fieldErrors(result.error));
  return result.data;
};

const listArgs = z.object({ cityId: id().nullish() });
const createArgs = z.object({ referralLink: z.unknown() });
const deleteArgs = z.object({ id: id() });

const selectLinks = (db: Kysely<Database>) =>
  db
    .selectFrom('referral_links')
    .leftJoin('cities', 'cities.id', 'referral_links.city_id')
    .selectAll('referral_links')
    .select('cities.chatname as city_chatname');
type LinkRow = Awaited<ReturnType<ReturnType<typeof selectLinks>['execute']>>[number];

/** The one mapping from a stored link to its record. */
const toReferralLink = (row: LinkRow): ReferralLink => ({
  id: row.id,
  code: row.code,
  count: row.count,
  limit: row.limit,
  referralLink: referralDeepLink(row.city_chatname, row.code),
  options: { categoryId: row.category_id, restaurantId: row.restaurant_id },
  validUntil: row.valid_until === null ? null : new Date(row.valid_until).toISOString(),
  cityId: row.city_id,
});

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/**
 * Codes are unique whatever their case (SPRING and spring would be one code to the people who
 * pass it on): a new code takes the advisory lock of its lower-case spelling, in a key space of
 * its own, while it checks and inserts.
 */
const CODE_LOCK_SPACE = 0x7265_6631;
const codeTaken = (code: string) =>
  apiError(409, 'REFERRAL_CODE_TAKEN', { code }, [{ field: 'code', message: `The referral code ${code} is already taken` }]);

/** Referral links over GraphQL (spec section 7): admins in every city, city admins in theirs; nobody else. */
export function referralModule({ db, now }: GraphqlDeps): GraphqlModule {
  const referralLinkSchema = referralLinkSchemaAt(now);
  /** The category and the restaurant a link opens must be the city's (and the category the restaurant's). */
  const checkOptions = async (cityId: number, { categoryId, restaurantId }: ReferralLinkCreate['options']) => {
    const errors: FieldError[] = [];
    if (restaurantId !== null) {
      const restaurant = await db
        .selectFrom('restaurants')
        .select('id')
        .where('id', '=', restaurantId)
        .where('city_id', '=', cityId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!restaurant) errors.push({ field: 'options.restaurantId', message: 'is not a restaurant of the city' });
    }
    if (categoryId !== null) {
      const category = await db
        .selectFrom('dish_categories')
        .innerJoin('restaurants', 'restaurants.id', 'dish_categories.restaurant_id')
        .select('dish_categories.restaurant_id')
        .where('dish_categories.id', '=', categoryId)
        .where('restaurants.city_id', '=', cityId)
        .where('restaurants.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!category) errors.push({ field: 'options.categoryId', message: 'is not a dish category of the city' });
      else if (restaurantId !== null && category.restaurant_id !== restaurantId) {
        errors.push({ field: 'options.categoryId', message: 'is not a dish category of the restaurant' });
      }
    }
    if (errors.length) throw invalidFields(errors);
  };

  /**
   * The city of a new link: the one named, or a city admin's own; an admin who names none gets
   * the city of the chosen restaurant (or category), and without either the admins' own link,
   * of every city.
   */
  const linkCity = async (user: Actor, input: ReferralLinkCreate): Promise<number | null> => {
    const named = input.cityId ?? undefined;
    if (cityOfNewRow(user, named) !== undefined) return newRowCity(db, user, named);
    const { restaurantId, categoryId } = input.options;
    if (restaurantId !== null) {
      const restaurant = await db
        .selectFrom('restaurants')
        .select('city_id')
        .where('id', '=', restaurantId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!restaurant) throw invalidFields([{ field: 'options.restaurantId', message: 'is not a restaurant' }]);
      return restaurant.city_id;
    }
    if (categoryId !== null) {
      const category = await db
        .selectFrom('dish_categories')
        .innerJoin('restaurants', 'restaurants.id', 'dish_categories.restaurant_id')
        .select('restaurants.city_id')
        .where('dish_categories.id', '=', categoryId)
        .where('restaurants.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!category) throw invalidFields([{ field: 'options.categoryId', message: 'is not a dish category' }]);
      return category.city_id;
    }
    return null;
  };

  return {
    typeDefs,
    Query: {
      getReferralLinks: async (_root: unknown, args: unknown, ctx: MercuriusContext): Promise<ReferralLink[]> => {
        authorize(ctx.user, 'referrals', 'list');
        const { cityId } = parse(listArgs, args);
        const city = listedCity(ctx.user, cityId ?? null);
        if (city === 'none') return [];
        let query = selectLinks(db);
        if (city !== null) query = query.where('referral_links.city_id', '=', city);
        const rows = await query.orderBy('referral_links.created_at', 'desc').orderBy('referral_links.id', 'desc').execute();
        return rows.map(toReferralLink);
      },
    },
    Mutation: {
      createReferralLink: async (_root: unknown, args: unknown, ctx: MercuriusContext): Promise<ReferralLink> => {
        authorize(ctx.user, 'referrals', 'create');
        const input = parse(referralLinkSchema, parse(createArgs, args).referralLink);
        const cityId = await linkCity(ctx.user, input);
        if (cityId !== null) await checkOptions(cityId, input.options);
        let created: { id: number };
        try {
          created = await db.transaction().execute(async (trx) => {
            // One new code at a time per spelling: the unique index does not see case.
            await sql`SELECT pg_advisory_xact_lock(${CODE_LOCK_SPACE}, hashtext(${input.code.toLowerCase()}))`.execute(trx);
            const taken = await trx
              .selectFrom('referral_links')
              .select('id')
              .where(sql<string>`lower(code)`, '=', input.code.toLowerCase())
              .executeTakeFirst();
            if (taken) throw codeTaken(input.code);
            return trx
              .insertInto('referral_links')
              .values({
                code: input.code,
                city_id: cityId,
                limit: input.limit,
                category_id: input.options.categoryId,
                restaurant_id: input.options.restaurantId,
                valid_until: input.validUntil === null ? null : new Date(input.validUntil),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
          });
        } catch (error) {
          // The lock covers every spelling; the unique index stays the last word on the exact one.
          if (isUniqueViolation(error)) throw codeTaken(input.code);
          throw error;
        }
        return toReferralLink(await selectLinks(db).where('referral_links.id', '=', created.id).executeTakeFirstOrThrow());
      },
      deleteReferralLink: async (_root: unknown, args: unknown, ctx: MercuriusContext): Promise<boolean> => {
        authorize(ctx.user, 'referrals', 'delete');
        const { id: linkId } = parse(deleteArgs, args);
        // A link of another city (or of every city, for a city admin) is answered as unknown.
        const deleted = await db
          .deleteFrom('referral_links')
          .where('id', '=', linkId)
          .where((eb) => inUserCities(eb, ctx.user, eb.ref('referral_links.city_id')))
          .returning('id')
          .executeTakeFirst();
        if (!deleted) throw notFound('REFERRAL_LINK_NOT_FOUND');
        return true;
      },
    },
  };
}
