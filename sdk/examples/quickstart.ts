/**
 * The SDK end to end, as an integrator's first program: create a customer and an invoice, record a receipt with an
 * Idempotency-Key (sent twice: one receipt), receive and verify a webhook, and catch up from the events feed.
 *
 *   npm start                      # in another terminal
 *   npx tsx sdk/examples/quickstart.ts
 *
 * It reads the seeded API key from `dev-credentials.json` under DATA_DIR (default `.data`). The tests run
 * `quickstart` against the local runtime.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { createLedgerClient, type LedgerClient } from '../src/index.ts';

/** The answer's data, or the error shape thrown: the example stops at the first refusal. */
function dataOf<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new Error(`${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data.data;
}

/** A webhook receiver on loopback (the local runtime accepts http there) that verifies each delivery. */
async function verifyingReceiver() {
  let secret = '';
  const verified: { type: string; id: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // Standard Webhooks: throws unless the signature, id and timestamp check out.
      const event = new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>) as { type: string; id: string };
      verified.push(event);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    useSecret: (value: string) => void (secret = value),
    verified,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((done) => setTimeout(done, 200))) if (await check()) return;
  throw new Error(`timed out waiting for ${what}`);
};

export async function quickstart(options: { baseUrl: string; token: string; log?: (line: string) => void }) {
  const log = options.log ?? console.log;
  const ledger: LedgerClient = createLedgerClient(options);
  const receiver = await verifyingReceiver();
  try {
    const endpoint = dataOf(await ledger.POST('/api/v1/webhooks/endpoints', { body: { url: receiver.url, events: ['receipt.created'] } }));
    receiver.useSecret(endpoint.secret);

    const customer = dataOf(await ledger.POST('/api/v1/customers', { body: { name: 'Ada Lovelace Ltd', email: 'ada@example.com' } }));
    const invoice = dataOf(await ledger.POST('/api/v1/invoices', { body: { customer_id: customer.id, invoice_date: '2026-11-01', due_date: '2026-12-01', lines: [{ description: 'Analytical engine programming', quantity: 3, unit_price: 120 }] } }));
    const bank = dataOf(await ledger.POST('/api/v1/bank-feeds/accounts', { body: { name: 'Operating account', kind: 'bank' } }));
    log(`invoice ${invoice.no}: ${invoice.total} ${invoice.currency} due`);

    // The same key twice (a retry after a timeout, say): one receipt, the same answer.
    const idempotencyKey = randomUUID();
    const receipt = { party_id: customer.id, date: '2026-11-20', payment_account_id: bank.id, allocations: [{ document_id: invoice.id, amount: invoice.total }] };
    const first = dataOf(await ledger.POST('/api/v1/receipts', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: receipt }));
    const again = dataOf(await ledger.POST('/api/v1/receipts', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: receipt }));
    log(`receipt ${first.no} recorded (retried: ${again.id === first.id ? 'same receipt' : 'a second receipt!'})`);

    await until(() => receiver.verified.some((event) => event.type === 'receipt.created'), 'the receipt.created webhook');
    log(`webhook verified: ${receiver.verified.map((event) => event.type).join(', ')}`);

    // Catching up from the feed: every event since the start, oldest first, each as its webhook carried it.
    const seen: { id: string; type: string }[] = [];
    let after: string | undefined;
    await until(async () => {
      const page = dataOf(await ledger.GET('/api/v1/events', { params: { query: { limit: '100', ...(after ? { after } : {}) } } }));
      seen.push(...page.items);
      after = page.next_cursor ?? after;
      return seen.some((event) => event.type === 'receipt.created');
    }, 'receipt.created in the events feed');
    log(`events feed: ${seen.map((event) => event.type).join(', ')}`);

    const paid = dataOf(await ledger.GET('/api/v1/invoices/{id}', { params: { path: { id: invoice.id } } }));
    log(`invoice ${paid.no} is ${paid.status}`);
    return { invoice: paid, receipts: [first.id, again.id], webhooks: receiver.verified, feed: seen };
  } finally {
    await receiver.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const credentials = JSON.parse(readFileSync(resolve(process.env.DATA_DIR ?? '.data', 'dev-credentials.json'), 'utf8')) as { base_url: string; businesses: { api_key: string }[] };
  await quickstart({ baseUrl: credentials.base_url, token: credentials.businesses[0]!.api_key });
}
