import { afterAll, describe, expect, it } from 'vitest';
import {
  AUDIT_ENTITIES,
  LOCALES,
  MailingStatus,
  OrderStatus,
  Role,
  auditEvent,
  auditReferences,
  type AuditRecord,
  type Locale,
} from '../../src/domain';
import { shippedTexts } from '../../src/i18n/resourceTexts';
import { i18nProvider } from '../../src/providers/i18nProvider';
import { auditEventText } from '../../src/resources/audit/auditEventText';
import { AUDIT_LABELS, mergeAuditLabels } from '../../src/resources/audit/labels';
import {
  auditFieldLabel,
  auditValueText,
  humanized,
  recordName,
  settingKeyOf,
  type AuditFormat,
} from '../../src/resources/audit/auditValue';

const names: AuditRecord['names'] = {
  'users:8': { name: 'Kolya', name_ru: null },
  'restaurants:5': { name: 'Brick Lane Burgers', name_ru: 'Бургеры на Брик-лейн' },
  'cities:1': { name: 'London', name_ru: 'Лондон' },
  'orders:2990': { name: 'AB12CD34E', name_ru: null },
  'mailings:7': { name: 'Spring menu is here', name_ru: null },
};

// The user's clock: times show in their zone and format, whatever the recorded zone.
const time = (locale: Locale) => (iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23', timeZone: 'Europe/Moscow' }).format(
    new Date(iso),
  );
const formatIn = async (locale: Locale): Promise<AuditFormat> => {
  await i18nProvider.changeLocale(locale);
  return { translate: (key, options) => i18nProvider.translate(key, options), locale, time: time(locale), names };
};
const place = (entity: string, field: string, settingKey: string | null = null) => ({ entity, field, settingKey });
const text = (format: AuditFormat, entity: string, field: string, value: unknown) =>
  auditValueText(place(entity, field), value, format).text;
const record = (over: Partial<AuditRecord>): AuditRecord => ({
  id: 1,
  at: '2026-03-05T14:02:00.000Z',
  action: 'update',
  entity: 'orders',
  entityId: '2990',
  cityId: 1,
  restaurantId: 5,
  actor: { id: 2, username: 'cityadmin', name: 'cityadmin' },
  changes: {},
  names,
  progress: null,
  ...over,
});

afterAll(async () => {
  await i18nProvider.changeLocale('en');
});

describe("the audit trail's labels", () => {
  it('names a column as its form does, in each language', async () => {
    const en = await formatIn('en');
    expect(auditFieldLabel(place('restaurants', 'min_order_sum'), AUDIT_LABELS, en.translate)).toBe('Minimum order sum');
    expect(auditFieldLabel(place('orders', 'courier_id'), AUDIT_LABELS, en.translate)).toBe('Courier');
    expect(auditFieldLabel(place('users', 'telegram_id'), AUDIT_LABELS, en.translate)).toBe('Messenger id');
    // A resource's singular name: 'Cuisine |||| Cuisines'.
    expect(auditFieldLabel(place('restaurant_cuisines', 'cuisine_id'), AUDIT_LABELS, en.translate)).toBe('Cuisine');
    const ru = await formatIn('ru');
    expect(auditFieldLabel(place('restaurants', 'min_order_sum'), AUDIT_LABELS, ru.translate)).toBe('Минимальная сумма заказа');
    expect(auditFieldLabel(place('restaurants', 'paused_until'), AUDIT_LABELS, ru.translate)).toBe('Пауза до');
    const es = await formatIn('es');
    expect(auditFieldLabel(place('restaurants', 'min_order_sum'), AUDIT_LABELS, es.translate)).toBe('Pedido mínimo');
  });

  it("names a setting's value by the setting, a bot text by its key, and an unknown column in words", async () => {
    const en = await formatIn('en');
    const key = settingKeyOf({ entity: 'city_configs', entityId: '1:deliveryMultiplier', changes: { value: ['1', '2'] } });
    expect(key).toBe('deliveryMultiplier');
    expect(auditFieldLabel(place('city_configs', 'value', key), AUDIT_LABELS, en.translate)).toBe('Delivery multiplier');
    expect(auditFieldLabel(place('global_settings', 'value', 'publicUrl'), AUDIT_LABELS, en.translate)).toBe(
      'Public address of this server',
    );
    expect(auditFieldLabel(place('languages', 'data.menu.orders'), AUDIT_LABELS, en.translate)).toBe('menu.orders');
    expect(auditFieldLabel(place('dishes', 'some_new_column'), AUDIT_LABELS, en.translate)).toBe('Some new column');
    expect(humanized('config.bindedButton')).toBe('Config bindedButton');
  });

  it('every label key a resource declares exists in en, ru and es, for an audited table', () => {
    const entries = Object.entries(AUDIT_LABELS).flatMap(([entity, columns]) =>
      Object.values(columns ?? {}).map((key) => [entity, key] as const),
    );
    expect(entries.length).toBeGreaterThan(80);
    for (const locale of LOCALES) {
      const texts = shippedTexts(locale);
      for (const [entity, key] of entries) {
        expect(AUDIT_ENTITIES as readonly string[], entity).toContain(entity);
        expect(texts[key], `${locale}: ${key}`).toBeTruthy();
      }
    }
    expect(mergeAuditLabels([{ tags: { name: 'a' } }, { tags: { name_ru: 'b' } }])).toEqual({ tags: { name: 'a', name_ru: 'b' } });
  });
});

