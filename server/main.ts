import { join } from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed';

const config = readConfig();
const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'db') });
await migrateToLatest(db);
if (config.demo) await seedDemoIfEmpty(db, (line) => console.log(line));

const app = await buildApp({
  db,
  jwtSecret: config.jwtSecret,
  version: config.version,
  staticDir: config.staticDir,
  filesDir: join(config.dataDir, 'files'),
  logger: process.env.LOG !== 'off',
});

const shutdown = async () => {
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
console.log(`Back-office ${config.version} on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${where})`);
