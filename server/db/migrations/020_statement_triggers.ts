import { sql, type Kysely } from 'kysely';

/**
 * The derived tables (order_day_totals of migration 006; stats_slots and customer_milestones
 * of migration 010) kept once per statement instead of once per row.
 *
 * Row triggers cost one function call, one upsert per table and, for a counted order, one
 * re-read of its customer's first ten orders, for every row: a statement inserting thousands of
 * orders paid that thousands of times (14 times the insert itself). Statement triggers with
 * transition tables see every row the statement changed at once: each derived table gets one
 * INSERT ... ON CONFLICT of the changes summed by its key, and the milestones are read again
 * for each (customer, city) the statement touched, once, in one query.
 *
 * The figures are the same as the row triggers': an order's share of its day and of its
 * quarter of an hour is added for its new version and taken away for its old one; on an update
 * a row whose share did not change adds up to nothing and writes nothing, as the row triggers'
 * WHEN clauses had it.
 * A customer's milestones are recomputed when a changed counted order (CONFIRMED and above,
 * old or new version) is not after their tenth as it stood before the statement: an order after
 * the tenth moves none of the first ten. Keys whose changes add up to nothing are not written.
 *
 * A transition table belongs to a trigger on one event, so each table has three triggers
 * (insert, update, delete) calling one function, which reads only the transition tables of the
 * event it was called for. Carts and bot responses get the same, so that a bulk load of either
 * writes each quarter of an hour once.
 *
 * The functions of the row triggers stay (their triggers come back on `down`).
 */

type Op = 'INSERT' | 'UPDATE' | 'DELETE';
const OPS: readonly Op[] = ['INSERT', 'UPDATE', 'DELETE'];

/**
 * The rows a statement changed, with `sign` +1 for a new version and -1 for an old one. Summed
 * by a derived table's key, a row whose share did not change adds up to nothing, and keys that
 * add up to nothing are not written: the row triggers' WHEN clauses, without pairing the
 * versions. No query here joins two transition tables: plpgsql keeps a query's first plan,
 * made for that call's row count, and a join planned for one row would be quadratic at 100,000.
 */
function signed(op: Op): string {
  const added = 'SELECT 1 AS sign, * FROM new_rows';
  const removed = 'SELECT -1 AS sign, * FROM old_rows';
  if (op === 'INSERT') return added;
  if (op === 'DELETE') return removed;
  return `${removed} UNION ALL ${added}`;
}

/**
 * The counted orders (old or new versions) whose change may move their customer's first ten:
 * on an update, a row counted before and after with the same customer, city and time is left
 * out (its two versions cancel out by id).
 */
function milestoneCandidates(op: Op): string {
  const columns = 'id, user_id, city_id, created_at';
  if (op !== 'UPDATE') return `SELECT ${columns} FROM ${op === 'INSERT' ? 'new_rows' : 'old_rows'} WHERE status >= 30`;
  return `
    SELECT ${columns} FROM (
      SELECT -1 AS sign, ${columns} FROM old_rows WHERE status >= 30
      UNION ALL
      SELECT 1 AS sign, ${columns} FROM new_rows WHERE status >= 30
    ) AS versions
    GROUP BY ${columns} HAVING sum(sign) <> 0`;
}

/** Adds summed changes to stats_slots: `rows` gives city_id, slot and the six counts. */
const addToSlots = (rows: string): string => `
  INSERT INTO stats_slots AS s (city_id, slot, confirmed, unconfirmed, canceled, carts, responses, response_ms)
  SELECT * FROM (${rows}) AS changes
  WHERE confirmed <> 0 OR unconfirmed <> 0 OR canceled <> 0 OR carts <> 0 OR responses <> 0 OR response_ms <> 0
  ON CONFLICT (city_id, slot) DO UPDATE SET
    confirmed = s.confirmed + EXCLUDED.confirmed,
    unconfirmed = s.unconfirmed + EXCLUDED.unconfirmed,
    canceled = s.canceled + EXCLUDED.canceled,
    carts = s.carts + EXCLUDED.carts,
    responses = s.responses + EXCLUDED.responses,
    response_ms = s.response_ms + EXCLUDED.response_ms`;

/** Whether the statement changed a counted order (old or new version). */
const countedChanges = (op: Op): string =>
  [op !== 'DELETE' ? 'new_rows' : '', op !== 'INSERT' ? 'old_rows' : '']
    .filter(Boolean)
    .map((rows) => `EXISTS (SELECT 1 FROM ${rows} WHERE status >= 30)`)
    .join(' OR ');

