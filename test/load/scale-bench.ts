/**
 * `npm run bench:scale`: what a read costs as one business's books grow.
 *
 * Grows one business on the local runtime (DynamoDB Local in memory) to N = 1,000, 5,000 and 20,000 customers
 * and invoices (20 a day, every tenth to one customer; all but the last ten days' invoices paid by receipts of 25
 * allocations, so the journal holds about N + N/25 entries), and at each N measures every request of the table:
 * DynamoDB calls, sequential round trips (calls made side by side count once) and items read (counted by SDK
 * middleware on the runtime's client: ScannedCount for a Query, the items returned for a GetItem or BatchGetItem),
 * and the median latency of 5 calls. The dashboard's pages are measured the same way, signed in as the seeded user. A request the service
 * does not have (on an older checkout) prints as "—". BENCH_SCALE=1000,5000 picks other sizes; BENCH_ONLY=reports the reports alone; BENCH_ONLY=customers
 * measures the customers' pages alone.
 *
 * The bank account gets N statement lines too, through queued imports (one line a invoice, of an invoice's amount,
 * every tenth excluded), for the reconciliation reads: lines by status, a line's suggestions, the summary.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pLimit from 'p-limit';
import { startLocalRuntime } from '../../infra/local/runtime.ts';
import { db } from '../../shared/platform/db/client.ts';
import { recordCallSpans } from './round-trip-chain.ts';

// 20k invoices need more than the engine's default heap bound (2g).
process.env.DYNAMODB_HEAP ??= '4g';
const SIZES = (process.env.BENCH_SCALE ?? '1000,5000,20000').split(',').map(Number);
/** The invoices' tax: three standard rates and the zero rate, so the tax return has rates to total. */
const TAX_PERCENTS = [20, 5, 0, 7.5] as const;
const PER_DAY = 20;
const DEPARTMENTS = 10;
const OPEN_DAYS = 10;
const REPEATS = 5;
/** BENCH_ONLY=customers grows the customers alone and measures their pages (minutes instead of half an hour at 20k). */
const CUSTOMERS_ONLY = process.env.BENCH_ONLY === 'customers';
/**
 * BENCH_ONLY=reports grows the invoices and their receipts alone (51 customers, no bank lines) and measures the
 * reports, which are bounded by months and rates, not by what else the business holds: 20k in a session's time.
 */
const REPORTS_ONLY = process.env.BENCH_ONLY === 'reports';

let roundTrips = 0;
let itemsRead = 0;

function countReads(): void {
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      roundTrips++;
      const output = result.output as { ScannedCount?: number; Item?: unknown; Responses?: Record<string, unknown[]> };
      if (context.commandName === 'QueryCommand' || context.commandName === 'ScanCommand') itemsRead += output.ScannedCount ?? 0;
      else if (context.commandName === 'GetCommand' || context.commandName === 'GetItemCommand') itemsRead += output.Item ? 1 : 0;
      else if (context.commandName === 'BatchGetCommand' || context.commandName === 'BatchGetItemCommand') itemsRead += Object.values(output.Responses ?? {}).reduce((sum, items) => sum + items.length, 0);
      return result;
    },
    { step: 'initialize', name: 'scaleBenchReads' },
  );
}

