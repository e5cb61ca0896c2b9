import { z } from 'zod';
import {
  CONTROL_CHARACTERS,
  formMessage,
  LONE_SURROGATE,
  problem,
  renderMessage,
  type FieldError,
  type FormErrors,
  type Problem,
  type ValidationKey,
} from './validationMessages';

export * from './validationMessages';
import { zodConfig } from './zodConfig';

/**
 * The field rules of every form, as zod schemas: the form checks them as the user types and
 * the API route before anything is written. Each rule answers with a message key and its
 * arguments (carried on the zod issue); the browser translates the key, the API sends the
 * English text. `fieldErrors` is the one place a zod error becomes field errors.
 */
/** Adds a problem to a zod check as a custom issue: the key is its message, the arguments its params. */
const report = (ctx: z.RefinementCtx, found: Problem) => ctx.addIssue({ code: 'custom', message: found.key, params: { args: found.args } });

/** A type mismatch, or a missing value when the field is required. */
const typeError = (key: ValidationKey) => (issue: { input?: unknown }) =>
  problem(issue.input === undefined || issue.input === null ? 'required' : key).key;

export interface TextRule {
  /** Fewer than this many characters ("must be less than {amount} symbols"). */
  lessThan?: number;
  /** At least this many characters. */
  minLength?: number;
  pattern?: { regex: RegExp; key: ValidationKey };
  /** The message of a too long text, when the spec words it its own way (it gets `amount`). */
  lengthKey?: ValidationKey;
}

function checkText(value: string, rule: TextRule, required: boolean): Problem | undefined {
  if (required && value.trim() === '') return problem('required');
  if (!required && value === '') return undefined;
  if (CONTROL_CHARACTERS.test(value)) return problem('controlCharacters');
  if (LONE_SURROGATE.test(value)) return problem('text');
  const tooShort = rule.minLength !== undefined && value.length < rule.minLength;
  const tooLong = rule.lessThan !== undefined && value.length >= rule.lessThan;
  if ((tooShort || tooLong) && rule.minLength !== undefined && rule.lessThan !== undefined) {
    return problem('between', { moreAmount: rule.minLength, lessAmount: rule.lessThan });
  }
  if (tooLong) return problem(rule.lengthKey ?? 'lessThan', { amount: rule.lessThan ?? 0 });
  if (rule.pattern && !rule.pattern.regex.test(value)) return problem(rule.pattern.key);
  return undefined;
}

/** A text the user must fill in (not only spaces). */
export const requiredText = (rule: TextRule = {}) =>
  z.string({ error: typeError('text') }).superRefine((value, ctx) => {
    const found = checkText(value, rule, true);
    if (found) report(ctx, found);
  });

/** A text that may be left empty: '' or null mean "none". */
export const optionalText = (rule: TextRule = {}) =>
  z
    .string({ error: typeError('text') })
    .superRefine((value, ctx) => {
      const found = checkText(value, rule, false);
      if (found) report(ctx, found);
    })
    .nullish();

export interface NumberRule {
  min?: number;
  max?: number;
  notZero?: boolean;
}

const checkNumber = (rule: NumberRule) => (value: number, ctx: z.RefinementCtx) => {
  if (rule.notZero && value === 0) return report(ctx, problem('notZero'));
  if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) {
    report(
      ctx,
      rule.max === undefined ? problem('atLeast', { min: rule.min ?? 0 }) : problem('range', { min: rule.min ?? '', max: rule.max }),
    );
  }
};

/** A whole number within bounds; empty (null) when optional. */
export const integer = (rule: NumberRule = {}) =>
  z
    .number({ error: typeError('number') })
    .int({ error: problem('integer').key })
    .max(Number.MAX_SAFE_INTEGER, { error: problem('range', { min: rule.min ?? '', max: rule.max ?? '' }).key })
    .min(Number.MIN_SAFE_INTEGER, { error: problem('range', { min: rule.min ?? '', max: rule.max ?? '' }).key })
    .superRefine(checkNumber(rule));

