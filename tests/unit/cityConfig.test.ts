import { describe, expect, it } from 'vitest';
import {
  CITY_CONFIG_KEYS,
  CONFIG_FIELDS,
  configKeysFor,
  maskBotToken,
  missingConfigKeys,
  OPERATOR_CONFIG_KEYS,
  PAYMENT_CONFIG_KEYS,
  Role,
  validateConfig,
  type CityConfig,
} from '../../src/domain';

const complete = (): CityConfig =>
  Object.fromEntries(CITY_CONFIG_KEYS.map((key) => [key, key === 'telegramPaymentsStatus' ? '0' : ''])) as CityConfig;

describe('city config rules', () => {
  it('gives every key exactly one input', () => {
    expect(CONFIG_FIELDS.map((f) => f.key).sort()).toEqual([...CITY_CONFIG_KEYS].sort());
  });

  it('lets each role read and write only its keys', () => {
    expect(configKeysFor(Role.ADMIN)).toEqual(CITY_CONFIG_KEYS);
    expect(configKeysFor(Role.CITY_ADMIN).some((k) => PAYMENT_CONFIG_KEYS.includes(k))).toBe(false);
    expect(configKeysFor(Role.OPERATOR)).toEqual(OPERATOR_CONFIG_KEYS);
    expect(configKeysFor(Role.RESTAURANT_OWNER)).toEqual([]);
  });

  it('checks ranges and formats, accepting "" as not set', () => {
    expect(validateConfig({ deliveryDiscountPercent: '10', deliveryAfterDiscountMin: '1', cityDisabledReason: '' })).toEqual([]);
    expect(validateConfig({ deliveryDiscountPercent: '10.5' }).map((e) => e.key)).toEqual(['validation.range']);
    expect(validateConfig({ deliveryAfterDiscountMin: '0' }).map((e) => e.args)).toEqual([{ min: 1, max: 10 }]);
    expect(validateConfig({ deliveryCostJumpEnd: '6:00' }).map((e) => e.key)).toEqual(['validation.time']);
    expect(validateConfig({ cityLocales: 'en, ru' })).toEqual([]);
  });

  it('counts only the keys the bot needs, set or not, and empty keys where other settings need them', () => {
    expect(missingConfigKeys({}, { active: true })).toEqual([
      'cityLocales',
      'telegramPaymentsStatus',
      'deliveryMultiplier',
      'timeShift',
      'notifyChannelId',
      'courierChannelId',
    ]);
    const config = {
      ...complete(),
      cityLocales: 'en',
      deliveryMultiplier: '1',
      timeShift: '0',
      notifyChannelId: '-1',
      courierChannelId: '-2',
    };
    expect(missingConfigKeys(config, { active: true })).toEqual([]);
    expect(missingConfigKeys(config, { active: false })).toEqual(['cityDisabledReason']);
    expect(missingConfigKeys({ ...config, showInfoButton: 'true' }, { active: true })).toEqual([
      'infoButtonTextEn',
      'infoButtonTextRu',
      'infoButtonContentEn',
      'infoButtonContentRu',
    ]);
    expect(missingConfigKeys({ ...config, telegramPaymentsStatus: '1' }, { active: true })).toEqual(['providerToken', 'exchangeRate']);
  });

  it('never shows a bot token in full', () => {
    const masked = maskBotToken('7123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw');
    expect(masked.startsWith('7123456789:')).toBe(true);
    expect(masked).not.toContain('AAHdqTcvCH1vGWJxfSeofSAs0K5PAL');
  });
});
