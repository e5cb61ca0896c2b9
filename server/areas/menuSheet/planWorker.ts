import { parentPort } from 'node:worker_threads';
import { planMenuImport } from '../../../src/domain/menuSheetPlan';
import { HttpError } from '../../errors';
import type { PlanReply, PlanRequest } from './menuPlanner';
import { readMenuWorkbook } from './workbook';

/**
 * The menu planner's worker thread (menuPlanner.ts): reads an uploaded workbook and plans its
 * import against the menu it is given, one file at a time; the serving thread writes.
 */
async function answer({ file, menu, rights }: PlanRequest): Promise<PlanReply> {
  try {
    const sheets = await readMenuWorkbook(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
    return { kind: 'plan', plan: planMenuImport(sheets, menu, rights) };
  } catch (error) {
    if (error instanceof HttpError) {
      const { statusCode, code, message, args, details } = error;
      return { kind: 'refused', statusCode, code, message, args, details };
    }
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

const port = parentPort;
if (port) port.on('message', (request: PlanRequest) => void answer(request).then((reply) => port.postMessage(reply)));
