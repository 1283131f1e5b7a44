/**
 * `npm run bench`: receipts against the local runtime, and the engine's own limit for the same writes.
 *
 * For N = 1 and N = 3 allocations and 1, 4 and 16 concurrent clients, it posts receipts over HTTP for one
 * business (each client settling its own invoices, so clients contend only where the design says they must:
 * the gapless receipt number), and prints receipts/s, p50/p99 latency, DynamoDB round trips per receipt
 * (the credential lookup included, retries included) and write units per receipt as the engine reports them
 * (ReturnConsumedCapacity). Beside them, in turns (BENCH_ROUNDS), it runs a bare loop of TransactWriteItems of the
 * same shape (the same items, sizes and count, as plain puts on fresh keys) at the same concurrency: the ceiling to
 * compare with, and the ratio of the two; and a loop of each receipt's own transaction as written, on fresh keys
 * (`asWrittenOnFreshKeys`): the engine's share of the gap. Each of the three is also given the CPU time this process
 * and the engine's JVM spent per unit of it (`cpu-share.ts`), which the rates of two processes on two cores cannot
 * tell apart. BENCH_ONLY=engine prices the engine's calls by item count and size (`engine-costs.ts`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { periodTotalsPk, projectionPk } from '../../shared/platform/db/keys.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { startLocalRuntime } from '../../infra/local/runtime.ts';
import { CpuShare } from './cpu-share.ts';
import { callJson, createdId } from './http-client.ts';
import { printEngineCosts } from './engine-costs.ts';
import { db, tableName } from '../../shared/platform/db/client.ts';

const RECEIPTS_PER_SCENARIO = Number(process.env.BENCH_RECEIPTS ?? 240);
const listFrom = (name: string, fallback: number[]) => (process.env[name] ? process.env[name]!.split(',').map(Number) : fallback);
const CONCURRENCY = listFrom('BENCH_CLIENTS', [1, 4, 16]);
const ALLOCATIONS = listFrom('BENCH_ALLOCATIONS', [1, 3]);
/** Receipts in the home currency (USD), and in EUR against invoices booked at another rate (a realized gain each). */
const CURRENCIES = (process.env.BENCH_CURRENCIES ?? 'USD,EUR').split(',') as ('USD' | 'EUR')[];
/** The separate-processes mode: K processes (like K Lambda instances) serving one business's receipts. */
const PROCESSES = listFrom('BENCH_PROCESSES', [1, 4, 8]);
const PROCESS_CLIENTS = Number(process.env.BENCH_PROCESS_CLIENTS ?? 16);
/** Turns the receipts and the bare loop of a scenario take, each with its share of BENCH_RECEIPTS (`BENCH_ROUNDS`). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * Receipts each separate-processes row posts at full contention before its clock starts, and the run's first receipts
 * row (with as many bare and as-written transactions) before its first round (`BENCH_WARMUP`).
 */
const WARMUP_RECEIPTS = Number(process.env.BENCH_WARMUP ?? 240);
/** BENCH_ONLY=processes runs that mode alone. */
const ONLY_PROCESSES = process.env.BENCH_ONLY === 'processes';
/** BENCH_ONLY=receipts runs the receipts against the bare loop alone. */
const ONLY_RECEIPTS = process.env.BENCH_ONLY === 'receipts';
/** BENCH_ONLY=pdf measures the invoice PDFs alone. */
const ONLY_PDF = process.env.BENCH_ONLY === 'pdf';
/** BENCH_ONLY=lag measures the status projection's lag alone. */
const ONLY_LAG = process.env.BENCH_ONLY === 'lag';
/** BENCH_ONLY=engine prices the engine's calls alone (`engine-costs.ts`). */
const ONLY_ENGINE = process.env.BENCH_ONLY === 'engine';
const PDF_SAMPLES = 25;

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * Write units as AWS prices a transaction: two per item per started KB. DynamoDB Local's own ConsumedCapacity
 * for transactions does not follow that rule, so both figures are printed.
 */
function awsWriteUnits(items: TransactItems): number {
  return items.reduce((sum, item) => sum + 2 * Math.max(1, Math.ceil((item.Put ? JSON.stringify(item.Put.Item).length : 64) / 1024)), 0);
}

/**
 * A posting's transaction as it was written, moved to fresh keys (`BENCH#…`, so that no stream reader's filter
 * matches it): every put with all its attributes (its list index keys among them), every update with its own
 * expression, every condition still evaluated (`attribute_not_exists(pk) OR (…)`, true on a fresh key). What the
 * engine does for the receipt's own writes, without its reads or the service around it.
 */
