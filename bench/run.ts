/**
 * `npm run bench [name ...]`: speed and size targets are measured here, never in timed tests.
 * Each bench is a module exporting `run(): Promise<BenchResult[]>`, named in BENCHES; with
 * names given, only those run. A result with a target fails the run when it is over it.
 */
import type { BenchResult } from './result';

interface Bench {
  name: string;
  description: string;
  load: () => Promise<{ run: () => Promise<BenchResult[]> }>;
}

const BENCHES: Bench[] = [
  {
    name: 'api-throughput',
    description: 'GET /api/cities and /api/cuisines over HTTP beside their own SQL, on PGlite and PostgreSQL',
    load: () => import('./apiThroughput.bench'),
  },
  {
    name: 'orders',
    description:
      'the order list with its totals, a deep page, the detail and the export of 100,000 orders at 1,000,000 orders over HTTP beside their own SQL, on PGlite and PostgreSQL',
    load: () => import('./ordersList.bench'),
  },
  {
    name: 'mailing',
    description:
      'a 100,000-recipient mailing through the Telegram gateway to the fake Bot API: messages per second sustained against the configured rate, the most in one second, each recipient once, and peak memory, on PGlite and PostgreSQL',
    load: () => import('./mailing.bench'),
  },
  {
    name: 'stats',
    description:
      'every statistics endpoint and the top customers for a 365-day range at 1,000,000 orders and 100,000 customers, over HTTP beside their own SQL, on PGlite and PostgreSQL',
    load: () => import('./stats.bench'),
  },
  {
    name: 'live-events',
    description:
      '500 live event streams on one process: memory per stream, and the time from a status change to its arrival at all of them (p50/p99), on PGlite and PostgreSQL',
    load: () => import('./liveEvents.bench'),
  },
  {
    name: 'export-load',
    description:
      'a cheap request (GET /api/cities, the order list) while ten managers export a year of orders at once, beside the same when idle: p99 and their ratio, on PGlite and PostgreSQL',
    load: () => import('./exportLoad'),
  },
  {
    name: 'journeys',
    description:
      'the four daily journeys in Chromium at 1280x800 against the demo: the clicks and entries of each and the seconds from its first action to its goal on screen, median of 3',
    load: () => import('./journeys.bench'),
  },
  {
    name: 'bundle-size',
    description: 'the JavaScript the login page loads, beside a minimal react-admin app built the same way',
    load: () => import('./bundleSize.bench'),
  },
  {
    name: 'screens',
    description:
      'the login to the first order rows, an order, back to the list and the menu to the reviews in Chromium against the demo, each beside the API time behind it, and the round trips of JavaScript after the login; median of 5',
    load: () => import('./screens.bench'),
  },
  {
    name: 'intake',
    description:
      'order intake with every trigger on beside the same with the product triggers off: 100,000 orders with their items in one statement, and single orders as the bot places them, on PGlite and PostgreSQL',
    load: () => import('./intake.bench'),
  },
  {
    name: 'memory',
    description:
      'a first npm start of a clone-like copy (no dist/, empty DATA_DIR) to the login page, and the server process RSS once serving, at the seed peak, after BENCH_MEMORY_MINUTES (5) of the daily journeys, and on a second start',
    load: () => import('./memory.bench'),
  },
  {
    name: 'mailingAudience',
    description:
      "a mailing's recipient count for a city of 100,000 customers with their orders, for several combinations of the audience filters, median of 9 beside 300 ms, on PostgreSQL",
    load: () => import('./mailingAudience.bench'),
  },
  {
    name: 'export',
    description:
      'the Excel export of 100,000 orders over HTTP on PGlite and PostgreSQL: seconds beside 5 s and the RSS growth beside its limit, with its reading alone and the bare exceljs write of the same rows as references',
    load: () => import('./export.bench'),
  },
  {
    name: 'menuSheet',
    description:
      "a restaurant's menu of 1,000 dishes in 40 categories as a spreadsheet: its export, and the preview and apply of an import changing 500 prices, adding 50 dishes and removing 50, each beside its 3 s limit with the longest hold of the event loop, on PGlite and PostgreSQL",
    load: () => import('./menuSheet.bench'),
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !BENCHES.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Benches: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

let failed = false;
for (const bench of BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name))) {
  console.log(`# ${bench.name}: ${bench.description}`);
  const { run } = await bench.load();
  for (const result of await run()) {
    const over = result.target !== undefined && result.value > result.target;
    if (over) failed = true;
    const target = result.target === undefined ? '' : ` (target ≤ ${result.target})${over ? ' OVER TARGET' : ' ok'}`;
    console.log(`${result.name}: ${result.value.toFixed(result.digits ?? 1)} ${result.unit}${target}`);
  }
}
process.exit(failed ? 1 : 0);
