import { sql, type Kysely } from 'kysely';

/**
 * The live event stream (`GET /api/events`): what staff hear the moment it happens.
 *
 * Triggers write each event in the transaction of the change itself, so a new order from the
 * bot, a status move through the API or a mailing's progress from the sender all produce one,
 * and a change that rolls back produces none. Each event is also announced on the
 * `live_events` channel with its whole content (a few hundred bytes, under NOTIFY's 8000), so a
 * listening API process reads nothing to pass it on. The table lets a client that reconnects
 * get what it missed, and a process whose LISTEN connection is down poll instead; events are
 * kept an hour (server/live/liveEventRows.ts).
 *
 * `created_at` is the insert's clock (`clock_timestamp()`), not the transaction's start: ids
 * are taken at insert, so it says when each id was given out, which is what the replay window
 * after a reconnect is measured in.
 *
 * A transaction that sets `app.live_events` to 'off' (`set_config('app.live_events', 'off', true)`)
 * writes no events: the demo's seed and the benches' bulk loads, which are history, not news.
 *
 * Mailing progress: the sender moves a mailing's position once per recipient; an event is
 * written only when its status or its whole percentage changes, about a hundred per mailing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE live_events (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      city_id integer,
      restaurant_id integer,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX live_events_created_at_idx ON live_events (created_at)`.execute(db);

  await sql`
    CREATE FUNCTION live_event(event_type text, event_city integer, event_restaurant integer, event_payload jsonb)
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      added live_events%ROWTYPE;
    BEGIN
      -- Bulk loads (the demo's history, the benches' million orders) announce nothing.
      IF current_setting('app.live_events', true) = 'off' THEN
        RETURN;
      END IF;
      INSERT INTO live_events (type, city_id, restaurant_id, payload)
      VALUES (event_type, event_city, event_restaurant, event_payload)
      RETURNING * INTO added;
      PERFORM pg_notify('live_events', json_build_object(
        'id', added.id,
        'type', added.type,
        'cityId', added.city_id,
        'restaurantId', added.restaurant_id,
        'payload', added.payload,
        'at', added.created_at
      )::text);
    END
    $$`.execute(db);

  await sql`
    CREATE FUNCTION orders_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM live_event(
        CASE WHEN TG_OP = 'INSERT' THEN 'order.created' ELSE 'order.updated' END,
        NEW.city_id,
        NEW.restaurant_id,
        jsonb_build_object('orderId', NEW.id, 'threadId', NEW.thread_id, 'status', NEW.status, 'courierId', NEW.courier_id)
      );
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER orders_live_insert AFTER INSERT ON orders
    FOR EACH ROW EXECUTE FUNCTION orders_live_event()`.execute(db);
  // Not "UPDATE OF status, courier_id": that misses a column set by another BEFORE trigger.
  await sql`
    CREATE TRIGGER orders_live_update AFTER UPDATE ON orders
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.courier_id IS DISTINCT FROM NEW.courier_id)
    EXECUTE FUNCTION orders_live_event()`.execute(db);

  // A chat message and a review belong to an order: one function for both, told by the trigger
  // which event it writes and under which key the new row's id goes.
  await sql`
    CREATE FUNCTION order_row_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      thread text;
      city integer;
      restaurant integer;
    BEGIN
      SELECT thread_id, city_id, restaurant_id INTO thread, city, restaurant FROM orders WHERE id = NEW.order_id;
      IF FOUND THEN
        PERFORM live_event(TG_ARGV[0], city, restaurant,
          jsonb_build_object('orderId', NEW.order_id, 'threadId', thread, TG_ARGV[1], NEW.id));
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER order_messages_live_insert AFTER INSERT ON order_messages
    FOR EACH ROW EXECUTE FUNCTION order_row_live_event('message.created', 'messageId')`.execute(db);
  await sql`
    CREATE TRIGGER reviews_live_insert AFTER INSERT ON reviews
    FOR EACH ROW EXECUTE FUNCTION order_row_live_event('review.created', 'reviewId')`.execute(db);

  await sql`
    CREATE FUNCTION mailings_live_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM live_event('mailing.progress', NEW.city_id, NULL,
        jsonb_build_object('mailingId', NEW.id, 'position', NEW.position, 'count', NEW.count, 'status', NEW.status));
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER mailings_live_progress AFTER UPDATE ON mailings
    FOR EACH ROW WHEN (
      OLD.status IS DISTINCT FROM NEW.status
      OR (CASE WHEN OLD.count > 0 THEN LEAST(100, OLD.position * 100 / OLD.count) END)
        IS DISTINCT FROM (CASE WHEN NEW.count > 0 THEN LEAST(100, NEW.position * 100 / NEW.count) END)
    )
    EXECUTE FUNCTION mailings_live_event()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS mailings_live_progress ON mailings`.execute(db);
  await sql`DROP FUNCTION IF EXISTS mailings_live_event()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS reviews_live_insert ON reviews`.execute(db);
  await sql`DROP TRIGGER IF EXISTS order_messages_live_insert ON order_messages`.execute(db);
  await sql`DROP FUNCTION IF EXISTS order_row_live_event()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS orders_live_update ON orders`.execute(db);
  await sql`DROP TRIGGER IF EXISTS orders_live_insert ON orders`.execute(db);
  await sql`DROP FUNCTION IF EXISTS orders_live_event()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS live_event(text, integer, integer, jsonb)`.execute(db);
  await sql`DROP TABLE IF EXISTS live_events`.execute(db);
}
