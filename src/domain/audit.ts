import { z } from 'zod';
import { dayOrInstant } from './orders';
import { ORDER_TIMER_STAGES } from './orderTimers';
import { MailingStatus } from './statuses';
import { pagingFields } from './validation';

/**
 * The audit trail: every change made through the back-office and every login, with
 * who, when, what and the fields before and after; and an order's timeline. Admins read the
 * whole trail, city admins their city's (the `audit` grant of access.ts).
 */
export const AUDIT_PATHS = {
  list: '/audit',
  /** The staff whose changes the user may filter by. */
  actors: '/audit/actors',
  orderTimeline: '/orders/:id/timeline',
} as const;

export const AUDIT_ACTIONS = ['insert', 'update', 'delete', 'login', 'login_failed'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the trail records: the tables staff edit (migration 014), by table name. */
export const AUDIT_ENTITIES = [
  'cities',
  'city_configs',
  'global_settings',
  'districts',
  'bots',
  'tags',
  'cuisines',
  'users',
  'restaurants',
  'restaurant_working_days',
  'restaurant_cuisines',
  'district_restaurants',
  'dish_categories',
  'dishes',
  'dish_tags',
  'orders',
  'reviews',
  'advertisements',
  'referral_links',
  'mailings',
  'languages',
  'canned_replies',
  'city_order_timers',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * The trail's names for a resource's columns: table, then column, then the key of the label its
 * form shows (`resources.restaurants.fields.minOrderSum`). Each resource declares its own in
 * `src/resources/<name>/auditLabels.ts`; the trail finds them by folder.
 */
export type AuditLabels = Partial<Record<AuditEntity, Readonly<Record<string, string>>>>;

/** What a recorded secret says in place of its value: only that it changed. */
export const AUDIT_SECRET_MARK = 'changed';

/** The secrets migration 014 never records: these columns, and the value of these config keys. */
const SECRET_COLUMNS: readonly string[] = ['password_hash', 'auth_key', 'bot_token'];
const SECRET_KEYS: readonly unknown[] = ['providerToken', 'mixPanelToken', 'webhookSecret'];

/** Whether a value of a recorded row stands for a secret (which says only that it was set). */
export const isAuditSecret = (field: string, value: unknown, row: Record<string, unknown>): boolean =>
  value === AUDIT_SECRET_MARK && (SECRET_COLUMNS.includes(field) || (field === 'value' && SECRET_KEYS.includes(row.key)));

export const AUDIT_MAX_PER_PAGE = 200;

const queryId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, { error: 'validation.id' })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: 'validation.id' });

/**
 * The filters of the trail: who (`actorId`), what (`entity`, `entityId`, `action`), where
 * (`cityId`, for admins) and when (`from`, `to`: days in UTC or instants with their zone, both
 * inclusive); paged as every list (`page`, `perPage`, the total in X-Total-Count), newest first.
 */
export const auditFilterQuery = z.object({
  actorId: queryId.optional(),
  entity: z.enum(AUDIT_ENTITIES, { error: 'validation.invalid' }).optional(),
  entityId: z
    .string()
    .regex(/^[\w:.-]{1,128}$/, { error: 'validation.invalid' })
    .optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'validation.invalid' }).optional(),
  cityId: queryId.optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  ...pagingFields(AUDIT_MAX_PER_PAGE),
  sort: z.enum(['at'], { error: 'validation.invalid' }).optional(),
  order: z.enum(['ASC', 'DESC', 'asc', 'desc'], { error: 'validation.invalid' }).optional(),
});
export type AuditFilter = z.output<typeof auditFilterQuery>;

const person = z.object({ id: z.number().int(), username: z.string().nullable(), name: z.string() });
export type AuditPerson = z.infer<typeof person>;

/**
 * The kinds of record a recorded id names, which the trail's query turns into names: people
 * (staff, couriers, customers), cities and the city's things, restaurants and their menus,
 * orders (by their number) and mailings (by the start of their text).
 */
export const AUDIT_NAME_KINDS = [
  'users',
  'cities',
  'districts',
  'cuisines',
  'tags',
  'restaurants',
  'dish_categories',
  'dishes',
  'orders',
  'mailings',
] as const;
export type AuditNameKind = (typeof AUDIT_NAME_KINDS)[number];

/** The columns that hold the id of another record, whatever the table. */
const REFERENCE_COLUMNS: Readonly<Record<string, AuditNameKind>> = {
  city_id: 'cities',
  district_id: 'districts',
  cuisine_id: 'cuisines',
  tag_id: 'tags',
  restaurant_id: 'restaurants',
  dish_category_id: 'dish_categories',
  category_id: 'dish_categories',
  dish_id: 'dishes',
  order_id: 'orders',
  user_id: 'users',
  courier_id: 'users',
  created_by: 'users',
  stopped_by: 'users',
  notification_user_id: 'users',
};

