import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { JavaMissing } from './engine.ts';
import { startLocalRuntime } from './runtime.ts';
import { DEV_CREDENTIALS_FILE } from './seed.ts';

/** `npm start [-- --memory]`: PORT (default 3000) and DATA_DIR (default .data/) as api.md's contract says. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { memory: { type: 'boolean', default: false } }, allowPositionals: false });
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  // One log line per request (the tests' runtime stays at WARN, so they keep quiet).
  process.env.POWERTOOLS_LOG_LEVEL ??= 'INFO';
  // A line a person reads per request; LOG_FORMAT=json gives Powertools' JSON, as on AWS.
  process.env.LOG_FORMAT ??= 'text';
  const runtime = await startLocalRuntime({ port, dataDir, memory: values.memory ?? false });

  console.log(`ledger-service is running (pid ${process.pid}, ${values.memory ? 'in memory, nothing kept' : `data in ${dataDir}`})`);
  console.log(`  API:          ${runtime.baseUrl}/api/v1`);
  console.log(`  OpenAPI:      ${runtime.baseUrl}/api/v1/openapi.json`);
  console.log(`  Dashboard:    ${runtime.credentials.base_url}/dashboard (sign in with the user in the credentials file)`);
  console.log(`  OAuth:        ${runtime.credentials.auth_url}/oauth/authorize (consent)`);
  console.log(`  Credentials:  ${join(dataDir, DEV_CREDENTIALS_FILE)}`);
  for (const business of runtime.credentials.businesses) console.log(`  ${business.name}: ${business.id}`);
  console.log('Stop with Ctrl+C.');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    runtime.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof JavaMissing) {
    console.error(error.message);
  } else {
    console.error('npm start failed:', error);
  }
  process.exit(1);
});
