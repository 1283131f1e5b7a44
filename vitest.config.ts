import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Each domain's tests live in test/<domain>/: its unit tests by name, its tests through the local runtime as
      // *.integration.test.ts; cross-domain suites and their support in test/integration/.
      { test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/integration/**', 'test/e2e/**', 'test/infra/**', 'test/load/**', '**/*.integration.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          // The browser tests share this project's one local runtime: a second global setup would start a second
          // runtime in the same process, and the two would share its configuration and transports.
          include: ['test/integration/**/*.test.ts', 'test/**/*.integration.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          // Above STREAM_LAG_MS (90 s, test/integration/receiver.ts): a test that waits for the stream once may still pass.
          testTimeout: 150_000,
          hookTimeout: 60_000,
        },
      },
      // Synthesis and bundling are heavy and share two cores with the other projects: generous hook time too.
      { test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
