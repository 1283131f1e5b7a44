import { resolve } from 'node:path';
import { startEngine, type Engine } from './engine.ts';
import { LOCAL_TABLE_NAME } from './runtime.ts';

/**
 * Runs a maintenance command against the table and exits with its code: against AWS when TABLE_NAME is set (the
 * default credential chain), else against the local data under DATA_DIR (default .data/) with an engine of its
 * own, stopped at the end (stop `npm start` first: one engine per data directory).
 */
export function runTableCommand(command: () => Promise<number>): void {
  const run = async () => {
    let engine: Engine | undefined;
    if (!process.env.TABLE_NAME) {
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      engine = await startEngine(resolve(process.env.DATA_DIR ?? '.data', 'dynamodb'));
      Object.assign(process.env, { TABLE_NAME: LOCAL_TABLE_NAME, DYNAMODB_ENDPOINT: engine.endpoint, AWS_REGION: 'local' });
    }
    try {
      return await command();
    } finally {
      await engine?.stop();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
