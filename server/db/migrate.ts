import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as dataModel from './migrations/001_data_model';
import * as oneBotPerCity from './migrations/002_one_bot_per_city';
import * as sessionVersions from './migrations/003_session_versions';
import * as restaurantsSoftDelete from './migrations/004_restaurants_soft_delete';
import * as orderIndexes from './migrations/005_order_indexes';
import * as orderDayTotals from './migrations/006_order_day_totals';
import * as reviewSent from './migrations/007_review_sent';
import * as adScheduling from './migrations/008_ad_scheduling';
import * as mailingRecipients from './migrations/009_mailing_recipients';
import * as statsRollups from './migrations/010_stats_rollups';
import * as restaurantPause from './migrations/011_restaurant_pause';
import * as mailingClaimIndex from './migrations/012_mailing_claim_index';
import * as liveEvents from './migrations/013_live_events';
import * as auditTrail from './migrations/014_audit_trail';
import * as claimOwners from './migrations/015_claim_owners';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
const migrations: Record<string, Migration> = {
  '001_data_model': dataModel,
  '002_one_bot_per_city': oneBotPerCity,
  '003_session_versions': sessionVersions,
  '004_restaurants_soft_delete': restaurantsSoftDelete,
  '005_order_indexes': orderIndexes,
  '006_order_day_totals': orderDayTotals,
  '007_review_sent': reviewSent,
  '008_ad_scheduling': adScheduling,
  '009_mailing_recipients': mailingRecipients,
  '010_stats_rollups': statsRollups,
  '011_restaurant_pause': restaurantPause,
  '012_mailing_claim_index': mailingClaimIndex,
  '013_live_events': liveEvents,
  '014_audit_trail': auditTrail,
  '015_claim_owners': claimOwners,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The names of every migration this build knows, oldest first (the readiness check compares them with the database's; a backup records the one it was taken at). */
export const migrationNames = (): string[] => Object.keys(migrations);

/** Brings the database to the newest schema. Safe to run on every start and from two processes. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Brings the database up to migration `name` and no further (a restore of an older backup, before its rows go in). */
export async function migrateUpTo<DB>(db: Kysely<DB>, name: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateTo(name);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
