import { z } from 'zod';
import { can } from './access';
import { Role, STAFF_ROLES, type RoleId } from './roles';
import { pagingFields } from './validation';

/**
 * The notification centre: what happened that someone must look at, kept per city and
 * restaurant with the roles that hear it (its audience), and read or unread per user. Database
 * triggers write them (migration 024) in the transaction of the fact itself, whoever writes it:
 * the API, the bot straight into the database, or a job.
 *
 * - orderLate: an order stayed in a status longer than its city allows (order timers);
 * - messageFailed: an order chat message can never reach its recipient;
 * - reviewWaiting: a new review waits for approval;
 * - mailingFinished / mailingFailed: a mass mailing ended.
 */
export const NOTIFICATION_KINDS = ['orderLate', 'messageFailed', 'reviewWaiting', 'mailingFinished', 'mailingFailed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How long notifications are kept: older ones are never listed and a periodic job deletes them. */
export const NOTIFICATION_RETENTION_DAYS = 30;
export const NOTIFICATION_RETENTION_MS = NOTIFICATION_RETENTION_DAYS * 24 * 60 * 60_000;

/** Who holds a late order up: the restaurant's owner hears of it only when it is the restaurant. */
export type LateHeldBy = 'restaurant' | 'operator';

/**
 * The roles that hear a kind, within their scope (their city, their restaurant): those who can
 * act on it. A late order: those who move orders on, and the owner when their restaurant holds
 * it up; a failed message: those who read the order's chat; a review: those who may approve it;
 * a mailing: those who see mailings. The triggers of migration 024 write the same lists
 * (tests/api/notifications.test.ts compares them).
 */
export const notificationAudience = (kind: NotificationKind, heldBy?: LateHeldBy): RoleId[] => {
  const allowed = (resource: Parameters<typeof can>[1], action: Parameters<typeof can>[2]) =>
    STAFF_ROLES.filter((role) => can(role, resource, action));
  switch (kind) {
    case 'orderLate':
      return [...allowed('orderStatus', 'edit'), ...(heldBy === 'restaurant' ? [Role.RESTAURANT_OWNER] : [])];
    case 'messageFailed':
      return allowed('orderChat', 'list');
    case 'reviewWaiting':
      return allowed('reviews', 'edit');
    case 'mailingFinished':
    case 'mailingFailed':
      return allowed('spam', 'list');
  }
};

/** What the text of a notification says and what it opens, by kind (any field may be missing in an older row). */
export const notificationArgs = z.object({
  orderId: z.number().int().optional(),
  threadId: z.string().optional(),
  status: z.number().int().optional(),
  stage: z.string().optional(),
  minutes: z.number().int().optional(),
  heldBy: z.enum(['restaurant', 'operator']).optional(),
  messageId: z.number().int().optional(),
  failure: z.string().nullable().optional(),
  reviewId: z.number().int().optional(),
  rating: z.number().int().optional(),
  mailingId: z.number().int().optional(),
  position: z.number().int().optional(),
  count: z.number().int().optional(),
});
export type NotificationArgs = z.infer<typeof notificationArgs>;

export const notificationRecord = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  cityId: z.number().int().nullable(),
  restaurantId: z.number().int().nullable(),
  args: notificationArgs,
  /** The screen it opens, for this reader (an owner's reviews are their restaurant's page). */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

export const NOTIFICATIONS_MAX_PER_PAGE = 100;

/** GET /notifications: newest first, paged (`page`, `perPage`, the total in X-Total-Count), `unread=true` for the unread only. */
export const notificationListQuery = z.object({
  ...pagingFields(NOTIFICATIONS_MAX_PER_PAGE),
  unread: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const notificationCountRecord = z.object({ count: z.number().int() });

/**
 * POST /notifications/read: marks read the user's notifications up to the newest one their
 * screen has shown (`upTo`, its id), so that one that came in meanwhile stays unread.
 */
export const notificationsReadBody = z.object({ upTo: z.number().int().positive() }).strict();
export type NotificationsReadBody = z.infer<typeof notificationsReadBody>;

/** The screen a notification opens for a reader of `roleId`. */
export const notificationLink = (
  notification: { kind: NotificationKind; cityId: number | null; restaurantId: number | null; args: NotificationArgs },
  roleId: RoleId,
): string => {
  const { kind, cityId, restaurantId, args } = notification;
  switch (kind) {
    case 'orderLate':
    case 'messageFailed':
      return args.threadId ? `/orders/${encodeURIComponent(args.threadId)}` : '/orders';
    case 'reviewWaiting':
      if (roleId === Role.RESTAURANT_OWNER && restaurantId !== null) return `/restaurant/${restaurantId}/reviews`;
      return `/reviews?${new URLSearchParams({ filter: JSON.stringify({ ...(cityId !== null ? { cityId } : {}), state: 'unpublished' }) }).toString()}`;
    case 'mailingFinished':
    case 'mailingFailed':
      return '/spam';
  }
};