/** Waits until the event pipeline has worked off the seed's events: no DynamoDB call for a second. */
async function settle(): Promise<void> {
  for (let last = -1; last !== roundTrips; ) {
    last = roundTrips;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

const dayOf = (index: number) => new Date(Date.UTC(2024, 0, 1) + Math.floor(index / PER_DAY) * 86_400_000).toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledger-scale-'));
  const runtime = await startLocalRuntime({ port: 0, dataDir, memory: true, rateLimits: { api: 1_000_000, postings: 1_000_000 } });
  countReads();
  const key = runtime.credentials.businesses[0]!.api_key;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${runtime.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    // A create answers 201, a void 200: anything else stops the run.
    if (method === 'POST' && response.status !== (path.endsWith('/void') ? 200 : 201)) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { status: response.status, body: JSON.parse(text) as { data: any } };
  };
  const limit = pLimit(8);
  const spans = recordCallSpans(db().middlewareStack);

  const bank = (await call('POST', '/api/v1/bank-feeds/accounts', { name: 'Scale bank', kind: 'bank', opening_balance_date: '2024-01-01' })).body.data.id as string;
  // Tracking (issue 50): ten departments, each invoice's line in one of them but every tenth unassigned.
  const department = (await call('POST', '/api/v1/tracking-categories', { name: 'Department', options: Array.from({ length: DEPARTMENTS }, (_, index) => ({ name: `Department ${index + 1}` })) })).body.data as { id: string; options: { id: string }[] };
  const trackingOf = (index: number) => (index % 10 === 9 ? {} : { tracking: [{ category_id: department.id, option_id: department.options[index % DEPARTMENTS]!.id }] });
  const customers: string[] = [];
  const invoices: { id: string; customer: number; date: string }[] = [];
  let paidUpTo = 0;
  let paid = 0;
  const voidedIds = new Set<string>();
  let lines = 0;
  const rows: string[] = [];
  const printRow = (row: string) => {
    rows.push(row);
    console.log(row);
  };
  printRow(`${'request'.padEnd(52)}${'N'.padStart(7)}${'calls'.padStart(7)}${'sequential'.padStart(12)}${'items read'.padStart(12)}${'median ms'.padStart(11)}`);

  for (const size of SIZES) {
    const started = performance.now();
    await Promise.all(Array.from({ length: Math.max(0, (REPORTS_ONLY ? Math.min(size, 51) : size) - customers.length) }, (_, offset) => limit(async () => {
      const index = customers.length + offset;
      return { index, id: (await call('POST', '/api/v1/customers', { name: `Customer ${String(index).padStart(6, '0')}` })).body.data.id as string };
    }))).then((made) => made.sort((a, b) => a.index - b.index).forEach((made) => customers.push(made.id)));
    const newInvoices = CUSTOMERS_ONLY ? [] : Array.from({ length: size - invoices.length }, (_, offset) => invoices.length + offset);
    await Promise.all(newInvoices.map((index) => limit(async () => {
      const customer = index % 10 === 0 ? 0 : 1 + (index % 50);
      const date = dayOf(index);
      const id = (await call('POST', '/api/v1/invoices', { customer_id: customers[customer], invoice_date: date, due_date: plusDays(date, 30), lines: [{ description: 'Service', quantity: 1, unit_price: 100 + (index % 7), tax_rate: TAX_PERCENTS[index % TAX_PERCENTS.length], ...trackingOf(index) }] })).body.data.id as string;
      invoices[index] = { id, customer, date };
    })));
    // Pays what is older than the last OPEN_DAYS days, per customer, 25 invoices to a receipt.
    const cutoff = plusDays(dayOf(size - 1), -OPEN_DAYS);
    const due = invoices.slice(paidUpTo).filter((invoice) => invoice.date <= cutoff);
    paidUpTo += due.length;
    const toPay = due.filter((invoice) => !voidedIds.has(invoice.id));
    paid += toPay.length;
    const byCustomer = new Map<number, typeof toPay>();
    for (const invoice of toPay) byCustomer.set(invoice.customer, [...(byCustomer.get(invoice.customer) ?? []), invoice]);
    const receipts = [...byCustomer.values()].flatMap((list) => Array.from({ length: Math.ceil(list.length / 25) }, (_, chunk) => list.slice(chunk * 25, chunk * 25 + 25)));
    await Promise.all(receipts.map((chunk) => limit(async () => {
      const amounts = await Promise.all(chunk.map(async (invoice) => (await call('GET', `/api/v1/invoices/${invoice.id}`)).body.data.balance_due as number));
      await call('POST', '/api/v1/receipts', { party_id: customers[chunk[0]!.customer], date: chunk.at(-1)!.date, payment_account_id: bank, allocations: chunk.map((invoice, index) => ({ document_id: invoice.id, amount: amounts[index] })) });
    })));
    // A few of the open ones voided, for the Voided list: one in fifty of the open days' invoices.
    const toVoid = invoices.slice(paidUpTo).filter((invoice, index) => index % 50 === 0 && !voidedIds.has(invoice.id));
    for (const invoice of toVoid) {
      await call('POST', `/api/v1/invoices/${invoice.id}/void`);
      voidedIds.add(invoice.id);
    }
    const voided = voidedIds.size;
    // Statement lines up to N, 10,000 to a queued import, each of an invoice's amount; every tenth then excluded.
    for (let from = lines; !CUSTOMERS_ONLY && !REPORTS_ONLY && from < size; from += 10_000) {
      const to = Math.min(size, from + 10_000);
      const rows = Array.from({ length: to - from }, (_, offset) => `${dayOf(from + offset)},${100 + ((from + offset) % 7)}.00,Line ${from + offset},L${from + offset}`);
      const queued = await fetch(`${runtime.baseUrl}/api/v1/bank-feeds/accounts/${bank}/imports`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ format: 'csv', content: `Date,Amount,Text,Id\n${rows.join('\n')}\n`, mapping: { date: 'Date', amount: 'Amount', description: 'Text', external_id: 'Id' } }) });
      if (queued.status !== 202) throw new Error(`import: ${queued.status} ${await queued.text()}`);
      const importId = ((await queued.json()) as { data: { id: string } }).data.id;
      while (((await call('GET', `/api/v1/bank-feeds/imports/${importId}`)).body.data.status as string) !== 'done') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!CUSTOMERS_ONLY && !REPORTS_ONLY) {
      const page = async (number: number) => (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/lines?status=unmatched&page_size=200&page=${number}`)).body.data.items as { id: string; external_id: string }[];
      const toExclude: string[] = [];
      for (let number = 1; toExclude.length < (size - lines) / 10; number++) {
        const items = await page(number);
        if (items.length === 0) break;
        toExclude.push(...items.filter((line) => Number(line.external_id.slice(1)) >= lines && Number(line.external_id.slice(1)) % 10 === 0).map((line) => line.id));
      }
      await Promise.all(toExclude.map((id) => limit(() => fetch(`${runtime.baseUrl}/api/v1/bank-feeds/lines/${id}/exclude`, { method: 'POST', headers: { authorization: `Bearer ${key}` } }))));
      lines = size;
    }
    await settle();
    printRow(`# N = ${size}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s (${toPay.length} invoices paid by ${receipts.length} receipts; ${invoices.length - paidUpTo} open)`);

    const measure = async (label: string, path: () => Promise<string | undefined>, get: (path: string) => Promise<number> = async (target) => (await call('GET', target)).status) => {
      const target = await path();
      const latencies: number[] = [];
      let trips = 0;
      let sequential = 0;
      let read = 0;
      const missing = (why = '') => printRow(`${label.padEnd(52)}${String(size).padStart(7)}${'—'.padStart(7)}${'—'.padStart(12)}${'—'.padStart(12)}${'—'.padStart(11)}${why}`);
      if (!target) return missing();
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        const [tripsBefore, readBefore] = [roundTrips, itemsRead];
        const begin = performance.now();
        const answered = await spans.during(() => get(target));
        latencies.push(performance.now() - begin);
        if (answered.result !== 200) return missing(`   (${answered.result})`);
        [trips, read, sequential] = [roundTrips - tripsBefore, itemsRead - readBefore, answered.sequential];
      }
      latencies.sort((a, b) => a - b);
      printRow(`${label.padEnd(52)}${String(size).padStart(7)}${String(trips).padStart(7)}${String(sequential).padStart(12)}${String(read).padStart(12)}${latencies[Math.floor(latencies.length / 2)]!.toFixed(1).padStart(11)}`);
    };
    const page = (path: string) => () => Promise.resolve(path);
    const lastPage = (count: number) => Math.max(1, Math.ceil(count / 200));
    const journalCount = async () => (await call('GET', '/api/v1/journal-entries?page_size=1')).body.data.pagination.total_count as number;
    const customerInvoices = invoices.filter((invoice) => invoice.customer === 0).length;
    const lastMonth = dayOf(size - 1).slice(0, 7);
    const monthEnd = plusDays(`${plusDays(`${lastMonth}-28`, 4).slice(0, 7)}-01`, -1);
    const monthCount = invoices.filter((invoice) => invoice.date.startsWith(lastMonth)).length;
    const asOf = dayOf(size - 1);

    if (!REPORTS_ONLY) {
      await measure('customers, first page of 200', async () => '/api/v1/customers?page_size=200');
      await measure('customers, last page of 200', async () => `/api/v1/customers?page_size=200&page=${lastPage(customers.length)}`);
      await measure('customers, last page of 25', async () => `/api/v1/customers?page_size=25&page=${Math.ceil(customers.length / 25)}`);
      await measure('customers, middle page of 25', async () => `/api/v1/customers?page_size=25&page=${Math.ceil(customers.length / 50)}`);
      // The dashboard's list and the invoice editor, whose party picker stays bounded however many customers there are.
      // Signed in afresh at each size: seeding 20k outlasts a dashboard session's idle timeout.
      const customerPages = await signedInDashboard(runtime.baseUrl, runtime.credentials.user);
      // Pages of 25: the last page is read backwards from the end, a middle one walked down the rank tree (before
      // 2026-11-29 the row named "last page" measured this middle one).
      await measure('dashboard: customers, last page', page(`/dashboard/customers?page=${Math.ceil(customers.length / 25)}`), customerPages);
      await measure('dashboard: customers, middle page', page(`/dashboard/customers?page=${Math.ceil(customers.length / 50)}`), customerPages);
      await measure('dashboard: new invoice (its pickers)', page('/dashboard/invoices/new'), customerPages);
      if (CUSTOMERS_ONLY) continue;
      await measure('invoices, first page of 200', async () => '/api/v1/invoices?page_size=200');
      await measure('invoices, last page of 200', async () => `/api/v1/invoices?page_size=200&page=${lastPage(invoices.length)}`);
      await measure('invoices, last page of 25', async () => `/api/v1/invoices?page_size=25&page=${Math.ceil(invoices.length / 25)}`);
      await measure('invoices, next_cursor of the last page but one', async () => {
        const answer = await call('GET', `/api/v1/invoices?page_size=200&page=${Math.max(1, lastPage(invoices.length) - 1)}`);
        const cursor = answer.body.data?.pagination?.next_cursor as string | undefined;
        return cursor ? `/api/v1/invoices?page_size=200&cursor=${cursor}` : undefined;
      });
      await measure(`invoices ?customer_id= (${customerInvoices}), last page`, async () => `/api/v1/invoices?page_size=200&customer_id=${customers[0]}&page=${lastPage(customerInvoices)}`);
      await measure(`invoices ?from=&to= (last month: ${monthCount}), last page`, async () => `/api/v1/invoices?page_size=200&from=${lastMonth}-01&to=${monthEnd}&page=${lastPage(monthCount)}`);
      // By status: Paid from the status projection (after `settle`, which waited for the projector too), Open from
      // the open documents, Voided (a few) from the projection.
      const paidCount = paid;
      await measure(`invoices ?status=Paid (${paidCount}), first page of 200`, async () => '/api/v1/invoices?status=Paid&page_size=200');
      await measure(`invoices ?status=Paid (${paidCount}), middle page of 25`, async () => `/api/v1/invoices?status=Paid&page_size=25&page=${Math.max(1, Math.ceil(paidCount / 50))}`);
      await measure(`invoices ?status=Paid (${paidCount}), last page of 200`, async () => `/api/v1/invoices?status=Paid&page_size=200&page=${lastPage(paidCount)}`);
      await measure('invoices ?status=Paid, next_cursor of the last page but one', async () => {
        const answer = await call('GET', `/api/v1/invoices?status=Paid&page_size=200&page=${Math.max(1, lastPage(paidCount) - 1)}`);
        const cursor = answer.body.data?.pagination?.next_cursor as string | undefined;
        return cursor ? `/api/v1/invoices?status=Paid&page_size=200&cursor=${cursor}` : undefined;
      });
      await measure(`invoices ?status=Open (${invoices.length - paidCount - voided}), first page of 200`, async () => '/api/v1/invoices?status=Open&page_size=200');
      await measure(`invoices ?status=Voided (${voided}), first page`, async () => '/api/v1/invoices?status=Voided');
      const unmatchedLines = size - size / 10;
      await measure(`bank lines, last page of 200 (${size})`, async () => `/api/v1/bank-feeds/accounts/${bank}/lines?page_size=200&page=${lastPage(size)}`);
      await measure(`bank lines ?status=unmatched (${unmatchedLines}), last page of 200`, async () => `/api/v1/bank-feeds/accounts/${bank}/lines?status=unmatched&page_size=200&page=${lastPage(unmatchedLines)}`);
      await measure(`bank lines ?status=excluded (${size / 10}), middle page of 25`, async () => `/api/v1/bank-feeds/accounts/${bank}/lines?status=excluded&page_size=25&page=${Math.max(1, Math.ceil(size / 500))}`);
      await measure('suggestions for the last line (open invoices of its amount)', async () => {
        const last = (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/lines?status=unmatched&page_size=1&page=${unmatchedLines}`)).body.data.items[0] as { id: string } | undefined;
        return last ? `/api/v1/bank-feeds/lines/${last.id}/suggestions` : undefined;
      });
      await measure('reconciliation summary', async () => `/api/v1/bank-feeds/accounts/${bank}/reconciliation?as_of=${asOf}`);
      // What the difference is made of (issue 46): every receipt is a posting no line is matched to.
      const unmatchedPostings = async (query: string) => (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/unmatched-postings?${query}`)).body.data?.pagination?.total_count as number | undefined;
      const postingCount = (await unmatchedPostings(`as_of=${asOf}&page_size=1`)) ?? 0;
      await measure(`unmatched postings (${postingCount}), first page of 200`, async () => `/api/v1/bank-feeds/accounts/${bank}/unmatched-postings?as_of=${asOf}&page_size=200`);
      await measure(`unmatched postings (${postingCount}), last page of 25`, async () => `/api/v1/bank-feeds/accounts/${bank}/unmatched-postings?as_of=${asOf}&page=${Math.max(1, Math.ceil(postingCount / 25))}`);
      await measure('unmatched postings as of 30 days before, first page of 25', async () => `/api/v1/bank-feeds/accounts/${bank}/unmatched-postings?as_of=${plusDays(asOf, -30)}`);
      await measure('journal entries, first page of 200', async () => '/api/v1/journal-entries?page_size=200');
      await measure('journal entries, last page of 200', async () => `/api/v1/journal-entries?page_size=200&page=${lastPage(await journalCount())}`);
    }
    await measure('trial balance', async () => `/api/v1/reports/trial-balance?as_of=${asOf}`);
    await measure('profit and loss, whole history', async () => `/api/v1/reports/profit-and-loss?from=2024-01-01&to=${asOf}`);
    // Cash basis (issue 46): the same period totals plus the cash-basis gap items of the same periods.
    await measure('profit and loss, whole history, cash basis', async () => `/api/v1/reports/profit-and-loss?from=2024-01-01&to=${asOf}&basis=cash`);
    await measure('profit and loss, last month, cash basis', async () => `/api/v1/reports/profit-and-loss?from=${lastMonth}-01&to=${monthEnd}&basis=cash`);
    // By tracking (issue 50): the options' own items over the period, read beside the period totals.
    await measure(`profit and loss by department (${DEPARTMENTS}), whole history`, async () => `/api/v1/reports/profit-and-loss?from=2024-01-01&to=${asOf}&tracking_category_id=${department.id}`);
    await measure(`profit and loss by department (${DEPARTMENTS}), last month`, async () => `/api/v1/reports/profit-and-loss?from=${lastMonth}-01&to=${monthEnd}&tracking_category_id=${department.id}`);
    await measure('profit and loss, one department, whole history', async () => `/api/v1/reports/profit-and-loss?from=2024-01-01&to=${asOf}&tracking_option_id=${department.options[0]!.id}`);
    // The tax return (issue 48): the same period items as the profit and loss, per-rate attributes on them.
    await measure('tax summary, whole history', async () => `/api/v1/reports/tax-summary?from=2024-01-01&to=${asOf}`);
    await measure('tax summary, last month, cash basis', async () => `/api/v1/reports/tax-summary?from=${lastMonth}-01&to=${monthEnd}&basis=cash`);
    await measure('balance sheet', async () => `/api/v1/reports/balance-sheet?as_of=${asOf}`);
    await measure('aged receivables', async () => `/api/v1/reports/aged-receivables?as_of=${asOf}`);
    await measure('aged payables', async () => `/api/v1/reports/aged-payables?as_of=${asOf}`);
    // As of a past date (issue 46): what is open today plus what has been settled or voided since.
    await measure('aged receivables as of 30 days before', async () => `/api/v1/reports/aged-receivables?as_of=${plusDays(asOf, -30)}`);
    await measure('aged receivables as of a year before', async () => `/api/v1/reports/aged-receivables?as_of=${plusDays(asOf, -365)}`);
    await measure('unrealized FX as of 30 days before', async () => `/api/v1/reports/unrealized-fx?as_of=${plusDays(asOf, -30)}`);
    // A statement (issue 49) of the busiest customer (every tenth invoice): its lines of the period, its aged row at the end.
    await measure('statement of the busiest customer, last month', async () => `/api/v1/customers/${customers[0]}/statement?from=${lastMonth}-01&to=${monthEnd}`);
    await measure('statement of the busiest customer, a year', async () => `/api/v1/customers/${customers[0]}/statement?from=${plusDays(asOf, -364)}&to=${asOf}`);
    // The general ledger of receivables (every invoice and receipt): its first page, and its last reached by cursors.
    const receivable = ((await call('GET', '/api/v1/accounts')).body.data as { id: string; system_role: string | null }[]).find((account) => account.system_role === 'accounts_receivable')?.id;
    const ledgerPath = `/api/v1/reports/general-ledger?account_id=${receivable}&from=2024-01-01&to=${asOf}`;
    await measure('general ledger of receivables, first page of 500', async () => (receivable ? ledgerPath : undefined));
    await measure('general ledger of receivables, last page of 500', async () => {
      let path = ledgerPath;
      for (;;) {
        const answer = await call('GET', path);
        const cursor = answer.body.data?.next_cursor as string | null | undefined;
        if (!cursor) return answer.status === 200 ? path : undefined;
        path = `${ledgerPath}&cursor=${cursor}`;
      }
    });
    // The dashboard's pages read through the same bounded reads (issue 33): the overview, each report over the
    // whole seeded history beside the period before it, banking.
    if (REPORTS_ONLY) continue;
    const seen = await signedInDashboard(runtime.baseUrl, runtime.credentials.user);
    const history = `period=custom&from=2024-01-01&to=${asOf}`;
    await measure('dashboard: overview', page('/dashboard'), seen);
    await measure('dashboard: profit and loss, whole history', page(`/dashboard/reports/profit-and-loss?${history}`), seen);
    await measure('dashboard: balance sheet', page(`/dashboard/reports/balance-sheet?${history}`), seen);
    await measure('dashboard: trial balance', page(`/dashboard/reports/trial-balance?as_of=${asOf}`), seen);
    await measure('dashboard: aged receivables', page(`/dashboard/reports/aged-receivables?as_of=${asOf}`), seen);
    await measure('dashboard: aged payables', page(`/dashboard/reports/aged-payables?as_of=${asOf}`), seen);
    await measure('dashboard: invoices, last page', page(`/dashboard/invoices?page=${Math.ceil(invoices.length / 50)}`), seen);
    await measure('dashboard: banking', page('/dashboard/banking'), seen);
    await measure('dashboard: bank account, unmatched lines', page(`/dashboard/banking/${bank}`), seen);
  }

  console.log(`\nOne business on DynamoDB Local (in memory), ${PER_DAY} invoices a day from 2024-01-01; median of ${REPEATS} calls\n`);
  for (const row of rows) console.log(row);
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** A signed-in dashboard for the seeded user (a member of the first seeded business): GET a page, answer its status. */
async function signedInDashboard(baseUrl: string, user: { readonly email: string; readonly password: string }) {
  const cookies = new Map<string, string>();
  const send = async (path: string, form?: URLSearchParams) => {
    const response = await fetch(`${baseUrl}${path}`, { method: form ? 'POST' : 'GET', redirect: 'manual', headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, body: form });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return { status: response.status, text: await response.text() };
  };
  const signIn = await send('/oauth/sign-in?return_to=%2Fdashboard');
  const form = new URLSearchParams([...signIn.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]): [string, string] => [name!, value!.replace(/&amp;/g, '&')]));
  form.set('email', user.email);
  form.set('password', user.password);
  const signedIn = await send('/oauth/sign-in', form);
  if (signedIn.status !== 303) throw new Error(`dashboard sign-in: ${signedIn.status}`);
  return async (path: string) => (await send(path)).status;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