/** What one statement on orders does to the three derived tables. */
const ordersRollups = (op: Op): string => `
  -- The day totals and the quarters in one statement: one run of the executor for both.
  WITH days AS (
  INSERT INTO order_day_totals AS t (city_id, restaurant_id, day, currency, orders, counted, sum, delivery)
  SELECT * FROM (
    SELECT city_id, restaurant_id, (created_at AT TIME ZONE 'UTC')::date AS day, currency, sum(sign) AS orders,
      sum(CASE WHEN status >= 30 THEN sign ELSE 0 END) AS counted,
      sum(CASE WHEN status >= 30 THEN sign * sum ELSE 0 END) AS sum,
      sum(CASE WHEN status >= 30 THEN sign * delivery_cost ELSE 0 END) AS delivery
    FROM (${signed(op)}) AS c
    GROUP BY 1, 2, 3, 4
  ) AS changes
  WHERE orders <> 0 OR counted <> 0 OR sum <> 0 OR delivery <> 0
  ON CONFLICT (city_id, day, restaurant_id, currency) DO UPDATE SET
    orders = t.orders + EXCLUDED.orders,
    counted = t.counted + EXCLUDED.counted,
    sum = t.sum + EXCLUDED.sum,
    delivery = t.delivery + EXCLUDED.delivery
  )
  ${addToSlots(`
    SELECT city_id, stats_slot(created_at) AS slot,
      sum(CASE WHEN status >= 30 THEN sign ELSE 0 END) AS confirmed,
      sum(CASE WHEN status >= 0 AND status < 30 THEN sign ELSE 0 END) AS unconfirmed,
      sum(CASE WHEN status < 0 THEN sign ELSE 0 END) AS canceled,
      0 AS carts, 0 AS responses, 0 AS response_ms
    FROM (${signed(op)}) AS c
    GROUP BY 1, 2`)};

  -- Most orders come in before they count (CREATED, PAID): then there are no milestones to look at.
  IF ${countedChanges(op)} THEN
  WITH touched AS (
    -- Customers with a changed counted order not after their tenth (as it stood before the
    -- statement). Lookups by key in subqueries, not joins: the plan stays an index probe per
    -- row whatever row count it was first made for.
    SELECT DISTINCT c.user_id, c.city_id
    FROM (${milestoneCandidates(op)}) AS c
    WHERE NOT coalesce((
      SELECT m.tenth_at < c.created_at FROM customer_milestones m WHERE m.user_id = c.user_id AND m.city_id = c.city_id), false)
  ),
  placed AS (
    SELECT t.user_id, t.city_id, (
      SELECT array_agg(f.created_at ORDER BY f.created_at, f.id) FROM (
        SELECT o.created_at, o.id FROM orders o
        WHERE o.user_id = t.user_id AND o.city_id = t.city_id AND o.status >= 30
        ORDER BY o.created_at, o.id LIMIT 10) AS f
    ) AS firsts
    FROM touched t
  ),
  emptied AS (
    DELETE FROM customer_milestones m
    WHERE m.user_id = ANY (ARRAY(SELECT p.user_id FROM placed p WHERE p.firsts IS NULL))
      AND EXISTS (SELECT 1 FROM placed p WHERE p.firsts IS NULL AND p.user_id = m.user_id AND p.city_id = m.city_id)
  )
  INSERT INTO customer_milestones AS m (user_id, city_id, signed_up_at, first_at, second_at, tenth_at)
  SELECT p.user_id, p.city_id, (SELECT u.created_at FROM users u WHERE u.id = p.user_id), p.firsts[1], p.firsts[2], p.firsts[10]
  FROM placed p
  WHERE p.firsts IS NOT NULL
  ON CONFLICT (user_id, city_id) DO UPDATE SET signed_up_at = EXCLUDED.signed_up_at, first_at = EXCLUDED.first_at,
    second_at = EXCLUDED.second_at, tenth_at = EXCLUDED.tenth_at;
  END IF;`;

const cartsSlots = (op: Op): string =>
  addToSlots(`
    SELECT city_id, stats_slot(created_at) AS slot, 0 AS confirmed, 0 AS unconfirmed, 0 AS canceled,
      sum(sign) AS carts, 0 AS responses, 0 AS response_ms
    FROM (${signed(op)}) AS c
    GROUP BY 1, 2`) + ';';

const botResponsesSlots = (op: Op): string =>
  addToSlots(`
    SELECT city_id, stats_slot(created_at) AS slot, 0 AS confirmed, 0 AS unconfirmed, 0 AS canceled, 0 AS carts,
      sum(sign) AS responses, sum(sign * duration_ms::bigint) AS response_ms
    FROM (${signed(op)}) AS c
    GROUP BY 1, 2`) + ';';

