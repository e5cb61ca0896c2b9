import type { MercuriusContext } from 'mercurius';
import { z } from 'zod';
import { fieldErrors, id, referralDeepLink, referralLinkSchemaAt, type ReferralLink, type ReferralLinkCreate } from '../../src/domain';
import { authorize } from '../auth/authorize';
import { cityOfNewRow, listedCity, type Actor } from '../auth/scope';
import { apiError, invalidFields, notFound, type FieldError } from '../errors';
import { newRowCity } from '../areas/cities/cityMove';
import { referralRepository, type LinkRow } from '../areas/referrals/repository';
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

const codeTaken = (code: string) =>
  apiError(409, 'REFERRAL_CODE_TAKEN', { code }, [{ field: 'code', message: `The referral code ${code} is already taken` }]);

/** Referral links over GraphQL (spec section 7): admins in every city, city admins in theirs; nobody else. */
export function referralModule({ db, now }: GraphqlDeps): GraphqlModule {
  const referralLinkSchema = referralLinkSchemaAt(now);
  const links = referralRepository(db);
  /** The category and the restaurant a link opens must be the city's (and the category the restaurant's). */
  const checkOptions = async (cityId: number, { categoryId, restaurantId }: ReferralLinkCreate['options']) => {
    const errors: FieldError[] = [];
    if (restaurantId !== null) {
      if (!(await links.isCityRestaurant(restaurantId, cityId)))
        errors.push({ field: 'options.restaurantId', message: 'is not a restaurant of the city' });
    }
    if (categoryId !== null) {
      const category = await links.cityCategory(categoryId, cityId);
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
      const city = await links.restaurantCity(restaurantId);
      if (city === undefined) throw invalidFields([{ field: 'options.restaurantId', message: 'is not a restaurant' }]);
      return city;
    }
    if (categoryId !== null) {
      const city = await links.categoryCity(categoryId);
      if (city === undefined) throw invalidFields([{ field: 'options.categoryId', message: 'is not a dish category' }]);
      return city;
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
        return (await links.list(city)).map(toReferralLink);
      },
    },
    Mutation: {
      createReferralLink: async (_root: unknown, args: unknown, ctx: MercuriusContext): Promise<ReferralLink> => {
        authorize(ctx.user, 'referrals', 'create');
        const input = parse(referralLinkSchema, parse(createArgs, args).referralLink);
        const cityId = await linkCity(ctx.user, input);
        if (cityId !== null) await checkOptions(cityId, input.options);
        let created: number | null;
        try {
          created = await links.createIfFree({
            code: input.code,
            city_id: cityId,
            limit: input.limit,
            category_id: input.options.categoryId,
            restaurant_id: input.options.restaurantId,
            valid_until: input.validUntil === null ? null : new Date(input.validUntil),
          });
        } catch (error) {
          // The lock covers every spelling; the unique index stays the last word on the exact one.
          if (isUniqueViolation(error)) throw codeTaken(input.code);
          throw error;
        }
        if (created === null) throw codeTaken(input.code);
        return toReferralLink(await links.get(created));
      },
      deleteReferralLink: async (_root: unknown, args: unknown, ctx: MercuriusContext): Promise<boolean> => {
        authorize(ctx.user, 'referrals', 'delete');
        const { id: linkId } = parse(deleteArgs, args);
        // A link of another city (or of every city, for a city admin) is answered as unknown.
        if (!(await links.remove(ctx.user, linkId))) throw notFound('REFERRAL_LINK_NOT_FOUND');
        return true;
      },
    },
  };
}
