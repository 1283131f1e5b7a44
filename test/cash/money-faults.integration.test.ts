import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime.ts';
import { db } from '../../shared/platform/db/client.ts';
import { setRateLimits } from '../../shared/access/businesses/rate-limits.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

/**
 * This file runs a runtime of its own inside the test process, so that it can reach the one seam the handlers
 * share with every AWS SDK user: the DynamoDB client's middleware stack. Faults are injected there, on the
 * posting's TransactWriteItems, never through hooks in production code.
 */
let runtime: LocalRuntime;
let dataDir: string;
const sent: string[] = [];
/** The number of items of each TransactWriteItems that wrote a receipt (`RCT-`), in order: not the audit chainer's. */
const transactionSizes: number[] = [];
/** Each call's command and the partitions it names, for the tests that say what one round trip read. */
const sentWith: { command: string; partitions: string[] }[] = [];
/** What to do around the next posting that writes an idempotency record: wait before it, or fail after it. */
let aroundPosting: { before?: () => Promise<void>; after?: () => void } = {};
const writesIdempotencyRecord = (input: unknown) => JSON.stringify(input).includes('"IDEM"');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ledger-faults-'));
  runtime = await startLocalRuntime({ port: 0, dataDir, memory: true, rateLimits: { api: 1_000_000, postings: 1_000_000 } });
  db().middlewareStack.add(
    (next, context) => async (args) => {
      // The projector runs in this process too, on its own schedule: its reads and writes of the read models
      // (`…#PROJ…` partitions, which no request touches) are not a request's round trips.
      if (!JSON.stringify(args.input).includes('#PROJ')) {
        sent.push(String(context.commandName));
        if (context.commandName === 'TransactWriteItemsCommand' && JSON.stringify(args.input).includes('"RCT-')) transactionSizes.push((args.input as { TransactItems: unknown[] }).TransactItems.length);
        sentWith.push({ command: String(context.commandName), partitions: [...JSON.stringify(args.input).matchAll(/"pk":"([A-Z]+)#/g)].map((match) => match[1]!) });
      }
      return next(args);
    },
    { step: 'initialize', name: 'countRoundTrips' },
  );
  db().middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'TransactWriteItemsCommand' || !writesIdempotencyRecord(args.input)) return next(args);
      const { before, after } = aroundPosting;
      await before?.();
      const result = await next(args);
      after?.();
      return result;
    },
    { step: 'initialize', name: 'injectPostingFaults' },
  );
}, 60_000);

