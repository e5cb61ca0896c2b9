import { z } from 'zod';
import { dayOrInstant } from './orders';
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
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

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
