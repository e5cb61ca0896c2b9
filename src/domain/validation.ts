/**
 * One schema per form, used by the form (as the user types) and by the API route (before
 * anything is written). A rule answers with a message key and its arguments; the browser
 * translates the key, the API sends the English text with the field's name.
 */
export interface Problem {
  key: string;
  args?: Record<string, number | string>;
}

export interface FieldError {
  field: string;
  message: string;
  key: string;
  args?: Record<string, number | string>;
}

type Rule = (value: unknown, record: Record<string, unknown>) => Problem | undefined;

export interface FieldSpec {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'id' | 'stringOrNull';
  required?: boolean;
  /** Strings: at least this many characters. */
  minLength?: number;
  /** Strings: fewer than this many characters ("must be less than {amount} symbols"). */
  lessThan?: number;
  /** Numbers: inclusive bounds. */
  min?: number;
  max?: number;
  pattern?: { regex: RegExp; key: string };
  notZero?: boolean;
  /** Extra rules that need the whole record. */
  rules?: Rule[];
}

export type Schema = Record<string, FieldSpec>;

/** English texts of the message keys; en.ts reuses them so both sides say the same. */
export const VALIDATION_MESSAGES_EN = {
  required: 'Required',
  lessThan: 'must be less than %{amount} symbols',
  between: 'more than %{moreAmount} and less than %{lessAmount}',
  range: 'must be between %{min} and %{max}',
  atLeast: 'must be at least %{min}',
  number: 'must be a number',
  integer: 'must be a whole number',
  boolean: 'must be yes or no',
  text: 'must be text',
  notZero: 'Cannot be null',
  id: 'must be chosen from the list',
  url: 'must be an http(s) link',
  numericId: 'must be a numeric messenger id',
  unknownField: 'is not a known field',
  currency: 'must be a three-letter currency code, such as EUR',
  botToken: 'must look like 123456789:ABC… (the token the messenger gave the bot)',
  time: 'must be a time such as 22:00',
  locales: 'must list languages from en, ru, es',
  secret: 'may hold only letters, digits, _ and -',
} as const;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES_EN;

export const renderMessage = (problem: Problem): string => {
  const name = problem.key.replace(/^validation\./, '') as ValidationKey;
  const template: string = VALIDATION_MESSAGES_EN[name] ?? problem.key;
  return template.replace(/%\{(\w+)\}/g, (_, arg: string) => String(problem.args?.[arg] ?? ''));
};

const problem = (key: ValidationKey, args?: Problem['args']): Problem => ({ key: `validation.${key}`, args });

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function checkField(spec: FieldSpec, value: unknown, record: Record<string, unknown>): Problem | undefined {
  if (isBlank(value)) return spec.required ? problem('required') : undefined;
  switch (spec.type) {
    case 'string':
    case 'stringOrNull': {
      if (typeof value !== 'string') return problem('text');
      if (spec.required && value.trim() === '') return problem('required');
      const tooShort = spec.minLength !== undefined && value.length < spec.minLength;
      const tooLong = spec.lessThan !== undefined && value.length >= spec.lessThan;
      if ((tooShort || tooLong) && spec.minLength !== undefined && spec.lessThan !== undefined) {
        return problem('between', { moreAmount: spec.minLength, lessAmount: spec.lessThan });
      }
      if (tooLong) return problem('lessThan', { amount: spec.lessThan as number });
      if (spec.pattern && !spec.pattern.regex.test(value)) return { key: spec.pattern.key };
      break;
    }
    case 'number':
    case 'integer':
    case 'id': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return problem(spec.type === 'id' ? 'id' : 'number');
      if ((spec.type === 'integer' || spec.type === 'id') && !Number.isInteger(value)) return problem('integer');
      if (spec.type === 'id' && value <= 0) return problem('id');
      if (spec.notZero && value === 0) return problem('notZero');
      const below = spec.min !== undefined && value < spec.min;
      const above = spec.max !== undefined && value > spec.max;
      if (below || above) return problem('range', { min: spec.min ?? '', max: spec.max ?? '' });
      break;
    }
    case 'boolean':
      if (typeof value !== 'boolean') return problem('boolean');
      break;
  }
  for (const rule of spec.rules ?? []) {
    const found = rule(value, record);
    if (found) return found;
  }
  return undefined;
}

export interface ValidateOptions {
  /** Only check the fields present (a partial update). */
  partial?: boolean;
  /** Refuse fields the schema does not know. */
  strict?: boolean;
}

export function validate(schema: Schema, record: Record<string, unknown>, options: ValidateOptions = {}): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, spec] of Object.entries(schema)) {
    if (options.partial && !(field in record)) continue;
    const found = checkField(spec, record[field], record);
    if (found) errors.push({ field, key: found.key, args: found.args, message: renderMessage(found) });
  }
  if (options.strict) {
    for (const field of Object.keys(record)) {
      if (!(field in schema)) errors.push({ field, key: 'validation.unknownField', message: renderMessage(problem('unknownField')) });
    }
  }
  return errors;
}

/** react-admin's form-level validator: `{field: {message, args}}` from the same schema. */
export const formValidator =
  (schema: Schema) =>
  (values: Record<string, unknown>): Record<string, { message: string; args?: Problem['args'] }> =>
    Object.fromEntries(validate(schema, values).map((e) => [e.field, { message: e.key, args: e.args }]));
