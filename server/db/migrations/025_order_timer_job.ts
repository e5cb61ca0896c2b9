import { sql, type Kysely } from 'kysely';

/**
 * Order timers, the settings and the job (src/domain/orderTimers.ts, migration 023).
 *
 * - A city's minutes per stage are audited like the other settings staff edit (014_audit_trail.ts),
 *   keyed by city and stage.
 * - The timer job is one event of the outbox (server/jobs): `order_timers`, which looks for late
 *   orders and asks to run again a few seconds later. At most one such event waits or runs at a
 *   time, whichever process starts first writes it; the index makes a second start's insert a
 *   no-op.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TRIGGER city_order_timers_audit AFTER INSERT OR UPDATE OR DELETE ON city_order_timers
    FOR EACH ROW WHEN (current_setting('app.actor', true) <> '') EXECUTE FUNCTION audit_change('city_id,stage', '', '', '')`.execute(db);
  await sql`
    CREATE UNIQUE INDEX events_one_order_timers_idx ON events (type)
    WHERE type = 'order_timers' AND status IN (0, 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS events_one_order_timers_idx`.execute(db);
  await sql`DROP TRIGGER IF EXISTS city_order_timers_audit ON city_order_timers`.execute(db);
}
