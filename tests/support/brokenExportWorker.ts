import { parentPort } from 'node:worker_threads';
import type { ToWorkbook } from '../../server/areas/orders/exportWorker';

/** A stand-in for the workbook worker that fails on its first rows, as a worker out of memory would. */
parentPort?.on('message', (message: ToWorkbook) => {
  if (message.kind === 'lines') throw new Error('the workbook worker broke');
});
