import { z } from 'zod';
import { MAILING_MIN_TEXT } from './constants';
import { audienceQueryFields, mailingAudienceRecord, mailingAudienceSchema, refuseAudienceConflicts } from './mailingAudience';
import { dayOrInstant } from './orders';
import { FILE_ID_PATTERN, isPhotoLink } from './photo';
import { MailingStatus } from './statuses';
import { flag, id, optionalText, pagingFields, problem, requiredText } from './validation';

/**
 * Mass mailings (spec sections 3, 4, 5, 7): a text with an optional photo and bound button,
 * sent by the city's bot to the customers active since a date. The shapes the API takes and
 * answers, and the rules the composer and the API share.
 */

/** The messenger's limits: a message's text, and the caption under a photo. */
export const MAILING_TEXT_LESS_THAN = 4097;
export const MAILING_CAPTION_LESS_THAN = 1025;
export const MAILING_BUTTON_TEXT_LESS_THAN = 65;
export const MAILING_BUTTON_VALUE_LESS_THAN = 1025;
export const MAILINGS_MAX_PER_PAGE = 200;

/**
 * A bound button: a link (`url`, the value is the link) or a restaurant of the city (the value
 * is its id; the button opens the restaurant in the bot). Shown under the message (`inline`) or
 * as a keyboard button (`bottom`); a link is always inline.
 */
export const MAILING_BUTTON_TYPES = ['url', 'restaurant'] as const;
export const MAILING_BUTTON_POSITIONS = ['inline', 'bottom'] as const;
export type MailingButtonType = (typeof MAILING_BUTTON_TYPES)[number];

/** The name of a status, for its label (`created` is shown 'Ждёт' in Russian, spec section 4). */
export const mailingStatusName = (status: number): 'created' | 'processing' | 'finished' | 'failed' => {
  switch (status) {
    case MailingStatus.PROCESSING:
      return 'processing';
    case MailingStatus.FINISHED:
      return 'finished';
    case MailingStatus.FAILED:
      return 'failed';
    default:
      return 'created';
  }
};

/** A mailing waiting or sending can be stopped (spec section 4). */
export const mailingStoppable = (status: number): boolean => status === MailingStatus.CREATED || status === MailingStatus.PROCESSING;

/** Position divided by count, as a whole percentage (spec section 9); a finished mailing to nobody is done. */
export const mailingPercent = (mailing: { position: number; count: number; status: number }): number => {
  if (mailing.count <= 0) return mailing.status === MailingStatus.FINISHED ? 100 : 0;
  return Math.min(100, Math.floor((mailing.position * 100) / mailing.count));
};

/** Why a mailing failed: stopped by staff, refused by the messenger, or its button had no link to give. */
export const MAILING_FAILURES = ['stopped', 'messenger', 'button'] as const;
export type MailingFailure = (typeof MAILING_FAILURES)[number];

/** The bound button as the composer edits it: unused fields may stay empty while it is off. */
export const mailingButtonSchema = z
  .strictObject({
    enabled: flag(),
    type: z.enum(MAILING_BUTTON_TYPES, { error: problem('invalid').key }),
    position: z.enum(MAILING_BUTTON_POSITIONS, { error: problem('invalid').key }),
    text: optionalText({ lessThan: MAILING_BUTTON_TEXT_LESS_THAN }).transform((v) => v ?? ''),
    value: optionalText({ lessThan: MAILING_BUTTON_VALUE_LESS_THAN }).transform((v) => v ?? ''),
  })
  .superRefine((button, ctx) => {
    if (!button.enabled) return;
    const required = (path: 'text' | 'value') => ctx.addIssue({ code: 'custom', path: [path], message: problem('required').key });
    if (button.text.trim() === '') required('text');
    if (button.value.trim() === '') required('value');
    else if (button.type === 'url' && !isPhotoLink(button.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: problem('url').key });
    } else if (button.type === 'restaurant' && !/^[1-9]\d{0,9}$/.test(button.value.trim())) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: problem('id').key });
    }
  })
  // A link button is always under the message (spec section 5).
  .transform((button) => (button.type === 'url' ? { ...button, position: 'inline' as const } : button));
export type MailingButtonInput = z.input<typeof mailingButtonSchema>;
export type MailingButton = z.output<typeof mailingButtonSchema>;

/** A stored file id (POST /photo) or an http(s) link to an image; empty means no photo. */
const photoId = () =>
  optionalText({ lessThan: 256 })
    .refine((v) => v == null || v === '' || FILE_ID_PATTERN.test(v) || isPhotoLink(v), { error: problem('invalid').key })
    .transform((v) => (v ? v.trim() : null));

