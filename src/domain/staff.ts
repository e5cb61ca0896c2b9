import { z } from 'zod';
import { assignableRoles, worksInCity, worksInEveryCity } from './access';
import { Role, type RoleId } from './roles';
import type { SessionUser } from './session';
import { atLeastOneField, id, problem, requiredText, type FieldError } from './validation';
import { CONTROL_CHARACTERS, LONE_SURROGATE, renderMessage, type Problem } from './validationMessages';

/**
 * Staff accounts (spec sections 3, 5, 6 and 7, "Admin user"): the fields the API takes, the
 * record it answers (never the password), and the rules of who may give which role to whom.
 * The API enforces these rules and the form asks the same functions what to offer.
 */

/** The roles a staff account can have: every role but the bot's customers. */
export const STAFF_ACCOUNT_ROLES = [Role.ADMIN, Role.CITY_ADMIN, Role.RESTAURANT_OWNER, Role.OPERATOR, Role.COURIER] as const;
export type StaffRoleId = (typeof STAFF_ACCOUNT_ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_LESS_THAN = 256;

type Actor = Pick<SessionUser, 'roleId' | 'cityId' | 'restaurantId'>;

const report = (ctx: z.RefinementCtx, found: Problem) => ctx.addIssue({ code: 'custom', message: found.key, params: { args: found.args } });

const passwordProblem = (value: string): Problem | undefined => {
  if (CONTROL_CHARACTERS.test(value)) return problem('controlCharacters');
  if (LONE_SURROGATE.test(value)) return problem('text');
  // "more than 7": at least 8 characters, in the words the length messages already have.
  if (value.length < PASSWORD_MIN_LENGTH || value.length >= PASSWORD_LESS_THAN) {
    return problem('between', { moreAmount: PASSWORD_MIN_LENGTH - 1, lessAmount: PASSWORD_LESS_THAN });
  }
  return undefined;
};

/** A new password: at least 8 characters. */
const password = () =>
  z.string().superRefine((value, ctx) => {
    const found = passwordProblem(value);
    if (found) report(ctx, found);
  });

/** On an update the password changes only when typed: empty (or absent) keeps the stored one. */
const passwordChange = () =>
  z
    .string()
    .nullish()
    .superRefine((value, ctx) => {
      const found = value ? passwordProblem(value) : undefined;
      if (found) report(ctx, found);
    })
    .transform((value) => (value ? value : undefined));

/** Login trims what is typed, so a stored username never starts or ends with a space. */
const username = () =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), requiredText({ lessThan: PASSWORD_LESS_THAN }));

/** The messenger id (spec section 5: numeric), typed as digits or sent as a number; empty means none. */
const telegramId = () =>
  z
    .union([z.number(), z.string().regex(/^\d{0,16}$/, { error: problem('numericId').key })], { error: problem('numericId').key })
    .nullish()
    .transform((value) => (value === '' || value === null ? null : value === undefined ? undefined : Number(value)))
    .pipe(
      z
        .number()
        .int({ error: problem('numericId').key })
        .positive({ error: problem('numericId').key })
        .max(Number.MAX_SAFE_INTEGER, { error: problem('numericId').key })
        .nullish(),
    );

const roleId = () => z.literal(STAFF_ACCOUNT_ROLES);

/** POST /users: the account's fields plus its password. */
export const staffCreateSchema = z.strictObject({
  username: username(),
  password: password(),
  telegramId: telegramId(),
  roleId: roleId(),
  /** City admins, operators and couriers work in a city: admins name it, the others get their own. */
  cityId: id().nullish(),
  /** An owner's restaurant; the owner's city is the restaurant's. */
  restaurantId: id().nullish(),
});

/** PUT /users/{id}: any of the fields, at least one; an empty password keeps the stored one. */
export const staffUpdateSchema = z
  .strictObject({
    username: username().optional(),
    password: passwordChange(),
    telegramId: telegramId(),
    roleId: roleId().optional(),
    cityId: id().nullish(),
    restaurantId: id().nullish(),
  })
  .refine(atLeastOneField, { error: problem('nothingToChange').key });

const place = z.object({ id: z.number().int(), name: z.string(), name_ru: z.string() });

/** An account as the API answers it: never its password. An owner's city is their restaurant's. */
export const staffRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  telegramId: z.number().nullable(),
  roleId: z.number().int(),
  cityId: z.number().int().nullable(),
  restaurantId: z.number().int().nullable(),
  city: place.nullable(),
  restaurant: place.nullable(),
});
export type StaffAccount = z.infer<typeof staffRecord>;

/** Whether a user of `actorRole` may give `roleId` to an account (spec section 6). */
export const mayAssignRole = (actorRole: RoleId, roleId: number): boolean => (assignableRoles(actorRole) as number[]).includes(roleId);

/** Where an account of this role works: nowhere in particular (admins), a city, or a restaurant (owners). */
export type StaffPlace = 'everywhere' | 'city' | 'restaurant';
export const placeOfRole = (roleId: number): StaffPlace =>
  roleId === Role.ADMIN ? 'everywhere' : roleId === Role.RESTAURANT_OWNER ? 'restaurant' : 'city';

/**
 * Whether the actor may read, change and delete this account: its role is one they may assign,
 * and it works in their city (an owner in the city of their restaurant; admins reach every city).
 */
export const mayManageAccount = (actor: Actor, account: { roleId: number; cityId: number | null }): boolean =>
  mayAssignRole(actor.roleId, account.roleId) && worksInCity(actor, account.cityId);

/**
 * The inputs the form shows for a role (spec section 6): the city only to admins (who have no
 * city of their own to give) for roles that work in a city, the restaurant for owners.
 */
export const staffFormInputs = (actor: Actor, roleId: number | null | undefined) => ({
  city: worksInEveryCity(actor) && roleId != null && placeOfRole(roleId) === 'city',
  restaurant: roleId === Role.RESTAURANT_OWNER,
});

/** A new account is a courier, in the user's own city unless the user is an admin (spec section 6). */
export const newStaffDefaults = (actor: Actor): { roleId: StaffRoleId; cityId?: number } => ({
  roleId: Role.COURIER,
  ...(worksInEveryCity(actor) || actor.cityId == null ? {} : { cityId: actor.cityId }),
});

/** Where the account goes must be named: the city when an admin gives a city role, the restaurant of an owner. */
export function missingPlacement(
  actor: Actor,
  values: { roleId?: number | null; cityId?: number | null; restaurantId?: number | null },
): FieldError[] {
  const inputs = staffFormInputs(actor, values.roleId);
  const missing: string[] = [];
  if (inputs.city && values.cityId == null) missing.push('cityId');
  if (inputs.restaurant && values.restaurantId == null) missing.push('restaurantId');
  const required = problem('required');
  return missing.map((field) => ({ field, key: required.key, message: renderMessage(required) }));
}
