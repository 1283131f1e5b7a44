import { seedOfCommit } from './support.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_SPECS, formatNumber, type DocumentType } from '../../shared/ledger/documents/specs.ts';
import { toMinor } from '../../shared/platform/core/money.ts';
import { call, freshBusiness } from './support.ts';
import { rebuildLedger } from '../../functions/ledger/rebuild/rebuild.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

/** The business's home currency is USD; EUR and JPY postings are booked at random rates. */
const CURRENCIES = ['USD', 'EUR', 'JPY'] as const;
const HOME = 'USD';
/** Rates a foreign posting is sent with, or recorded for the business; `null` sends none (the business's rate of the day). */
const RATES = [null, null, 0.0067, 0.9, 1.1, 1.2345, 1.15, 0.75] as const;
const rateArbitrary = fc.constantFrom(...RATES);
const CREATABLE: DocumentType[] = ['invoice', 'bill', 'credit_note', 'debit_note', 'estimate', 'cash_sale', 'expense'];
/** Invoices and credit notes come up more often, so that credit settles invoices in most runs. */
const CREATE_WEIGHTS: DocumentType[] = [...CREATABLE, 'invoice', 'invoice', 'credit_note', 'credit_note'];

type Action =
  | { kind: 'create'; type: DocumentType; party: number; currency: number; year: number; rate: number | null; lines: { quantity: number; cents: number; taxRate: number; custom: number; tracking?: number }[]; draft: boolean }
  | { kind: 'journal'; currency: number; year: number; month: number; rate: number | null; lines: { account: number; cents: number; tracking?: number }[]; draft: boolean }
  | { kind: 'approve'; draft: number }
  | { kind: 'rate'; currency: number; month: number; rate: number | null }
  | { kind: 'lock'; month: number }
  | { kind: 'allocate'; note: number; invoice: number; share: number; matching: boolean }
  | { kind: 'pay'; target: number; share: number; money: 'receipt' | 'payment'; rate: number | null; over: number }
  | { kind: 'prepay'; party: number; currency: number; cents: number; side: 'customer' | 'vendor'; rate: number | null }
  | { kind: 'refund'; credit: number; share: number; rate: number | null }
  | { kind: 'voidRefund'; refund: number; voidDate: string | null }
  | { kind: 'voidMoney'; money: number; voidDate: string | null }
  | { kind: 'void'; document: number; voidDate: string | null }
  | { kind: 'voidAllocation'; allocation: number; voidDate: string | null }
  | { kind: 'feed'; account: number; cents: number; year: number; month: number }
  | { kind: 'feedMoney'; money: number }
  | { kind: 'transfer'; cents: number; month: number }
  | { kind: 'categorize'; line: number; account: number; taxRate: number; tracking?: number }
  | { kind: 'exclude'; line: number }
  | { kind: 'undoLine'; line: number };

/** Which options of Department (three) and Project (two) a line names, by index: a third of lines name none. */
const TRACKING_CHOICES: readonly (readonly [number | null, number | null])[] = [[null, null], [null, null], [0, null], [1, null], [2, 0], [null, 1], [0, 1]];

/** Documents and journals fall in three years, so that reports and balances cross a year's end. */
const YEARS = [2025, 2026, 2027] as const;
/** `custom` picks a line's account: 0, the type's default; otherwise one of the business's own accounts of the right kind. */
/** `tracking` picks a line's options (`TRACKING_CHOICES`): none, one of a department, a department and a project, … */
const tracking = fc.nat(TRACKING_CHOICES.length - 1);
const line = fc.record({ quantity: fc.constantFrom(1, 2, 3, 0.5, 1.25), cents: fc.integer({ min: 1, max: 500_000 }), taxRate: fc.constantFrom(0, 5, 7.5, 20), custom: fc.constantFrom(0, 0, 1, 2), tracking });
/** A journal's lines before they are balanced: the last line takes what balances the others. */
const journalLine = fc.record({ account: fc.nat(20), cents: fc.integer({ min: -300_000, max: 300_000 }).filter((cents) => cents !== 0), tracking });
/** A void's date: none (the original's own), or a day that may fall before the original (400) or after it. */
const voidDate = fc.constantFrom(null, null, '2026-01-15', '2026-12-31', '2027-06-30');
/** One create or journal in four is saved as a draft, which must move nothing until it is approved. */
const asDraft = fc.constantFrom(false, false, false, true);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), type: fc.constantFrom(...CREATE_WEIGHTS), party: fc.nat(5), currency: fc.constantFrom(0, 0, 0, 1, 2), year: fc.nat(2), rate: rateArbitrary, lines: fc.array(line, { minLength: 1, maxLength: 3 }), draft: asDraft }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('approve' as const), draft: fc.nat(10) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('journal' as const), currency: fc.constantFrom(0, 0, 1, 2), year: fc.nat(2), month: fc.integer({ min: 1, max: 12 }), rate: rateArbitrary, lines: fc.array(journalLine, { minLength: 1, maxLength: 5 }), draft: asDraft }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rate' as const), currency: fc.constantFrom(1, 2), month: fc.nat(35), rate: rateArbitrary }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lock' as const), month: fc.integer({ min: -1, max: 36 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('allocate' as const), note: fc.nat(20), invoice: fc.nat(20), share: fc.double({ min: 0.05, max: 1.3, noNaN: true }), matching: fc.boolean() }) },
  // One payment in four holds more than it allocates: the rest is the party's credit (an overpayment).
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), target: fc.nat(20), share: fc.double({ min: 0.05, max: 1.3, noNaN: true }), money: fc.constantFrom('receipt' as const, 'payment' as const), rate: rateArbitrary, over: fc.constantFrom(0, 0, 0, 0.25) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refund' as const), credit: fc.nat(20), share: fc.double({ min: 0.05, max: 1.3, noNaN: true }), rate: rateArbitrary }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('voidRefund' as const), refund: fc.nat(10), voidDate }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('prepay' as const), party: fc.nat(5), currency: fc.constantFrom(0, 0, 1, 2), cents: fc.integer({ min: 100, max: 300_000 }), side: fc.constantFrom('customer' as const, 'vendor' as const), rate: rateArbitrary }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('voidMoney' as const), money: fc.nat(10), voidDate }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), document: fc.nat(30), voidDate }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('voidAllocation' as const), allocation: fc.nat(10), voidDate }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('feed' as const), account: fc.nat(3), cents: fc.integer({ min: -200_000, max: 200_000 }).filter((cents) => cents !== 0), year: fc.nat(2), month: fc.integer({ min: 1, max: 12 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('feedMoney' as const), money: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('transfer' as const), cents: fc.integer({ min: 1, max: 100_000 }), month: fc.nat(35) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('categorize' as const), line: fc.nat(20), account: fc.nat(3), taxRate: fc.constantFrom(0, 0, 10, 7.5), tracking }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('exclude' as const), line: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undoLine' as const), line: fc.nat(20) }) },
);

/** Money and credit are dated in the middle of the three years, so a lock date can fall either side of them. */
const ALLOCATION_DATE = '2026-10-01';

const endOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

interface Known {
  id: string;
  type: DocumentType;
  currency: string;
  party: string;
}

/**
 * Every sequence opens with an invoice, a credit note of the same customer and an allocation between them, a bill
 * saved as a draft and approved, and a
 * receipt whose bank line is matched to it and a line categorized then undone, so that each run starts with credit
 * and the bank in play; the random steps follow.
 */