describe("the audit trail's values", () => {
  it('shows none as "empty" and yes/no in words', async () => {
    const en = await formatIn('en');
    expect(auditValueText(place('restaurants', 'link'), null, en)).toEqual({ empty: true, text: 'empty' });
    expect(text(en, 'restaurants', 'link', '')).toBe('empty');
    expect(text(en, 'restaurants', 'enabled', true)).toBe('yes');
    const ru = await formatIn('ru');
    expect(text(ru, 'restaurants', 'link', null)).toBe('пусто');
    expect(text(ru, 'restaurants', 'enabled', false)).toBe('нет');
    const es = await formatIn('es');
    expect(text(es, 'restaurants', 'link', null)).toBe('vacío');
    expect(text(es, 'restaurants', 'enabled', true)).toBe('sí');
  });

  it("shows an instant in the user's format and zone, and a day as a date", async () => {
    const en = await formatIn('en');
    // 14:02 UTC is 17:02 in Moscow; the database writes microseconds and an offset.
    expect(text(en, 'restaurants', 'paused_until', '2026-03-05T14:02:00.123456+00:00')).toBe('3/5/26, 17:02');
    expect(text(en, 'mailings', 'last_active_date', '2026-03-05')).toBe('3/5/26');
    const ru = await formatIn('ru');
    expect(text(ru, 'restaurants', 'paused_until', '2026-03-05T14:02:00.123456+00:00')).toBe('05.03.2026, 17:02');
    // A time of day is no instant.
    expect(text(ru, 'dish_categories', 'start_displaying_at', '22:00')).toBe('22:00');
  });

  it('shows statuses, roles and days by their names', async () => {
    const en = await formatIn('en');
    expect(text(en, 'orders', 'status', OrderStatus.DELIVERED)).toBe('Delivered');
    expect(text(en, 'mailings', 'status', MailingStatus.FAILED)).toBe('Failed');
    expect(text(en, 'mailings', 'failure', 'stopped')).toBe('Stopped');
    expect(text(en, 'advertisements', 'status', 10)).toBe('Published');
    expect(text(en, 'users', 'role_id', Role.OPERATOR)).toBe('Operator');
    expect(text(en, 'restaurant_working_days', 'value', 3)).toBe('Wednesday');
    expect(text(en, 'orders', 'payment_method', 0)).toBe('Cash');
    expect(auditValueText(place('city_configs', 'value', 'telegramPaymentsStatus'), '2', en).text).toBe('Cash and cashless');
    // A code no table names stays as recorded.
    expect(text(en, 'orders', 'status', 12345)).toBe('12345');
    const ru = await formatIn('ru');
    expect(text(ru, 'orders', 'status', OrderStatus.DELIVERED)).toBe('Доставлен');
    expect(text(ru, 'mailings', 'status', MailingStatus.PROCESSING)).toBe('Идёт');
  });

  it('shows people, restaurants and cities by name (Russian names on Russian screens), orders by number, and an unseen id as a number', async () => {
    const en = await formatIn('en');
    expect(text(en, 'orders', 'courier_id', 8)).toBe('Kolya');
    expect(text(en, 'orders', 'restaurant_id', 5)).toBe('Brick Lane Burgers');
    expect(text(en, 'restaurants', 'city_id', 1)).toBe('London');
    expect(text(en, 'reviews', 'order_id', 2990)).toBe('AB12CD34E');
    expect(text(en, 'orders', 'courier_id', 9)).toBe('#9');
    const ru = await formatIn('ru');
    expect(text(ru, 'orders', 'restaurant_id', 5)).toBe('Бургеры на Брик-лейн');
    expect(text(ru, 'restaurants', 'city_id', 1)).toBe('Лондон');
    // Plain numbers and texts stay as recorded.
    expect(text(ru, 'dishes', 'price', 12.5)).toBe('12.5');
    expect(text(ru, 'dishes', 'name', 'Борщ')).toBe('Борщ');
  });

  it('collects every id a record names, before and after', () => {
    expect(
      auditReferences(record({ changes: { courier_id: [null, 8], status: [30, 100], restaurant_id: [5, 6] } })).map(
        ({ kind, id }) => `${kind}:${id}`,
      ),
    ).toEqual(['orders:2990', 'users:8', 'restaurants:5', 'restaurants:6']);
    expect(auditReferences(record({ action: 'insert', entity: 'tags', entityId: '4', changes: { id: 4, city_id: 1 } }))).toEqual([
      { kind: 'tags', id: 4 },
      { kind: 'cities', id: 1 },
    ]);
    expect(auditReferences(record({ action: 'login', entity: 'users', entityId: '3', changes: { username: 'a' } }))).toEqual([
      { kind: 'users', id: 3 },
    ]);
    // A row of a list: the parts of its key.
    expect(auditReferences(record({ entity: 'district_restaurants', entityId: '5:12', changes: { price: [3, 4] } }))).toEqual([
      { kind: 'restaurants', id: 5 },
      { kind: 'districts', id: 12 },
    ]);
  });

  it('names a record for its title: by name, an order by number, a row of a list by its parts, a setting by its label', async () => {
    const en = await formatIn('en');
    expect(recordName(record({}), AUDIT_LABELS, en)).toBe('AB12CD34E');
    expect(recordName(record({ entity: 'orders', entityId: '1' }), AUDIT_LABELS, en)).toBeNull();
    expect(recordName(record({ entity: 'restaurant_working_days', entityId: '5:3' }), AUDIT_LABELS, en)).toBe(
      'Brick Lane Burgers · Wednesday',
    );
    expect(recordName(record({ entity: 'city_configs', entityId: '1:timeShift' }), AUDIT_LABELS, en)).toBe('London · Time shift');
    expect(recordName(record({ entity: 'global_settings', entityId: 'publicUrl' }), AUDIT_LABELS, en)).toBe(
      'Public address of this server',
    );
    expect(recordName(record({ entity: 'dish_tags', entityId: '40:41' }), AUDIT_LABELS, en)).toBe('#40 · #41');
    const ru = await formatIn('ru');
    expect(recordName(record({ entity: 'restaurant_working_days', entityId: '5:3' }), AUDIT_LABELS, ru)).toBe(
      'Бургеры на Брик-лейн · Среда',
    );
  });
});

