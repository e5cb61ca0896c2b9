import type { ColumnType, Generated } from 'kysely';

/** Row types of the tables created by migrations/001_data_model.ts (snake_case columns). */

/** A NOT NULL timestamp without a default: an insert must give it. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A timestamp column with a database default: optional on insert. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface CitiesTable {
  id: Generated<number>;
  name: string;
  name_ru: Generated<string>;
  chatname: Generated<string>;
  currency: string;
  active: Generated<boolean>;
  auth_key: string;
  created_at: DefaultTimestamp;
}

export interface CityConfigsTable {
  city_id: number;
  key: string;
  value: string;
}

export interface GlobalSettingsTable {
  key: string;
  value: string;
  updated_at: DefaultTimestamp;
}

export interface DistrictsTable {
  id: Generated<number>;
  city_id: number;
  name: string;
  name_ru: Generated<string>;
}

export interface BotsTable {
  id: Generated<number>;
  bot_token: string;
  city_id: number;
  created_at: DefaultTimestamp;
}

export interface TagsTable {
  id: Generated<number>;
  city_id: number;
  name: string;
  name_ru: Generated<string>;
}

export interface CuisinesTable {
  id: Generated<number>;
  city_id: number;
  name: string;
  name_ru: Generated<string>;
  position: Generated<number>;
  enabled: Generated<boolean>;
}

/** Ready answers of order chats (migration 022): a city's, or a restaurant owner's own. */
export interface CannedRepliesTable {
  id: Generated<number>;
  city_id: number;
  restaurant_id: number | null;
  title: string;
  text: string;
  text_ru: Generated<string>;
  text_es: Generated<string>;
  uses: Generated<number>;
  created_at: DefaultTimestamp;
}

export interface UsersTable {
  id: Generated<number>;
  role_id: number;
  username: string | null;
  password_hash: string | null;
  telegram_id: number | null;
  telegram_username: string | null;
  name: Generated<string>;
  photo: string | null;
  phone: string | null;
  contact_type: string | null;
  address: string | null;
  additional_address: string | null;
  language: Generated<string>;
  city_id: number | null;
  restaurant_id: number | null;
  auth_key: string;
  blocked: Generated<boolean>;
  referral_link_id: number | null;
  last_active_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  /** Bumped by a trigger whenever the account's access changes: older tokens stop working. */
  session_version: Generated<number>;
  /** When the customer blocked the bot (the messenger answered 403; migration 009). */
  blocked_at: NullableTimestamp;
}

export interface RestaurantsTable {
  id: Generated<number>;
  city_id: number;
  district_id: number | null;
  name: string;
  name_ru: string;
  description: Generated<string>;
  description_ru: Generated<string>;
  receipt_text: Generated<string>;
  receipt_text_ru: Generated<string>;
  position: Generated<number>;
  enabled: Generated<boolean>;
  active: Generated<boolean>;
  min_order_sum: Generated<number>;
  delivery_price: Generated<number>;
  delivery_time: Generated<string>;
  maximum_preorder_time: number | null;
  address: string;
  can_pickup: Generated<boolean>;
  can_delivery: Generated<boolean>;
  telegram_file_id: string | null;
  schedule: Generated<string>;
  link: string | null;
  notification_user_id: number | null;
  created_at: DefaultTimestamp;
  /** Set when the restaurant is deleted: its orders keep it (migrations/004). */
  deleted_at: NullableTimestamp;
  /** A pause in the bot (migration 013): begun at, and its end (null: until reopened). */
  paused_at: NullableTimestamp;
  paused_until: NullableTimestamp;
}

export interface RestaurantWorkingDaysTable {
  restaurant_id: number;
  value: number;
  enabled: Generated<boolean>;
  schedule: Generated<string>;
}

export interface RestaurantCuisinesTable {
  restaurant_id: number;
  cuisine_id: number;
}

export interface DistrictRestaurantsTable {
  restaurant_id: number;
  district_id: number;
  enabled: Generated<boolean>;
  price: number | null;
}

export interface DishCategoriesTable {
  id: Generated<number>;
  restaurant_id: number;
  name: string;
  name_ru: string;
  position: number;
  enabled: Generated<boolean>;
  start_displaying_at: string | null;
  stop_displaying_at: string | null;
  updated_at: DefaultTimestamp;
}

