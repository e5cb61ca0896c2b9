/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

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
    rollupOptions: {
      // The shared rules (src/domain) only declare things: what the login page does not use
      // (the zod schemas of the forms) stays out of its JavaScript. No chunks are forced: one
      // chunk for all of src/domain put every screen's rules and texts on the login page.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/src/domain/') },
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
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