const isNameKind = (entity: string): entity is AuditNameKind => AUDIT_NAME_KINDS.some((kind) => kind === entity);

/** The kind of record a column's value names, or null for a plain value. */
export const auditReference = (field: string): AuditNameKind | null => REFERENCE_COLUMNS[field] ?? null;

/** The key of a resolved name in a record's `names`: `orders:2990`. */
export const auditNameKey = (kind: AuditNameKind, id: number): string => `${kind}:${id}`;

const recordId = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** The record a trail record is about, when its table is one whose records have names. */
export const auditSubject = (record: Pick<AuditRecord, 'entity' | 'entityId'>): { kind: AuditNameKind; id: number } | null => {
  const id = recordId(record.entityId);
  return id !== null && isNameKind(record.entity) ? { kind: record.entity, id } : null;
};

/** The key columns of the tables whose rows have no id of their own (migration 014): `restaurant_id:value`. */
const COMPOSITE_KEYS: Readonly<Partial<Record<AuditEntity, readonly string[]>>> = {
  city_configs: ['city_id', 'key'],
  city_order_timers: ['city_id', 'stage'],
  restaurant_working_days: ['restaurant_id', 'value'],
  restaurant_cuisines: ['restaurant_id', 'cuisine_id'],
  district_restaurants: ['restaurant_id', 'district_id'],
  dish_tags: ['dish_id', 'tag_id'],
};

/**
 * The parts of a composite record id by their columns (`5:3` of a working day: restaurant 5,
 * day 3), numbers as numbers; none for a table with ids of its own.
 */
export const auditKeyParts = (record: Pick<AuditRecord, 'entity' | 'entityId'>): { field: string; value: string | number }[] => {
  const columns = new Map(Object.entries(COMPOSITE_KEYS)).get(record.entity);
  if (!columns || record.entityId === null) return [];
  const parts = record.entityId.split(':');
  if (parts.length !== columns.length) return [];
  return columns.map((field, index) => ({ field, value: recordId(parts[index]) ?? parts[index] }));
};

/** Every id a record names: the record itself (or the parts of its key) and the values of its reference columns, before and after. */
export const auditReferences = (
  record: Pick<AuditRecord, 'action' | 'entity' | 'entityId' | 'changes'>,
): { kind: AuditNameKind; id: number }[] => {
  const found: { kind: AuditNameKind; id: number }[] = [];
  const subject = auditSubject(record);
  if (subject) found.push(subject);
  for (const { field, value } of auditKeyParts(record)) {
    const kind = auditReference(field);
    if (kind !== null && typeof value === 'number') found.push({ kind, id: value });
  }
  if (record.action === 'login' || record.action === 'login_failed') return found;
  for (const [field, value] of Object.entries(record.changes)) {
    const kind = auditReference(field);
    if (kind === null) continue;
    const values = record.action === 'update' && Array.isArray(value) ? value : [value];
    for (const each of values) {
      const id = recordId(each);
      if (id !== null) found.push({ kind, id });
    }
  }
  return found;
};

/** A resolved name: a Russian one where the record has it (restaurants, cities, the menu). */
const auditName = z.object({ name: z.string(), name_ru: z.string().nullable() });
export type AuditName = z.infer<typeof auditName>;

export const auditRecord = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  entityId: z.string().nullable(),
  cityId: z.number().int().nullable(),
  restaurantId: z.number().int().nullable(),
  /** Who made the change; null for a change nobody in the back-office made (an order's customer, the system). */
  actor: person.nullable(),
  /** An update: `{field: [before, after]}` (a secret: "changed"); an insert or deletion: the row; a login: username and address. */
  changes: z.record(z.string(), z.unknown()),
  /**
   * The names of the records this one names (`auditNameKey`: `users:5`, `orders:2990`), read
   * with the page, within the user's scope: an id the user may not see has no name here.
   */
  names: z.record(z.string(), auditName),
  /** A mailing's progress as it stands (a stopped mailing keeps its position). */
  progress: z.object({ position: z.number().int(), count: z.number().int() }).nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const auditActorRecord = person.extend({ roleId: z.number().int() });
export type AuditActor = z.infer<typeof auditActorRecord>;

/** One change of an update: the value before and after, or only that a secret changed. */
export type AuditChange = { field: string; secret: true } | { field: string; secret: false; before: unknown; after: unknown };

/** The fields of a recorded update, in the order recorded; other actions have none. */
export const auditChanges = (record: Pick<AuditRecord, 'action' | 'changes'>): AuditChange[] =>
  record.action === 'update'
    ? Object.entries(record.changes).map(([field, value]): AuditChange => {
        if (Array.isArray(value) && value.length === 2) return { field, secret: false, before: value[0], after: value[1] };
        return { field, secret: true };
      })
    : [];