export interface DishesTable {
  id: Generated<number>;
  dish_category_id: number;
  name: string;
  name_ru: Generated<string>;
  position: Generated<number>;
  description: Generated<string>;
  description_ru: Generated<string>;
  price: number;
  amount: number | null;
  enabled: Generated<boolean>;
  telegram_file_id: string | null;
  popularity_coefficient: Generated<number>;
  updated_at: DefaultTimestamp;
}

export interface DishTagsTable {
  dish_id: number;
  tag_id: number;
}

export interface OrdersTable {
  id: Generated<number>;
  thread_id: string;
  city_id: number;
  user_id: number;
  restaurant_id: number;
  district_id: number | null;
  address: string | null;
  additional_address: string | null;
  sum: Generated<number>;
  delivery_cost: Generated<number>;
  discount: Generated<number>;
  total_sum: Generated<number>;
  service_fee: Generated<number>;
  currency: string;
  status: Generated<number>;
  payment_method: Generated<number>;
  courier_id: number | null;
  invoice_id: string | null;
  provider_payment_charge_id: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** When the status last changed, kept by a trigger (migration 023). */
  status_since: DefaultTimestamp;
}

/** A status an order has left and how long it stayed in it (migration 023). */
export interface OrderStatusPeriodsTable {
  id: Generated<string>;
  order_id: number;
  city_id: number;
  restaurant_id: number;
  status: number;
  started_at: Date;
  ended_at: Date;
}

/** Status periods per city, UTC day they ended, status and whole minutes spent, kept by triggers (migration 026). */
export interface OrderStatusMinutesTable {
  city_id: number;
  /** `YYYY-MM-DD`, the UTC day the periods ended. */
  day: string;
  status: number;
  minutes: number;
  periods: number;
}

/** A city's minutes per timer stage (src/domain/orderTimers.ts); a missing stage takes the default (migration 023). */
export interface CityOrderTimersTable {
  city_id: number;
  stage: string;
  minutes: number;
}

/** An order that went late in a status, once per order and status (migration 023). */
export interface OrderLateEscalationsTable {
  order_id: number;
  status: number;
  stage: string;
  city_id: number;
  restaurant_id: number;
  status_since: Date;
  minutes: number;
  held_by: 'restaurant' | 'operator';
  late_at: DefaultTimestamp;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  dish_id: number | null;
  name: string;
  name_ru: Generated<string>;
  price: number;
  count: number;
  sum: number;
}

export interface OrderMessagesTable {
  id: Generated<number>;
  order_id: number;
  from_id: number | null;
  to_id: number | null;
  text: string;
  url: string | null;
  status: Generated<number>;
  /** Why a failed message (status -1) can never be delivered (migrations/019). */
  failure: string | null;
  restaurant_sent: Generated<boolean>;
  order_has_been_changed: Generated<boolean>;
  created_at: DefaultTimestamp;
  /** Written by a customer or a restaurant, not by staff: set by a trigger (migration 016). */
  incoming: Generated<boolean>;
}

/** When each staff member last opened each order's chat (migration 016). */
export interface OrderChatReadsTable {
  user_id: number;
  order_id: number;
  read_at: DefaultTimestamp;
}

/** Per city, restaurant, UTC day and currency: the orders, those counted (CONFIRMED and above) and their sums (migrations/006). */
export interface OrderDayTotalsTable {
  city_id: number;
  restaurant_id: number;
  /** `YYYY-MM-DD`, the UTC day of the orders' `created_at`. */
  day: string;
  currency: string;
  orders: number;
  counted: number;
  sum: number;
  delivery: number;
}

/** Per city and quarter of an hour (UTC): orders by group, carts, bot responses and their time (migration 011). */
export interface StatsSlotsTable {
  city_id: number;
  slot: Date;
  confirmed: number;
  unconfirmed: number;
  canceled: number;
  carts: number;
  responses: number;
  /** bigint: read as text by the pg driver. */
  response_ms: string;
}

/** Per customer and city: sign-up and the first, second and tenth order at CONFIRMED or above (migration 011). */
export interface CustomerMilestonesTable {
  user_id: number;
  city_id: number;
  signed_up_at: Date;
  first_at: Date;
  second_at: Date | null;
  tenth_at: Date | null;
}

