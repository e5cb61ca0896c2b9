import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, readConfig, type ServerConfig } from './config';
import { openDatabase } from './db/connect';
import { DataDirInUseError, lockDataDir, type DataDirLock } from './db/lock';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed';
import { startEventWorker } from './jobs/eventWorker';
import { startMailingSender } from './jobs/mailingSender';
import { readMailingConfig, type MailingConfig } from './mailings/mailingConfig';
import { localMessenger } from './messenger/local';
import { telegramMessenger } from './messenger/telegram';

/** Stops the start with a message for the operator, no stack trace. */
const refuseToStart = (message: string): never => {
  console.error(message);
  process.exit(1);
};

let config: ServerConfig;
let mailingConfig: MailingConfig;
try {
  config = readConfig();
  mailingConfig = readMailingConfig();
} catch (error) {
  if (error instanceof ConfigError) refuseToStart(error.message);
  throw error;
}

// The embedded database is one process's: a second one on the same DATA_DIR stops here.
let lock: DataDirLock | null = null;
if (!config.databaseUrl) {
  try {
    lock = await lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError) refuseToStart(`Cannot start: DATA_DIR ${error.message}`);
    throw error;
  }
}

const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'db') });
await migrateToLatest(db);
if (config.demo) await seedDemoIfEmpty(db, (line) => console.log(line));

// One messenger for the API and the event worker that delivers what the API writes.
const filesDir = join(config.dataDir, 'files');
const messenger =
  config.messenger === 'telegram' ? telegramMessenger({ db, filesDir, apiRoot: config.telegramApiUrl }) : localMessenger(db, filesDir);
const app = await buildApp({
  db,
  jwtSecret: config.jwtSecret,
  version: config.version,
  staticDir: config.staticDir,
  messenger,
  logger: config.log,
  trustProxy: config.trustProxy,
  exports: { concurrency: config.exportConcurrency },
  // Requests come after listen(), when the worker below exists.
  onEvent: () => worker.wake(),
});
// Its errors are the operator's business even when the request log is off.
const worker = startEventWorker({ db, messenger, log: config.log ? app.log : console });
// The mass mailings, at MAILING_RATE messages per second per bot.
const mailings = startMailingSender({ db, messenger, ...mailingConfig, log: config.log ? app.log : console });

const shutdown = async () => {
  await app.close();
  await worker.stop();
  await mailings.stop();
  await db.destroy();
  await lock?.release();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
console.log(`Back-office ${config.version} on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${where})`);