afterAll(async () => {
  aroundPosting = {};
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const key = runtime.credentials.businesses[0]!.api_key;
  const response = await fetch(`${runtime.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function setUp() {
  const customer = (await call('POST', '/api/v1/customers', { name: 'Customer' })).body.data.id;
  const bank = (await call('POST', '/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' })).body.data.id;
  const invoices: string[] = [];
  for (let index = 0; index < 3; index++) {
    invoices.push((await call('POST', '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', lines: [{ description: 'x', quantity: 1, unit_price: 100 }] })).body.data.id);
  }
  return { customer, bank, invoices };
}

/**
 * Before a request's commands are counted: the quota counted one by one again, the event pipeline (in this process
 * too) done with what came before, and the key in this instance's credential cache (5 s).
 */
async function readyToCount() {
  // A busy instance counts a business's quota ahead (`quota-lease.ts`): units left from this file's earlier bursts
  // would serve the receipt without the count this test watches. Setting the quotas (back to the defaults this
  // business already has) drops what the instance held, so the next requests are counted one by one.
  await setRateLimits(runtime.credentials.businesses[0]!.id as Id, null);
  // The pipeline's reads would be counted with the request's: wait until it has sent nothing for a second (a fixed
  // second was once too short on a loaded machine, and a projector's GetItem landed among the receipt's).
  for (let seen = -1, waited = 0; seen !== sent.length && waited < 20; waited++) {
    seen = sent.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  expect((await call('GET', '/api/v1/customers?page_size=1', undefined)).status).toBe(200);
  sent.length = 0;
}

describe('receipts under faults', () => {
  it('a crash after the commit and before the answer leaves a record that the retry with the same key replays', async () => {
    const { customer, bank, invoices } = await setUp();
    const body = { party_id: customer, date: '2026-11-05', payment_account_id: bank, allocations: [{ document_id: invoices[0], amount: 25 }] };
    aroundPosting = {
      after: () => {
        throw new Error('simulated crash after commit');
      },
    };
    const crashed = await call('POST', '/api/v1/receipts', body, { 'idempotency-key': 'crash-1' });
    aroundPosting = {};
    expect(crashed.status).toBe(500);
    expect(JSON.stringify(crashed.body)).not.toContain('simulated');

    const retried = await call('POST', '/api/v1/receipts', body, { 'idempotency-key': 'crash-1' });
    expect(retried.status).toBe(201);
    const receipts = (await call('GET', '/api/v1/receipts')).body.data;
    expect(receipts.pagination.total_count).toBe(1);
    expect(receipts.items[0].id).toBe(retried.body.data.id);
    expect((await call('GET', `/api/v1/invoices/${invoices[0]}`)).body.data).toMatchObject({ amount_paid: 25, balance_due: 75 });
  });

  it('answers 409 to the same Idempotency-Key while the first request is still in flight, then replays it', async () => {
    const { customer, bank, invoices } = await setUp();
    const body = { party_id: customer, date: '2026-11-05', payment_account_id: bank, allocations: [{ document_id: invoices[1], amount: 5 }] };
    let entered!: () => void;
    let release!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    aroundPosting = {
      before: async () => {
        entered();
        await gate;
      },
    };
    const first = call('POST', '/api/v1/receipts', body, { 'idempotency-key': 'slow-1' });
    await inside;
    aroundPosting = {};
    const second = await call('POST', '/api/v1/receipts', body, { 'idempotency-key': 'slow-1' });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('conflict');
    release();
    const committed = await first;
    expect(committed.status).toBe(201);
    const third = await call('POST', '/api/v1/receipts', body, { 'idempotency-key': 'slow-1' });
    expect(third.status).toBe(201);
    expect(third.body.data.id).toBe(committed.body.data.id);
  });

  it('posts a receipt with 3 allocations in 2 sequential DynamoDB round trips: its read beside its quota count, then its transaction', async () => {
    const { customer, bank, invoices } = await setUp();
    await readyToCount();
    const answer = await call('POST', '/api/v1/receipts', { party_id: customer, date: '2026-11-05', payment_account_id: bank, allocations: invoices.map((id) => ({ document_id: id, amount: 10 })) }, { 'idempotency-key': 'count-1' });
    expect(answer.status).toBe(201);
    // No credential read (cached for at most 5 s); the rate-limit count (UpdateItem) and the posting's read
    // (BatchGetItem) sent together, then the one TransactWriteItems, which waited for the count's verdict.
    // A receipt never queries nor batch-writes; a Query here is the pipeline's fan-out reading endpoints for an
    // event, a BatchWriteItem the general ledger's projector writing the lines of an earlier posting.
    const request = sent.filter((command) => command !== 'QueryCommand' && command !== 'BatchWriteItemCommand');
    expect([...request.slice(0, 2)].sort()).toEqual(['BatchGetItemCommand', 'UpdateItemCommand']);
    expect(request.slice(2)).toEqual(['TransactWriteItemsCommand']);
  });
});

describe('a receipt holding more than it allocates', () => {
  it('takes the same 2 sequential round trips as one that does not; its transaction carries 6 items more: the overpayment, its open marker, its event, its type\'s count and the party\'s day and year counts', async () => {
    const { customer, bank, invoices } = await setUp();
    const measured = async (body: Record<string, unknown>) => {
      await readyToCount();
      transactionSizes.length = 0;
      const answer = await call('POST', '/api/v1/receipts', { party_id: customer, date: '2026-11-05', payment_account_id: bank, allocations: [{ document_id: invoices[2], amount: 10 }], ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const request = sent.filter((command) => command !== 'QueryCommand' && command !== 'BatchWriteItemCommand');
      expect([...request.slice(0, 2)].sort()).toEqual(['BatchGetItemCommand', 'UpdateItemCommand']);
      expect(request.slice(2)).toEqual(['TransactWriteItemsCommand']);
      return transactionSizes[0]!;
    };
    const exact = await measured({});
    const overpaying = await measured({ amount: 15 });
    // 14 and 20 when measured (docs/document-lifecycle.md).
    expect(overpaying - exact).toBe(6);
  });
});

describe('round trips of a deep page', () => {
  it('reaches the last page of names sharing a long prefix in a few reads of the rank tree, not one per shared character', async () => {
    // 130 customers named `Deep customer 000001`…: 19 shared characters, then 3 digits that differ.
    for (let index = 1; index <= 130; index++) expect((await call('POST', '/api/v1/customers', { name: `Deep customer ${String(index).padStart(6, '0')}` })).status).toBe(201);
    const first = await call('GET', '/api/v1/customers?page_size=25&page=1');
    expect(first.status).toBe(200);
    const total = first.body.data.pagination.total_count as number;
    const last = Math.ceil(total / 25);
    sent.length = 0;
    const answer = await call('GET', `/api/v1/customers?page_size=25&page=${last}`);
    expect(answer.status).toBe(200);
    const names = (answer.body.data.items as { name: string }[]).map((customer) => customer.name);
    expect(names.at(-1)).toBe('Deep customer 000130');
    // The rate count, the list's counter, a Query per level the walk leaves the leftmost path (about one per differing
    // digit), the walk of the slack and the page: without reading ahead it was a Query per shared character (over 20).
    const queries = sent.filter((command) => command === 'QueryCommand').length;
    expect(queries).toBeLessThanOrEqual(8);
  });
});


describe('round trips of a dashboard page', () => {
  it("reads the session, its user, the picked business's membership and the business in one BatchGetItem before the page's own reads", async () => {
    const jar = new Map<string, string>();
    const browse = async (method: 'GET' | 'POST', path: string, form?: Record<string, string>) => {
      const response = await fetch(`${runtime.baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        jar.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
      }
      return { status: response.status, text: await response.text() };
    };
    const hidden = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name!, value!.replace(/&amp;/g, '&')]));
    const signIn = await browse('GET', '/oauth/sign-in?return_to=%2Fdashboard');
    const { user, businesses } = runtime.credentials;
    expect((await browse('POST', '/oauth/sign-in', { ...hidden(signIn.text), email: user.email, password: user.password })).status).toBe(303);
    const picker = await browse('GET', '/dashboard/businesses');
    expect((await browse('POST', '/dashboard/business', { ...hidden(picker.text), business_id: businesses[1]!.id })).status).toBe(303);
    sentWith.length = 0;
    const page = await browse('GET', '/dashboard/customers');
    expect(page.status).toBe(200);
    expect(page.text).toContain(businesses[1]!.name);
    const [first, ...rest] = sentWith.filter((call) => !call.partitions.every((partition) => partition === 'EVT'));
    expect(first?.command).toBe('BatchGetItemCommand');
    // The session, its user, the membership (in the user's partition) and the business.
    expect([...first!.partitions].sort()).toEqual(['BIZ', 'SESSION', 'USER', 'USER']);
    // Nothing of the session, the user or the membership is read again after it.
    expect(rest.filter((call) => call.partitions.some((partition) => partition === 'SESSION' || partition === 'USER'))).toEqual([]);
  });
});