const STATEMENT_TRIGGERS: readonly { table: string; fn: string; body: (op: Op) => string }[] = [
  { table: 'orders', fn: 'orders_rollups', body: ordersRollups },
  { table: 'carts', fn: 'carts_stats_slots_changes', body: cartsSlots },
  { table: 'bot_responses', fn: 'bot_responses_stats_slots_changes', body: botResponsesSlots },
];

/** The row triggers replaced, as migrations 006 and 010 made them. */
const ROW_TRIGGERS: readonly { table: string; name: string; definition: string }[] = [
  {
    table: 'orders',
    name: 'orders_day_totals_insert_delete',
    definition: 'AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_day_totals()',
  },
  {
    table: 'orders',
    name: 'orders_day_totals_update',
    definition: `AFTER UPDATE ON orders
    FOR EACH ROW WHEN (
      (OLD.status >= 30) IS DISTINCT FROM (NEW.status >= 30)
      OR OLD.city_id IS DISTINCT FROM NEW.city_id
      OR OLD.restaurant_id IS DISTINCT FROM NEW.restaurant_id
      OR OLD.created_at IS DISTINCT FROM NEW.created_at
      OR OLD.currency IS DISTINCT FROM NEW.currency
      OR (OLD.status >= 30 AND (OLD.sum IS DISTINCT FROM NEW.sum OR OLD.delivery_cost IS DISTINCT FROM NEW.delivery_cost))
    )
    EXECUTE FUNCTION orders_day_totals()`,
  },
  {
    table: 'orders',
    name: 'orders_stats_slots_insert_delete',
    definition: 'AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_stats_slots()',
  },
  {
    table: 'orders',
    name: 'orders_stats_slots_update',
    definition: `AFTER UPDATE ON orders
    FOR EACH ROW WHEN (
      (OLD.status >= 0)::int + (OLD.status >= 30)::int IS DISTINCT FROM (NEW.status >= 0)::int + (NEW.status >= 30)::int
      OR OLD.city_id IS DISTINCT FROM NEW.city_id
      OR OLD.created_at IS DISTINCT FROM NEW.created_at
    )
    EXECUTE FUNCTION orders_stats_slots()`,
  },
  {
    table: 'carts',
    name: 'carts_stats_slots',
    definition: 'AFTER INSERT OR DELETE OR UPDATE OF city_id, created_at ON carts FOR EACH ROW EXECUTE FUNCTION carts_stats_slots()',
  },
  {
    table: 'bot_responses',
    name: 'bot_responses_stats_slots',
    definition: `AFTER INSERT OR DELETE OR UPDATE OF city_id, created_at, duration_ms ON bot_responses
    FOR EACH ROW EXECUTE FUNCTION bot_responses_stats_slots()`,
  },
  {
    table: 'orders',
    name: 'orders_customer_milestones_insert_delete',
    definition: 'AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_customer_milestones()',
  },
  {
    table: 'orders',
    name: 'orders_customer_milestones_update',
    definition: `AFTER UPDATE ON orders
    FOR EACH ROW WHEN (
      (OLD.status >= 30) IS DISTINCT FROM (NEW.status >= 30)
      OR (NEW.status >= 30 AND (OLD.user_id, OLD.city_id, OLD.created_at) IS DISTINCT FROM (NEW.user_id, NEW.city_id, NEW.created_at))
    )
    EXECUTE FUNCTION orders_customer_milestones()`,
  },
];

const transitionTables = (op: Op): string =>
  op === 'INSERT' ? 'NEW TABLE AS new_rows' : op === 'DELETE' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, name } of ROW_TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.id(name)} ON ${sql.table(table)}`.execute(db);
  for (const { table, fn, body } of STATEMENT_TRIGGERS) {
    const branches = OPS.map((op) => `${op === 'INSERT' ? 'IF' : 'ELSIF'} TG_OP = '${op}' THEN${body(op)}`).join('\n');
    await sql
      .raw(
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${branches}
      END IF;
      RETURN NULL;
    END
    $$`,
      )
      .execute(db);
    for (const op of OPS) {
      await sql
        .raw(
          `CREATE TRIGGER ${fn}_${op.toLowerCase()} AFTER ${op} ON ${table}
          REFERENCING ${transitionTables(op)} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, fn } of STATEMENT_TRIGGERS) {
    for (const op of OPS) await sql.raw(`DROP TRIGGER IF EXISTS ${fn}_${op.toLowerCase()} ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
  }
  for (const { name, definition } of ROW_TRIGGERS) await sql.raw(`CREATE TRIGGER ${name} ${definition}`).execute(db);
}
