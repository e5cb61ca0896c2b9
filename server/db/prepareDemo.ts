/**
 * Run by the server's start on an empty embedded DATA_DIR with the demo on (main.ts): migrates
 * and seeds in a process of its own, whose memory (the seed's rows, the database's growth while
 * writing them) goes back to the system when it ends, instead of staying with the server. The
 * tables are analysed here too, for the same reason: the server's own first pass then finds
 * nothing to do (./statistics.ts).
 */
import { openDatabase } from './connect';
import { migrateToLatest } from './migrate';
import { seedDemoIfEmpty } from './seed';
import { runUpkeep, upkeepPlan } from './statistics';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: prepareDemo.ts <embedded database directory>');
const db = openDatabase({ dataDir });
await migrateToLatest(db);
await seedDemoIfEmpty(db, (line) => console.log(line), { quiet: true });
await runUpkeep(db, await upkeepPlan(db));
await db.destroy();