export interface CartsTable {
  id: Generated<number>;
  user_id: number;
  restaurant_id: number;
  city_id: number;
  created_at: DefaultTimestamp;
}

export interface BotResponsesTable {
  id: Generated<number>;
  city_id: number;
  user_id: number | null;
  duration_ms: number;
  created_at: DefaultTimestamp;
}

export interface ReviewsTable {
  id: Generated<number>;
  order_id: number;
  text: string | null;
  rating: Generated<number>;
  answer: string | null;
  telegram_file_id: string | null;
  approved_at: NullableTimestamp;
  published_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  /** The channel post's message id once the review was posted (migration 007). */
  channel_message_id: Generated<string | null>;
  /** When the answer reached its author (migration 007). */
  answer_sent_at: NullableTimestamp;
}

export interface AdvertisementsTable {
  id: Generated<number>;
  restaurant_id: number;
  text: string;
  telegram_chat_id: string | null;
  telegram_file_ids: Json<string[]>;
  video_file_id: string | null;
  publish_timestamp: Timestamp;
  unpublish_timestamp: Timestamp;
  status: Generated<number>;
  published_message_ids: Json<string[]>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  /** Why the last publication or removal failed (migration 008). */
  last_error: Generated<string | null>;
  /** A deleted ad leaves the lists; its removal from the chat still finds it (migration 008). */
  deleted_at: NullableTimestamp;
}

/** Per ad chat, when the next ad may be posted (adChatDelay; migration 008). */
export interface AdChatSlotsTable {
  chat_id: string;
  next_free_at: Date;
  ad_id: number | null;
}

export interface ReferralLinksTable {
  id: Generated<number>;
  code: string;
  city_id: number | null;
  count: Generated<number>;
  limit: Generated<number>;
  category_id: number | null;
  restaurant_id: number | null;
  valid_until: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface MailingButton {
  enabled: boolean;
  type: string;
  position: string;
  text: string;
  value: string;
}

export interface MailingsTable {
  id: Generated<number>;
  city_id: number;
  text: string;
  photo_id: string | null;
  last_active_date: NullableTimestamp;
  status: Generated<number>;
  position: Generated<number>;
  count: Generated<number>;
  config: Json<{ bindedButton?: MailingButton }>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  /** Migration 009: the sending's times, its bot's next free send slot, why it failed and what it reached. */
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  next_send_at: NullableTimestamp;
  failure: string | null;
  last_error: string | null;
  blocked: Generated<number>;
  undelivered: Generated<number>;
  stopped_by: number | null;
  /** Migration 015: of `undelivered`, the sends whose outcome is unknown (their process died mid-send). */
  unconfirmed: Generated<number>;
  /** Migration 028: the audience filters it was sent with (src/domain/mailingAudience.ts); {} is none. */
  audience: ColumnType<unknown, string | undefined, string>;
}

/** One recipient of a started mailing and how far its send got (migration 009). */
export interface MailingRecipientsTable {
  mailing_id: number;
  user_id: number;
  chat_id: number;
  state: Generated<number>;
  claimed_at: NullableTimestamp;
  done_at: NullableTimestamp;
  error: string | null;
  /** Migration 015: the owner id of the process that claimed it (server/jobs/processLiveness.ts). */
  claimed_by: number | null;
}

export interface LanguagesTable {
  id: Generated<number>;
  code: string;
  data: Json<Record<string, string>>;
  updated_at: DefaultTimestamp;
}

export interface EventsTable {
  id: Generated<string>;
  type: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<number>;
  attempts: Generated<number>;
  run_at: DefaultTimestamp;
  last_error: string | null;
  created_at: DefaultTimestamp;
  processed_at: NullableTimestamp;
  /** Claims that ended with "not yet" (migration 008): failed attempts are attempts - deferrals. */
  deferrals: Generated<number>;
  /** Migration 015: the owner id of the process whose worker claimed it (server/jobs/processLiveness.ts). */
  claimed_by: number | null;
}

export interface MessengerOutboxTable {
  id: Generated<string>;
  bot_id: number | null;
  chat_id: string;
  text: string | null;
  photo_id: string | null;
  button: Json<Record<string, unknown> | null>;
  /** A sent video (migration 008). */
  video_id: Generated<string | null>;
  deleted_at: NullableTimestamp;
  sent_at: DefaultTimestamp;
}

export interface StoredFilesTable {
  id: string;
  city_id: number | null;
  mime_type: string;
  size: number;
  created_at: DefaultTimestamp;
}

/** One failed login (003_session_versions); rows older than the longest window are pruned. */
export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  ip: string;
  failed_at: Date;
}

