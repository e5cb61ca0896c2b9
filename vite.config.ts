/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/**
 * The chunks of the screens. Left to itself the bundler cuts the code behind the login into one
 * chunk per set of screens that share it: the order list was 51 files, fetched in waves, each
 * import finding the next. Here a screen is two files, fetched together: the kit every screen
 * uses (react-admin's and MUI's screen parts, the layout, the shared screen code and rules) and
 * its resource's own folder with what only it uses (the statistics' charts). The login page's
 * code (`$initial`: what the entry imports) is claimed first, so none of it moves behind the
 * login and the login page loads nothing more (one file instead of fifteen). The GraphQL client
 * and react-admin's Russian texts stay in chunks of their own, loaded when used.
 */
const KIT = [
  /[\\/]node_modules[\\/](@mui|@emotion|@tanstack|ra-core|ra-ui-materialui|react-admin|react-hook-form|react-dropzone|react-error-boundary|react-transition-group|date-fns|lodash|inflection|query-string|eventsource-parser)[\\/]/,
  /[\\/]src[\\/](layout|providers|domain|pages|resources[\\/]common)[\\/]/,
  /[\\/]src[\\/]i18n[\\/]muiLocale/,
];
const LAZY_OWN = /[\\/]graphqlClient\.ts$/;
const RESOURCE = /[\\/]src[\\/]resources[\\/](\w+)[\\/]/;
const SCREEN_CHUNKS = [
  { name: 'index', tags: ['$initial' as const], priority: 3 },
  { name: 'screens-kit', test: (id: string) => !LAZY_OWN.test(id) && KIT.some((re) => re.test(id)), priority: 2 },
  { name: (id: string) => (LAZY_OWN.test(id) ? null : (RESOURCE.exec(id)?.[1] ?? null)), debugName: 'resources', priority: 1 },
];

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: {
      '/api': api,
      '/graphql': api,
      // POST /login is the API; GET /login would be a page, but the app routes by hash.
      '/login': api,
      '/webhook': api,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // The shared rules (src/domain) only declare things: what the login page does not use
      // (the zod schemas of the forms) stays out of its JavaScript.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/src/domain/') },
      output: { codeSplitting: { groups: SCREEN_CHUNKS } },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // Screens rendered in jsdom take seconds on a busy two-core machine.
          testTimeout: 15_000,
          // As the API tests: vitest runs projects of one worker count together.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/globalSetup.ts'],
          // The server's modules load once per worker, not once per file: each file still
          // opens its own database and app.
          isolate: false,
          // Two files at a time on two cores (vitest would take one): a file waiting on PostgreSQL
          // or on its server leaves the other core to the next file.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The demo is seeded once; each file's server starts on a copy of it.
          globalSetup: ['tests/e2e/globalSetup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A screen waits on the server, which shares two cores with the browser and another file.
          expect: { poll: { timeout: 10_000 } },
          // Each file starts its own server on its own port and data directory: two files at a
          // time keep both cores busy without one browser starving the other's server.
          maxWorkers: 2,
        },
      },
    ],
  },
});