const OPENING: Action[] = [
  { kind: 'create', type: 'invoice', party: 1, currency: 1, year: 1, rate: 1.1, lines: [{ quantity: 1, cents: 10_000, taxRate: 20, custom: 1 }], draft: false },
  { kind: 'create', type: 'credit_note', party: 1, currency: 1, year: 1, rate: 1.2345, lines: [{ quantity: 1, cents: 5_000, taxRate: 0, custom: 0 }], draft: false },
  { kind: 'allocate', note: 0, invoice: 0, share: 0.25, matching: true },
  // A bill saved as a draft and approved: approval in play from the start.
  { kind: 'create', type: 'bill', party: 2, currency: 0, year: 1, rate: null, lines: [{ quantity: 2, cents: 7_500, taxRate: 5, custom: 1 }], draft: true },
  { kind: 'approve', draft: 0 },
  // And the bank in play: a receipt and its line matched to it, a line categorized and undone.
  { kind: 'pay', target: 0, share: 0.5, money: 'receipt', rate: 1.15, over: 0.25 },
  { kind: 'feedMoney', money: 0 },
  // A customer's prepayment, so credit held as money is in play too.
  { kind: 'prepay', party: 1, currency: 0, cents: 2_000, side: 'customer', rate: null },
  { kind: 'feed', account: 0, cents: -4_500, year: 1, month: 3 },
  { kind: 'categorize', line: 1, account: 2, taxRate: 10 },
  { kind: 'undoLine', line: 1 },
  // A manual journal, so one is in play whatever the random steps hold (a seed once drew none that committed).
  { kind: 'journal', currency: 0, year: 1, month: 4, rate: null, lines: [{ account: 0, cents: 12_345 }, { account: 1, cents: -12_345 }], draft: false },
];

/** A fresh business per run, with a customer and a vendor and a bank account in each currency. */
async function world() {
  const business = await freshBusiness();
  const post = async (path: string, body: unknown) => {
    const answer = await call('POST', path, { key: business.key, body });
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data.id as string;
  };
  const customers: string[] = [];
  const vendors: string[] = [];
  const accounts: string[] = [];
  for (const currency of CURRENCIES) {
    customers.push(await post('/api/v1/customers', { name: `Customer ${currency}`, currency }));
    vendors.push(await post('/api/v1/vendors', { name: `Vendor ${currency}`, currency }));
    accounts.push(await post('/api/v1/bank-feeds/accounts', { name: `Bank ${currency}`, kind: 'bank', currency, opening_balance_date: '2024-01-01' }));
  }
  // A second home-currency account, for transfers (one currency) and its own feed; opened with a balance.
  accounts.push(await post('/api/v1/bank-feeds/accounts', { name: 'Savings USD', kind: 'bank', currency: HOME, opening_balance: 500, opening_balance_date: '2024-01-01' }));
  // The business's own accounts: two revenue for sales lines, an expense and an asset for purchase lines.
  const custom = {
    sales: [await post('/api/v1/accounts', { code: '4100', name: 'Consulting', type: 'revenue' }), await post('/api/v1/accounts', { code: '4200', name: 'Rent income', type: 'revenue' })],
    purchases: [await post('/api/v1/accounts', { code: '6100', name: 'Software', type: 'expense' }), await post('/api/v1/accounts', { code: '1500', name: 'Equipment', type: 'asset' })],
  };
  await post('/api/v1/accounts', { code: '2500', name: 'Accruals', type: 'liability' });
  // A rate of each foreign currency before every date the steps use, so a posting sent without one finds one.
  for (const currency of ['EUR', 'JPY']) await post('/api/v1/exchange-rates', { currency, date: '2024-12-31', rate: currency === 'EUR' ? 1.08 : 0.0068 });
  // Every account a manual journal may take: all but receivables and payables.
  const chart = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; system_role: string | null; cash_flow: boolean; currency: string | null }[];
  const journalAccounts = chart.filter((account) => account.system_role !== 'accounts_receivable' && account.system_role !== 'accounts_payable');
  const category = async (name: string, options: readonly string[]) => (await call('POST', '/api/v1/tracking-categories', { key: business.key, body: { name, options: options.map((option) => ({ name: option })) } })).body.data as { id: string; options: { id: string }[] };
  const [department, project] = [await category('Department', ['Kitchen', 'Bakery', 'Front']), await category('Project', ['Wedding', 'Festival'])];
  /** A line's `tracking` field for choice `index` (nothing for an unassigned line). */
  const trackingOf = (index: number | undefined) => {
    const [inDepartment, inProject] = TRACKING_CHOICES[index ?? 0]!;
    const refs = [...(inDepartment === null ? [] : [{ category_id: department.id, option_id: department.options[inDepartment]!.id }]), ...(inProject === null ? [] : [{ category_id: project.id, option_id: project.options[inProject]!.id }])];
    return refs.length > 0 ? { tracking: refs } : {};
  };
  return { business, customers, vendors, accounts, custom, journalAccounts, trackingOf, categories: [department, project] };
}

async function checkInvariants(key: string, bankAccounts: readonly string[]) {
  const get = async (path: string) => {
    const answer = await call('GET', path, { key });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };
  const entries = (await get('/api/v1/journal-entries?page_size=200')).items as ListedEntry[];
  for (const entry of entries) {
    const minor = (side: 'debit' | 'credit') => entry.lines.reduce((sum, item) => sum + (toMinor(item[side], entry.currency) ?? Number.NaN), 0);
    expect(minor('debit')).toBe(minor('credit'));
    // Balanced in the home currency too.
    const home = (side: 'base_debit' | 'base_credit') => entry.lines.reduce((sum, item) => sum + (toMinor(item[side], HOME) ?? Number.NaN), 0);
    expect(home('base_debit')).toBe(home('base_credit'));
  }
  const balance = await get('/api/v1/reports/trial-balance?as_of=2999-12-31');
  for (const currency of [...balance.currencies, balance.base]) expect(currency.total_debit, currency.currency).toBe(currency.total_credit);
  expect(balance.base.currency).toBe(HOME);
  await checkMaintainedBalances(get, entries);
  await checkStatements(get);
  await checkReconciliation(get, entries, bankAccounts);
  for (const series of ['receipts', 'payments', 'journals']) {
    const prefix = series === 'receipts' ? 'RCT' : series === 'payments' ? 'PAY' : 'MJ';
    const listed = (await get(`/api/v1/${series}?page_size=200`)).items as { no: string }[];
    expect(listed.map((item) => item.no).sort()).toEqual(listed.map((_, index) => formatNumber(prefix, index + 1)).sort());
  }
  for (const type of CREATABLE) {
    const spec = DOCUMENT_SPECS[type];
    const documents = (await get(`/api/v1/${spec.path}?page_size=200`)).items as Record<string, number | string>[];
    expect(documents.map((document) => document.no).sort()).toEqual(documents.map((_, index) => formatNumber(spec.prefix, index + 1)).sort());
    if (spec.settleable) {
      for (const document of documents) {
        const minor = (field: string) => toMinor(document[field] as number, document.currency as string)!;
        // A voided document owes nothing; any other owes what is left of its total.
        const owed = document.status === 'Voided' ? 0 : minor('total') - minor('amount_paid') - minor('amount_credited');
        expect(minor('balance_due'), `${document.no} ${document.status}`).toBe(owed);
      }
    }
  }
}

/** A void's body: none at all, or `{ void_date }`. */
const voidBody = (date: string | null) => (date === null ? undefined : { void_date: date });

