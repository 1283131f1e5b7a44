import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { ensureTable, startEngine, type Engine } from './engine.ts';
import { seedAndWriteCredentials, type DevCredentials } from './seed.ts';
import { createLocalServer } from './server.ts';

export const LOCAL_TABLE_NAME = 'ledger-local';

export interface RuntimeOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly dataDir: string;
  /** Keep no data: the engine runs in memory. The credentials file is still written under `dataDir`. */
  readonly memory: boolean;
  readonly host?: string;
}

export interface LocalRuntime {
  readonly baseUrl: string;
  readonly engineEndpoint: string;
  readonly tableName: string;
  readonly credentials: DevCredentials;
  stop(): Promise<void>;
}

/**
 * The whole service on one machine: the embedded engine, the table from the shared definition, the seed, and
 * every route of the table over HTTP. The handlers read the same configuration names CDK sets.
 */
export async function startLocalRuntime(options: RuntimeOptions): Promise<LocalRuntime> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const engine: Engine = await startEngine(options.memory ? null : resolve(dataDir, 'dynamodb'));
  let server: Server | undefined;
  try {
    Object.assign(process.env, {
      TABLE_NAME: LOCAL_TABLE_NAME,
      DYNAMODB_ENDPOINT: engine.endpoint,
      AWS_REGION: 'local',
      SERVICE_STAGE: 'local',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    });
    await ensureTable(engine.endpoint, LOCAL_TABLE_NAME);
    server = createLocalServer();
    const listening = server;
    await new Promise<void>((done, fail) => {
      listening.once('error', fail);
      listening.listen(options.port, options.host ?? '127.0.0.1', () => done());
    });
    const { port } = server.address() as AddressInfo;
    const baseUrl = `http://localhost:${port}`;
    const credentials = await seedAndWriteCredentials(dataDir, baseUrl);
    const running = server;
    return {
      baseUrl,
      engineEndpoint: engine.endpoint,
      tableName: LOCAL_TABLE_NAME,
      credentials,
      async stop() {
        await new Promise<void>((done) => {
          running.close(() => done());
          running.closeAllConnections();
        });
        await engine.stop();
      },
    };
  } catch (error) {
    server?.close();
    await engine.stop();
    throw error;
  }
}
