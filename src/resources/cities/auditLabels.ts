import type { AuditLabels } from '../../domain';

const field = (name: string) => `resources.cities.fields.${name}`;

/**
 * The audit trail names a city's columns as the city form labels them; a config value and a
 * global setting are named by their key (see the trail's own rule for `value`).
 */
export default {
  cities: {
    name: field('name'),
    name_ru: field('name_ru'),
    chatname: field('chatname'),
    currency: field('currency'),
    active: field('active'),
    auth_key: field('authKey'),
  },
  city_configs: { city_id: field('city') },
  city_order_timers: {
    city_id: field('city'),
    stage: 'resources.cities.orderTimers.stage',
    minutes: 'resources.cities.orderTimers.minutes',
  },
} satisfies AuditLabels;