/** Where a username last logged in successfully. */
export interface LoginAddressesTable {
  username: string;
  ip: string;
  logged_in_at: Date;
}

/** One event of the live stream (migration 013), written by triggers; kept an hour. */
export interface LiveEventsTable {
  id: Generated<number>;
  type: string;
  city_id: number | null;
  restaurant_id: number | null;
  payload: Json<Record<string, unknown>>;
  created_at: DefaultTimestamp;
}

/** A notification of the notification centre (migration 024), written by triggers; kept 30 days. */
export interface NotificationsTable {
  id: Generated<number>;
  kind: string;
  city_id: number | null;
  restaurant_id: number | null;
  /** The role ids that hear it, within their scope. */
  audience: number[];
  args: Json<Record<string, unknown>>;
  created_at: DefaultTimestamp;
}

/** Who has read which notification (migration 024). */
export interface NotificationReadsTable {
  user_id: number;
  notification_id: number;
  read_at: DefaultTimestamp;
}

/** A staff member's second factor (migration 027): the sealed TOTP secret and the last time step used. */
export interface StaffSecondFactorsTable {
  user_id: number;
  secret_sealed: string;
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
  confirmed_at: DefaultTimestamp;
}

/** A recovery code of a second factor, as its SHA-256 digest in hex (migration 027). */
export interface StaffRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
}

/** One change made through the back-office, or a login (migration 014); written by triggers and the login route. */
export interface AuditLogTable {
  id: Generated<number>;
  at: DefaultTimestamp;
  actor_id: number | null;
  action: 'insert' | 'update' | 'delete' | 'login' | 'login_failed';
  entity: string;
  entity_id: string | null;
  city_id: number | null;
  restaurant_id: number | null;
  /** An update's `{column: [before, after]}`, an insert's or deletion's whole row, a login's username and address. */
  changes: Json<Record<string, unknown>>;
  xact: Generated<number>;
}

export interface Database {
  cities: CitiesTable;
  city_configs: CityConfigsTable;
  global_settings: GlobalSettingsTable;
  districts: DistrictsTable;
  bots: BotsTable;
  tags: TagsTable;
  cuisines: CuisinesTable;
  users: UsersTable;
  restaurants: RestaurantsTable;
  restaurant_working_days: RestaurantWorkingDaysTable;
  restaurant_cuisines: RestaurantCuisinesTable;
  district_restaurants: DistrictRestaurantsTable;
  dish_categories: DishCategoriesTable;
  dishes: DishesTable;
  dish_tags: DishTagsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_periods: OrderStatusPeriodsTable;
  order_status_minutes: OrderStatusMinutesTable;
  city_order_timers: CityOrderTimersTable;
  order_late_escalations: OrderLateEscalationsTable;
  order_messages: OrderMessagesTable;
  order_chat_reads: OrderChatReadsTable;
  order_day_totals: OrderDayTotalsTable;
  stats_slots: StatsSlotsTable;
  customer_milestones: CustomerMilestonesTable;
  carts: CartsTable;
  bot_responses: BotResponsesTable;
  reviews: ReviewsTable;
  advertisements: AdvertisementsTable;
  ad_chat_slots: AdChatSlotsTable;
  referral_links: ReferralLinksTable;
  mailings: MailingsTable;
  mailing_recipients: MailingRecipientsTable;
  languages: LanguagesTable;
  canned_replies: CannedRepliesTable;
  events: EventsTable;
  messenger_outbox: MessengerOutboxTable;
  stored_files: StoredFilesTable;
  login_failures: LoginFailuresTable;
  login_addresses: LoginAddressesTable;
  live_events: LiveEventsTable;
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  staff_second_factors: StaffSecondFactorsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
}
