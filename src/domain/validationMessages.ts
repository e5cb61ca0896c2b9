/**
 * The messages of the field rules: a key with its arguments, which the browser translates and
 * the API sends as English text. No zod here, so that screens without forms do not load it.
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
  displayWindow: 'give both display times or neither',
  duplicateTags: 'must not name a tag twice',
  tooManyTags: 'at most %{max} tags',
  locales: 'must list languages from en, ru, es',
  secret: 'may hold only letters, digits, _ and -',
  referralCodeReserved: 'must not start with restaurant_ (the bot opens restaurants with it)',
  inFuture: 'must be in the future',
  controlCharacters: 'must not contain control characters',
  nothingToChange: 'name at least one field to change',
  object: 'must be an object',
  list: 'must be a list',
  invalid: 'is not valid',
  nameLength: 'must be more than %{moreAmount} and less than %{lessAmount}',
  schedule: 'must look like 10:00-22:00, or two windows such as 10:00-14:00,18:00-02:00',
  weekDays: 'must list each day of the week once',
  status: 'must be one of the order statuses',
  threadId: 'must be a thread id of 9 letters or digits',
  date: 'must be a date such as 2026-11-23, or a time with its zone',
  dateTime: 'must be a date and time',
  adTextLength: 'The message length must be less than %{amount} characters',
  tooManyImages: 'at most %{max} images',
  tooManyAtOnce: 'at most %{max} at once',
  unpublishAfterPublish: 'must be after the publish time',
  imagesOrVideo: 'an ad carries images or a video, not both',
  notFuture: 'cannot be in the future',
  placeholders: 'must hold exactly the placeholders %{placeholders}',
  noPlaceholders: 'must hold no placeholders',
  pathId: 'must equal the id in the path',
  unknownParameter: 'is not a known parameter',
  neverOrderedConflict: 'cannot be combined with “never ordered”',
} as const;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES_EN;

export const renderMessage = (problem: Problem): string => {
  const name = problem.key.replace(/^validation\./, '');
  const template: string = Object.hasOwn(VALIDATION_MESSAGES_EN, name) ? VALIDATION_MESSAGES_EN[name as ValidationKey] : problem.key;
  return template.replace(/%\{(\w+)\}/g, (_, arg: string) => String(problem.args?.[arg] ?? ''));
};

export const problem = (key: ValidationKey, args?: Problem['args']): Problem => ({ key: `validation.${key}`, args });

/**
 * One field's error as a form shows it: the message key and its arguments, both always there.
 * react-admin takes an error as a translatable message only when it carries `message` and
 * `args`; an object without `args` reaches the translator as an object and takes the screen down.
 */
export interface FormMessage {
  message: string;
  args: Record<string, number | string>;
}

/** A form-level validator's answer: by field path (`districtRestaurants.0.price`), its message. */
export type FormErrors = Record<string, FormMessage>;

export const formMessage = (found: Problem): FormMessage => ({ message: found.key, args: found.args ?? {} });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const argsOf = (value: unknown): FormMessage['args'] =>
  isRecord(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, number | string] => typeof entry[1] === 'number' || typeof entry[1] === 'string',
        ),
      )
    : {};

/** A message in any shape a rule may give (a key, `{message}`, `{message, args}`, a nested one), or none. */
function messageOf(value: unknown): FormMessage | undefined {
  if (typeof value === 'string') return value === '' ? undefined : { message: value, args: {} };
  if (!isRecord(value)) return undefined;
  const inner = value.message;
  if (typeof inner === 'string') return inner === '' ? undefined : { message: inner, args: argsOf(value.args) };
  return messageOf(inner);
}

/**
 * Whatever a form-level validator answers, as field errors the translator takes: every leaf a
 * `{message, args}` under its dotted path, so a rule written the wrong way shows its message next
 * to its field instead of breaking the screen.
 */
export function toFormErrors(errors: unknown, prefix = ''): FormErrors {
  const result: FormErrors = {};
  if (!isRecord(errors) && !Array.isArray(errors)) return result;
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const found = messageOf(value);
    if (found) result[path] = found;
    else if (typeof value === 'object' && value !== null && !('message' in value)) Object.assign(result, toFormErrors(value, path));
  }
  return result;
}

/** NUL and the other C0 controls but tab, newline and carriage return; DEL too. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Half of a UTF-16 pair without its other half: not text any database can keep. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