function asWrittenOnFreshKeys(items: TransactItems, run: string): TransactItems {
  const fresh = (index: number) => ({ pk: `BENCH#${run}#${index}`, sk: 'ITEM' });
  const condition = (expression: string | undefined) => (expression ? { ConditionExpression: `attribute_not_exists(pk) OR (${expression})` } : {});
  return items.map((item, index) => {
    if (item.Put) return { Put: { ...item.Put, Item: { ...item.Put.Item, ...fresh(index) }, ...condition(item.Put.ConditionExpression) } };
    if (item.Update) return { Update: { ...item.Update, Key: fresh(index), ...condition(item.Update.ConditionExpression) } };
    if (item.Delete) return { Delete: { ...item.Delete, Key: fresh(index), ...condition(item.Delete.ConditionExpression) } };
    return { ConditionCheck: { ...item.ConditionCheck!, Key: fresh(index), ...condition(item.ConditionCheck!.ConditionExpression) } };
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 100);
const WEBHOOK_EVENT_GAP_MS = 20;

/**
 * From an event's commit (its `created_at`, stamped inside the posting's transaction) to its arrival at a real
 * receiver on loopback: stream poll, publisher, bus, fan-out, delivery.
 */
/** Postings a second while the status projection's lag is measured, and how many. */
const LAG_RATE = Number(process.env.BENCH_LAG_RATE ?? 20);
const LAG_POSTINGS = Number(process.env.BENCH_LAG_POSTINGS ?? 200);

/**
 * The moment each status-projection marker commits, by record id, seen on the client the projector uses (it runs in
 * this process): watching its writes costs the engine nothing, where polling 20 or more markers at once loaded the
 * very engine whose lag it measured.
 */
const projectedMarkers = new Map<string, (version: number) => void>();

function watchProjectedMarkers(businessId: Id): void {
  const statusPk = projectionPk(businessId, 'STATUS');
  db().middlewareStack.add((next, context) => async (args) => {
    const result = await next(args);
    if (context.commandName === 'TransactWriteItemsCommand' && projectedMarkers.size > 0) {
      for (const entry of (args.input as { TransactItems: TransactItems }).TransactItems) {
        const item = entry.Put?.Item;
        if (item?.pk === statusPk && typeof item.sk === 'string' && item.sk.startsWith('@')) projectedMarkers.get(item.sk.slice(1))?.(Number(item.version));
      }
    }
    return result;
  }, { step: 'initialize', name: 'benchProjectedMarkers' });
}

/**
 * The audit chain's lag, watched the same way on the chainer's client (it runs in this process too): for each entry
 * the chainer places, the time from the entry's `at` (stamped in the posting's request, just before its commit) to
 * the commit of the chainer's transaction giving it its seq. Collected while `chainLags` is set.
 */
let chainLags: number[] | undefined;

function watchChainedEntries(businessId: Id): void {
  const auditPrefix = `BIZ#${businessId}#AUDIT#`;
  db().middlewareStack.add((next, context) => async (args) => {
    const result = await next(args);
    if (context.commandName === 'TransactWriteItemsCommand' && chainLags) {
      const now = Date.now();
      for (const entry of (args.input as { TransactItems: TransactItems }).TransactItems) {
        const key = entry.Update?.Key as { pk?: unknown; sk?: unknown } | undefined;
        if (typeof key?.pk === 'string' && key.pk.startsWith(auditPrefix) && typeof key.sk === 'string') chainLags.push(now - Date.parse(key.sk.split('#')[1]!));
      }
    }
    return result;
  }, { step: 'initialize', name: 'benchChainedEntries' });
}

/**
 * The status projection's lag at LAG_RATE postings a second: each receipt pays an invoice in full, and the time from
 * its 201 to the commit of the projector's transaction moving that invoice's marker to the paid version (the moment
 * `?status=Paid` lists it) is one sample.
 */
async function projectionLag(baseUrl: string, key: string, businessId: Id) {
  const call = (path: string, body: unknown) => createdId(baseUrl, key, path, body);
  const customer = await call('/api/v1/customers', { name: 'Lag customer' });
  const bank = await call('/api/v1/bank-feeds/accounts', { name: 'Lag bank', kind: 'bank' });
  const invoices: string[] = [];
  for (let index = 0; index < LAG_POSTINGS; index++) invoices.push(await call('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', lines: [{ description: 'Lag', quantity: 1, unit_price: 1 }] }));
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  watchProjectedMarkers(businessId);
  watchChainedEntries(businessId);
  chainLags = [];
  const lags: number[] = [];
  const started = performance.now();
  await Promise.all(
    invoices.map(async (invoice, index) => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (index * 1000) / LAG_RATE - performance.now())));
      // Watched before the receipt is sent: the projector may commit before its 201 is read here.
      let projectedAt: number | undefined;
      const projected = new Promise<void>((resolve) => projectedMarkers.set(invoice, (version) => {
        if (version < 2) return;
        projectedAt = performance.now();
        resolve();
      }));
      await call('/api/v1/receipts', { party_id: customer, date: '2026-11-02', payment_account_id: bank, allocations: [{ document_id: invoice, amount: 1 }] });
      const committed = performance.now();
      await projected;
      projectedMarkers.delete(invoice);
      lags.push(Math.max(0, projectedAt! - committed));
    }),
  );
  // The last receipts' entries are chained a moment after their markers: waited for, up to 10 s.
  for (const until = performance.now() + 10_000; chainLags.length < LAG_POSTINGS && performance.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 50));
  const chained = chainLags.sort((a, b) => a - b);
  chainLags = undefined;
  lags.sort((a, b) => a - b);
  return {
    count: lags.length,
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    max: lags.at(-1)!,
    chain: { count: chained.length, p50: percentile(chained, 50), p99: percentile(chained, 99), max: chained.at(-1) ?? 0 },
  };
}

