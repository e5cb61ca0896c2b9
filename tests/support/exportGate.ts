/** The broadcast channel on which gatedExportWorker.ts says `waiting` and a test answers `open`. */
export const EXPORT_GATE = 'order-export-gate';
