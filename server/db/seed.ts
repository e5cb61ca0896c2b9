import type { Kysely } from 'kysely';
import { roleKey } from '../../src/domain';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo';
import type { Database } from './schema';

/** Seeds the demo data into an empty database and says how to log in. */
export async function seedDemoIfEmpty(db: Kysely<Database>, log: (line: string) => void, options: { quiet?: boolean } = {}): Promise<void> {
  const existing = await db.selectFrom('cities').select('id').limit(1).executeTakeFirst();
  if (!existing) {
    const started = Date.now();
    const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    log('Seeding demo data (once, into the empty database)...');
    await seedDemo(db, { progress: (step) => log(`  ${step} (${elapsed()})`) });
    log(`Demo data seeded in ${elapsed()}`);
  }
  // The accounts are said once, by the server (a start that seeds in a process of its own says them after).
  if (options.quiet) return;
  log(`Demo accounts (password "${DEMO_PASSWORD}"):`);
  for (const account of DEMO_ACCOUNTS)
    log(
      `  ${account.username.padEnd(10)} ${roleKey(account.roleId)
        .replace(/([A-Z])/g, ' $1')
        .toLowerCase()}`,
    );
}
