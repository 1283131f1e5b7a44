/**
 * `npm run bench:sign-in`: what guessing at sign-in costs and tells, against the local runtime in memory.
 *
 * 1. Timing: the median answer time of a wrong password for the seeded account and of an unknown e-mail, side
 *    by side (each from its own loopback address, below every throttle).
 * 2. Starvation: the API's latency (GET /api/v1/customers) alone, then while 16 clients send wrong sign-ins at
 *    once (16 addresses, a new unknown e-mail each time, so no throttle answers in place of a hash).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalRuntime } from '../../infra/local/runtime.ts';

const ROUNDS = Number(process.env.BENCH_SIGN_IN_ROUNDS ?? 7);
const SIGN_IN_CLIENTS = 16;
/**
 * Whose e-mail the flood guesses at: `unknown` (a new one each time; each still runs a hash since the no-account
 * hash) or `known` (the seeded account: the code before the no-account hash ran a hash only for those, and the
 * throttle now locks that account after ten failures).
 */
const FLOOD = process.env.BENCH_FLOOD === 'known' ? 'known' : 'unknown';
const PROBES = Number(process.env.BENCH_SIGN_IN_PROBES ?? 120);

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

function send(baseUrl: string, localAddress: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, localAddress, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function signIn(baseUrl: string, address: string, email: string, password: string): Promise<{ status: number; ms: number }> {
  const page = await send(baseUrl, address, 'GET', '/oauth/sign-in');
  const cookie = ([page.headers['set-cookie'] ?? []].flat() as string[]).find((value) => value.startsWith('pre_csrf='))!.split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&');
  const body = new URLSearchParams({ csrf, return_to: '/oauth/connections', email, password }).toString();
  const started = performance.now();
  const answer = await send(baseUrl, address, 'POST', '/oauth/sign-in', { 'content-type': 'application/x-www-form-urlencoded', cookie }, body);
  return { status: answer.status, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

async function probeApi(baseUrl: string, key: string, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await send(baseUrl, '127.0.0.1', 'GET', '/api/v1/customers', { authorization: `Bearer ${key}` });
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return latencies;
}

const dataDir = mkdtempSync(join(tmpdir(), 'ledger-bench-sign-in-'));
const runtime = await startLocalRuntime({ port: 0, dataDir, memory: true, rateLimits: { api: 1_000_000, postings: 1_000_000 } });
try {
  const { baseUrl, credentials } = runtime;
  const known: number[] = [];
  const unknown: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    known.push((await signIn(baseUrl, `127.0.50.${round + 1}`, credentials.user.email, `wrong-${round}`)).ms);
    unknown.push((await signIn(baseUrl, `127.0.51.${round + 1}`, `nobody-${round}@example.test`, `wrong-${round}`)).ms);
  }
  console.log(`sign-in timing (median of ${ROUNDS}): known e-mail, wrong password ${median(known).toFixed(1)} ms · unknown e-mail ${median(unknown).toFixed(1)} ms · ratio ${(median(unknown) / median(known)).toFixed(2)}`);

  const key = credentials.businesses[0]!.api_key;
  const quiet = await probeApi(baseUrl, key, PROBES);
  let flooding = true;
  const statuses = new Map<number, number>();
  const clients = Array.from({ length: SIGN_IN_CLIENTS }, async (_, client) => {
    // Until the probe ends: a fresh address and e-mail for every attempt, below every throttle.
    for (let attempt = 0; flooding; attempt += 1) {
      const email = FLOOD === 'known' ? credentials.user.email : `flood-${client}-${attempt}@example.test`;
      const { status } = await signIn(baseUrl, `127.${60 + (attempt % 100)}.${Math.floor(attempt / 100)}.${client + 1}`, email, 'guess');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  const loaded = await probeApi(baseUrl, key, PROBES);
  flooding = false;
  await Promise.all(clients);
  console.log(`API GET /customers alone: p50 ${median(quiet).toFixed(1)} ms · p99 ${percentile(quiet, 99).toFixed(1)} ms · max ${Math.max(...quiet).toFixed(1)} ms`);
  console.log(`API GET /customers with 16 wrong sign-ins (${FLOOD} e-mails): p50 ${median(loaded).toFixed(1)} ms · p99 ${percentile(loaded, 99).toFixed(1)} ms · max ${Math.max(...loaded).toFixed(1)} ms`);
  console.log(`sign-in answers during the flood: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
