import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalRuntime } from '../../infra/local/runtime.ts';
import type { DevCredentials } from '../../infra/local/seed.ts';

export const WEBHOOK_TIME_SCALE = 4e-5;
export const WEBHOOK_TIMEOUT_MS = 400;

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: { baseUrl: string; engineEndpoint: string; tableName: string; credentials: DevCredentials; mailDir: string; linkSecretFile: string; attachmentsDir: string };
  }
}

/** One local runtime (in memory, free port) for the whole integration run, exactly as `npm start -- --memory`. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledger-it-'));
  // Webhook retries on a fast clock: the whole schedule (about three days) passes in about 11 s.
  // The suite sends thousands of requests a minute from a few businesses: the default quotas are lifted here, and
  // the rate-limit tests set small ones on businesses of their own.
  const runtime = await startLocalRuntime({ port: 0, dataDir, memory: true, webhookTimeScale: WEBHOOK_TIME_SCALE, webhookTimeoutMs: WEBHOOK_TIMEOUT_MS, rateLimits: { api: 1_000_000, postings: 1_000_000 } });
  project.provide('runtime', {
    baseUrl: runtime.baseUrl,
    engineEndpoint: runtime.engineEndpoint,
    tableName: runtime.tableName,
    credentials: runtime.credentials,
    // Where the runtime writes each e-mail (api.md: <DATA_DIR>/mail), and the key its public links are derived under.
    mailDir: join(dataDir, 'mail'),
    linkSecretFile: join(dataDir, 'invoice-link-secret'),
    // Where uploads are kept (api.md: <DATA_DIR>/attachments).
    attachmentsDir: join(dataDir, 'attachments'),
  });
  return async () => {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
