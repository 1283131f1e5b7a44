/**
 * The integration suite's local runtime, in a process of its own: started by the global setup
 * (`global-setup.ts`) with fork, it answers with what the tests are given and the environment it set, and stops
 * when asked or when its parent goes.
 *
 * Why not in Vitest's own process: that process also starts every test worker and waits at most 60 s for each to
 * answer (a constant inside Vitest). Serving the whole suite's requests, streams and queues on the same event loop
 * delayed one such answer past it in a CI run on two cores (a file reported as "Failed to start forks worker", the
 * run failed with every test passed). Here the runtime's work no longer queues in front of Vitest's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalRuntime } from '../../infra/local/runtime.ts';
import { WEBHOOK_TIME_SCALE, WEBHOOK_TIMEOUT_MS, type RuntimeStarted } from './global-setup.ts';

async function serve(): Promise<void> {
  const before = { ...process.env };
  const dataDir = mkdtempSync(join(tmpdir(), 'ledger-it-'));
  // Webhook retries on a fast clock: the whole schedule (about three days) passes in about 11 s.
  // The suite sends thousands of requests a minute from a few businesses: the default quotas are lifted here, and
  // the rate-limit tests set small ones on businesses of their own.
  const runtime = await startLocalRuntime({ port: 0, dataDir, memory: true, webhookTimeScale: WEBHOOK_TIME_SCALE, webhookTimeoutMs: WEBHOOK_TIMEOUT_MS, rateLimits: { api: 1_000_000, postings: 1_000_000 } });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= runtime
      .stop()
      .catch((error: unknown) => console.error('the test runtime did not stop cleanly:', error))
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      }));
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  // A parent that ends without asking (killed, crashed) must not leave the engine's JVM behind.
  process.on('disconnect', () => void stop());
  const env = Object.fromEntries(Object.entries(process.env).flatMap(([name, value]) => (value !== undefined && before[name] !== value ? [[name, value]] : [])));
  const started: RuntimeStarted = {
    started: {
      baseUrl: runtime.baseUrl,
      engineEndpoint: runtime.engineEndpoint,
      tableName: runtime.tableName,
      credentials: runtime.credentials,
      // Where the runtime writes each e-mail (api.md: <DATA_DIR>/mail), and the key its public links are derived under.
      mailDir: join(dataDir, 'mail'),
      linkSecretFile: join(dataDir, 'invoice-link-secret'),
      // Where uploads are kept (api.md: <DATA_DIR>/attachments).
      attachmentsDir: join(dataDir, 'attachments'),
    },
    env,
  };
  process.send!(started);
}

serve().catch((error: unknown) => {
  console.error('the test runtime did not start:', error);
  process.exit(1);
});
