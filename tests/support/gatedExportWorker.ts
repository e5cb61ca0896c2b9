import { parentPort } from 'node:worker_threads';
import type { FromWorkbook, ToWorkbook } from '../../server/areas/orders/exportWorker';
import { EXPORT_GATE } from './exportGate';

/**
 * A stand-in for the workbook worker that holds its export open: it takes the rows, and at the
 * end says `waiting` on the broadcast channel EXPORT_GATE and finishes only when the test
 * posts `open` there. So a test knows which exports are running, whatever the machine's speed.
 * Its file is not a workbook: two bytes at the start, two at the end.
 */
const port = parentPort;
if (port) {
  const send = (message: FromWorkbook) => port.postMessage(message);
  port.on('message', (message: ToWorkbook) => {
    if (message.kind === 'start') send({ kind: 'bytes', chunk: new TextEncoder().encode('PK') });
    if (message.kind === 'lines') send({ kind: 'taken' });
    if (message.kind !== 'end') return;
    const gate = new BroadcastChannel(EXPORT_GATE);
    gate.onmessage = (event) => {
      if (event.data !== 'open') return;
      send({ kind: 'bytes', chunk: new TextEncoder().encode('!!') });
      send({ kind: 'done' });
      gate.close();
    };
    gate.postMessage('waiting');
  });
}
