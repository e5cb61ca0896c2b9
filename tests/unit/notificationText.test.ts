import { describe, expect, it } from 'vitest';
import { notificationLink, Role } from '../../src/domain';
import { notificationText, relativeTime } from '../../src/layout/notifications/notificationText';

/** A translate that shows the key and its values, so the test sees what goes in. */
const translate = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

describe('notification texts and links', () => {
  it('fills each kind’s sentence from its args, the stage and the failure translated', () => {
    expect(notificationText(translate, { kind: 'orderLate', args: { threadId: 'A1', minutes: 10, stage: 'cooking' } })).toBe(
      'notifications.kinds.orderLate {"threadId":"A1","minutes":10,"stage":"notifications.stages.cooking","failure":"","mailingId":"","position":0,"count":0}',
    );
    expect(notificationText(translate, { kind: 'messageFailed', args: { threadId: 'A1', failure: 'BLOCKED' } })).toContain(
      '"failure":"resources.orders.chat.failures.BLOCKED"',
    );
    expect(notificationText(translate, { kind: 'messageFailed', args: {} })).toContain('resources.orders.chat.failures.REFUSED');
  });

  it('says how long ago in the reader’s language', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(relativeTime('2026-05-01T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2026-05-01T11:59:50Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-04-30T12:00:00Z', now, 'es')).toBe('ayer');
    expect(relativeTime('2026-05-01T10:00:00Z', now, 'ru')).toBe('2 часа назад');
  });

  it('opens the record: the order, the reviews waiting (an owner’s restaurant page), the mailings', () => {
    const late = { kind: 'orderLate' as const, cityId: 1, restaurantId: 2, args: { threadId: 'A 1' } };
    expect(notificationLink(late, Role.OPERATOR)).toBe('/orders/A%201');
    const review = { kind: 'reviewWaiting' as const, cityId: 1, restaurantId: 2, args: { reviewId: 5 } };
    expect(notificationLink(review, Role.RESTAURANT_OWNER)).toBe('/restaurant/2/reviews');
    expect(decodeURIComponent(notificationLink(review, Role.CITY_ADMIN))).toBe('/reviews?filter={"cityId":1,"state":"unpublished"}');
    expect(notificationLink({ kind: 'mailingFailed', cityId: 1, restaurantId: null, args: {} }, Role.ADMIN)).toBe('/spam');
  });
});