/** The start of a last-active date: a day is its UTC midnight, an instant itself. */
export const lastActiveBoundary = (value: string): Date =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);

/** Customers active since this date; not in the future (spec section 5). Empty means every customer. */
const lastActiveDate = () =>
  dayOrInstant.nullish().refine((v) => v == null || lastActiveBoundary(v).getTime() <= Date.now(), { error: problem('notFuture').key });

const messageFields = {
  /** Admins name the city; a city admin's mailing is always their own city's. */
  cityId: id().nullish(),
  text: requiredText({ minLength: MAILING_MIN_TEXT, lessThan: MAILING_TEXT_LESS_THAN }),
  photoId: photoId(),
  bindedButton: mailingButtonSchema.nullish(),
};

/** Under a photo the text is a caption, which the messenger keeps shorter. */
const captionFits = (message: { text: string; photoId?: string | null }, ctx: z.RefinementCtx) => {
  if (message.photoId && message.text.length >= MAILING_CAPTION_LESS_THAN) {
    ctx.addIssue({
      code: 'custom',
      path: ['text'],
      message: problem('lessThan').key,
      params: { args: { amount: MAILING_CAPTION_LESS_THAN } },
    });
  }
};

/** POST /spam; `audience` holds the filters beyond "active since" (src/domain/mailingAudience.ts), none by default. */
export const mailingCreateSchema = z
  .strictObject({ ...messageFields, lastActiveDate: lastActiveDate(), audience: mailingAudienceSchema.nullish() })
  .superRefine(captionFits);
export type MailingCreateInput = z.input<typeof mailingCreateSchema>;
export type MailingCreate = z.output<typeof mailingCreateSchema>;

/** A messenger chat id: a customer's or a staff member's own account, as digits. */
const recipientId = () =>
  z
    .union([z.number(), z.string().regex(/^\d{1,16}$/, { error: problem('numericId').key })], { error: problem('numericId').key })
    .transform(Number)
    .pipe(
      z
        .number()
        .int({ error: problem('numericId').key })
        .positive({ error: problem('numericId').key })
        .max(Number.MAX_SAFE_INTEGER, { error: problem('numericId').key }),
    );

/** POST /spam/sendTestMessage: the same message to one recipient, now. */
export const mailingTestSchema = z.strictObject({ ...messageFields, recipientId: recipientId() }).superRefine(captionFits);
export type MailingTestInput = z.input<typeof mailingTestSchema>;

const queryId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: 'validation.id' })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: 'validation.id' });

/** GET /users/count: the customers a mailing would reach, with the audience's filters. */
export const recipientCountQuery = z
  .object({ cityId: queryId.optional(), lastActiveDate: lastActiveDate(), ...audienceQueryFields })
  .superRefine(refuseAudienceConflicts);

/** GET /spam: newest first; admins may name a city, others see their own. */
export const mailingListQuery = z.object({
  cityId: queryId.optional(),
  ...pagingFields(MAILINGS_MAX_PER_PAGE),
});

export const mailingRecord = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  text: z.string(),
  photoId: z.string().nullable(),
  createdAt: z.string(),
  status: z.number().int(),
  /** Recipients done (sent, blocked or not reached) out of `count`, fixed when the sending starts. */
  position: z.number().int(),
  count: z.number().int(),
  config: z.object({
    bindedButton: z
      .object({
        enabled: z.boolean(),
        type: z.string(),
        position: z.string(),
        text: z.string(),
        value: z.string(),
      })
      .nullable(),
  }),
  lastActiveDate: z.string().nullable(),
  /** The filters it was sent with (none for a mailing made before they existed). */
  audience: mailingAudienceRecord,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  failure: z.enum(MAILING_FAILURES).nullable(),
  /** The messenger's last refusal (the reason of a failure, or a retry under way). */
  lastError: z.string().nullable(),
  /** Recipients who had blocked the bot, and those the messenger did not reach. */
  blocked: z.number().int(),
  undelivered: z.number().int(),
  /** Of `undelivered`, the sends whose outcome is unknown (their process died mid-send): never sent again. */
  unconfirmed: z.number().int(),
  stoppedBy: z.string().nullable(),
});
export type Mailing = z.infer<typeof mailingRecord>;

/** POST /spam/sendTestMessage answers the messenger's message id. */
export const mailingTestRecord = z.object({ messageId: z.string() });