/**
 * A change people know by its own name rather than by its columns: a mailing stopped, a
 * restaurant paused or reopened, an order moved to another status. `covers` are the columns the
 * sentence tells; the others of the same change are listed as usual.
 */
export type AuditEvent =
  | { kind: 'mailingStopped' }
  | { kind: 'restaurantPaused'; until: string | null }
  | { kind: 'restaurantReopened' }
  | { kind: 'orderStatus'; from: number | null; to: number }
  | { kind: 'orderLate'; status: number; minutes: number };

/**
 * What the order timer job records when an order runs late (server/areas/orders/orderTimerJob.ts):
 * an update of the order by nobody, `{late: [null, {status, stage, minutes, heldBy}]}`.
 */
export const orderLateChange = z.object({
  status: z.number().int(),
  stage: z.enum(ORDER_TIMER_STAGES),
  minutes: z.number().int(),
  heldBy: z.enum(['restaurant', 'operator']),
});
export type OrderLateChange = z.infer<typeof orderLateChange>;

/** The late record of an order's change, if it is one. */
export const orderLateOf = (changes: Record<string, unknown>): OrderLateChange | null => {
  const late = changes.late;
  if (!Array.isArray(late) || late.length !== 2) return null;
  const parsed = orderLateChange.safeParse(late[1]);
  return parsed.success ? parsed.data : null;
};

const move = (value: unknown): [unknown, unknown] | null => (Array.isArray(value) && value.length === 2 ? [value[0], value[1]] : null);
const MAILING_STOP_COLUMNS = ['status', 'failure', 'stopped_by', 'finished_at', 'next_send_at'];

export const auditEvent = (
  record: Pick<AuditRecord, 'action' | 'entity' | 'entityId' | 'changes'>,
): { event: AuditEvent; covers: readonly string[] } | null => {
  if (record.action !== 'update') return null;
  const { changes } = record;
  if (record.entity === 'mailings') {
    const failure = move(changes.failure);
    const status = move(changes.status);
    if (failure?.[1] === 'stopped' && (status === null || status[1] === MailingStatus.FAILED))
      return { event: { kind: 'mailingStopped' }, covers: MAILING_STOP_COLUMNS };
    return null;
  }
  if (record.entity === 'restaurants') {
    const at = move(changes.paused_at);
    const until = move(changes.paused_until);
    if (at === null && until === null) return null;
    const covers = ['paused_at', 'paused_until'];
    if (at !== null && at[1] === null) return { event: { kind: 'restaurantReopened' }, covers };
    // A pause begun, or its end moved; no end: until reopened.
    const end = until?.[1];
    return { event: { kind: 'restaurantPaused', until: typeof end === 'string' ? end : null }, covers };
  }
  if (record.entity === 'orders') {
    const late = orderLateOf(changes);
    if (late) return { event: { kind: 'orderLate', status: late.status, minutes: late.minutes }, covers: ['late'] };
    const status = move(changes.status);
    if (status && typeof status[1] === 'number')
      return {
        event: { kind: 'orderStatus', from: typeof status[0] === 'number' ? status[0] : null, to: status[1] },
        covers: ['status'],
      };
  }
  return null;
};

const timelinePerson = z.object({ id: z.number().int(), name: z.string() });
export type TimelinePerson = z.infer<typeof timelinePerson>;

/**
 * An order's timeline, oldest first: its creation (by its customer, or by staff), each status
 * move and courier change with who made it (null: the customer through the bot, or the
 * system), and the chat's messages.
 */
export const orderTimelineEntry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('created'), at: z.string(), actor: timelinePerson.nullable() }),
  z.object({
    kind: z.literal('status'),
    at: z.string(),
    actor: timelinePerson.nullable(),
    from: z.number().int().nullable(),
    to: z.number().int(),
  }),
  z.object({
    kind: z.literal('courier'),
    at: z.string(),
    actor: timelinePerson.nullable(),
    from: timelinePerson.nullable(),
    to: timelinePerson.nullable(),
  }),
  /** The order stayed in `status` longer than its stage's `minutes` (the system's record). */
  z.object({
    kind: z.literal('late'),
    at: z.string(),
    status: z.number().int(),
    minutes: z.number().int(),
    heldBy: z.enum(['restaurant', 'operator']),
  }),
  z.object({
    kind: z.literal('message'),
    at: z.string(),
    actor: timelinePerson.nullable(),
    text: z.string(),
    /** Written to the restaurant (by the customer or as the customer), not to the customer. */
    toRestaurant: z.boolean(),
  }),
]);
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntry>;
