import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          setupFiles: ['tests/support/store-subscribers.ts'],
          // PGlite needs several seconds to start a fresh database.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Starts real store and seed processes of its own (needs the build).
          name: 'processes',
          include: ['tests/processes/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          // The API's own tests, and the contract tests that call it as the spec's other clients do.
          include: ['tests/api/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          globalSetup: ['tests/api/server.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // One server and one database for the whole run: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
