import {
  MailingStatus,
  auditKeyParts,
  auditNameKey,
  auditSubject,
  auditReference,
  isRoleId,
  roleKey,
  type AuditLabels,
  type AuditRecord,
  type Locale,
} from '../../domain';

/** The longest value a record shows whole; longer ones end in an ellipsis (the whole one in its title). */
const VALUE_MAX_LENGTH = 160;

/** A recorded value as text: strings as they are, anything else as JSON; null as null. */
export const valueText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

export const shortened = (text: string): string => (text.length > VALUE_MAX_LENGTH ? `${text.slice(0, VALUE_MAX_LENGTH - 1)}…` : text);

/** What the formatting needs of the screen: its translator, language and time format, and the record's names. */
export interface AuditFormat {
  translate: (key: string, options?: Record<string, unknown>) => string;
  locale: Locale;
  /** An instant as the screens show times: the user's format, in their time zone. */
  time: (iso: string) => string;
  names: AuditRecord['names'];
}

/** Where a value was recorded: its table, its column, and for a setting's value the setting's key. */
export interface AuditPlace {
  entity: string;
  field: string;
  settingKey: string | null;
}

/** The setting a record of city configs or global settings is about: its key (`cityId:key`, or the key). */
export const settingKeyOf = (record: Pick<AuditRecord, 'entity' | 'entityId' | 'changes'>): string | null => {
  if (record.entity !== 'city_configs' && record.entity !== 'global_settings') return null;
  if (typeof record.changes.key === 'string') return record.changes.key;
  const id = record.entityId ?? '';
  return record.entity === 'city_configs' ? id.slice(id.indexOf(':') + 1) || null : id || null;
};

/** A column's name as words, for a column no screen labels: `paused_at` → "Paused at". */
export const humanized = (field: string): string => {
  const words = field.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A column's label as its form shows it: a setting by its key's label, a bot text by its key,
 * a column its resource labels (`auditLabels.ts` next to the resource) by that label, a common
 * column by the trail's own, and anything else by its name in words.
 */
export const auditFieldLabel = (place: AuditPlace, labels: AuditLabels, translate: AuditFormat['translate']): string => {
  const { entity, field, settingKey } = place;
  const fallback = humanized(field);
  if (field === 'value' && settingKey !== null) {
    if (entity === 'city_configs') return translate(`resources.cities.config.${settingKey}`, { _: settingKey });
    if (entity === 'global_settings') return translate(`app.settings.keys.${settingKey}`, { _: settingKey });
  }
  // The translation editor names a bot text by its dotted key.
  if (entity === 'languages' && field.startsWith('data.')) return field.slice('data.'.length);
  const byEntity = new Map(Object.entries(labels)).get(entity);
  const key = byEntity?.[field];
  if (key !== undefined) return translate(key, { smart_count: 1, _: fallback });
  return translate(`resources.audit.columns.${field}`, { _: fallback });
};

const MAILING_STATUS_KEYS: Readonly<Record<number, string>> = {
  [MailingStatus.CREATED]: 'created',
  [MailingStatus.PROCESSING]: 'processing',
  [MailingStatus.FINISHED]: 'finished',
  [MailingStatus.FAILED]: 'failed',
};

/** The key of a coded value's name (a status, a role, a day), or null for a value shown as it is. */
const codeKey = ({ entity, field, settingKey }: AuditPlace, value: unknown): string | null => {
  const code = typeof value === 'number' || typeof value === 'string' ? String(value) : null;
  if (code === null) return null;
  switch (`${entity}.${field}`) {
    case 'orders.status':
      return `resources.orders.statuses.${code}.label`;
    case 'orders.payment_method':
      return `resources.orders.paymentMethods.${code}`;
    case 'advertisements.status':
      return `resources.ads.statuses.${code}`;
    case 'mailings.status': {
      const status = MAILING_STATUS_KEYS[Number(code)];
      return status === undefined ? null : `resources.spam.status.${status}`;
    }
    case 'mailings.failure':
      return code === 'stopped' ? 'resources.spam.failure.stoppedAnonymous' : null;
    case 'users.role_id':
      return isRoleId(value) ? `roles.${roleKey(value)}` : null;
    case 'restaurant_working_days.value':
      return `resources.restaurants.days.${code}`;
    case 'city_configs.value':
      return settingKey === 'telegramPaymentsStatus' ? `resources.cities.paymentsModes.${code}` : null;
    default:
      return null;
  }
};

const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A recorded value as the screens show it; `empty` when there is none. */
export type AuditValueText = { empty: true; text: string } | { empty: false; text: string };

/**
 * A recorded value in people's words: none as "empty"; a yes/no in words; the id of a person,
 * restaurant, city, order or mailing by its name (an order by its number), or `#id` when the
 * user may not see it; a status, role or day by its name; an instant in the user's format and
 * time zone, a day as a date; anything else as recorded.
 */
export const auditValueText = (place: AuditPlace, value: unknown, format: AuditFormat): AuditValueText => {
  const { translate } = format;
  if (value === null || value === undefined || value === '') return { empty: true, text: translate('resources.audit.entry.empty') };
  if (typeof value === 'boolean') return { empty: false, text: translate(`resources.audit.values.${value ? 'yes' : 'no'}`) };
  const kind = auditReference(place.field);
  if (kind !== null && typeof value === 'number') {
    const named = format.names[auditNameKey(kind, value)];
    if (named) return { empty: false, text: format.locale === 'ru' && named.name_ru ? named.name_ru : named.name };
    return { empty: false, text: `#${value}` };
  }
  const key = codeKey(place, value);
  if (key !== null) return { empty: false, text: translate(key, { _: String(value) }) };
  if (typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
    return { empty: false, text: format.time(value) };
  }
  if (typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value))) {
    return {
      empty: false,
      text: new Intl.DateTimeFormat(format.locale, { dateStyle: 'short', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`)),
    };
  }
  return { empty: false, text: valueText(value) ?? '' };
};

/** A record's own name (an order by its number), or null when it has none the user may see. */
export const subjectName = (key: string | null, format: AuditFormat): string | null => {
  const named = key === null ? undefined : format.names[key];
  if (!named) return null;
  return format.locale === 'ru' && named.name_ru ? named.name_ru : named.name;
};

/**
 * A record's name for its title: a named record's name (an order by its number); a row of a
 * list by its parts (a working day: "Brick Lane Burgers · Wednesday"); a setting by its label;
 * null when it has none the user may see.
 */
export const recordName = (record: AuditRecord, labels: AuditLabels, format: AuditFormat): string | null => {
  const subject = auditSubject(record);
  if (subject) return subjectName(auditNameKey(subject.kind, subject.id), format);
  const settingKey = settingKeyOf(record);
  if (record.entity === 'global_settings' && settingKey !== null) {
    return auditFieldLabel({ entity: record.entity, field: 'value', settingKey }, labels, format.translate);
  }
  const parts = auditKeyParts(record);
  if (parts.length === 0) return null;
  return parts
    .map(({ field, value }) =>
      field === 'key' && settingKey !== null
        ? auditFieldLabel({ entity: record.entity, field: 'value', settingKey }, labels, format.translate)
        : auditValueText({ entity: record.entity, field, settingKey }, value, format).text,
    )
    .join(' · ');
};
