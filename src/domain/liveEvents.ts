import { z } from 'zod';
import { ORDER_TIMER_STAGES } from './orderTimers';

/**
 * The live event stream: `GET /api/events` is a server-sent events stream per
 * logged-in user. Each event is one SSE message:
 *
 *   id: <the event's number, increasing>
 *   event: <a LiveEventType>
 *   data: <JSON of the LiveEvent>
 *
 * with `: ping` comments as heartbeats and `retry:` set by the server. A client that reconnects
 * sends the last id it received as `Last-Event-ID` and is sent what it missed (it may receive
 * an event twice: ids are unique, so it drops one it has seen). When the user's token expires,
 * or their session ends, the server sends `event: expired` and closes the stream.
 *
 * Scope is the REST calls' scope (spec section 6): admins hear every city, city admins and
 * operators their city, owners their restaurant; mailing progress is heard only by those who
 * may see mailings (admins, city admins); a new notification only by its audience's roles. A late order (`order.late`) is heard by its city's staff
 * and admins, and by the restaurant's owner only when the restaurant holds it up (`heldBy`).
 */
export const LIVE_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'message.created',
  'review.created',
  'mailing.progress',
  'notification.created',
  'order.late',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Sent, with `data: {}` and no id, as the last message when the stream ends because the session did. */
export const LIVE_EXPIRED_EVENT = 'expired';

export const liveEventSchema = z.object({
  /** The event's number, as in the SSE `id:` line. */
  id: z.number().int().positive(),
  type: z.enum(LIVE_EVENT_TYPES),
  /** When the change was written, in its transaction (ISO 8601). */
  at: z.string(),
  cityId: z.number().int().nullable(),
  restaurantId: z.number().int().nullable(),
  /** order.*, message.created: the order and its thread. */
  orderId: z.number().int().optional(),
  threadId: z.string().optional(),
  /**
   * order.created / order.updated: the order's status (and courier) after the change;
   * order.late: the status it has been in too long; mailing.progress: the mailing's status.
   */
  status: z.number().int().optional(),
  courierId: z.number().int().nullable().optional(),
  /** order.late: the stage whose minutes ran out, those minutes, and who holds the order up. */
  stage: z.enum(ORDER_TIMER_STAGES).optional(),
  minutes: z.number().int().optional(),
  heldBy: z.enum(['restaurant', 'operator']).optional(),
  /** message.created */
  messageId: z.number().int().optional(),
  /** review.created (with the order's orderId and threadId) */
  reviewId: z.number().int().optional(),
  /** mailing.progress: position of count, and the mailing's status. */
  mailingId: z.number().int().optional(),
  position: z.number().int().optional(),
  count: z.number().int().optional(),
  /** notification.created: the notification (src/domain/notifications.ts), its kind and the roles that hear it. */
  notificationId: z.number().int().optional(),
  kind: z.string().optional(),
  audience: z.array(z.number().int()).optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The stream's path under /api. */
export const LIVE_EVENTS_PATH = '/events';

/** Seconds between heartbeats; a client that hears nothing for three of them reconnects. */
export const LIVE_HEARTBEAT_SECONDS = 20;
