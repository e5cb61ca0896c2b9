import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * A restaurant's pause in the bot: when it began and when it ends (no end: until
 * reopened). The restaurant is paused while paused_at is set and the end has not come, so the
 * pause ends on time by itself; a `restaurant_unpause` event clears the two columns at the end.
 * The index finds a restaurant's pending unpause events when its pause is changed or lifted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE restaurants ADD COLUMN paused_at timestamptz, ADD COLUMN paused_until timestamptz;
    CREATE INDEX events_restaurant_unpause_idx ON events ((payload->>'restaurantId')) WHERE type = 'restaurant_unpause'
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS events_restaurant_unpause_idx;
    ALTER TABLE restaurants DROP COLUMN IF EXISTS paused_at, DROP COLUMN IF EXISTS paused_until
  `,
  );
}
