import { z } from 'zod';
import { problem } from './validationMessages';

/**
 * A restaurant's pause: closed in the bot for 15, 30 or 60 minutes, or until someone
 * reopens it. Whether a restaurant is paused is computed from when the pause ends, so a pause
 * ends on time whether or not the job that clears it has run yet.
 */

/** "Until reopened": a pause with no end. */
export const UNTIL_REOPENED = 'untilReopened';
export const PAUSE_CHOICES = [15, 30, 60, UNTIL_REOPENED] as const;
export type PauseChoice = (typeof PAUSE_CHOICES)[number];

/** PUT /restaurants/{id}/pause: how long (resuming is DELETE on the same path). */
export const pauseRequestSchema = z.strictObject({
  minutes: z.literal(PAUSE_CHOICES, { error: problem('invalid').key }),
});
export type PauseRequest = z.infer<typeof pauseRequestSchema>;

/** What the restaurant record says of its pause; the bot shows a paused restaurant as closed. */
export const restaurantPauseFields = {
  /** Paused now. */
  paused: z.boolean(),
  /** When the pause began; null when not paused. */
  pausedAt: z.string().nullable(),
  /** When it ends; null when not paused, or paused until reopened. */
  pausedUntil: z.string().nullable(),
};
export type RestaurantPause = { paused: boolean; pausedAt: string | null; pausedUntil: string | null };

const MINUTE_MS = 60_000;

/** When a pause chosen at `now` ends: null for one until reopened. */
export const pauseEnd = (choice: PauseChoice, now: Date): Date | null =>
  choice === UNTIL_REOPENED ? null : new Date(now.getTime() + choice * MINUTE_MS);

const iso = (at: Date | string) => new Date(at).toISOString();

/** The pause as of `now`, from the stored start and end: one whose end has come is over. */
export const pauseAsOf = (pausedAt: Date | string | null, pausedUntil: Date | string | null, now: Date): RestaurantPause => {
  const paused = pausedAt !== null && (pausedUntil === null || new Date(pausedUntil).getTime() > now.getTime());
  return paused
    ? { paused, pausedAt: iso(pausedAt), pausedUntil: pausedUntil === null ? null : iso(pausedUntil) }
    : { paused: false, pausedAt: null, pausedUntil: null };
};
