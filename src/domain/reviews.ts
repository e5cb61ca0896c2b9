import { z } from 'zod';
import { dayOrInstant, MESSAGE_MAX_LENGTH } from './orders';
import { flag, pagingFields, requiredText } from './validation';

/**
 * Reviews (spec sections 3, 4, 7): the customers' reviews of their orders, their lifecycle
 * (unpublished, approved, published, answered; or deleted) and the shapes the API takes and
 * answers.
 */

/** Rating states (spec section 4): unsended -1, unrated 0, levels 1 to 5. */
export const ReviewRating = { UNSENDED: -1, UNRATED: 0, MIN_LEVEL: 1, MAX_LEVEL: 5 } as const;

export const REVIEW_STATES = ['unpublished', 'approved', 'published', 'answered'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Where a review is in its lifecycle: an answer locks it, publishing comes after approval. */
export const reviewState = (review: { approvedAt: string | null; publishedAt: string | null; answer: string | null }): ReviewState => {
  if (review.answer !== null) return 'answered';
  if (review.publishedAt !== null) return 'published';
  if (review.approvedAt !== null) return 'approved';
  return 'unpublished';
};

/** A review card's rating (spec section 2): one star emoji per rating point, none at 0 or below. */
export const ratingStars = (rating: number): string => '⭐'.repeat(Math.max(0, Math.min(rating, ReviewRating.MAX_LEVEL)));

/** Stars for a rated review (levels 1 to 5); none for the unsended and unrated states. */
export const reviewStars = (rating: number): string =>
  rating >= ReviewRating.MIN_LEVEL && rating <= ReviewRating.MAX_LEVEL
    ? '★'.repeat(rating) + '☆'.repeat(ReviewRating.MAX_LEVEL - rating)
    : '';

export const REVIEWS_MAX_PER_PAGE = 200;

const queryId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: 'validation.id' })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: 'validation.id' });

/** The fields a review list may be sorted by (DESIGN section 3); newest first otherwise. */
export const REVIEW_SORT_FIELDS = ['createdAt', 'rating'] as const;
export type ReviewSortField = (typeof REVIEW_SORT_FIELDS)[number];

/**
 * The filters of the review lists. `from` and `to` are days (the whole day in UTC) or instants
 * with their zone, both inclusive; paging and sorting as every list (`page`, `perPage`, `sort`,
 * `order`, the total in X-Total-Count), newest first unless sorted.
 */
export const reviewFilterQuery = z.object({
  state: z.enum(REVIEW_STATES, { error: 'validation.invalid' }).optional(),
  rating: z
    .string()
    .regex(/^-?\d$/, { error: 'validation.number' })
    .transform(Number)
    .refine((n) => n >= ReviewRating.UNSENDED && n <= ReviewRating.MAX_LEVEL, { error: 'validation.number' })
    .optional(),
  restaurantId: queryId.optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  ...pagingFields(REVIEWS_MAX_PER_PAGE),
  sort: z.enum(REVIEW_SORT_FIELDS, { error: 'validation.invalid' }).optional(),
  order: z.enum(['ASC', 'DESC', 'asc', 'desc'], { error: 'validation.invalid' }).optional(),
});
export type ReviewFilter = z.output<typeof reviewFilterQuery>;

export const reviewRecord = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  order: z.object({ threadId: z.string(), restaurant: z.object({ name: z.string(), name_ru: z.string() }) }),
  createdAt: z.string(),
  text: z.string().nullable(),
  rating: z.number().int(),
  answer: z.string().nullable(),
  approvedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  telegramFileId: z.string().nullable(),
  state: z.enum(REVIEW_STATES),
  /** The author; null for roles that may not see it (owners), masked on the server. */
  telegramProfile: z.object({ name: z.string(), username: z.string().nullable() }).nullable(),
});
export type Review = z.infer<typeof reviewRecord>;

/** POST /reviews/{id}: an empty body approves, `{publish: true}` publishes. */
export const reviewActionSchema = z.strictObject({ publish: flag().optional() });
export type ReviewAction = z.infer<typeof reviewActionSchema>;

/** PUT /reviews/{id}: the answer, sent to the author through the messenger. */
export const reviewAnswerSchema = z.strictObject({ text: requiredText({ lessThan: MESSAGE_MAX_LENGTH + 1 }) });
