import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The contract between the event worker (eventWorker.ts) and the areas' handlers of each type
 * of event, apart from both so that neither imports the other's module for it.
 */
/** Why an attempt failed, and whether it was the last one. */
export interface DeliveryFailure {
  error: string;
  final: boolean;
  /** What the delivery threw, for handlers that record why (a MessengerError's reason). */
  cause?: unknown;
}

/** What the worker does with one type of event. */
export interface EventHandler {
  /**
   * Does the event's work, outside any transaction (PGlite has one connection: a transaction
   * held across a messenger call would stop every other query). Throws to have it retried; a
   * permanent MessengerError fails the event at once; a DeliveryDeferred asks again later.
   */
  deliver(payload: Record<string, unknown>): Promise<void>;
  /** Runs in the transaction that marks the event processed. */
  delivered(trx: Transaction<Database>, payload: Record<string, unknown>): Promise<void>;
  /** Runs in the transaction that puts the event back for a retry, or fails it (`final`). */
  failed(trx: Transaction<Database>, payload: Record<string, unknown>, failure: DeliveryFailure): Promise<void>;
}
