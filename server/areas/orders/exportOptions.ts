import type { PageSizing } from './exportRows';

/** How this process makes exports (AppDeps.exports). */
export interface ExportOptions {
  /** Exports made at once (EXPORT_CONCURRENCY); besides, one per user. */
  concurrency?: number;
  /** How many orders a statement reads (EXPORT_PAGES). */
  pages?: PageSizing;
  /** The workbook worker's script: exportWorker.ts, or a test's stand-in. */
  workerScript?: URL;
}
