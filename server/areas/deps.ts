import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LiveStreamCaps } from '../live/liveStreamCaps';
import type { MessengerGateway } from '../messenger/gateway';
import type { ExportOptions } from './orders/exportOptions';

/** What every area's routes are given by app.ts. */
export interface RouteDeps {
  db: Kysely<Database>;
  messenger: MessengerGateway;
  now: () => Date;
  /** Called after a request has written an event for the messenger, to wake the event worker. */
  onEvent?: () => void;
  /** The process's limits on open live streams (app.ts makes one per app). */
  liveStreams?: LiveStreamCaps;
  /** How the Excel exports run: how many at once, and the worker that writes them. */
  exports?: ExportOptions;
}