/**
 * A void answers 200 with its reversal on the day asked for, or the original's own; 400 only for a day before the
 * original's, naming `void_date`; 409 when something stands in the way (a lock, a settlement, a match).
 */
function expectVoid(answer: { status: number; text: string; body: any }, asked: string | null, dateField: string) {
  expect([200, 400, 409], answer.text).toContain(answer.status);
  if (answer.status === 200) expect(answer.body.data.void_date, answer.text).toBe(asked ?? answer.body.data[dateField]);
  if (answer.status === 400) {
    expect(asked, answer.text).not.toBeNull();
    expect(answer.body.details.map((detail: { field: string }) => detail.field), answer.text).toEqual(['void_date']);
  }
}

type Get = (path: string) => Promise<any>;
type ListedEntry = { date: string; currency: string; lines: { account_id: string; debit: number; credit: number; base_debit: number; base_credit: number; tracking: { category_id: string; option_id: string }[] }[] };

/** Each maintained balance, as of a date inside a month and at the end of time, equals the sum of its journal lines, in each currency and in the home currency. */
async function checkMaintainedBalances(get: Get, entries: readonly ListedEntry[]) {
  for (const asOf of ['2026-05-15', '2999-12-31']) {
    const expected = new Map<string, number>();
    for (const entry of entries.filter((item) => item.date <= asOf)) {
      for (const item of entry.lines) {
        const key = `${entry.currency} ${item.account_id}`;
        expected.set(key, (expected.get(key) ?? 0) + toMinor(item.debit, entry.currency)! - toMinor(item.credit, entry.currency)!);
        const home = `base ${item.account_id}`;
        expected.set(home, (expected.get(home) ?? 0) + toMinor(item.base_debit, HOME)! - toMinor(item.base_credit, HOME)!);
      }
    }
    const reported = new Map<string, number>();
    const trial = await get(`/api/v1/reports/trial-balance?as_of=${asOf}`);
    for (const block of [...trial.currencies, { ...trial.base, currency: 'base' }] as { currency: string; accounts: { account_id: string; debit: number; credit: number }[] }[]) {
      const currency = block.currency === 'base' ? HOME : block.currency;
      for (const row of block.accounts) reported.set(`${block.currency} ${row.account_id}`, toMinor(row.debit, currency)! - toMinor(row.credit, currency)!);
    }
    expect(reported, asOf).toEqual(new Map([...expected].filter(([, net]) => net !== 0)));
  }
}

const minorOf = (amount: number, currency: string) => toMinor(amount, currency)!;

/**
 * For every bank account, as of the end of time and a day inside the years: `feed_balance` is the opening balance
 * plus the lines not excluded; `ledger_balance` the account's net in the journal; `difference` their difference;
 * `reconciled_balance` the opening balance plus the matched and categorized lines; and each status's list counts
 * exactly its lines.
 */
async function checkReconciliation(get: Get, entries: readonly ListedEntry[], bankAccounts: readonly string[]) {
  for (const account of bankAccounts) {
    const lines = (await get(`/api/v1/bank-feeds/accounts/${account}/lines?page_size=200`)).items as { date: string; amount: number; currency: string; status: string }[];
    for (const status of ['unmatched', 'matched', 'categorized', 'excluded']) {
      expect((await get(`/api/v1/bank-feeds/accounts/${account}/lines?status=${status}&page_size=1`)).pagination.total_count, status).toBe(lines.filter((line) => line.status === status).length);
    }
    for (const asOf of ['2026-05-15', '2999-12-31']) {
      const summary = await get(`/api/v1/bank-feeds/accounts/${account}/reconciliation?as_of=${asOf}`);
      const currency = summary.currency as string;
      const sum = (statuses: string[]) => lines.filter((line) => line.date <= asOf && statuses.includes(line.status)).reduce((total, line) => total + minorOf(line.amount, currency), 0);
      const opening = minorOf(summary.opening_balance, currency);
      const ledger = entries.filter((entry) => entry.date <= asOf && entry.currency === currency).flatMap((entry) => entry.lines).filter((line) => line.account_id === account).reduce((total, line) => total + minorOf(line.debit, currency) - minorOf(line.credit, currency), 0);
      expect(minorOf(summary.feed_balance, currency), `${account} feed ${asOf}`).toBe(opening + sum(['unmatched', 'matched', 'categorized']));
      expect(minorOf(summary.ledger_balance, currency), `${account} ledger ${asOf}`).toBe(ledger);
      expect(minorOf(summary.difference, currency)).toBe(minorOf(summary.feed_balance, currency) - ledger);
      expect(minorOf(summary.reconciled_balance, currency), `${account} reconciled ${asOf}`).toBe(opening + sum(['matched', 'categorized']));
      expect(summary.unmatched_lines).toEqual({ count: lines.filter((line) => line.date <= asOf && line.status === 'unmatched').length, amount: sum(['unmatched']) / 10 ** (currency === 'JPY' ? 0 : 2) });
    }
  }
}
const earningsOf = (block: { equity: { account_id: string | null; amount: number }[] } | undefined, currency: string) => (block?.equity ?? []).filter((line) => line.account_id === null).reduce((sum, line) => sum + minorOf(line.amount, currency), 0);

/**
 * The balance sheet balances; net profit over a period equals the change in the unclosed earnings over it; aged
 * totals equal the sum of the open documents' balance_due less the credit documents' remaining credit (credit
 * notes', vendor credits', prepayments' and overpayments').
 */
async function checkStatements(get: Get) {
  const [sheet, opening, profit] = await Promise.all([get('/api/v1/reports/balance-sheet?as_of=2999-12-31'), get('/api/v1/reports/balance-sheet?as_of=2026-02-28'), get('/api/v1/reports/profit-and-loss?from=2026-03-01&to=2999-12-31')]);
  for (const block of [...sheet.currencies, sheet.base]) {
    expect(minorOf(block.total_assets, block.currency), block.currency).toBe(minorOf(block.total_liabilities, block.currency) + minorOf(block.total_equity, block.currency));
  }
  // Net profit in the home currency equals the change in the home currency's unclosed earnings.
  expect(minorOf(profit.base.net_profit, HOME), 'base').toBe(earningsOf(sheet.base, HOME) - earningsOf(opening.base, HOME));
  for (const currency of CURRENCIES) {
    const byCurrency = (report: { currencies: { currency: string }[] }) => report.currencies.find((block) => block.currency === currency) as any;
    const netProfit = minorOf(byCurrency(profit)?.net_profit ?? 0, currency);
    expect(netProfit, currency).toBe(earningsOf(byCurrency(sheet), currency) - earningsOf(byCurrency(opening), currency));
  }
  for (const [report, path, credits] of [['aged-receivables', 'invoices', ['credit-notes', 'prepayments']], ['aged-payables', 'bills', ['vendor-credits', 'vendor-prepayments']]] as const) {
    const aged = await get(`/api/v1/reports/${report}?as_of=2999-12-31`);
    const documents = (await get(`/api/v1/${path}?page_size=200`)).items as { currency: string; status: string; balance_due: number }[];
    const credited = (await Promise.all(credits.map(async (credit) => (await get(`/api/v1/${credit}?page_size=200`)).items))).flat() as { currency: string; status: string; remaining_credit: number }[];
    for (const currency of CURRENCIES) {
      const live = <D extends { currency: string; status: string }>(listed: readonly D[]) => listed.filter((document) => document.currency === currency && document.status !== 'Voided');
      const open = live(documents).reduce((sum, document) => sum + minorOf(document.balance_due, currency), 0) - live(credited).reduce((sum, document) => sum + minorOf(document.remaining_credit, currency), 0);
      const block = aged.currencies.find((item: { currency: string }) => item.currency === currency);
      expect(minorOf(block?.totals.total ?? 0, currency), `${report} ${currency}`).toBe(open);
    }
  }
}

