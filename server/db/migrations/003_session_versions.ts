import { sql, type Kysely } from 'kysely';

/**
 * Sessions without a lookup per request, and a login lockout shared by every API process.
 *
 * A token carries its session user (role, city, restaurant, username, auth key) with the
 * account's `session_version`. A change to any of these, or to the password, bumps that
 * version, and `session_changed` tells every listening process which account it was, so its
 * older tokens stop working at once. A restaurant moved to another city bumps its staff too:
 * an owner's city is their restaurant's.
 *
 * `login_failures` counts failed logins per address and per username across processes;
 * `login_addresses` remembers where each username last logged in, so that a lock caused by
 * someone else's guesses does not keep the real user out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0`.execute(db);

  await sql`
    CREATE FUNCTION users_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('session_changed', OLD.id::text);
        RETURN OLD;
      END IF;
      IF NEW.role_id IS DISTINCT FROM OLD.role_id
        OR NEW.city_id IS DISTINCT FROM OLD.city_id
        OR NEW.restaurant_id IS DISTINCT FROM OLD.restaurant_id
        OR NEW.password_hash IS DISTINCT FROM OLD.password_hash
        OR NEW.username IS DISTINCT FROM OLD.username
        OR NEW.auth_key IS DISTINCT FROM OLD.auth_key THEN
        NEW.session_version := OLD.session_version + 1;
      END IF;
      IF NEW.session_version IS DISTINCT FROM OLD.session_version THEN
        PERFORM pg_notify('session_changed', NEW.id::text);
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER users_session_update BEFORE UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION users_session_changed()`.execute(db);
  await sql`
    CREATE TRIGGER users_session_delete AFTER DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION users_session_changed()`.execute(db);

  await sql`
    CREATE FUNCTION restaurant_staff_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE users SET session_version = session_version + 1 WHERE restaurant_id = NEW.id;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER restaurants_city_sessions AFTER UPDATE OF city_id ON restaurants
    FOR EACH ROW WHEN (OLD.city_id IS DISTINCT FROM NEW.city_id)
    EXECUTE FUNCTION restaurant_staff_sessions_changed()`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      id bigserial PRIMARY KEY,
      username varchar(255) NOT NULL,
      ip text NOT NULL,
      failed_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX login_failures_username_idx ON login_failures (username, failed_at)`.execute(db);
  await sql`CREATE INDEX login_failures_ip_idx ON login_failures (ip, failed_at)`.execute(db);
  await sql`CREATE INDEX login_failures_failed_at_idx ON login_failures (failed_at)`.execute(db);

  await sql`
    CREATE TABLE login_addresses (
      username varchar(255) NOT NULL,
      ip text NOT NULL,
      logged_in_at timestamptz NOT NULL,
      PRIMARY KEY (username, ip)
    )`.execute(db);
  await sql`CREATE INDEX login_addresses_logged_in_at_idx ON login_addresses (logged_in_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS login_addresses`.execute(db);
  await sql`DROP TABLE IF EXISTS login_failures`.execute(db);
  await sql`DROP TRIGGER IF EXISTS restaurants_city_sessions ON restaurants`.execute(db);
  await sql`DROP FUNCTION IF EXISTS restaurant_staff_sessions_changed()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_session_delete ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS users_session_update ON users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS users_session_changed()`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS session_version`.execute(db);
}