/**
 * What drawing an invoice costs: the median and p99 answer time of GET /invoices/{id} (JSON) beside GET
 * /invoices/{id}/pdf for a 1-line and a 50-line invoice, one request at a time, and the PDFs' sizes.
 */
async function pdfLatency(baseUrl: string, key: string) {
  const post = (path: string, body: unknown) => createdId(baseUrl, key, path, body);
  const customer = await post('/api/v1/customers', { name: 'PDF customer', billing_address: { line1: '1 Bench Street', city: 'Leeds', country: 'GB' } });
  const lines = (count: number) => Array.from({ length: count }, (_, index) => ({ description: `Line ${index + 1}: consulting, café, Συμβουλευτική, Консалтинг`, quantity: 1 + (index % 3), unit_price: 99.5, tax_rate: 20 }));
  const [one, fifty] = [await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', lines: lines(1) }), await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', lines: lines(50) })];
  const measure = async (path: string) => {
    const times: number[] = [];
    let bytes = 0;
    for (let sample = 0; sample < PDF_SAMPLES + 3; sample++) {
      const begin = performance.now();
      const answer = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
      bytes = (await answer.arrayBuffer()).byteLength;
      // The first few warm the fonts' read and the modules, as a warm Lambda instance would have them.
      if (sample >= 3) times.push(performance.now() - begin);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), bytes };
  };
  return { json: await measure(`/api/v1/invoices/${fifty}`), one: await measure(`/api/v1/invoices/${one}/pdf`), fifty: await measure(`/api/v1/invoices/${fifty}/pdf`) };
}

function printPdfLatency(pdf: Awaited<ReturnType<typeof pdfLatency>>): void {
  console.log(`\nInvoice PDFs, one request at a time, ${PDF_SAMPLES} each (warm):`);
  for (const [label, row] of [['GET /invoices/{id} (50 lines, JSON)', pdf.json], ['GET /invoices/{id}/pdf, 1 line', pdf.one], ['GET /invoices/{id}/pdf, 50 lines', pdf.fifty]] as const) {
    console.log(`${label.padEnd(40)} p50 ${row.p50.toFixed(1).padStart(6)} ms   p99 ${row.p99.toFixed(1).padStart(6)} ms   ${(row.bytes / 1024).toFixed(1).padStart(6)} KB`);
  }
}

function printLag(lag: Awaited<ReturnType<typeof projectionLag>>): void {
  console.log(`\nReceipt 201 → listed under ?status=Paid (the status projection) at ${LAG_RATE} postings/s, ${lag.count} receipts: p50 ${lag.p50.toFixed(0)} ms, p99 ${lag.p99.toFixed(0)} ms, max ${lag.max.toFixed(0)} ms`);
  console.log(`Audit entry written → chained (seq and hash, through the FIFO queue) at ${LAG_RATE} postings/s, ${lag.chain.count} entries: p50 ${lag.chain.p50.toFixed(0)} ms, p99 ${lag.chain.p99.toFixed(0)} ms, max ${lag.chain.max.toFixed(0)} ms`);
}