/** Dates either side of the settlements (all on ALLOCATION_DATE) and of the voids' own dates. */
const AS_OF_DATES = ['2024-12-31', '2025-06-30', '2026-01-15', '2026-09-30', '2026-10-01', '2026-12-31', '2027-06-30', '2027-12-31'];

interface Dated {
  date: string;
  voided_at: string | null;
  void_date: string | null;
}
/** Whether a document, receipt, payment or allocation was in force at the end of `asOf`. */
const liveOn = (record: Dated, asOf: string) => record.date <= asOf && !(record.voided_at !== null && record.void_date !== null && record.void_date <= asOf);

/**
 * The aged reports of past dates describe those dates: each currency's total is what the invoices (bills) dated by
 * then still owed, less the credit notes' credit unapplied that day, worked out here from every receipt, payment and
 * credit allocation with its date and void date; and each side's home total equals receivables (payables) in the
 * trial balance of the date, but for the debit notes' receivables, which no aged report lists (they are not settled
 * by money or credit), taken from their own journal entries.
 */
async function checkAgedAsOf(get: Get) {
  const list = async (path: string) => (await get(`${path}${path.includes('?') ? '&' : '?'}page_size=200`)).items;
  type Listed = Dated & { id: string; currency: string; total: number };
  const dated = (field: string) => (documents: Record<string, unknown>[]) => documents.map((document) => ({ ...document, date: document[field] }) as unknown as Listed);
  const [invoices, bills, notes, prepayments, vendorPrepayments, receipts, payments, accounts] = await Promise.all([list('/api/v1/invoices').then(dated('invoice_date')), list('/api/v1/bills').then(dated('bill_date')), list('/api/v1/credit-notes'), list('/api/v1/prepayments'), list('/api/v1/vendor-prepayments'), list('/api/v1/receipts'), list('/api/v1/payments'), get('/api/v1/accounts')]);
  // Every credit document's allocations (credit notes', prepayments' and overpayments'), each naming its credit as credit_id.
  const creditDocuments = [...(notes as Listed[]).map((note) => ['credit-notes', note] as const), ...(prepayments as Listed[]).map((note) => ['prepayments', note] as const), ...(vendorPrepayments as Listed[]).map((note) => ['vendor-prepayments', note] as const)];
  const applied = (await Promise.all(creditDocuments.map(async ([path, note]) => ((await list(`/api/v1/${path}/${note.id}/allocations`)) as Dated[]).map((allocation) => ({ ...allocation, credit_id: note.id }))))).flat() as (Dated & { credit_id: string; document_id: string; amount: number })[];
  // A refund relieves its credit document as an allocation does, of no invoice or bill.
  const refunded = ((await Promise.all(['/api/v1/refunds', '/api/v1/vendor-refunds'].map((path) => list(path)))).flat() as (Dated & { credit_document_id: string; amount: number })[]).map((refund) => ({ ...refund, credit_id: refund.credit_document_id, document_id: '' }));
  const credits = [...applied, ...refunded];
  const control = (role: string) => accounts.find((account: { system_role: string | null }) => account.system_role === role).id;
  const debitNotes = (await list('/api/v1/debit-notes')) as { id: string }[];
  const debitNoteLines = (await Promise.all(debitNotes.map(async (note) => (await list(`/api/v1/journal-entries?document_id=${note.id}`)) as { date: string; lines: { account_id: string; base_debit: number; base_credit: number }[] }[]))).flat();
  const debitNotesReceivable = (asOf: string) =>
    debitNoteLines.filter((entry) => entry.date <= asOf).flatMap((entry) => entry.lines.filter((line) => line.account_id === control('accounts_receivable'))).reduce((sum, line) => sum + minorOf(line.base_debit, HOME) - minorOf(line.base_credit, HOME), 0);
  const reliefs = [...[...receipts, ...payments].flatMap((money: Dated & { allocations: { document_id: string; amount: number }[] }) => money.allocations.map((allocation) => ({ ...money, ...allocation }))), ...credits] as (Dated & { document_id: string; amount: number })[];
  const openOn = (documents: readonly (Dated & { id: string; currency: string; total: number })[], currency: string, asOf: string, settled: (id: string) => readonly (Dated & { amount: number })[]) =>
    documents
      .filter((document) => document.currency === currency && liveOn(document, asOf))
      .reduce((sum, document) => sum + minorOf(document.total, currency) - settled(document.id).filter((relief) => liveOn(relief, asOf)).reduce((applied, relief) => applied + minorOf(relief.amount, currency), 0), 0);
  const agedReceivables = new Map<string, { currencies: { currency: string; parties: { party_id: string; total: number }[] }[] }>();
  const invoiceDates = new Map((invoices as { id: string; date: string }[]).map((invoice) => [invoice.id, invoice.date]));
  const receiptAhead = (asOf: string) => (receipts as (Dated & { allocations: { document_id: string }[] })[]).some((record) => liveOn(record, asOf) && record.allocations.some((allocation) => (invoiceDates.get(allocation.document_id) ?? '') > asOf));
  for (const asOf of AS_OF_DATES) {
    const [receivable, payables, trial] = await Promise.all([get(`/api/v1/reports/aged-receivables?as_of=${asOf}`), get(`/api/v1/reports/aged-payables?as_of=${asOf}`), get(`/api/v1/reports/trial-balance?as_of=${asOf}`)]);
    agedReceivables.set(asOf, receivable);
    for (const [report, documents, credit] of [[receivable, invoices, [...notes, ...prepayments] as Listed[]], [payables, bills, vendorPrepayments as Listed[]]] as const) {
      for (const currency of CURRENCIES) {
        const owed = openOn(documents, currency, asOf, (id) => reliefs.filter((relief) => relief.document_id === id)) - openOn(credit, currency, asOf, (id) => credits.filter((allocation) => allocation.credit_id === id));
        const block = report.currencies.find((item: { currency: string }) => item.currency === currency);
        expect(minorOf(block?.totals.total ?? 0, currency), `${report === receivable ? 'receivables' : 'payables'} ${currency} as of ${asOf}`).toBe(owed);
      }
    }
    // Money may be dated before its document (a prepayment): until the document's date it sits in receivables or
    // payables, where no aged report can list it, so the two agree only at dates no live money runs ahead of its document.
    for (const [report, documents, money, role, sign] of [[receivable, invoices, receipts, 'accounts_receivable', 1], [payables, bills, payments, 'accounts_payable', -1]] as const) {
      const documentDates = new Map((documents as { id: string; date: string }[]).map((document) => [document.id, document.date]));
      const prepaid = (money as (Dated & { allocations: { document_id: string }[] })[]).some((record) => liveOn(record, asOf) && record.allocations.some((allocation) => (documentDates.get(allocation.document_id) ?? '') > asOf));
      if (prepaid) continue;
      const row = trial.base.accounts.find((account: { account_id: string }) => account.account_id === control(role)) ?? { debit: 0, credit: 0 };
      const baseTotal = report.currencies.reduce((sum: number, block: { totals: { base_total: number } }) => sum + minorOf(block.totals.base_total, HOME), 0) + (role === 'accounts_receivable' ? debitNotesReceivable(asOf) : 0);
      // A receivable is a debit balance, a payable a credit one (+ 0 keeps −0 out of the comparison).
      expect(baseTotal, `aged ${role} against the trial balance as of ${asOf}`).toBe(sign * (minorOf(row.debit, HOME) - minorOf(row.credit, HOME)) + 0);
    }
  }
  // Each customer's statement between two of the dates opens at its row of the aged receivables of the first and
  // closes at that of the second: its lines, read from the general ledger's projection, carry one into the other.
  const customers = (await list('/api/v1/customers')) as { id: string }[];
  const rowTotal = (asOf: string, customer: string, currency: string) => agedReceivables.get(asOf)!.currencies.find((block) => block.currency === currency)?.parties.find((row) => row.party_id === customer)?.total ?? 0;
  for (const [index, from] of AS_OF_DATES.slice(0, -1).entries()) {
    const to = AS_OF_DATES[index + 1]!;
    // Money dated before its invoice sits in receivables where no aged row shows it, as above.
    if (receiptAhead(from) || receiptAhead(to)) continue;
    for (const customer of customers) {
      const statement = await get(`/api/v1/customers/${customer.id}/statement?from=${dayAfter(from)}&to=${to}`);
      for (const block of statement.currencies as { currency: string; opening_balance: number; closing_balance: number; lines: { debit: number; credit: number; balance: number }[] }[]) {
        const label = `statement of ${customer.id} in ${block.currency}, ${from} to ${to}`;
        expect(minorOf(block.opening_balance, block.currency), label).toBe(minorOf(rowTotal(from, customer.id, block.currency), block.currency));
        expect(minorOf(block.closing_balance, block.currency), label).toBe(minorOf(rowTotal(to, customer.id, block.currency), block.currency));
        const moved = block.lines.reduce((sum, line) => sum + minorOf(line.debit, block.currency) - minorOf(line.credit, block.currency), 0);
        expect(minorOf(block.opening_balance, block.currency) + moved, label).toBe(minorOf(block.closing_balance, block.currency));
      }
    }
  }
}

