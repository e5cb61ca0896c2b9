import { describe, expect, it } from 'vitest';
import {
  check,
  referralDeepLink,
  referralLinkExpired,
  referralLinkSchemaAt,
  referralLinkSpent,
  restaurantDeepLink,
  RESTAURANT_START_PREFIX,
} from '../../src/domain';

const NOW = new Date('2026-03-01T12:00:00Z');
const schema = referralLinkSchemaAt(() => NOW);
const problems = (link: Record<string, unknown>) => (check(schema, { cityId: 1, ...link }).errors ?? []).map((e) => [e.field, e.key]);

describe('the rules of a new referral link', () => {
  it('takes up to 64 letters, digits, _ and -, trimmed, and nothing else', () => {
    expect(problems({ code: 'a'.repeat(64) })).toEqual([]);
    expect(check(schema, { code: ' Spring_2026-x ' }).data?.code).toBe('Spring_2026-x');
    expect(problems({ code: 'a'.repeat(65) })).toEqual([['code', 'validation.lessThan']]);
    for (const code of ['two words', 'café', 'a+b', 'ref=1', 'a/b'])
      expect(problems({ code }), code).toEqual([['code', 'validation.secret']]);
    expect(problems({ code: '  ' })).toEqual([['code', 'validation.required']]);
  });

  it("refuses the bot's restaurant start parameter as a prefix, in any case, and only as a prefix", () => {
    expect(RESTAURANT_START_PREFIX).toBe('restaurant_');
    // The prefix really is what a restaurant's public link starts the bot with.
    expect(restaurantDeepLink('food_bot', 7)).toBe(`https://t.me/food_bot?start=${RESTAURANT_START_PREFIX}7`);
    for (const code of ['restaurant_', 'restaurant_7', 'Restaurant_x', 'RESTAURANT_1']) {
      expect(problems({ code }), code).toEqual([['code', 'validation.referralCodeReserved']]);
    }
    for (const code of ['restaurant', 'restaurants_7', 'my_restaurant_7', 'restaurant-7']) expect(problems({ code }), code).toEqual([]);
  });

  it('keeps the limit a whole number from 0 (unlimited, also when left out)', () => {
    expect(check(schema, { code: 'A' }).data?.limit).toBe(0);
    expect(check(schema, { code: 'A', limit: null }).data?.limit).toBe(0);
    expect(problems({ code: 'A', limit: -1 })).toEqual([['limit', 'validation.range']]);
    expect(problems({ code: 'A', limit: 1.5 })).toEqual([['limit', 'validation.integer']]);
  });

  it('wants the end, when given, as an instant with its zone and after now', () => {
    expect(problems({ code: 'A', validUntil: '2026-03-01T12:00:01Z' })).toEqual([]);
    expect(problems({ code: 'A', validUntil: '2026-03-01T14:00:00+01:00' })).toEqual([]);
    expect(check(schema, { code: 'A' }).data?.validUntil).toBeNull();
    expect(problems({ code: 'A', validUntil: '2026-03-01T12:00:00Z' })).toEqual([['validUntil', 'validation.inFuture']]);
    expect(problems({ code: 'A', validUntil: '2025-12-31T10:00:00Z' })).toEqual([['validUntil', 'validation.inFuture']]);
    for (const validUntil of ['2027-01-01', '2027-01-01T10:00', 'tomorrow']) {
      expect(problems({ code: 'A', validUntil }), validUntil).toEqual([['validUntil', 'validation.dateTime']]);
    }
  });
});

describe('a referral link as shown', () => {
  it("opens the city's bot with the code as the start parameter, as it is", () => {
    expect(referralDeepLink('@food_bot', 'SPRING-26')).toBe('https://t.me/food_bot?start=SPRING-26');
    expect(referralDeepLink(null, 'SPRING')).toBeNull();
    expect(referralDeepLink('no', 'SPRING')).toBeNull();
  });

  it('is spent at its limit (never when unlimited) and expired once its end has passed', () => {
    expect(referralLinkSpent({ count: 10, limit: 10 })).toBe(true);
    expect(referralLinkSpent({ count: 9, limit: 10 })).toBe(false);
    expect(referralLinkSpent({ count: 500, limit: 0 })).toBe(false);
    expect(referralLinkExpired({ validUntil: '2026-03-01T11:59:59Z' }, NOW)).toBe(true);
    expect(referralLinkExpired({ validUntil: '2026-03-02T00:00:00Z' }, NOW)).toBe(false);
    expect(referralLinkExpired({ validUntil: null }, NOW)).toBe(false);
  });
});
