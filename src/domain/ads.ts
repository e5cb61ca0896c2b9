import { z } from 'zod';
import { FILE_ID_PATTERN } from './photo';
import { AdStatus } from './statuses';
import { id, pagingFields, problem, requiredText } from './validation';

/**
 * Advertisements (spec sections 3, 4, 5, 7): a restaurant's post to its city's ad chat,
 * published by the scheduler at its publish time and removed at its unpublish time.
 */

/** Spec section 5: the text must be shorter than 1024 characters (the messenger's caption limit). */
export const AD_TEXT_LESS_THAN = 1024;
/** The messenger posts at most 10 photos as one album. */
export const AD_MAX_IMAGES = 10;
/** The largest video the messenger's bots may send (50 MB). */
export const AD_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const ADS_MAX_PER_PAGE = 200;

export type AdStatusValue = (typeof AdStatus)[keyof typeof AdStatus];
export const AD_STATUS_VALUES = Object.values(AdStatus) as readonly AdStatusValue[];

/** Before publication the whole ad may change; once published only its unpublish time; once finished nothing. */
export const adContentEditable = (status: number): boolean =>
  status === AdStatus.CREATED || status === AdStatus.WAITING_FOR_IMAGE || status === AdStatus.PUBLISH_FAILED;
export const adUnpublishEditable = (status: number): boolean => status !== AdStatus.FINISHED;

/** An instant with its zone, as every time in the API (`2026-11-24T18:00:00+01:00`). */
const instant = () => z.iso.datetime({ offset: true, error: problem('dateTime').key });

const fileId = () => z.string({ error: problem('text').key }).regex(FILE_ID_PATTERN, { error: problem('invalid').key });

const adFields = {
  text: requiredText({ lessThan: AD_TEXT_LESS_THAN, lengthKey: 'adTextLength' }),
  /** Picked by admins and city admins; an owner's ad is always their restaurant's, whatever is sent. */
  restaurantId: id().nullish(),
  /**
   * The chat the ad goes to. The browser shows `GET /advertisements/chat`; the server always
   * posts to the city's `adChatId` at publication, so a value sent here is not trusted.
   */
  telegramChatId: z.string().max(64).nullish(),
  telegramFileIds: z
    .array(fileId())
    .superRefine((ids, ctx) => {
      // A custom issue, so that the message keeps its argument (a `.max` error keeps the key alone).
      const found = problem('tooManyImages', { max: AD_MAX_IMAGES });
      if (ids.length > AD_MAX_IMAGES) ctx.addIssue({ code: 'custom', message: found.key, params: { args: found.args } });
    })
    .default([]),
  videoFileId: fileId().nullish(),
  publishTimestamp: instant(),
  unpublishTimestamp: instant(),
};

type AdTimes = { publishTimestamp: string; unpublishTimestamp: string };
type AdMedia = { telegramFileIds?: readonly string[] | undefined; videoFileId?: string | null | undefined };

const unpublishAfterPublish = (ad: Partial<AdTimes>, ctx: z.RefinementCtx) => {
  if (ad.publishTimestamp === undefined || ad.unpublishTimestamp === undefined) return;
  if (Date.parse(ad.unpublishTimestamp) <= Date.parse(ad.publishTimestamp)) {
    ctx.addIssue({ code: 'custom', path: ['unpublishTimestamp'], message: problem('unpublishAfterPublish').key });
  }
};

const imagesOrVideo = (ad: AdMedia, ctx: z.RefinementCtx) => {
  if ((ad.telegramFileIds?.length ?? 0) > 0 && (ad.videoFileId ?? null) !== null) {
    ctx.addIssue({ code: 'custom', path: ['videoFileId'], message: problem('imagesOrVideo').key });
  }
};

/** POST /advertisements. */
export const adCreateSchema = z.strictObject(adFields).superRefine((ad, ctx) => {
  unpublishAfterPublish(ad, ctx);
  imagesOrVideo(ad, ctx);
});
export type AdCreateInput = z.input<typeof adCreateSchema>;
export type AdCreate = z.output<typeof adCreateSchema>;

/**
 * PUT /advertisements/{id}: any of the fields, at least one. The times and media are checked
 * against the stored ad by the server once merged (the same two rules).
 */
export const adUpdateSchema = z
  .strictObject({ ...adFields, telegramFileIds: adFields.telegramFileIds.removeDefault().optional() })
  .partial()
  .refine((ad) => Object.values(ad).some((value) => value !== undefined), { error: problem('nothingToChange').key })
  .superRefine((ad, ctx) => {
    unpublishAfterPublish(ad, ctx);
    imagesOrVideo(ad, ctx);
  });
export type AdUpdate = z.output<typeof adUpdateSchema>;

/** The merged ad must keep both rules; the server runs this after applying an update. */
export const adMergedProblems = (ad: AdTimes & AdMedia): z.ZodError | null => {
  const result = z
    .object({
      publishTimestamp: z.string(),
      unpublishTimestamp: z.string(),
      telegramFileIds: z.array(z.string()),
      videoFileId: z.string().nullable(),
    })
    .superRefine((merged, ctx) => {
      unpublishAfterPublish(merged, ctx);
      imagesOrVideo(merged, ctx);
    })
    .safeParse({ ...ad, telegramFileIds: ad.telegramFileIds ?? [], videoFileId: ad.videoFileId ?? null });
  return result.success ? null : result.error;
};

const queryId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: 'validation.id' })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: 'validation.id' });

/** GET /advertisements: newest publish time first, paged like every list (total in X-Total-Count). */
export const adFilterQuery = z.object({
  status: z
    .string()
    .regex(/^\d{1,2}$/, { error: 'validation.invalid' })
    .transform(Number)
    .refine((n): n is AdStatusValue => (AD_STATUS_VALUES as readonly number[]).includes(n), { error: 'validation.invalid' })
    .optional(),
  restaurantId: queryId.optional(),
  cityId: queryId.optional(),
  ...pagingFields(ADS_MAX_PER_PAGE),
});
export type AdFilter = z.output<typeof adFilterQuery>;

export const adRecord = z.object({
  id: z.number().int(),
  text: z.string(),
  restaurantId: z.number().int(),
  restaurant: z.object({ id: z.number().int(), name: z.string(), name_ru: z.string(), cityId: z.number().int() }),
  /** The spec names both the dates and the timestamps; they are the same instants, ISO 8601. */
  publishDate: z.string(),
  unpublishDate: z.string(),
  publishTimestamp: z.string(),
  unpublishTimestamp: z.string(),
  telegramChatId: z.string().nullable(),
  telegramFileIds: z.array(z.string()),
  videoFileId: z.string().nullable(),
  status: z.number().int(),
  /** Why the last publication or removal failed (shown with the publishFailed and unpublishFailed states). */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type Ad = z.infer<typeof adRecord>;

/** GET /advertisements/timeout: seconds until an owner may post next (0: now); admins and city admins always 0. */
export const adTimeoutRecord = z.object({ timeout: z.number().int().min(0) });
/** GET /advertisements/chat: the chat ads go to (the city's adChatId), null when the city has none. */
export const adChatRecord = z.object({ chatId: z.string().nullable() });
