import { describe, expect, it } from 'vitest';
import {
  CITY_CONFIG_DEFAULTS,
  CITY_CONFIG_KEYS,
  CITY_SETUP_ITEMS,
  citySetup,
  missingConfigKeys,
  validateConfig,
  type CitySetupFacts,
} from '../../src/domain';

const facts = (extra: Partial<CitySetupFacts> = {}): CitySetupFacts => ({
  active: true,
  config: { ...CITY_CONFIG_DEFAULTS },
  districts: 0,
  bots: 0,
  botId: null,
  cuisines: 0,
  tags: 0,
  restaurants: 0,
  restaurantsWithoutMenu: 0,
  firstWithoutMenu: null,
  staff: 0,
  ...extra,
});

describe('the defaults of a new city', () => {
  it('are valid values of known keys', () => {
    expect(validateConfig({ ...CITY_CONFIG_DEFAULTS })).toEqual([]);
    expect(Object.keys(CITY_CONFIG_DEFAULTS).every((key) => (CITY_CONFIG_KEYS as readonly string[]).includes(key))).toBe(true);
  });

  it('leave a new city lacking only what no default can say', () => {
    expect(missingConfigKeys(CITY_CONFIG_DEFAULTS, { active: true })).toEqual(['timeShift', 'notifyChannelId', 'courierChannelId']);
    expect(missingConfigKeys(CITY_CONFIG_DEFAULTS, { active: false })).toEqual([
      'cityDisabledReason',
      'timeShift',
      'notifyChannelId',
      'courierChannelId',
    ]);
  });
});

describe('the settings a city truly lacks', () => {
  const complete = { ...CITY_CONFIG_DEFAULTS, timeShift: '1', notifyChannelId: '-1', courierChannelId: '-2' };

  it('are the needed keys without a value, not the optional ones left unset', () => {
    expect(missingConfigKeys(complete, { active: true })).toEqual([]);
    expect(missingConfigKeys({ ...complete, notifyChannelId: ' ' }, { active: true })).toEqual(['notifyChannelId']);
    expect(missingConfigKeys({ ...complete, cityLocales: undefined }, { active: true })).toEqual(['cityLocales']);
  });

  it('follow the city’s other settings', () => {
    expect(missingConfigKeys({ ...complete, telegramPaymentsStatus: '2' }, { active: true })).toEqual(['providerToken', 'exchangeRate']);
    expect(missingConfigKeys({ ...complete, showInfoButton: 'true', infoButtonTextEn: 'About' }, { active: true })).toEqual([
      'infoButtonTextRu',
      'infoButtonContentEn',
      'infoButtonContentRu',
    ]);
    expect(missingConfigKeys({ ...complete, deliveryCostJump: 'true' }, { active: true })).toEqual([
      'deliveryCostJumpStart',
      'deliveryCostJumpEnd',
      'deliveryCostJumpAmount',
    ]);
    expect(missingConfigKeys({ ...complete, showTopTen: 'true', topInterval: '' }, { active: true })).toEqual(['topInterval']);
  });
});

describe('the setup checklist', () => {
  it('marks every part missing for a new city, in order', () => {
    const setup = citySetup(7, facts());
    expect(setup.cityId).toBe(7);
    expect(setup.items.map((x) => x.id)).toEqual([...CITY_SETUP_ITEMS]);
    expect(setup.items.filter((x) => x.done)).toEqual([]);
    expect(setup.items[0].missing).toEqual(['timeShift', 'notifyChannelId', 'courierChannelId']);
    expect(setup.items[7].missing).toEqual(['reviewChannelId', 'adChatId']);
  });

  it('counts a restaurant only with a menu, and the channels once both are set', () => {
    const setup = citySetup(
      7,
      facts({
        config: {
          ...CITY_CONFIG_DEFAULTS,
          timeShift: '0',
          notifyChannelId: '-1',
          courierChannelId: '-2',
          reviewChannelId: '-3',
          adChatId: '-4',
        },
        districts: 2,
        bots: 1,
        botId: 5,
        cuisines: 3,
        tags: 1,
        restaurants: 2,
        restaurantsWithoutMenu: 1,
        firstWithoutMenu: 12,
        staff: 1,
      }),
    );
    const done = Object.fromEntries(setup.items.map((x) => [x.id, x.done]));
    expect(done).toEqual({
      settings: true,
      districts: true,
      bot: true,
      cuisines: true,
      tags: true,
      restaurants: false,
      staff: true,
      channels: true,
    });
    expect(setup.items.find((x) => x.id === 'restaurants')).toMatchObject({ count: 2, pending: 1, targetId: 12 });
    expect(setup.items.find((x) => x.id === 'bot')?.targetId).toBe(5);
  });
});