/**
 * A whole number from the query string, from `min` to `max`: out of them, the message names both
 * bounds (zod's own max knows only its maximum). The published contract keeps the bounds.
 */
export const queryInteger = (min: number, max: number) =>
  z.coerce
    .number({ error: typeError('number') })
    .int({ error: problem('integer').key })
    .superRefine(checkNumber({ min, max }))
    .meta({ minimum: min, maximum: max });

/** The highest page a paged list is asked for. */
export const MAX_PAGE = 1_000_000;

/** `page` and `perPage` of a paged list, `perPage` up to the list's own maximum. */
export const pagingFields = (maxPerPage: number) => ({
  page: queryInteger(1, MAX_PAGE).optional(),
  perPage: queryInteger(1, maxPerPage).optional(),
});

/** A decimal number within bounds. */
export const decimal = (rule: NumberRule = {}) => z.number({ error: typeError('number') }).superRefine(checkNumber(rule));

/** The id of a row chosen from a list (a city, a restaurant): a positive whole number that PostgreSQL's integer holds. */
export const id = () =>
  z
    .number({ error: typeError('id') })
    .int({ error: problem('integer').key })
    .positive({ error: problem('id').key })
    .max(2_147_483_647, { error: problem('id').key });

export const flag = () => z.boolean({ error: typeError('boolean') });

/** The shape of an update: any of the fields, at least one of them. */
export const atLeastOneField = <T extends Record<string, unknown>>(value: T) => Object.values(value).some((v) => v !== undefined);
export const updateOf = <S extends z.ZodRawShape>(schema: z.ZodObject<S>) =>
  schema.partial().refine(atLeastOneField, { error: problem('nothingToChange').key });

// zod's configuration (src/domain/zodConfig.ts): here for the server and the tests; the browser
// sets it first thing (src/zodSetup.ts), before any schema of a screen is made.
z.config(zodConfig);

const problemArgs = z.record(z.string(), z.union([z.string(), z.number()])).optional();

/** The message key and arguments of one zod issue. */
function problemOf(issue: z.core.$ZodIssue): Problem {
  if (issue.message.startsWith('validation.')) {
    const args = problemArgs.safeParse(issue.code === 'custom' ? issue.params?.args : undefined);
    return { key: issue.message, args: args.success ? args.data : undefined };
  }
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string'
        ? problem('lessThan', { amount: Number(issue.maximum) + 1 })
        : problem('range', { min: '', max: Number(issue.maximum) });
    case 'too_small':
      return issue.origin === 'string' ? problem('required') : problem('atLeast', { min: Number(issue.minimum) });
    default:
      return problem('invalid');
  }
}

/** The one map from a zod error to field errors: `{field, message, key, args}` per problem. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const found = problem('unknownField');
        errors.push({ field: path ? `${path}.${key}` : key, key: found.key, message: renderMessage(found) });
      }
      continue;
    }
    const found = problemOf(issue);
    errors.push({ field: path || 'body', key: found.key, args: found.args, message: renderMessage(found) });
  }
  return errors;
}

/** Checks a value against a schema: its typed data, or the field errors. */
export function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldError[] } {
  const result = schema.safeParse(value);
  return result.success ? { data: result.data } : { errors: fieldErrors(result.error) };
}

/** react-admin's form-level validator: `{field: {message, args}}` from the same schema. */
export const formValidator =
  (schema: z.ZodType) =>
  (values: Record<string, unknown>): FormErrors => {
    const result = check(schema, values);
    // A form carries more than the API takes (the id, the joined city): only its fields are checked.
    const errors = (result.errors ?? []).filter((e) => e.field !== 'body' && e.key !== 'validation.unknownField');
    return Object.fromEntries(errors.map((e) => [e.field, formMessage(e)]));
  };