async function commitToDelivery(baseUrl: string, key: string, gapMs = WEBHOOK_EVENT_GAP_MS, events = WEBHOOK_EVENTS) {
  const latencies: number[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      latencies.push(Date.now() - Date.parse((JSON.parse(Buffer.concat(chunks).toString()) as { created_at: string }).created_at));
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const { port } = receiver.address() as AddressInfo;
  const post = (path: string, body: unknown) => fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const endpoint = (await (await post('/api/v1/webhooks/endpoints', { url: `http://127.0.0.1:${port}/hook`, events: ['customer.created'] })).json()) as { data: { id: string } };
  // Paced by the clock, not by the answers, so that the rate holds however long each answer takes.
  const started = Date.now();
  const posts: Promise<unknown>[] = [];
  for (let index = 0; index < events; index++) {
    const due = started + index * gapMs;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    posts.push(post('/api/v1/customers', { name: `Latency ${index}` }));
  }
  await Promise.all(posts);
  const deadline = Date.now() + 30_000;
  while (latencies.length < events && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  // The next measurement subscribes an endpoint of its own.
  await fetch(`${baseUrl}/api/v1/webhooks/endpoints/${endpoint.data.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${key}` } });
  receiver.close();
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
}

interface InstanceCounts {
  readonly roundTrips: number;
  readonly lostRaces: number;
}