/** The day after a calendar date. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

interface Settleable {
  currency: string;
  status: string;
  total: number;
  amount_paid?: number;
  amount_credited?: number;
  amount_allocated?: number;
  lines: { account_id: string | null; amount: number }[];
}

/**
 * Cash basis against accrual (api.md, "Cash basis"), from what the API lists rather than the gap items: over all
 * time, in each currency's block, the accrual net profit less the cash-basis one is the unsettled share of every
 * live invoice's, bill's and credit note's income and expense lines (an invoice's count for profit, a bill's and a
 * credit note's against it), within half a cent a line of rounding. A settlement missed, counted twice or on the
 * wrong side moves it by far more.
 */
async function checkCashBasis(get: Get) {
  const list = async (path: string): Promise<Settleable[]> => (await get(`${path}?page_size=200`)).items;
  const allTime = (basis: string) => get(`/api/v1/reports/profit-and-loss?from=2000-01-01&to=2099-12-31&basis=${basis}`);
  const [invoices, bills, notes, accounts, accrual, cash] = await Promise.all([list('/api/v1/invoices'), list('/api/v1/bills'), list('/api/v1/credit-notes'), get('/api/v1/accounts'), allTime('accrual'), allTime('cash')]);
  const inProfit = new Set((accounts as { id: string; type: string }[]).filter((account) => account.type === 'revenue' || account.type === 'expense').map((account) => account.id));
  const netOf = (report: { currencies: { currency: string; net_profit: number }[] }, currency: string) => minorOf(report.currencies.find((block) => block.currency === currency)?.net_profit ?? 0, currency);
  for (const currency of CURRENCIES) {
    let unrecognised = 0;
    let rounding = 0;
    for (const [documents, sign] of [[invoices, 1], [bills, -1], [notes, -1]] as const) {
      for (const document of documents.filter((candidate) => candidate.currency === currency && candidate.status !== 'Voided')) {
        const total = minorOf(document.total, currency);
        const settled = [document.amount_paid, document.amount_credited, document.amount_allocated].reduce((sum: number, amount) => sum + minorOf(amount ?? 0, currency), 0);
        if (total === 0 || settled >= total) continue;
        const lines = document.lines.filter((item) => item.account_id === null || inProfit.has(item.account_id));
        unrecognised += (sign * lines.reduce((sum, item) => sum + minorOf(item.amount, currency), 0) * (total - settled)) / total;
        rounding += lines.length / 2;
      }
    }
    const difference = netOf(accrual, currency) - netOf(cash, currency);
    expect(Math.abs(difference - unrecognised), `accrual − cash net profit in ${currency}: ${difference}, unsettled shares ${unrecognised.toFixed(2)}`).toBeLessThanOrEqual(rounding + 1e-6);
  }
}

/**
 * Profit and loss by tracking (api.md, "Attachments and tracking categories"), from what the API lists rather than
 * the options' totals items: over all time, for each category, each option's column of each account is the net of
 * the journal entries' lines that name it (reversals included), the unassigned column that of the lines that name
 * no option of the category, and the columns add up to the report without tracking, in every currency's block and
 * the home one.
 */
async function checkTracking(get: Get, categories: readonly { id: string; options: { id: string }[] }[]) {
  const entries = (await get('/api/v1/journal-entries?page_size=200')).items as ListedEntry[];
  const period = 'from=2000-01-01&to=2099-12-31';
  const [untracked, accounts] = await Promise.all([get(`/api/v1/reports/profit-and-loss?${period}`), get('/api/v1/accounts')]);
  const types = new Map((accounts as { id: string; type: string }[]).map((account) => [account.id, account.type]));
  for (const category of categories) {
    const report = await get(`/api/v1/reports/profit-and-loss?${period}&tracking_category_id=${category.id}`);
    const blocks: { block: Block; home: boolean }[] = [...report.currencies.map((block: Block) => ({ block, home: false })), { block: report.base, home: true }];
    for (const { block, home } of blocks) {
      const columns = block.columns.map((column) => column.option_id);
      expect(columns).toEqual([...category.options.map((option) => option.id), null]);
      // The model: each P&L account's net per column, on its normal side, in the block's currency, from the entries' lines.
      const expected = new Map<string, number[]>();
      for (const entry of entries.filter((candidate) => home || candidate.currency === block.currency)) {
        for (const item of entry.lines) {
          const type = types.get(item.account_id);
          if (type !== 'revenue' && type !== 'expense') continue;
          const net = home ? minorOf(item.base_debit, HOME) - minorOf(item.base_credit, HOME) : minorOf(item.debit, block.currency) - minorOf(item.credit, block.currency);
          const named = item.tracking.find((ref) => ref.category_id === category.id)?.option_id ?? null;
          const row = expected.get(item.account_id) ?? columns.map(() => 0);
          row[columns.indexOf(named)]! += type === 'expense' ? net : -net;
          expected.set(item.account_id, row);
        }
      }
      const untrackedBlock: Block = home ? untracked.base : untracked.currencies.find((candidate: Block) => candidate.currency === block.currency);
      for (const row of [...block.income, ...block.expenses]) {
        const amounts = row.by_option.map((column) => minorOf(column.amount, block.currency));
        expect(amounts, `${category.id} ${block.currency}${home ? ' (home)' : ''} ${row.code}`).toEqual(expected.get(row.account_id));
        expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(minorOf([...untrackedBlock.income, ...untrackedBlock.expenses].find((line) => line.account_id === row.account_id)?.amount ?? 0, block.currency));
      }
      for (const [accountId, amounts] of expected) if (amounts.some((amount) => amount !== 0)) expect([...block.income, ...block.expenses].some((row) => row.account_id === accountId), `${accountId} moved but has no row`).toBe(true);
      expect(block.by_option.reduce((sum, column) => sum + minorOf(column.net_profit, block.currency), 0)).toBe(minorOf(untrackedBlock?.net_profit ?? 0, block.currency));
    }
  }
}