describe('changes people know by name', () => {
  const stop = record({
    entity: 'mailings',
    entityId: '7',
    changes: { status: [MailingStatus.PROCESSING, MailingStatus.FAILED], failure: [null, 'stopped'], stopped_by: [null, 2] },
    progress: { position: 40, count: 120 },
  });

  it('a mailing stopped: who, which and where, in each language', async () => {
    const recognised = auditEvent(stop);
    expect(recognised?.event).toEqual({ kind: 'mailingStopped' });
    expect(recognised?.covers).toEqual(expect.arrayContaining(['status', 'failure', 'stopped_by']));
    if (!recognised) throw new Error('not recognised');
    const expected: Record<Locale, string> = {
      en: 'cityadmin stopped the mailing “Spring menu is here” at 40/120',
      ru: 'cityadmin остановил(а) рассылку «Spring menu is here» на 40/120',
      es: 'cityadmin detuvo el envío «Spring menu is here» en 40/120',
    };
    for (const locale of LOCALES)
      expect(auditEventText(recognised.event, stop, 'cityadmin', await formatIn(locale))).toBe(expected[locale]);
    // A mailing failing on its own is no stop.
    expect(auditEvent({ ...stop, changes: { status: [50, -1], failure: [null, 'messenger'] } })).toBeNull();
  });

  it("an order's status move and a restaurant's pause and reopening", async () => {
    const en = await formatIn('en');
    const moved = record({ changes: { status: [OrderStatus.CONFIRMED, OrderStatus.DELIVERED], courier_id: [null, 8] } });
    const recognised = auditEvent(moved);
    expect(recognised?.covers).toEqual(['status']);
    if (!recognised) throw new Error('not recognised');
    expect(auditEventText(recognised.event, moved, 'olga', en)).toBe('olga moved the order AB12CD34E: Confirmed → Delivered');

    const restaurant = { entity: 'restaurants', entityId: '5' };
    const paused = record({
      ...restaurant,
      changes: { paused_at: [null, '2026-03-05T14:00:00+00:00'], paused_until: [null, '2026-03-05T15:00:00+00:00'] },
    });
    const pause = auditEvent(paused);
    if (!pause) throw new Error('not recognised');
    expect(auditEventText(pause.event, paused, 'owner', en)).toBe('owner paused the restaurant Brick Lane Burgers until 3/5/26, 18:00');
    const open = record({ ...restaurant, changes: { paused_at: [null, '2026-03-05T14:00:00+00:00'] } });
    const openPause = auditEvent(open);
    if (!openPause) throw new Error('not recognised');
    expect(auditEventText(openPause.event, open, 'owner', en)).toBe('owner paused the restaurant Brick Lane Burgers until it is reopened');
    const reopened = record({ ...restaurant, changes: { paused_at: ['2026-03-05T14:00:00+00:00', null], paused_until: ['x', null] } });
    const reopening = auditEvent(reopened);
    if (!reopening) throw new Error('not recognised');
    expect(auditEventText(reopening.event, reopened, 'owner', await formatIn('ru'))).toBe(
      'owner снова открыл(а) ресторан Бургеры на Брик-лейн',
    );
    expect(auditEvent(record({ ...restaurant, changes: { name: ['a', 'b'] } }))).toBeNull();
    expect(auditEvent(record({ action: 'insert', changes: { status: 10 } }))).toBeNull();
  });
});
