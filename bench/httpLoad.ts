import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  /** Requests in flight at once, each on its own keep-alive connection. */
  concurrency: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadResult {
  perSecond: number;
  /** Answers other than 200: a bench with any is not measuring what it says. */
  failures: number;
}

/**
 * The client runs in a worker thread, so that its own work does not slow down the server it
 * measures, which runs on this thread as it would in production.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, concurrency, warmupMs, durationMs } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const request = () => new Promise((resolve) => {
  const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode === 200));
  });
  req.on('error', () => resolve(false));
  req.end();
});
const started = Date.now();
const from = started + warmupMs;
const until = from + durationMs;
let done = 0;
let failures = 0;
const loop = async () => {
  for (;;) {
    const ok = await request();
    const at = Date.now();
    if (at >= until) return;
    if (at >= from) ok ? done++ : failures++;
  }
};
Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ perSecond: done / (durationMs / 1000), failures });
});
`;

export function measureHttp(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: options });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The same loop for any asynchronous operation, run on this thread. */
export async function measureCalls(call: () => Promise<unknown>, options: Omit<LoadOptions, 'url' | 'headers'>): Promise<LoadResult> {
  const from = Date.now() + options.warmupMs;
  const until = from + options.durationMs;
  let done = 0;
  let failures = 0;
  const loop = async () => {
    for (;;) {
      const ok = await call().then(
        () => true,
        () => false,
      );
      const at = Date.now();
      if (at >= until) return;
      if (at >= from) {
        if (ok) done++;
        else failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  return { perSecond: done / (options.durationMs / 1000), failures };
}