type Block = { currency: string; columns: { option_id: string | null }[]; income: BlockRow[]; expenses: BlockRow[]; by_option: { net_profit: number }[]; net_profit: number };
type BlockRow = { account_id: string; code: string; amount: number; by_option: { option_id: string | null; amount: number }[] };

/** The first 31 bits of the checked-out commit's id; the clock's when there is no git checkout. */
describe('ledger properties', () => {
  it('after every step of any sequence of creates (on custom accounts too), drafts saved and approved, manual journals, credit allocations, receipts, payments (some holding more than they allocate), prepayments and their credit applied, refunds, voids, lock-date changes, bank lines matched, categorized, excluded and undone, and transfers, the books balance, the bank reconciles, and nothing lands in a locked period', async () => {
    let committedAllocations = 0;
    let committedJournals = 0;
    let approvedDrafts = 0;
    const reconciled = { matched: 0, categorized: 0, undone: 0 };
    // A fixed seed replays a failure: LEDGER_PROPERTY_SEED=<the seed printed> npm test -- ledger-property, and
    // LEDGER_PROPERTY_PATH=<the path fast-check printed> replays only the failing sequence. Without
    // one, the commit under test picks it, so a CI run on the same commit draws the same sequences again.
    const seed = Number(process.env.LEDGER_PROPERTY_SEED ?? seedOfCommit());
    console.log(`ledger properties: seed ${seed}`);
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 12 }), async (actions) => {
        const { business, customers, vendors, accounts, custom, journalAccounts, trackingOf, categories } = await world();
        let lockDate: string | null = null;
        const locked = (date: string) => lockDate !== null && date <= lockDate;
        const seenEntries = new Set<string>();
        const journals: { id: string; date: string }[] = [];
        const documents: Known[] = [];
        const allocations: { id: string; path: string }[] = [];
        const refunds: { id: string; path: string }[] = [];
        const money: { kind: 'receipt' | 'payment'; id: string }[] = [];
        const lines: { id: string }[] = [];
        // Drafts saved and not yet approved: what approval posts, and where it lands then.
        const drafts: { path: string; id: string; date: string; posts: boolean; approved: (id: string) => void }[] = [];
        const books = async () => JSON.stringify((await call('GET', '/api/v1/reports/trial-balance?as_of=2999-12-31', { key: business.key })).body.data);
        /** Saves a draft, which must be 201 whatever the lock date, and must move no balance. */
        const saveDraft = async (path: string, body: Record<string, unknown>, date: string, posts: boolean, approved: (id: string) => void) => {
          const before = await books();
          const answer = await call('POST', `/api/v1/${path}`, { key: business.key, body: { ...body, status: 'draft' } });
          expect(answer.status, answer.text).toBe(201);
          expect(await books(), 'a draft moved a balance').toBe(before);
          drafts.push({ path, id: answer.body.data.id, date, posts, approved });
        };
        const addLine = async (account: string, date: string, amount: number) => {
          const answer = await call('POST', `/api/v1/bank-feeds/accounts/${account}/lines`, { key: business.key, body: { lines: [{ date, amount }] } });
          expect(answer.status, answer.text).toBe(201);
          const id = answer.body.data.added[0].id as string;
          lines.push({ id });
          return id;
        };
        for (const step of [...OPENING, ...actions]) {
          if (step.kind === 'create') {
            const spec = DOCUMENT_SPECS[step.type];
            const currency = CURRENCIES[step.currency]!;
            const party = (spec.party === 'customer' ? customers : vendors)[step.currency]!;
            const digits = currency === 'JPY' ? 0 : 2;
            const date = `${YEARS[step.year]}-0${1 + (step.party % 9)}-1${step.party % 9}`;
            const side = spec.party === 'customer' ? custom.sales : custom.purchases;
            const body = {
              [`${spec.party}_id`]: party,
              [spec.dateField]: date,
              ...(spec.paidFromAccount ? { payment_account_id: accounts[step.currency] } : {}),
              ...(currency !== HOME && step.rate !== null ? { exchange_rate: step.rate } : {}),
              lines: step.lines.map((item) => ({ description: 'Line', quantity: item.quantity, unit_price: Number((item.cents / 100).toFixed(digits)) || 1, tax_rate: item.taxRate, ...(item.custom ? { account_id: side[item.custom - 1] } : {}), ...trackingOf(item.tracking) })),
            };
            const known = { type: step.type, currency, party };
            if (step.draft) {
              await saveDraft(spec.path, body, date, spec.posting !== 'none', (id) => documents.push({ id, ...known }));
              continue;
            }
            const answer = await call('POST', `/api/v1/${spec.path}`, { key: business.key, body });
            if (spec.posting !== 'none' && locked(date)) {
              expect(answer.status, answer.text).toBe(409);
              continue;
            }
            expect(answer.status, answer.text).toBe(201);
            documents.push({ id: answer.body.data.id, ...known });
          } else if (step.kind === 'journal') {
            const currency = CURRENCIES[step.currency]!;
            const digits = currency === 'JPY' ? 0 : 2;
            const amounts = step.lines.map((item) => Number((item.cents / 100).toFixed(digits)) || (item.cents > 0 ? 1 : -1));
            const rest = -amounts.reduce((sum, amount) => sum + Math.round(amount * 10 ** digits), 0) / 10 ** digits;
            if (rest !== 0) amounts.push(rest);
            if (amounts.length < 2) continue;
            // A cash-flow account holds one currency; the other accounts take any.
            const usable = journalAccounts.filter((account) => !account.cash_flow || account.currency === currency);
            const lines = amounts.map((amount, index) => ({ account_id: usable[(step.lines[index]?.account ?? index) % usable.length]!.id, ...(amount > 0 ? { debit: amount } : { credit: -amount }), ...trackingOf(step.lines[index]?.tracking) }));
            const date = `${YEARS[step.year]}-${String(step.month).padStart(2, '0')}-15`;
            const body = { date, narration: 'Random', currency, lines, ...(currency !== HOME && step.rate !== null ? { exchange_rate: step.rate } : {}) };
            const posted = (id: string) => {
              journals.push({ id, date });
              committedJournals++;
            };
            if (step.draft) {
              await saveDraft('journals', body, date, true, posted);
              continue;
            }
            const answer = await call('POST', '/api/v1/journals', { key: business.key, body });
            expect(answer.status, answer.text).toBe(locked(date) ? 409 : 201);
            if (answer.status === 201) posted(answer.body.data.id);
          } else if (step.kind === 'approve') {
            // Approval posts the draft as a direct creation would: refused on a locked date, numbered then.
            if (drafts.length === 0) continue;
            const [draft] = drafts.splice(step.draft % drafts.length, 1);
            const answer = await call('POST', `/api/v1/${draft!.path}/${draft!.id}/approve`, { key: business.key });
            expect(answer.status, answer.text).toBe(draft!.posts && locked(draft!.date) ? 409 : 200);
            if (answer.status === 200) {
              draft!.approved(draft!.id);
              approvedDrafts++;
            } else drafts.push(draft!);
          } else if (step.kind === 'rate') {
            // A rate recorded for a day of the three years: later postings without one of their own take it.
            if (step.rate === null) continue;
            const date = endOfMonth(YEARS[0] + Math.floor(step.month / 12), (step.month % 12) + 1);
            const answer = await call('POST', '/api/v1/exchange-rates', { key: business.key, body: { currency: CURRENCIES[step.currency], date, rate: step.rate } });
            expect([200, 201], answer.text).toContain(answer.status);
          } else if (step.kind === 'lock') {
            // -1 clears it; otherwise the end of a month of the three years.
            lockDate = step.month < 0 ? null : endOfMonth(YEARS[0] + Math.floor(step.month / 12), (step.month % 12) + 1);
            const answer = await call('PUT', '/api/v1/business/lock-date', { key: business.key, body: { lock_date: lockDate } });
            expect(answer.status, answer.text).toBe(200);
          } else if (step.kind === 'allocate') {
            // A credit note's credit, or a prepayment's or overpayment's: applied alike.
            const notes = documents.filter((document) => document.type === 'credit_note' || document.type === 'prepayment');
            if (notes.length === 0) continue;
            const note = notes[step.note % notes.length]!;
            // Mostly an invoice the note can settle (same customer, so same currency); sometimes any invoice.
            const invoices = documents.filter((document) => document.type === 'invoice' && (!step.matching || document.party === note.party));
            if (invoices.length === 0) continue;
            const invoice = invoices[step.invoice % invoices.length]!;
            const target = (await call('GET', `/api/v1/invoices/${invoice.id}`, { key: business.key })).body.data;
            const creditPath = DOCUMENT_SPECS[note.type].path;
            const credit = (await call('GET', `/api/v1/${creditPath}/${note.id}`, { key: business.key })).body.data;
            const digits = invoice.currency === 'JPY' ? 0 : 2;
            // Up to the balance (and the note's credit) most of the time; past it when share > 1, which must be refused.
            const wanted = target.balance_due * step.share;
            const amount = Number((step.share <= 1 ? Math.min(wanted, credit.remaining_credit) : wanted).toFixed(digits));
            if (amount <= 0) continue;
            const answer = await call('POST', `/api/v1/${creditPath}/${note.id}/allocations`, { key: business.key, body: { date: ALLOCATION_DATE, allocations: [{ document_id: invoice.id, amount }] } });
            // Over the balance, another customer, another currency, a voided document or too little credit: a 4xx, never a 5xx.
            expect([201, 400, 409], answer.text).toContain(answer.status);
            if (amount > target.balance_due || locked(ALLOCATION_DATE)) expect(answer.status, `allocating ${amount} of ${target.balance_due} due`).not.toBe(201);
            if (answer.status === 201) {
              allocations.push({ id: answer.body.data.allocations[0].id, path: note.type === 'credit_note' ? 'credit-allocations' : 'prepayment-allocations' });
              committedAllocations++;
            }
          } else if (step.kind === 'pay') {
            const targetType = step.money === 'receipt' ? 'invoice' : 'bill';
            const targets = documents.filter((document) => document.type === targetType);
            if (targets.length === 0) continue;
            const target = targets[step.target % targets.length]!;
            const current = (await call('GET', `/api/v1/${DOCUMENT_SPECS[targetType].path}/${target.id}`, { key: business.key })).body.data;
            const digits = target.currency === 'JPY' ? 0 : 2;
            const amount = Number((current.balance_due * step.share).toFixed(digits));
            if (amount <= 0) continue;
            const account = accounts[CURRENCIES.indexOf(target.currency as (typeof CURRENCIES)[number])]!;
            const received = Number((amount * (1 + step.over)).toFixed(digits));
            const answer = await call('POST', `/api/v1/${step.money}s`, { key: business.key, body: { party_id: target.party, date: ALLOCATION_DATE, payment_account_id: account, allocations: [{ document_id: target.id, amount }], ...(received > amount ? { amount: received } : {}), ...(target.currency !== HOME && step.rate !== null ? { exchange_rate: step.rate } : {}) } });
            const overpayment = answer.status === 201 ? (answer.body.data.overpayment_id as string | null) : null;
            if (overpayment) documents.push({ id: overpayment, type: step.money === 'receipt' ? 'prepayment' : 'vendor_prepayment', currency: target.currency, party: target.party });
            // Past the balance, a voided target or a locked date: a 4xx, never a 5xx.
            expect([201, 400, 409], answer.text).toContain(answer.status);
            if (amount > current.balance_due || locked(ALLOCATION_DATE)) expect(answer.status, `paying ${amount} of ${current.balance_due} due`).not.toBe(201);
            if (answer.status === 201) money.push({ kind: step.money, id: answer.body.data.id });
          } else if (step.kind === 'prepay') {
            // Money before any invoice or bill: the party's credit, in receivables (payables), until applied.
            const currency = CURRENCIES[step.currency]!;
            const party = (step.side === 'customer' ? customers : vendors)[step.currency]!;
            const date = `${YEARS[step.party % YEARS.length]}-0${1 + (step.party % 9)}-05`;
            const path = step.side === 'customer' ? 'prepayments' : 'vendor-prepayments';
            const body = { party_id: party, date, payment_account_id: accounts[step.currency], amount: Number((step.cents / 100).toFixed(currency === 'JPY' ? 0 : 2)) || 1, ...(currency !== HOME && step.rate !== null ? { exchange_rate: step.rate } : {}) };
            const answer = await call('POST', `/api/v1/${path}`, { key: business.key, body });
            expect(answer.status, answer.text).toBe(locked(date) ? 409 : 201);
            if (answer.status === 201) documents.push({ id: answer.body.data.id, type: step.side === 'customer' ? 'prepayment' : 'vendor_prepayment', currency, party });
          } else if (step.kind === 'refund') {
            // Money back out of a credit document's unapplied credit, either side; past what is left must be refused.
            const credits = documents.filter((document) => ['credit_note', 'prepayment', 'vendor_prepayment'].includes(document.type));
            if (credits.length === 0) continue;
            const credit = credits[step.credit % credits.length]!;
            const spec = DOCUMENT_SPECS[credit.type];
            const current = (await call('GET', `/api/v1/${spec.path}/${credit.id}`, { key: business.key })).body.data;
            const amount = Number((current.remaining_credit * step.share).toFixed(credit.currency === 'JPY' ? 0 : 2));
            if (amount <= 0) continue;
            const customerSide = spec.party === 'customer';
            const source = { [`${credit.type}_id`]: credit.id };
            const date = '2027-03-15';
            const answer = await call('POST', `/api/v1/${customerSide ? 'refunds' : 'vendor-refunds'}`, { key: business.key, body: { party_id: credit.party, source, payment_account_id: accounts[CURRENCIES.indexOf(credit.currency as (typeof CURRENCIES)[number])], date, amount, ...(credit.currency !== HOME && step.rate !== null ? { exchange_rate: step.rate } : {}) } });
            // Past the credit left, a voided credit or a locked date: a 4xx, never a 5xx.
            expect([201, 400, 409], answer.text).toContain(answer.status);
            if (amount > current.remaining_credit || locked(date)) expect(answer.status, `refunding ${amount} of ${current.remaining_credit}`).not.toBe(201);
            if (answer.status === 201) refunds.push({ path: customerSide ? 'refunds' : 'vendor-refunds', id: answer.body.data.id });
          } else if (step.kind === 'voidRefund') {
            if (refunds.length === 0) continue;
            const chosen = refunds[step.refund % refunds.length]!;
            expectVoid(await call('POST', `/api/v1/${chosen.path}/${chosen.id}/void`, { key: business.key, body: voidBody(step.voidDate) }), step.voidDate, 'date');
          } else if (step.kind === 'voidMoney') {
            if (money.length === 0) continue;
            const chosen = money[step.money % money.length]!;
            const answer = await call('POST', `/api/v1/${chosen.kind}s/${chosen.id}/void`, { key: business.key, body: voidBody(step.voidDate) });
            expectVoid(answer, step.voidDate, 'date');
          } else if (step.kind === 'void') {
            if (documents.length === 0) continue;
            const document = documents[step.document % documents.length]!;
            const answer = await call('POST', `/api/v1/${DOCUMENT_SPECS[document.type].path}/${document.id}/void`, { key: business.key, body: voidBody(step.voidDate) });
            expectVoid(answer, step.voidDate, DOCUMENT_SPECS[document.type].dateField);
          } else if (step.kind === 'feed') {
            const account = accounts[step.account]!;
            const digits = step.account === 2 ? 0 : 2;
            await addLine(account, `${YEARS[step.year]}-${String(step.month).padStart(2, '0')}-20`, Number((step.cents / 100).toFixed(digits)) || (step.cents > 0 ? 1 : -1));
          } else if (step.kind === 'feedMoney') {
            // The bank's line for a receipt or payment, matched to it: refused when it is voided or matched already.
            if (money.length === 0) continue;
            const chosen = money[step.money % money.length]!;
            const recorded = (await call('GET', `/api/v1/${chosen.kind}s/${chosen.id}`, { key: business.key })).body.data;
            const line = await addLine(recorded.payment_account_id, recorded.date, chosen.kind === 'receipt' ? recorded.amount : -recorded.amount);
            const answer = await call('POST', `/api/v1/bank-feeds/lines/${line}/match`, { key: business.key, body: { money_id: chosen.id } });
            if (recorded.status === 'Voided') expect(answer.status, answer.text).toBe(400);
            else expect([200, 409], answer.text).toContain(answer.status);
            if (answer.status === 200) reconciled.matched++;
          } else if (step.kind === 'transfer') {
            // Home bank to savings; the bank's two lines, each matched to its side.
            const date = endOfMonth(YEARS[0] + Math.floor(step.month / 12), (step.month % 12) + 1);
            const amount = step.cents / 100;
            const answer = await call('POST', '/api/v1/bank-feeds/transfers', { key: business.key, body: { from_account_id: accounts[0], to_account_id: accounts[3], date, amount } });
            expect(answer.status, answer.text).toBe(locked(date) ? 409 : 201);
            if (answer.status !== 201) continue;
            for (const [account, signed] of [[accounts[0]!, -amount], [accounts[3]!, amount]] as const) {
              const line = await addLine(account, date, signed);
              const matched = await call('POST', `/api/v1/bank-feeds/lines/${line}/match`, { key: business.key, body: { journal_entry_ids: [answer.body.data.journal_entry_id] } });
              expect(matched.status, matched.text).toBe(200);
            }
          } else if (step.kind === 'categorize') {
            if (lines.length === 0) continue;
            const line = lines[step.line % lines.length]!;
            const target = [...custom.sales, ...custom.purchases][step.account]!;
            const answer = await call('POST', `/api/v1/bank-feeds/lines/${line.id}/categorize`, { key: business.key, body: { account_id: target, tax_rate: step.taxRate, ...trackingOf(step.tracking) } });
            // A line not unmatched, or dated in a locked period: a 409.
            expect([200, 409], answer.text).toContain(answer.status);
            if (answer.status === 200) reconciled.categorized++;
          } else if (step.kind === 'exclude') {
            if (lines.length === 0) continue;
            const answer = await call('POST', `/api/v1/bank-feeds/lines/${lines[step.line % lines.length]!.id}/exclude`, { key: business.key });
            expect([200, 409], answer.text).toContain(answer.status);
          } else if (step.kind === 'undoLine') {
            if (lines.length === 0) continue;
            const answer = await call('POST', `/api/v1/bank-feeds/lines/${lines[step.line % lines.length]!.id}/undo`, { key: business.key });
            expect([200, 409], answer.text).toContain(answer.status);
            if (answer.status === 200) reconciled.undone++;
          } else {
            if (allocations.length === 0) continue;
            const chosen = allocations[step.allocation % allocations.length]!;
            const answer = await call('POST', `/api/v1/${chosen.path}/${chosen.id}/void`, { key: business.key, body: voidBody(step.voidDate) });
            expectVoid(answer, step.voidDate, 'date');
          }
          await checkInvariants(business.key, accounts);
          // Nothing new is booked on or before a lock date in force.
          const posted = ((await call('GET', '/api/v1/journal-entries?page_size=200', { key: business.key })).body.data.items as { id: string; date: string }[]).filter((entry) => !seenEntries.has(entry.id));
          for (const entry of posted) {
            seenEntries.add(entry.id);
            expect(locked(entry.date), `entry ${entry.id} on ${entry.date} with the lock date ${lockDate}`).toBe(false);
          }
        }
        await checkAgedAsOf((path) => call('GET', path, { key: business.key }).then((answer) => answer.body.data));
        await checkCashBasis((path) => call('GET', path, { key: business.key }).then((answer) => answer.body.data));
        await checkTracking((path) => call('GET', path, { key: business.key }).then((answer) => answer.body.data), categories);
        // The totals kept step by step equal the ones recomputed from the journal and the documents.
        // The status projection follows the stream within about a second: its counts and entries are waited for.
        // Every settlement, credit and void left its dated relief record: the reports of past dates read them.
        const clean = (found: Awaited<ReturnType<typeof rebuildLedger>>) => ({ periods: found.periods, missing: found.missingOpenMarkers, stale: found.staleOpenMarkers, projected: [...found.missingProjected, ...found.staleProjected], reliefs: found.unrecordedReliefs });
        let drift = await rebuildLedger(business.id as Id, { repair: false });
        for (const deadline = Date.now() + 20_000; JSON.stringify(clean(drift)) !== JSON.stringify({ periods: [], missing: [], stale: [], projected: [], reliefs: [] }) && Date.now() < deadline; ) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          drift = await rebuildLedger(business.id as Id, { repair: false });
        }
        expect(clean(drift)).toEqual({ periods: [], missing: [], stale: [], projected: [], reliefs: [] });
      }),
      { numRuns: 16, endOnFailure: true, seed, ...(process.env.LEDGER_PROPERTY_PATH ? { path: process.env.LEDGER_PROPERTY_PATH } : {}) },
    );
    // The runs must have exercised settlement by credit, or the balance_due invariant proved little.
    expect(committedAllocations).toBeGreaterThan(0);
    expect(committedJournals).toBeGreaterThan(0);
    expect(approvedDrafts, 'drafts approved').toBeGreaterThan(0);
    expect(reconciled.matched, 'lines matched').toBeGreaterThan(0);
    expect(reconciled.categorized, 'lines categorized').toBeGreaterThan(0);
    expect(reconciled.undone, 'lines undone').toBeGreaterThan(0);
  }, 420_000);
});
