import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit and integration tests: `npx vitest run --project domain --project server --project web`.
// Server tests run on PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set.
const failOnConsoleError = './apps/server/src/test/fail-on-console-error.ts';

export default defineConfig({
  test: {
    // Each server test file opens its own in-memory PostgreSQL (PGlite, ~100 MB): two at a time keeps memory sane.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          setupFiles: [failOnConsoleError],
          // Dates are formatted in Europe/Dublin whatever the machine's zone; a far-off zone proves it.
          env: { TZ: 'Pacific/Auckland' },
        },
      },
      {
        // The web app's pure modules (URL readers and the like); screens are tested in the browser (e2e/).
        resolve: { alias: [{ find: /^@\//, replacement: `${path.resolve(import.meta.dirname, 'apps/web/src')}/` }] },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          setupFiles: [failOnConsoleError],
          // Loaded afresh by each vi.resetModules(), so a test can load it after setting it up (zod-settings.test.ts).
          server: { deps: { inline: ['zod'] } },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          setupFiles: [failOnConsoleError],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
