import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, readConfig, type ServerConfig } from './config';
import { createEmbeddedDatabase, openDatabase } from './db/connect';
import { DataDirInUseError, lockDataDir, type DataDirLock } from './db/lock';
import { migrateToLatest } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed';
import { startStatisticsUpkeep } from './db/statistics';
import { readyToServe } from './serveGate';
import { startEventWorker } from './jobs/eventWorker';
import { ensureDemoTraffic } from './jobs/demoTraffic';
import { startMailingSender } from './areas/mailings/mailingSender';
import { scheduleNotificationPurge } from './areas/notifications/notificationPurge';
import { scheduleOrderTimers } from './areas/orders/orderTimerJob';
import { localMessenger } from './messenger/local';
import { telegramMessenger } from './messenger/telegram';

/** Stops the start with a message for the operator, no stack trace. */
const refuseToStart = (message: string): never => {
  console.error(message);
  process.exit(1);
};

let config: ServerConfig;
try {
  config = readConfig();
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

const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
const opening = Date.now();
// A first start creates the embedded database: seconds with no other sign of life.
console.log(`Opening the database (${where}) and bringing its schema up to date...`);
if (!config.databaseUrl) await createEmbeddedDatabase(join(config.dataDir, 'db'), { demo: config.demo });
const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'db') });
await migrateToLatest(db);
console.log(`Database ready in ${((Date.now() - opening) / 1000).toFixed(1)} s`);
if (config.demo) await seedDemoIfEmpty(db, (line) => console.log(line));

// npm start: the browser app being built alongside.
await readyToServe();

// One messenger for the API and the event worker that delivers what the API writes.
const filesDir = join(config.dataDir, 'files');
const messenger =
  config.messenger === 'telegram' ? telegramMessenger({ db, filesDir, apiRoot: config.telegramApiUrl }) : localMessenger(db, filesDir);
// The workers run from their start until the stop below; readiness reports them.
let workersRunning = true;
const app = await buildApp({
  db,
  jwtSecret: config.jwtSecret,
  secondFactorKey: config.secondFactorKey,
  version: config.version,
  staticDir: config.staticDir,
  messenger,
  logger: config.log,
  trustProxy: config.trustProxy,
  exports: { concurrency: config.exportConcurrency },
  // Requests come after listen(), when the worker below exists.
  onEvent: () => worker.wake(),
  workers: () => ({ eventWorker: workersRunning, mailingSender: workersRunning }),
  metricsToken: config.metricsToken,
  liveStreamLimits: config.liveStreams,
});
// Their errors are the operator's business even when the request log is off.
const log = config.log ? app.log : console;
const worker = startEventWorker({ db, messenger, log, demoTraffic: { enabled: config.demoTraffic } });
// The demo's simulated customers and restaurants (DEMO_TRAFFIC), in a database the demo seeded only.
if (config.demoTraffic) {
  const seeded = await ensureDemoTraffic(db, new Date()).catch((error: unknown) => {
    log.error({ err: error }, 'could not start the demo traffic');
    return true;
  });
  if (!seeded) log.warn('DEMO_TRAFFIC: this database was not seeded by the demo; no simulated orders');
}
// The notification centre's periodic purge: started once, it reschedules itself (a no-op when one waits).
await scheduleNotificationPurge(db, new Date()).catch((error: unknown) =>
  log.error({ err: error }, 'could not schedule the purge of old notifications'),
);
// The order timers run on the same runner: their event is written (or made due) now, and the worker woken.
try {
  await scheduleOrderTimers(db, new Date());
  worker.wake();
} catch (error) {
  log.error({ err: error }, 'could not schedule the order timers; the next start will');
}
// The mass mailings, at MAILING_RATE messages per second per bot.
const mailings = startMailingSender({ db, messenger, ...config.mailing, log });
// The embedded database's planner statistics (a server's autovacuum keeps its own): brought up
// to date before the first request, then kept so.
const statistics = await startStatisticsUpkeep({ db, log });

/** Runs one step of the stop; a failure is logged and the stop goes on. */
const step = async (name: string, work: () => Promise<void>): Promise<boolean> => {
  try {
    await work();
    return true;
  } catch (error) {
    log.error({ err: error }, `stopping: ${name} failed`);
    return false;
  }
};

/**
 * Stops taking connections and waits for the requests under way. A keep-alive connection whose
 * last response ends during the stop is closed as soon as it is idle (the server closes only
 * those idle at its start), or its client would hold the stop until its keep-alive timeout.
 */
const closeHttp = async (): Promise<void> => {
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
};

/**
 * A stop (SIGTERM from a deploy, SIGINT from a terminal): readiness answers 503 and no new
 * connection is taken; the requests under way finish; live streams are told to reconnect
 * elsewhere; the workers finish the sends in hand and release their claims; then the database
 * closes and the data directory is free. Past SHUTDOWN_TIMEOUT, or on a second signal, the
 * process exits at once with code 1.
 */
closeWithGrace(
  {
    delay: config.shutdownTimeoutMs,
    logger: { error: (message: unknown) => log.error(String(message)) },
    // An error is logged and the process goes on (below); only signals stop it.
    skip: ['uncaughtException', 'unhandledRejection', 'beforeExit'],
    onTimeout: (delay) => log.error(`stopping: not done after ${delay} ms, exiting now`),
    onSecondSignal: (signal) => log.error(`stopping: second ${signal}, exiting now`),
  },
  async ({ signal }) => {
    log.info(`${signal ?? 'stop'}: stopping (requests under way may take ${config.shutdownTimeoutMs / 1000} s)`);
    workersRunning = false;
    // The HTTP side and the workers wind down together: both within one grace period.
    const stopped = await Promise.all([
      step('the HTTP server', closeHttp),
      step('the event worker', () => worker.stop()),
      step('the mailing sender', () => mailings.stop()),
      step('the statistics upkeep', () => statistics.stop()),
    ]);
    const closed = await step('the database', () => db.destroy());
    const released = await step('the data directory lock', async () => lock?.release());
    if (![...stopped, closed, released].every(Boolean)) throw new Error('stopped with errors (above)');
    log.info('stopped');
  },
);

// No error ends the process: it is logged, and the request or job it came from has failed alone.
process.on('uncaughtException', (error) => log.error({ err: error }, 'uncaught error'));
process.on('unhandledRejection', (reason) =>
  log.error({ err: reason instanceof Error ? reason : new Error(String(reason)) }, 'unhandled rejection'),
);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  refuseToStart(`Cannot start: cannot listen on ${config.host}:${config.port} (${error instanceof Error ? error.message : String(error)})`);
}
console.log(`Back-office ${config.version} on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${where})`);
