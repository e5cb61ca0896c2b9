import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * The notification centre (src/domain/notifications.ts).
 *
 * One row per fact, with its city and restaurant and the roles that hear it (`audience`): who
 * hears it is the audience's roles within their scope, as every row's, so a notification is
 * written once however many staff hear it, and a user who joins later finds their city's.
 * `notification_reads` holds who has read which. What a notification opens is derived from its
 * kind and `args` by the reader's role (an owner's reviews are their restaurant's page), so no
 * link is stored.
 *
 * The producers are triggers, so whoever writes the fact (the API, the bot straight into the
 * database, the timer job) writes its notification in the same transaction, and a fact that
 * rolls back leaves none. Each one also writes a `notification.created` live event for the
 * bells. A transaction with `app.live_events` 'off' (the demo's history, the benches' bulk
 * loads) writes none: the row triggers say so in their WHEN, so a bulk load calls no function.
 *
 * The audiences by role id (admin 10, owner 20, city admin 30, operator 40) are
 * notificationAudience's in src/domain/notifications.ts.
 */
const LIVE = `current_setting('app.live_events', true) IS DISTINCT FROM 'off'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('orderLate', 'messageFailed', 'reviewWaiting', 'mailingFinished', 'mailingFailed')),
      city_id integer REFERENCES cities(id) ON DELETE CASCADE,
      restaurant_id integer REFERENCES restaurants(id) ON DELETE CASCADE,
      audience integer[] NOT NULL,
      args jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_created_at_idx ON notifications (created_at);
    CREATE INDEX notifications_city_idx ON notifications (city_id, created_at);
    CREATE INDEX notifications_restaurant_idx ON notifications (restaurant_id, created_at);

    CREATE TABLE notification_reads (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      notification_id integer NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, notification_id)
    );
    CREATE INDEX notification_reads_notification_idx ON notification_reads (notification_id);

    CREATE UNIQUE INDEX events_notifications_purge_once ON events (type)
      WHERE type = 'notifications_purge' AND status IN (0, 50)
  `,
  );

  await sql`
    CREATE FUNCTION add_notification(n_kind text, n_city integer, n_restaurant integer, n_audience integer[], n_args jsonb)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      added integer;
    BEGIN
      IF current_setting('app.live_events', true) = 'off' THEN
        RETURN;
      END IF;
      INSERT INTO notifications (kind, city_id, restaurant_id, audience, args)
      VALUES (n_kind, n_city, n_restaurant, n_audience, n_args)
      RETURNING id INTO added;
      PERFORM live_event('notification.created', n_city, n_restaurant,
        jsonb_build_object('notificationId', added, 'kind', n_kind, 'audience', to_jsonb(n_audience)));
    END
    $$`.execute(db);

  await sql`
    CREATE FUNCTION order_late_notification() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_notification('orderLate', NEW.city_id, NEW.restaurant_id,
        CASE WHEN NEW.held_by = 'restaurant' THEN ARRAY[10, 30, 40, 20] ELSE ARRAY[10, 30, 40] END,
        jsonb_build_object('orderId', NEW.order_id, 'threadId', (SELECT thread_id FROM orders WHERE id = NEW.order_id),
          'status', NEW.status, 'stage', NEW.stage, 'minutes', NEW.minutes, 'heldBy', NEW.held_by));
      RETURN NULL;
    END
    $$`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER order_late_notification AFTER INSERT ON order_late_escalations
      FOR EACH ROW WHEN (${LIVE}) EXECUTE FUNCTION order_late_notification()`,
    )
    .execute(db);

  await sql`
    CREATE FUNCTION message_failed_notification() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      placed orders%ROWTYPE;
    BEGIN
      SELECT * INTO placed FROM orders WHERE id = NEW.order_id;
      IF FOUND THEN
        PERFORM add_notification('messageFailed', placed.city_id, placed.restaurant_id, ARRAY[10, 30, 40, 20],
          jsonb_build_object('orderId', NEW.order_id, 'threadId', placed.thread_id, 'messageId', NEW.id, 'failure', NEW.failure));
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  // A message may be written failed at once (no bot, no account) or fail on delivery later.
  await sql
    .raw(
      `CREATE TRIGGER message_failed_notification_insert AFTER INSERT ON order_messages
      FOR EACH ROW WHEN (NEW.status = -1 AND ${LIVE}) EXECUTE FUNCTION message_failed_notification()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER message_failed_notification_update AFTER UPDATE ON order_messages
      FOR EACH ROW WHEN (NEW.status = -1 AND OLD.status IS DISTINCT FROM -1 AND ${LIVE}) EXECUTE FUNCTION message_failed_notification()`,
    )
    .execute(db);

  await sql`
    CREATE FUNCTION review_waiting_notification() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      placed orders%ROWTYPE;
    BEGIN
      SELECT * INTO placed FROM orders WHERE id = NEW.order_id;
      IF FOUND THEN
        PERFORM add_notification('reviewWaiting', placed.city_id, placed.restaurant_id, ARRAY[10, 30, 40, 20],
          jsonb_build_object('reviewId', NEW.id, 'orderId', NEW.order_id, 'threadId', placed.thread_id, 'rating', NEW.rating));
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER review_waiting_notification AFTER INSERT ON reviews
      FOR EACH ROW WHEN (NEW.approved_at IS NULL AND NEW.published_at IS NULL AND NEW.deleted_at IS NULL AND ${LIVE})
      EXECUTE FUNCTION review_waiting_notification()`,
    )
    .execute(db);

  await sql`
    CREATE FUNCTION mailing_ended_notification() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_notification(CASE WHEN NEW.status = 100 THEN 'mailingFinished' ELSE 'mailingFailed' END,
        NEW.city_id, NULL, ARRAY[10, 30],
        jsonb_build_object('mailingId', NEW.id, 'position', NEW.position, 'count', NEW.count, 'failure', NEW.failure));
      RETURN NULL;
    END
    $$`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER mailing_ended_notification AFTER UPDATE ON mailings
      FOR EACH ROW WHEN (NEW.status IN (100, -1) AND OLD.status IS DISTINCT FROM NEW.status AND ${LIVE})
      EXECUTE FUNCTION mailing_ended_notification()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER IF EXISTS mailing_ended_notification ON mailings;
    DROP FUNCTION IF EXISTS mailing_ended_notification();
    DROP TRIGGER IF EXISTS review_waiting_notification ON reviews;
    DROP FUNCTION IF EXISTS review_waiting_notification();
    DROP TRIGGER IF EXISTS message_failed_notification_update ON order_messages;
    DROP TRIGGER IF EXISTS message_failed_notification_insert ON order_messages;
    DROP FUNCTION IF EXISTS message_failed_notification();
    DROP TRIGGER IF EXISTS order_late_notification ON order_late_escalations;
    DROP FUNCTION IF EXISTS order_late_notification();
    DROP FUNCTION IF EXISTS add_notification(text, integer, integer, integer[], jsonb);
    DELETE FROM events WHERE type = 'notifications_purge';
    DROP INDEX IF EXISTS events_notifications_purge_once;
    DROP TABLE IF EXISTS notification_reads;
    DROP TABLE IF EXISTS notifications
  `,
  );
}
