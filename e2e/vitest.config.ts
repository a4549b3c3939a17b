import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests against the built app: one server for the whole run (global-setup.ts), test files
// one after another so they do not fight over the same demo data.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/tests/**/*.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for what the screen will show, not how fast: its default of 1 s was shorter than
    // a list's load on a busy 2-core CI machine (a Forward in booking-history failed so). A condition
    // met sooner returns sooner; only a real failure waits the whole 10 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
