import { MAILING_FAILURES, mailingAudienceRecord, storedAudience, type Mailing, type MailingFailure } from '../../../src/domain';
import type { MailingRow } from './repository';

/** The one mapping between a mailings row and its JSON (spec section 3, Mailing). */

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);
const isFailure = (value: string | null): value is MailingFailure => (MAILING_FAILURES as readonly (string | null)[]).includes(value);

const restaurantNames = mailingAudienceRecord.shape.restaurants.catch([]);
const named = (value: unknown) => restaurantNames.parse(value ?? []);

export const toMailing = (row: MailingRow): Mailing => {
  const button = row.config.bindedButton;
  return {
    id: row.id,
    cityId: row.city_id,
    text: row.text,
    photoId: row.photo_id,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    position: row.position,
    count: row.count,
    config: {
      bindedButton: button
        ? { enabled: button.enabled, type: button.type, position: button.position, text: button.text, value: button.value }
        : null,
    },
    lastActiveDate: iso(row.last_active_date),
    audience: { ...storedAudience(row.audience), restaurants: named(row.audience_restaurants) },
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    failure: isFailure(row.failure) ? row.failure : null,
    lastError: row.last_error,
    blocked: row.blocked,
    undelivered: row.undelivered,
    unconfirmed: row.unconfirmed,
    stoppedBy: row.stopped_by,
  };
};
