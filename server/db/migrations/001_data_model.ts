import { sql, type Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * The whole data model of spec section 3. Later changes add behaviour on these tables;
 * a change to the model itself comes as a new migration, never an edit of this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE cities (
      id serial PRIMARY KEY,
      name varchar(255) NOT NULL CHECK (length(name) > 0),
      name_ru varchar(255) NOT NULL DEFAULT '',
      chatname varchar(255) NOT NULL DEFAULT '',
      currency varchar(16) NOT NULL,
      active boolean NOT NULL DEFAULT false,
      auth_key varchar(64) NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE city_configs (
      city_id integer NOT NULL REFERENCES cities(id) ON DELETE CASCADE,
      key varchar(64) NOT NULL,
      value text NOT NULL DEFAULT '',
      PRIMARY KEY (city_id, key)
    );

    CREATE TABLE global_settings (
      key varchar(64) PRIMARY KEY,
      value text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE districts (
      id serial PRIMARY KEY,
      city_id integer NOT NULL REFERENCES cities(id),
      name varchar(255) NOT NULL CHECK (length(name) > 0),
      name_ru varchar(255) NOT NULL DEFAULT ''
    );
    CREATE INDEX districts_city_idx ON districts (city_id);

    CREATE TABLE bots (
      id serial PRIMARY KEY,
      bot_token varchar(255) NOT NULL UNIQUE,
      city_id integer NOT NULL REFERENCES cities(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE tags (
      id serial PRIMARY KEY,
      city_id integer NOT NULL REFERENCES cities(id),
      name varchar(255) NOT NULL CHECK (length(name) > 0),
      name_ru varchar(255) NOT NULL DEFAULT ''
    );
    CREATE INDEX tags_city_idx ON tags (city_id);

    CREATE TABLE cuisines (
      id serial PRIMARY KEY,
      city_id integer NOT NULL REFERENCES cities(id),
      name varchar(255) NOT NULL CHECK (length(name) > 0),
      name_ru varchar(255) NOT NULL DEFAULT '',
      position integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true
    );
    CREATE INDEX cuisines_city_idx ON cuisines (city_id, position);

    -- Staff (admins, city admins, operators, owners, couriers) and the bot's customers.
    CREATE TABLE users (
      id serial PRIMARY KEY,
      role_id integer NOT NULL CHECK (role_id IN (10, 20, 30, 40, 50, 1000)),
      username varchar(255),
      password_hash varchar(255),
      telegram_id bigint UNIQUE,
      telegram_username varchar(255),
      name varchar(255) NOT NULL DEFAULT '',
      photo varchar(255),
      phone varchar(64),
      contact_type varchar(32),
      address varchar(512),
      additional_address varchar(512),
      language varchar(8) NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ru', 'es')),
      city_id integer REFERENCES cities(id),
      restaurant_id integer,
      auth_key varchar(64) NOT NULL,
      blocked boolean NOT NULL DEFAULT false,
      referral_link_id integer,
      last_active_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (role_id = 1000 OR username IS NOT NULL),
      CHECK (role_id NOT IN (30, 40) OR city_id IS NOT NULL),
      CHECK (role_id <> 20 OR restaurant_id IS NOT NULL)
    );
    CREATE UNIQUE INDEX users_username_idx ON users (lower(username)) WHERE username IS NOT NULL AND role_id <> 1000;
    CREATE INDEX users_last_active_idx ON users (last_active_at DESC);
    CREATE INDEX users_city_role_idx ON users (city_id, role_id);

    CREATE TABLE restaurants (
      id serial PRIMARY KEY,
      city_id integer NOT NULL REFERENCES cities(id),
      district_id integer REFERENCES districts(id),
      name varchar(255) NOT NULL CHECK (length(name) >= 3),
      name_ru varchar(255) NOT NULL CHECK (length(name_ru) >= 3),
      description varchar(511) NOT NULL DEFAULT '',
      description_ru varchar(511) NOT NULL DEFAULT '',
      receipt_text varchar(127) NOT NULL DEFAULT '',
      receipt_text_ru varchar(127) NOT NULL DEFAULT '',
      position integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      active boolean NOT NULL DEFAULT true,
      min_order_sum numeric(12, 2) NOT NULL DEFAULT 0 CHECK (min_order_sum >= 0),
      delivery_price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (delivery_price >= 0),
      delivery_time varchar(255) NOT NULL DEFAULT '',
      maximum_preorder_time integer,
      address varchar(255) NOT NULL,
      can_pickup boolean NOT NULL DEFAULT true,
      can_delivery boolean NOT NULL DEFAULT true,
      telegram_file_id varchar(255),
      schedule varchar(255) NOT NULL DEFAULT '',
      link varchar(255),
      notification_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX restaurants_city_idx ON restaurants (city_id, position);
    ALTER TABLE users ADD CONSTRAINT users_restaurant_fk
      FOREIGN KEY (restaurant_id) REFERENCES restaurants(id) ON DELETE SET NULL;

    CREATE TABLE restaurant_working_days (
      restaurant_id integer NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
      value smallint NOT NULL CHECK (value BETWEEN 1 AND 7),
      enabled boolean NOT NULL DEFAULT true,
      schedule varchar(64) NOT NULL DEFAULT '',
      PRIMARY KEY (restaurant_id, value)
    );

    CREATE TABLE restaurant_cuisines (
      restaurant_id integer NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
      cuisine_id integer NOT NULL REFERENCES cuisines(id),
      PRIMARY KEY (restaurant_id, cuisine_id)
    );

    CREATE TABLE district_restaurants (
      restaurant_id integer NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
      district_id integer NOT NULL REFERENCES districts(id),
      enabled boolean NOT NULL DEFAULT true,
      price numeric(12, 2) CHECK (price >= 0),
      PRIMARY KEY (restaurant_id, district_id),
      CHECK (NOT enabled OR price IS NOT NULL)
    );
    CREATE INDEX district_restaurants_district_idx ON district_restaurants (district_id);

    CREATE TABLE dish_categories (
      id serial PRIMARY KEY,
      restaurant_id integer NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
      name varchar(255) NOT NULL CHECK (length(name) > 0),
      name_ru varchar(255) NOT NULL CHECK (length(name_ru) > 0),
      position integer NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      start_displaying_at time,
      stop_displaying_at time,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX dish_categories_restaurant_idx ON dish_categories (restaurant_id, position);

    CREATE TABLE dishes (
      id serial PRIMARY KEY,
      dish_category_id integer NOT NULL REFERENCES dish_categories(id) ON DELETE CASCADE,
      name varchar(255) NOT NULL CHECK (length(name) > 0),
      name_ru varchar(255) NOT NULL DEFAULT '',
      position integer NOT NULL DEFAULT 0,
      description varchar(255) NOT NULL DEFAULT '',
      description_ru varchar(255) NOT NULL DEFAULT '',
      price numeric(12, 2) NOT NULL CHECK (price <> 0),
      amount integer CHECK (amount >= 0),
      enabled boolean NOT NULL DEFAULT true,
      telegram_file_id varchar(255),
      popularity_coefficient double precision NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX dishes_category_idx ON dishes (dish_category_id, position);

    CREATE TABLE dish_tags (
      dish_id integer NOT NULL REFERENCES dishes(id) ON DELETE CASCADE,
      tag_id integer NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
      PRIMARY KEY (dish_id, tag_id)
    );

    CREATE TABLE orders (
      id serial PRIMARY KEY,
      thread_id varchar(9) NOT NULL UNIQUE CHECK (length(thread_id) = 9),
      city_id integer NOT NULL REFERENCES cities(id),
      user_id integer NOT NULL REFERENCES users(id),
      restaurant_id integer NOT NULL REFERENCES restaurants(id),
      district_id integer REFERENCES districts(id),
      address varchar(512),
      additional_address varchar(512),
      sum numeric(12, 2) NOT NULL DEFAULT 0,
      delivery_cost numeric(12, 2) NOT NULL DEFAULT 0,
      discount numeric(12, 2) NOT NULL DEFAULT 0,
      total_sum numeric(12, 2) NOT NULL DEFAULT 0,
      service_fee numeric(12, 2) NOT NULL DEFAULT 0,
      currency varchar(16) NOT NULL,
      status integer NOT NULL DEFAULT 0 CHECK (status IN (-100, -20, -10, 0, 10, 20, 25, 30, 40, 45, 50, 60, 65, 70, 80, 100)),
      payment_method smallint NOT NULL DEFAULT 0 CHECK (payment_method IN (0, 1)),
      courier_id integer REFERENCES users(id) ON DELETE SET NULL,
      invoice_id varchar(255),
      provider_payment_charge_id varchar(255),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX orders_city_created_idx ON orders (city_id, created_at DESC);
    CREATE INDEX orders_restaurant_created_idx ON orders (restaurant_id, created_at DESC);
    CREATE INDEX orders_created_idx ON orders (created_at DESC);
    CREATE INDEX orders_user_idx ON orders (user_id);

    CREATE TABLE order_items (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      dish_id integer REFERENCES dishes(id) ON DELETE SET NULL,
      name varchar(255) NOT NULL,
      name_ru varchar(255) NOT NULL DEFAULT '',
      price numeric(12, 2) NOT NULL,
      count integer NOT NULL CHECK (count > 0),
      sum numeric(12, 2) NOT NULL
    );
    CREATE INDEX order_items_order_idx ON order_items (order_id);

    CREATE TABLE order_messages (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      from_id integer REFERENCES users(id) ON DELETE SET NULL,
      to_id integer REFERENCES users(id) ON DELETE SET NULL,
      text text NOT NULL,
      url varchar(1024),
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 100, 200)),
      restaurant_sent boolean NOT NULL DEFAULT false,
      order_has_been_changed boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX order_messages_order_idx ON order_messages (order_id, created_at);

    CREATE TABLE carts (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      restaurant_id integer NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
      city_id integer NOT NULL REFERENCES cities(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX carts_city_created_idx ON carts (city_id, created_at);

    -- How long the bot took to answer each customer update (statistics).
    CREATE TABLE bot_responses (
      id serial PRIMARY KEY,
      city_id integer NOT NULL REFERENCES cities(id),
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      duration_ms integer NOT NULL CHECK (duration_ms >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX bot_responses_city_created_idx ON bot_responses (city_id, created_at);

    CREATE TABLE reviews (
      id serial PRIMARY KEY,
      order_id integer NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
      text text,
      rating smallint NOT NULL DEFAULT 0 CHECK (rating BETWEEN -1 AND 5),
      answer text,
      telegram_file_id varchar(255),
      approved_at timestamptz,
      published_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX reviews_created_idx ON reviews (created_at DESC);

    CREATE TABLE advertisements (
      id serial PRIMARY KEY,
      restaurant_id integer NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
      text varchar(1023) NOT NULL,
      telegram_chat_id varchar(64),
      telegram_file_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
      video_file_id varchar(255),
      publish_timestamp timestamptz NOT NULL,
      unpublish_timestamp timestamptz NOT NULL,
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 10, 20, 30, 40, 50)),
      published_message_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (unpublish_timestamp > publish_timestamp),
      CHECK (video_file_id IS NULL OR jsonb_array_length(telegram_file_ids) = 0)
    );
    CREATE INDEX advertisements_restaurant_idx ON advertisements (restaurant_id, publish_timestamp DESC);
    CREATE INDEX advertisements_status_idx ON advertisements (status, publish_timestamp);

    CREATE TABLE referral_links (
      id serial PRIMARY KEY,
      code varchar(64) NOT NULL UNIQUE CHECK (length(code) > 0),
      city_id integer REFERENCES cities(id),
      count integer NOT NULL DEFAULT 0 CHECK (count >= 0),
      "limit" integer NOT NULL DEFAULT 0 CHECK ("limit" >= 0),
      category_id integer REFERENCES dish_categories(id) ON DELETE SET NULL,
      restaurant_id integer REFERENCES restaurants(id) ON DELETE SET NULL,
      valid_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE users ADD CONSTRAINT users_referral_fk
      FOREIGN KEY (referral_link_id) REFERENCES referral_links(id) ON DELETE SET NULL;

    CREATE TABLE mailings (
      id serial PRIMARY KEY,
      city_id integer NOT NULL REFERENCES cities(id),
      text text NOT NULL CHECK (length(text) >= 10),
      photo_id varchar(255),
      last_active_date timestamptz,
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 50, 100, -1)),
      position integer NOT NULL DEFAULT 0 CHECK (position >= 0),
      count integer NOT NULL DEFAULT 0 CHECK (count >= 0),
      config jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mailings_status_idx ON mailings (status, created_at);

    -- Bot interface texts per language, edited on /language/{id}.
    CREATE TABLE languages (
      id serial PRIMARY KEY,
      code varchar(8) NOT NULL UNIQUE CHECK (code IN ('en', 'ru', 'es')),
      data jsonb NOT NULL DEFAULT '{}'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- Work for the messenger, written in the same transaction as the row it belongs to.
    CREATE TABLE events (
      id bigserial PRIMARY KEY,
      type varchar(64) NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 50, 100, -1)),
      attempts integer NOT NULL DEFAULT 0,
      run_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      processed_at timestamptz
    );
    CREATE INDEX events_due_idx ON events (run_at) WHERE status IN (0, 50);

    -- What the local messenger gateway "sent" and the files it stores.
    CREATE TABLE messenger_outbox (
      id bigserial PRIMARY KEY,
      bot_id integer REFERENCES bots(id) ON DELETE SET NULL,
      chat_id varchar(64) NOT NULL,
      text text,
      photo_id varchar(255),
      button jsonb,
      deleted_at timestamptz,
      sent_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE stored_files (
      id varchar(64) PRIMARY KEY,
      city_id integer REFERENCES cities(id) ON DELETE SET NULL,
      mime_type varchar(128) NOT NULL,
      size integer NOT NULL CHECK (size >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE IF EXISTS stored_files, messenger_outbox, events, languages, mailings,
      referral_links, advertisements, reviews, bot_responses, carts, order_messages,
      order_items, orders, dish_tags, dishes, dish_categories, district_restaurants,
      restaurant_cuisines, restaurant_working_days, restaurants, users, cuisines, tags, bots,
      districts, global_settings, city_configs, cities CASCADE
  `.execute(db);
}
