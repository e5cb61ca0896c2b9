import { sql, type Kysely } from 'kysely';

/**
 * The audit trail: who changed what through the back-office, and when.
 *
 * One trigger function on every table staff edit records each row change in the transaction of
 * the change itself, so a change that rolls back leaves no record. The actor comes from the
 * session setting `app.actor`, which the API sets on a connection before it runs a request's
 * statements (server/audit/actorDriver.ts); a change without an actor (the bot, the jobs, the
 * demo seed) is not recorded, except an order's update or deletion: an order's timeline shows a
 * customer's cancel too. Logins and failed logins are written by the login route itself.
 *
 * `changes` holds, for an update, only the columns that changed as `{column: [before, after]}`
 * (a JSON object column as one entry per changed key, `data.greeting`); for an insert or a
 * deletion the whole row. Secrets (password hashes, auth keys, bot tokens, secret config
 * values) are never written: an update says `"changed"`, a full row `"changed"` in place of
 * the value. Bookkeeping columns (`updated_at`, `session_version`) alone are no change.
 *
 * Lists that are saved whole (a restaurant's working days, cuisines and district prices, a
 * dish's tags) are deleted and written again; a row deleted and written again in one
 * transaction is recorded as the update of what differs, or not at all.
 */
const AUDITED: readonly { table: string; keys: string; secrets?: string; secretKeys?: string; mode?: 'always' | 'replaced' }[] = [
  { table: 'cities', keys: 'id', secrets: 'auth_key' },
  { table: 'city_configs', keys: 'city_id,key', secretKeys: 'providerToken,mixPanelToken' },
  { table: 'global_settings', keys: 'key', secretKeys: 'webhookSecret' },
  { table: 'districts', keys: 'id' },
  { table: 'bots', keys: 'id', secrets: 'bot_token' },
  { table: 'tags', keys: 'id' },
  { table: 'cuisines', keys: 'id' },
  { table: 'users', keys: 'id', secrets: 'password_hash,auth_key' },
  { table: 'restaurants', keys: 'id' },
  { table: 'restaurant_working_days', keys: 'restaurant_id,value', mode: 'replaced' },
  { table: 'restaurant_cuisines', keys: 'restaurant_id,cuisine_id', mode: 'replaced' },
  { table: 'district_restaurants', keys: 'restaurant_id,district_id', mode: 'replaced' },
  { table: 'dish_categories', keys: 'id' },
  { table: 'dishes', keys: 'id' },
  { table: 'dish_tags', keys: 'dish_id,tag_id', mode: 'replaced' },
  { table: 'orders', keys: 'id', mode: 'always' },
  { table: 'reviews', keys: 'id' },
  { table: 'advertisements', keys: 'id' },
  { table: 'referral_links', keys: 'id' },
  { table: 'mailings', keys: 'id' },
  { table: 'languages', keys: 'id' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT clock_timestamp(),
      actor_id integer,
      action varchar(16) NOT NULL CHECK (action IN ('insert', 'update', 'delete', 'login', 'login_failed')),
      entity varchar(64) NOT NULL,
      entity_id varchar(128),
      city_id integer,
      restaurant_id integer,
      changes jsonb NOT NULL DEFAULT '{}'::jsonb,
      xact bigint NOT NULL DEFAULT txid_current()
    )`.execute(db);
  // The screen's filters, newest first: everything, one city's, one user's, one entity's (an order's timeline).
  await sql`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_city_idx ON audit_log (city_id, at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, at DESC, id DESC)`.execute(db);

  // Where a row belongs, for the city admins' view: its city and, for a restaurant's rows, the restaurant.
  await sql`
    CREATE FUNCTION audit_place(row_entity text, row_data jsonb, OUT city integer, OUT restaurant integer)
    LANGUAGE plpgsql STABLE AS $$
    BEGIN
      IF row_entity = 'cities' THEN
        city := (row_data->>'id')::integer;
      ELSIF row_entity = 'restaurants' THEN
        city := (row_data->>'city_id')::integer;
        restaurant := (row_data->>'id')::integer;
      ELSIF row_entity = 'dishes' THEN
        SELECT c.restaurant_id INTO restaurant FROM dish_categories c WHERE c.id = (row_data->>'dish_category_id')::integer;
      ELSIF row_entity = 'dish_tags' THEN
        SELECT c.restaurant_id INTO restaurant
        FROM dishes d JOIN dish_categories c ON c.id = d.dish_category_id
        WHERE d.id = (row_data->>'dish_id')::integer;
      ELSIF row_entity = 'reviews' THEN
        SELECT o.city_id, o.restaurant_id INTO city, restaurant FROM orders o WHERE o.id = (row_data->>'order_id')::integer;
      ELSE
        city := (row_data->>'city_id')::integer;
        restaurant := (row_data->>'restaurant_id')::integer;
      END IF;
      IF city IS NULL AND restaurant IS NOT NULL THEN
        SELECT r.city_id INTO city FROM restaurants r WHERE r.id = restaurant;
      END IF;
    END
    $$`.execute(db);

  // A whole row as recorded: secrets replaced by "changed", bookkeeping left out.
  await sql`
    CREATE FUNCTION audit_masked(row_data jsonb, secrets text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
      SELECT coalesce(jsonb_object_agg(e.key,
        CASE WHEN e.key = ANY (secrets) AND e.value <> 'null'::jsonb THEN '"changed"'::jsonb ELSE e.value END), '{}'::jsonb)
      FROM jsonb_each(row_data - 'session_version') AS e
    $$`.execute(db);

  // What an update changed: {column: [before, after]}, a JSON object column key by key, a secret as "changed".
  await auditDiffFunction(AUDIT_BOOKKEEPING).execute(db);

  // Arguments: key columns, secret columns, keys whose "value" is a secret (key-value tables), mode.
  await sql`
    CREATE FUNCTION audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      actor integer := nullif(current_setting('app.actor', true), '')::integer;
      key_columns text[] := string_to_array(TG_ARGV[0], ',');
      secrets text[] := string_to_array(TG_ARGV[1], ',');
      secret_keys text[] := string_to_array(TG_ARGV[2], ',');
      audit_mode text := TG_ARGV[3];
      old_row jsonb;
      new_row jsonb;
      changed_row jsonb;
      replaced jsonb;
      act text := lower(TG_OP);
      recorded jsonb;
      row_key text;
      place record;
    BEGIN
      IF actor IS NULL AND NOT (audit_mode = 'always' AND TG_OP <> 'INSERT') THEN
        RETURN NULL;
      END IF;
      IF TG_OP <> 'INSERT' THEN
        old_row := to_jsonb(OLD);
      END IF;
      IF TG_OP <> 'DELETE' THEN
        new_row := to_jsonb(NEW);
      END IF;
      changed_row := coalesce(new_row, old_row);
      IF old_row->>'key' = ANY (secret_keys) OR new_row->>'key' = ANY (secret_keys) THEN
        secrets := secrets || 'value'::text;
      END IF;
      row_key := array_to_string(ARRAY(
        SELECT changed_row->>k.name FROM unnest(key_columns) WITH ORDINALITY AS k(name, n) ORDER BY k.n), ':');
      IF TG_OP = 'INSERT' AND audit_mode = 'replaced' THEN
        DELETE FROM audit_log a WHERE a.id = (
          SELECT e.id FROM audit_log e
          WHERE e.entity = TG_TABLE_NAME AND e.entity_id = row_key AND e.action = 'delete' AND e.xact = txid_current()
          ORDER BY e.id DESC LIMIT 1)
        RETURNING a.changes INTO replaced;
        IF replaced IS NOT NULL THEN
          old_row := replaced;
          act := 'update';
        END IF;
      END IF;
      IF act = 'update' THEN
        recorded := audit_diff(old_row, new_row, secrets);
        IF recorded = '{}'::jsonb THEN
          RETURN NULL;
        END IF;
      ELSE
        recorded := audit_masked(changed_row, secrets);
      END IF;
      SELECT * INTO place FROM audit_place(TG_TABLE_NAME, changed_row);
      INSERT INTO audit_log (actor_id, action, entity, entity_id, city_id, restaurant_id, changes)
      VALUES (actor, act, TG_TABLE_NAME, row_key, place.city, place.restaurant, recorded);
      RETURN NULL;
    END
    $$`.execute(db);

  // Without an actor the function is not even called (a bulk load, the bot), except for an order's update or deletion.
  for (const { table, keys, secrets = '', secretKeys = '', mode = '' } of AUDITED) {
    const call = sql`audit_change(${sql.lit(keys)}, ${sql.lit(secrets)}, ${sql.lit(secretKeys)}, ${sql.lit(mode)})`;
    const events = mode === 'always' ? sql`INSERT` : sql`INSERT OR UPDATE OR DELETE`;
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_audit`)} AFTER ${events} ON ${sql.table(table)}
      FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION ${call}`.execute(db);
    if (mode === 'always') {
      await sql`
        CREATE TRIGGER ${sql.id(`${table}_audit_always`)} AFTER UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION ${call}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of AUDITED) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_audit_always`)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_audit`)} ON ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS audit_change()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_diff(jsonb, jsonb, text[])`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_masked(jsonb, text[])`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_place(text, jsonb)`.execute(db);
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
}

/** The columns the database keeps itself: changed alone, they are no change. */
export const AUDIT_BOOKKEEPING: readonly string[] = ['updated_at', 'session_version'];

/**
 * What an update changed: {column: [before, after]}, a JSON object column key by key, a secret
 * as "changed". Bookkeeping columns (kept by the database, not edited) alone are no change.
 * A later migration that adds such a column replaces the function with the longer list.
 */
export const auditDiffFunction = (bookkeeping: readonly string[]) => sql`
    CREATE OR REPLACE FUNCTION audit_diff(before_row jsonb, after_row jsonb, secrets text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE
      diff jsonb := '{}'::jsonb;
      col text;
      sub text;
      before_value jsonb;
      after_value jsonb;
    BEGIN
      FOR col IN SELECT jsonb_object_keys(after_row) LOOP
        before_value := before_row -> col;
        after_value := after_row -> col;
        CONTINUE WHEN col IN (${sql.join(bookkeeping.map((column) => sql.lit(column)))}) OR before_value IS NOT DISTINCT FROM after_value;
        IF col = ANY (secrets) THEN
          diff := diff || jsonb_build_object(col, 'changed');
        ELSIF jsonb_typeof(before_value) = 'object' AND jsonb_typeof(after_value) = 'object' THEN
          FOR sub IN SELECT jsonb_object_keys(before_value) UNION SELECT jsonb_object_keys(after_value) LOOP
            CONTINUE WHEN (before_value -> sub) IS NOT DISTINCT FROM (after_value -> sub);
            diff := diff || jsonb_build_object(col || '.' || sub, jsonb_build_array(before_value -> sub, after_value -> sub));
          END LOOP;
        ELSE
          diff := diff || jsonb_build_object(col, jsonb_build_array(before_value, after_value));
        END IF;
      END LOOP;
      RETURN diff;
    END
    $$`;