/** Starts one process serving the route table against the parent's engine (its environment), and learns its port. */
async function startInstance(): Promise<{ readonly child: ChildProcess; readonly baseUrl: string }> {
  const child = fork(join(import.meta.dirname, 'instance.ts'), { execArgv: ['--import', 'tsx'], env: process.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

const countsOf = (child: ChildProcess) =>
  new Promise<InstanceCounts>((resolve) => {
    child.once('message', (message: { counts: InstanceCounts }) => resolve(message.counts));
    child.send('counts');
  });

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledger-bench-'));
  const runtime = await startLocalRuntime({ port: 0, dataDir, memory: true, rateLimits: { api: 1_000_000, postings: 1_000_000 } });
  const key = runtime.credentials.businesses[0]!.api_key;
  // node:http rather than fetch: the client shares this process with the service it measures (`http-client.ts`).
  const call = (method: string, path: string, body?: unknown) => callJson<{ data: { id: string } }>(runtime.baseUrl, key, method, path, body);

  // The event pipeline runs in this process too: its fan-out reads each event's endpoints with a Query, which a
  // receipt never issues, so Queries are left out of the receipts' round trips.
  let roundTrips = 0;
  // Sequential round trips: calls that start while none of the request's others is in flight. Exact with one
  // client (one request at a time); with more, requests overlap and it says nothing, so it is printed for one.
  let sequential = 0;
  let inFlight = 0;
  // The projector and the audit chainer run in this process too, off the request path: their reads and writes (of
  // `#PROJ` items; the chain's head and links, `#AUDITCHAIN`, and the entries it reads back) are not the receipts',
  // nor are the bare loop's (of `BENCH#` items), which takes turns with them. A receipt writes its own entry, never reads one.
  const offPath = (command: string | undefined, input: unknown) => {
    const text = JSON.stringify(input);
    return /#PROJ|"BENCH#|#AUDITCHAIN/.test(text) || (command === 'BatchGetItemCommand' && text.includes('#AUDIT#'));
  };
  db().middlewareStack.add((next, context) => async (args) => {
    if (context.commandName === 'QueryCommand' || offPath(context.commandName, args.input)) return next(args);
    roundTrips++;
    if (inFlight === 0) sequential++;
    inFlight++;
    try {
      return await next(args);
    } finally {
      inFlight--;
    }
  }, { step: 'initialize', name: 'benchRoundTrips' });
  let writeUnits = 0;
  let modelUnits = 0;
  let lostRaces = 0;
  let captured: TransactItems | undefined;
  let transactionItems = 0;
  // A transaction that lost a race (a condition or another transaction in flight) is retried: each loss is counted.
  db().middlewareStack.add((next, context) => async (args) => {
    try {
      return await next(args);
    } catch (error) {
      if (context.commandName === 'TransactWriteItemsCommand' && (error as Error).name === 'TransactionCanceledException' && !offPath(context.commandName, args.input)) lostRaces++;
      throw error;
    }
  }, { step: 'initialize', name: 'benchLostRaces' });
  // Each posting's write units, as the engine reports them and as AWS would price them, read off the client.
  db().middlewareStack.add((next, context) => async (args) => {
    const result = await next(args);
    if (context.commandName === 'TransactWriteItemsCommand' && !offPath(context.commandName, args.input)) {
      const output = result.output as { ConsumedCapacity?: { CapacityUnits?: number }[] };
      writeUnits += (output.ConsumedCapacity ?? []).reduce((sum, capacity) => sum + (capacity.CapacityUnits ?? 0), 0);
      captured = (args.input as { TransactItems: TransactItems }).TransactItems;
      transactionItems += captured.length;
      modelUnits += awsWriteUnits(captured);
    }
    return result;
  }, { step: 'initialize', name: 'benchWriteUnits' });

  if (ONLY_PDF || ONLY_LAG || ONLY_ENGINE) {
    if (ONLY_PDF) printPdfLatency(await pdfLatency(runtime.baseUrl, runtime.credentials.businesses[1]!.api_key));
    else if (ONLY_ENGINE) await printEngineCosts(runtime.enginePid);
    else printLag(await projectionLag(runtime.baseUrl, runtime.credentials.businesses[1]!.api_key, runtime.credentials.businesses[1]!.id as Id));
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  // Measured first, before the receipts below fill the pipeline with their own events: quiet, then at 20 events/s.
  const latency = ONLY_PROCESSES || ONLY_RECEIPTS ? undefined : await commitToDelivery(runtime.baseUrl, runtime.credentials.businesses[1]!.api_key);
  const loaded = ONLY_PROCESSES || ONLY_RECEIPTS ? undefined : await commitToDelivery(runtime.baseUrl, runtime.credentials.businesses[1]!.api_key, 50, WEBHOOK_EVENTS * 2);
  const lag = ONLY_PROCESSES || ONLY_RECEIPTS ? undefined : await projectionLag(runtime.baseUrl, runtime.credentials.businesses[1]!.api_key, runtime.credentials.businesses[1]!.id as Id);
  const pdf = ONLY_PROCESSES || ONLY_RECEIPTS ? undefined : await pdfLatency(runtime.baseUrl, runtime.credentials.businesses[1]!.api_key);

  const customer = (await call('POST', '/api/v1/customers', { name: 'Bench customer' })).body.data.id;
  const bank = (await call('POST', '/api/v1/bank-feeds/accounts', { name: 'Bench bank', kind: 'bank' })).body.data.id;
  const invoice = async () => (await call('POST', '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', lines: [{ description: 'Bench', quantity: 1, unit_price: 1_000_000 }] })).body.data.id;
  // The foreign side: a EUR customer and bank account, invoices booked at 1.10 and receipts at the day's 1.15, found
  // in the recent rates the posting reads anyway.
  const euroCustomer = (await call('POST', '/api/v1/customers', { name: 'Bench Kunde', currency: 'EUR' })).body.data.id;
  const euroBank = (await call('POST', '/api/v1/bank-feeds/accounts', { name: 'Bench EUR bank', kind: 'bank', currency: 'EUR' })).body.data.id;
  await call('POST', '/api/v1/exchange-rates', { currency: 'EUR', date: '2026-11-01', rate: 1.1 });
  await call('POST', '/api/v1/exchange-rates', { currency: 'EUR', date: '2026-11-05', rate: 1.15 });
  const euroInvoice = async () => (await call('POST', '/api/v1/invoices', { customer_id: euroCustomer, invoice_date: '2026-11-01', lines: [{ description: 'Bench', quantity: 1, unit_price: 1_000_000 }] })).body.data.id;
  const sides = { USD: { customer, bank, invoice }, EUR: { customer: euroCustomer, bank: euroBank, invoice: euroInvoice } } as const;

  const postReceipt = (baseUrl: string, target: string) => callJson(baseUrl, key, 'POST', '/api/v1/receipts', { party_id: customer, date: '2026-11-05', payment_account_id: bank, allocations: [{ document_id: target, amount: 0.01 }] });

  const rows: string[] = [];
  const header = 'scenario                                 per s   p50 ms   p99 ms   round trips/receipt   engine WCU/receipt   AWS-model WCU/receipt   lost races/receipt';
  // Like Lambda: K processes, each serving one request of a caller to a route at a time, racing on the business's
  // receipt series through the one engine. Each client keeps to one process, as a connection would.
  const processRows: string[] = [];
  for (const processes of ONLY_RECEIPTS ? [] : PROCESSES) {
    const instances = await Promise.all(Array.from({ length: processes }, startInstance));
    const targets = await Promise.all(Array.from({ length: PROCESS_CLIENTS }, invoice));
    // Each instance serves one receipt before the clock starts, one after another: a cold start is not a race.
    for (const { baseUrl } of instances) await postReceipt(baseUrl, targets[0]!);
    /** Every client posts its receipts through its own instance until `receipts` are done. */
    const drive = async (receipts: number) => {
      const latencies: number[] = [];
      const failures: number[] = [];
      let remaining = receipts;
      await Promise.all(
        targets.map(async (target, client) => {
          const { baseUrl } = instances[client % processes]!;
          while (remaining-- > 0) {
            const begin = performance.now();
            const response = await postReceipt(baseUrl, target);
            latencies.push(performance.now() - begin);
            if (response.status !== 201) failures.push(response.status);
          }
        }),
      );
      return { latencies, failures };
    };
    // Then BENCH_WARMUP receipts off the clock, at full contention: the engine is still warming up in a row's first
    // seconds (a traced K = 1 row had every one of its slowest receipts start in its first 0.7 s, at half the later
    // rate; with 80 receipts of warm-up, K = 8 still ran at 13/s for 5 s and 20/s after). That is DynamoDB Local's
    // JVM, not the service, and it made the p99 a figure of the row's first seconds.
    await drive(WARMUP_RECEIPTS);
    await Promise.all(instances.map((instance) => countsOf(instance.child)));
    const started = performance.now();
    const { latencies, failures } = await drive(RECEIPTS_PER_SCENARIO);
    const seconds = (performance.now() - started) / 1000;
    const counts = await Promise.all(instances.map((instance) => countsOf(instance.child)));
    for (const instance of instances) instance.child.send('stop');
    latencies.sort((a, b) => a - b);
    const done = latencies.length;
    const sum = (pick: (count: InstanceCounts) => number) => counts.reduce((total, count) => total + pick(count), 0);
    processRows.push(
      `receipts  N=1  clients=${PROCESS_CLIENTS}  processes=${String(processes).padEnd(2)}   ${(done / seconds).toFixed(1).padStart(8)}   ${percentile(latencies, 50).toFixed(1).padStart(6)}   ${percentile(latencies, 99).toFixed(1).padStart(6)}   ${(sum((count) => count.roundTrips) / done).toFixed(2).padStart(19)}   ${(sum((count) => count.lostRaces) / done).toFixed(2).padStart(19)}${failures.length ? `   (${failures.length} failed: ${[...new Set(failures)].join(', ')})` : ''}`,
    );
    console.log(processRows.at(-1));
  }

  let warmedUp = false;
  for (const allocations of ONLY_PROCESSES ? [] : ALLOCATIONS) {
    for (const clients of CONCURRENCY) {
    for (const currency of CURRENCIES) {
      const side = sides[currency];
      const targets: string[][] = [];
      for (let client = 0; client < clients; client++) targets.push(await Promise.all(Array.from({ length: allocations }, side.invoice)));
      roundTrips = 0;
      sequential = 0;
      transactionItems = 0;
      writeUnits = 0;
      modelUnits = 0;
      lostRaces = 0;
      const latencies: number[] = [];
      const failures: number[] = [];
      /** Posts `count` receipts from `clients` clients; the seconds it took. */
      const receiptsBlock = async (count: number) => {
        let remaining = count;
        const started = performance.now();
        await Promise.all(
          targets.map(async (mine) => {
            while (remaining-- > 0) {
              const begin = performance.now();
              const answer = await call('POST', '/api/v1/receipts', { party_id: side.customer, date: '2026-11-05', payment_account_id: side.bank, allocations: mine.map((id) => ({ document_id: id, amount: 0.01 })) });
              latencies.push(performance.now() - begin);
              if (answer.status !== 201) failures.push(answer.status);
            }
          }),
        );
        return (performance.now() - started) / 1000;
      };

      // The ceiling: the same transaction shape, as bare puts on fresh keys, at the same concurrency.
      // Each captured write's size: a put's whole item; an update (a counter) as a small item.
      const shapeOf = () => (captured ?? []).map((item) => ({ size: item.Put ? JSON.stringify(item.Put.Item).length : 64 }));
      const items0 = (entries: ReturnType<typeof shapeOf>): TransactItems => entries.map((entry) => ({ Put: { TableName: tableName(), Item: { payload: 'x'.repeat(Math.max(0, entry.size - 2)) } } }));
      const plainPuts = (shape: ReturnType<typeof shapeOf>) => (run: string): TransactItems =>
        shape.map((entry, index) => ({ Put: { TableName: tableName(), Item: { pk: `BENCH#${run}#${index}`, sk: 'ITEM', payload: 'x'.repeat(Math.max(0, entry.size - 40)) } } }));
      /** Runs `count` transactions made by `make` from `clients` clients; the seconds it took. */
      const bareLoop = (latencyList: number[], units: { total: number }) => async (count: number, make: (run: string) => TransactItems) => {
        let bareRemaining = count;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: clients }, async (_, client) => {
            while (bareRemaining-- > 0) {
              const items = make(`${client}-${bareRemaining}-${Math.random()}`);
              const begin = performance.now();
              const result = await db().send(new TransactWriteCommand({ TransactItems: items, ReturnConsumedCapacity: 'TOTAL' }));
              latencyList.push(performance.now() - begin);
              units.total += (result.ConsumedCapacity ?? []).reduce((sum, capacity) => sum + (capacity.CapacityUnits ?? 0), 0);
            }
          }),
        );
        return (performance.now() - started) / 1000;
      };
      const bareLatencies: number[] = [];
      const bareUnits = { total: 0 };
      const bareBlock = bareLoop(bareLatencies, bareUnits);
      const writtenLatencies: number[] = [];
      const writtenUnits = { total: 0 };
      const writtenBlock = bareLoop(writtenLatencies, writtenUnits);

      // Receipts, the bare loop and the receipts' own transactions as written take turns, ROUNDS times, so that all
      // meet the same moments of a noisy machine (and of the engine's warm-up); each round's ratio is printed beside
      // the whole run's.
      let seconds = 0;
      let bareSeconds = 0;
      let writtenSeconds = 0;
      const roundRatios: number[] = [];
      const writtenRatios: number[] = [];
      const perRound = Math.max(1, Math.round(RECEIPTS_PER_SCENARIO / ROUNDS));
      // Before the run's first receipts row, a turn of each off the clock: the engine's JVM is still compiling the
      // paths it serves for a while, and the receipts, going first in each round, paid that warm-up for the loops after
      // them too (run alone, the first of three rounds read 0.25–0.29 of bare where the later ones read 0.40–0.48).
      // In a whole run the separate-processes rows have warmed it already.
      if (!warmedUp && WARMUP_RECEIPTS > 0) {
        warmedUp = true;
        await receiptsBlock(WARMUP_RECEIPTS);
        await bareBlock(WARMUP_RECEIPTS, plainPuts(shapeOf()));
        await writtenBlock(WARMUP_RECEIPTS, (run) => asWrittenOnFreshKeys(captured ?? [], run));
        for (const list of [latencies, failures, bareLatencies, writtenLatencies]) list.length = 0;
        roundTrips = sequential = transactionItems = writeUnits = modelUnits = lostRaces = 0;
        bareUnits.total = writtenUnits.total = 0;
      }
      const receiptsCpu = new CpuShare(runtime.enginePid);
      const bareCpu = new CpuShare(runtime.enginePid);
      const writtenCpu = new CpuShare(runtime.enginePid);
      for (let round = 0; round < ROUNDS; round++) {
        const receiptSeconds = await receiptsCpu.measure(perRound, () => receiptsBlock(perRound));
        const barePart = await bareCpu.measure(perRound, () => bareBlock(perRound, plainPuts(shapeOf())));
        const template = captured ?? [];
        const writtenPart = await writtenCpu.measure(perRound, () => writtenBlock(perRound, (run) => asWrittenOnFreshKeys(template, run)));
        seconds += receiptSeconds;
        bareSeconds += barePart;
        writtenSeconds += writtenPart;
        roundRatios.push(barePart / receiptSeconds);
        writtenRatios.push(writtenPart / receiptSeconds);
      }
      const shape = shapeOf();
      latencies.sort((a, b) => a - b);
      bareLatencies.sort((a, b) => a - b);
      const done = latencies.length;
      rows.push(
        `receipts ${currency} N=${allocations}  clients=${String(clients).padEnd(2)}  ${(transactionItems / done).toFixed(1).padStart(4)} items/tx  ${clients === 1 ? `${(sequential / done).toFixed(2)} seq` : '        '}  ${(done / seconds).toFixed(1).padStart(8)}   ${percentile(latencies, 50).toFixed(1).padStart(6)}   ${percentile(latencies, 99).toFixed(1).padStart(6)}   ${(roundTrips / done).toFixed(2).padStart(19)}   ${(writeUnits / done).toFixed(1).padStart(19)}   ${(modelUnits / done).toFixed(1).padStart(21)}${(lostRaces / done).toFixed(2).padStart(21)}${failures.length ? `   (${failures.length} failed: ${[...new Set(failures)].join(', ')})` : ''}`,
      );
      console.log(rows.at(-1));
      writtenLatencies.sort((a, b) => a - b);
      rows.push(
        `bare TWI  N=${allocations}  clients=${String(clients).padEnd(2)}  (${String(shape.length).padStart(2)} items)         ${(bareLatencies.length / bareSeconds).toFixed(1).padStart(8)}   ${percentile(bareLatencies, 50).toFixed(1).padStart(6)}   ${percentile(bareLatencies, 99).toFixed(1).padStart(6)}   ${(1).toFixed(2).padStart(19)}   ${(bareUnits.total / bareLatencies.length).toFixed(1).padStart(19)}   ${awsWriteUnits(items0(shape)).toFixed(1).padStart(21)}`,
      );
      console.log(rows.at(-1));
      rows.push(
        `as written N=${allocations} clients=${String(clients).padEnd(2)}  (${String(shape.length).padStart(2)} items)         ${(writtenLatencies.length / writtenSeconds).toFixed(1).padStart(8)}   ${percentile(writtenLatencies, 50).toFixed(1).padStart(6)}   ${percentile(writtenLatencies, 99).toFixed(1).padStart(6)}   ${(1).toFixed(2).padStart(19)}   ${(writtenUnits.total / writtenLatencies.length).toFixed(1).padStart(19)}`,
      );
      console.log(rows.at(-1));
      rows.push(`  receipts/s ÷ bare/s = ${(bareSeconds / seconds).toFixed(2)} (rounds: ${roundRatios.map((ratio) => ratio.toFixed(2)).join(', ')})`);
      console.log(rows.at(-1));
      rows.push(`  receipts/s ÷ as written/s = ${(writtenSeconds / seconds).toFixed(2)} (rounds: ${writtenRatios.map((ratio) => ratio.toFixed(2)).join(', ')})`);
      console.log(rows.at(-1));
      rows.push(`  CPU per receipt: ${receiptsCpu.perUnit()}; per bare TWI: ${bareCpu.perUnit()}; per as written: ${writtenCpu.perUnit()}`);
      console.log(rows.at(-1));
    }
    }
  }

  // Two series posting at once: invoices and receipts of one business on one day. They share no number series;
  // what they do share (the business's day and month totals, where there are any) shows as lost races.
  for (const clients of ONLY_PROCESSES || ONLY_RECEIPTS ? [] : CONCURRENCY.filter((count) => count > 1)) {
    const targets = await Promise.all(Array.from({ length: clients / 2 }, invoice));
    const latencies: number[] = [];
    lostRaces = 0;
    let remaining = RECEIPTS_PER_SCENARIO;
    const failures: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        while (remaining-- > 0) {
          const begin = performance.now();
          const answer = client % 2 === 0
            ? await call('POST', '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-05', lines: [{ description: 'Mixed', quantity: 1, unit_price: 10 }] })
            : await call('POST', '/api/v1/receipts', { party_id: customer, date: '2026-11-05', payment_account_id: bank, allocations: [{ document_id: targets[(client - 1) / 2]!, amount: 0.01 }] });
          latencies.push(performance.now() - begin);
          if (answer.status !== 201) failures.push(answer.status);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    rows.push(`mixed invoices+receipts  clients=${String(clients).padEnd(2)}  ${(latencies.length / seconds).toFixed(1).padStart(8)}   ${percentile(latencies, 50).toFixed(1).padStart(6)}   ${percentile(latencies, 99).toFixed(1).padStart(6)}   ${'lost races/posting'.padStart(19)}   ${(lostRaces / latencies.length).toFixed(2).padStart(19)}${failures.length ? `   (${failures.length} failed: ${[...new Set(failures)].join(', ')})` : ''}`);
    console.log(rows.at(-1));
  }

  console.log(`\nReceipts against the local runtime (DynamoDB Local in memory), ${RECEIPTS_PER_SCENARIO} receipts per scenario\n`);
  console.log(header);
  for (const row of rows) console.log(row);

  // The AWS model prices each update as a small item; the day and month totals every posting updates grow with
  // the accounts and lists in use, so their real sizes are printed for the reader to price.
  const totals = await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': periodTotalsPk(runtime.credentials.businesses[0]!.id as Id) } }));
  for (const item of totals.Items ?? []) {
    const size = JSON.stringify(item).length;
    console.log(`period total ${String(item.sk)}: about ${size} bytes (${Math.ceil(size / 1024)} write unit${size > 1024 ? 's' : ''} per write outside a transaction, twice that inside one)`);
  }

  console.log(`\nSeparate processes (each like one Lambda instance) against one engine, ${RECEIPTS_PER_SCENARIO} receipts each\n`);
  console.log('scenario                                 per s   p50 ms   p99 ms   round trips/receipt   lost races/receipt');
  for (const row of processRows) console.log(row);

  if (pdf) printPdfLatency(pdf);
  if (lag) printLag(lag);
  if (latency && loaded) {
  console.log(`\nCommit → first webhook delivery (${latency.count} events, one every ${WEBHOOK_EVENT_GAP_MS} ms, on a quiet pipeline): p50 ${latency.p50.toFixed(0)} ms, p99 ${latency.p99.toFixed(0)} ms, max ${latency.max.toFixed(0)} ms`);
  console.log(`Commit → first webhook delivery at 20 events/s (${loaded.count} events): p50 ${loaded.p50.toFixed(0)} ms, p99 ${loaded.p99.toFixed(0)} ms, max ${loaded.max.toFixed(0)} ms`);
  }
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
