import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { DevCredentials } from '../../infra/local/seed.ts';

export const WEBHOOK_TIME_SCALE = 4e-5;
export const WEBHOOK_TIMEOUT_MS = 400;

/** What each integration test is given (`inject('runtime')`). */
export interface ProvidedRuntime {
  baseUrl: string;
  engineEndpoint: string;
  tableName: string;
  credentials: DevCredentials;
  mailDir: string;
  linkSecretFile: string;
  attachmentsDir: string;
}

/** The runtime process's first message: what the tests are given, and the variables it set for code they run in process. */
export interface RuntimeStarted {
  readonly started: ProvidedRuntime;
  readonly env: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: ProvidedRuntime;
  }
}

const RUNTIME_PROCESS = fileURLToPath(new URL('./runtime-process.ts', import.meta.url));

/**
 * One local runtime (in memory, free port) for the whole integration run, exactly as `npm start -- --memory`, in a
 * process of its own (`runtime-process.ts` says why). The variables it set (the table, the engine's endpoint, the
 * key files) are set here too, before any test worker starts, for the tests that read the table in process.
 */
export default async function setup(project: TestProject) {
  const child = fork(RUNTIME_PROCESS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { started, env } = await firstMessage(child);
  Object.assign(process.env, env);
  project.provide('runtime', started);
  return async () => {
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.send('stop');
    const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 30_000).unref())]);
    if (!stopped) child.kill('SIGKILL');
  };
}

function firstMessage(child: ChildProcess): Promise<RuntimeStarted> {
  return new Promise((done, fail) => {
    child.once('message', (message) => done(message as RuntimeStarted));
    child.once('exit', (code) => fail(new Error(`the test runtime exited (code ${code}) before it started; its output is above`)));
  });
}
