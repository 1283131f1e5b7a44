import { describe, expect, it } from 'vitest';
import { call, createdBy as created, freshBusiness, readBy as read } from '../integration/support.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;

const expectProblem = (answer: { status: number; body: any; text: string }, status: number, field: string) => {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body.details.map((detail: { field: string }) => detail.field), answer.text).toContain(field);
};

/** A USD business that trades in EUR: a EUR customer and vendor, a EUR bank account, the chart's roles. */
async function exporter() {
  const business = await freshBusiness({ currency: 'USD' });
  const customer = (await created(business, '/api/v1/customers', { name: 'Zeta GmbH', currency: 'EUR' })).id as string;
  const vendor = (await created(business, '/api/v1/vendors', { name: 'Druck AG', currency: 'EUR' })).id as string;
  const bank = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'EUR account', kind: 'bank', currency: 'EUR' })).id as string;
  const accounts = (await read(business, '/api/v1/accounts')) as { id: string; code: string | null; system_role: string | null }[];
  const role = (name: string) => accounts.find((account) => account.system_role === name)!.id;
  return { business, customer, vendor, bank, receivable: role('accounts_receivable'), payable: role('accounts_payable'), sales: role('sales_revenue'), gains: role('realized_fx') };
}

const rate = (business: Business, currency: string, date: string, value: number) => call('POST', '/api/v1/exchange-rates', { key: business.key, body: { currency, date, rate: value } });

const invoice = (business: Business, customer: string, date: string, amount: number, extra: Record<string, unknown> = {}) =>
  created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: date, due_date: date, lines: [{ description: 'Consulting', quantity: 1, unit_price: amount }], ...extra });

const receipt = (business: Business, customer: string, bank: string, date: string, allocations: { document_id: string; amount: number }[], extra: Record<string, unknown> = {}) =>
  created(business, '/api/v1/receipts', { party_id: customer, date, payment_account_id: bank, allocations, ...extra });

/** A document's journal entries, oldest first, each line as [account, debit, credit, base_debit, base_credit]. */
async function entriesOf(business: Business, documentId: string) {
  const entries = (await read(business, `/api/v1/journal-entries?document_id=${documentId}`)).items as { exchange_rate: number; currency: string; lines: { account_id: string; debit: number; credit: number; base_debit: number; base_credit: number }[] }[];
  return entries.map((entry) => ({ rate: entry.exchange_rate, lines: entry.lines.map((line) => [line.account_id, line.debit, line.credit, line.base_debit, line.base_credit]) }));
}

/** The home block of the trial balance, as account → net debit, and its two totals. */
async function homeBalances(business: Business, asOf = '2026-12-31') {
  const trial = await read(business, `/api/v1/reports/trial-balance?as_of=${asOf}`);
  const nets = new Map<string, number>(trial.base.accounts.map((row: { account_id: string; debit: number; credit: number }) => [row.account_id, Math.round((row.debit - row.credit) * 100) / 100]));
  return { trial, nets, balanced: trial.base.total_debit === trial.base.total_credit };
}

describe('home currency and exchange rates', () => {
  it('books api.md’s example exactly: EUR 1,000 invoiced at 1.10 and received at 1.15 is a realized gain of 50, reversed by the void', async () => {
    const { business, customer, bank, receivable, sales, gains } = await exporter();
    expect((await rate(business, 'EUR', '2026-03-01', 1.1)).status).toBe(201);
    expect((await rate(business, 'EUR', '2026-04-01', 1.15)).status).toBe(201);

    const sold = await invoice(business, customer, '2026-03-05', 1000);
    expect(sold).toMatchObject({ currency: 'EUR', exchange_rate: 1.1, total: 1000 });
    expect(await entriesOf(business, sold.id)).toEqual([{ rate: 1.1, lines: [[receivable, 1000, 0, 1100, 0], [sales, 0, 1000, 0, 1100]] }]);

    const paid = await receipt(business, customer, bank, '2026-04-05', [{ document_id: sold.id, amount: 1000 }]);
    expect(paid).toMatchObject({ currency: 'EUR', exchange_rate: 1.15, amount: 1000 });
    expect(await entriesOf(business, paid.id)).toEqual([{ rate: 1.15, lines: [[bank, 1000, 0, 1150, 0], [receivable, 0, 1000, 0, 1100], [gains, 0, 0, 0, 50]] }]);

    const after = await homeBalances(business);
    expect(after.balanced).toBe(true);
    expect(after.trial.base.currency).toBe('USD');
    expect(Object.fromEntries(after.nets)).toEqual({ [bank]: 1150, [sales]: -1100, [gains]: -50 });
    // The EUR block stays as it was: the receivable settled, the bank holding EUR 1,000.
    const euro = after.trial.currencies.find((block: { currency: string }) => block.currency === 'EUR');
    expect(euro.total_debit).toBe(1000);
    expect(euro.accounts.map((row: { account_id: string }) => row.account_id).sort()).toEqual([bank, sales].sort());

    const profit = await read(business, '/api/v1/reports/profit-and-loss?from=2026-01-01&to=2026-12-31');
    expect(profit.base).toMatchObject({ currency: 'USD', total_income: 1150, net_profit: 1150 });
    const sheet = await read(business, '/api/v1/reports/balance-sheet?as_of=2026-12-31');
    expect(sheet.base).toMatchObject({ currency: 'USD', total_assets: 1150, total_liabilities: 0, total_equity: 1150 });

    const voided = await call('POST', `/api/v1/receipts/${paid.id}/void`, { key: business.key });
    expect(voided.status, voided.text).toBe(200);
    const [, reversal] = await entriesOf(business, paid.id);
    expect(reversal).toEqual({ rate: 1.15, lines: [[bank, 0, 1000, 0, 1150], [receivable, 1000, 0, 1100, 0], [gains, 0, 0, 50, 0]] });
    const reopened = await homeBalances(business);
    expect(Object.fromEntries(reopened.nets)).toEqual({ [receivable]: 1100, [sales]: -1100 });
    expect(await read(business, `/api/v1/invoices/${sold.id}`)).toMatchObject({ balance_due: 1000, status: 'Open' });
  });

  it('a receipt at a lower rate books a loss; a payment settles a bill the other way round', async () => {
    const { business, customer, vendor, bank, receivable, payable, gains } = await exporter();
    const sold = await invoice(business, customer, '2026-03-05', 1000, { exchange_rate: 1.1 });
    const paid = await receipt(business, customer, bank, '2026-04-05', [{ document_id: sold.id, amount: 1000 }], { exchange_rate: 1.05 });
    expect((await entriesOf(business, paid.id))[0]!.lines).toEqual([[bank, 1000, 0, 1050, 0], [receivable, 0, 1000, 0, 1100], [gains, 0, 0, 50, 0]]);

    const bill = await created(business, '/api/v1/bills', { vendor_id: vendor, bill_date: '2026-03-05', lines: [{ description: 'Print run', quantity: 1, unit_price: 200 }], exchange_rate: 1.1 });
    const payment = await created(business, '/api/v1/payments', { party_id: vendor, date: '2026-04-05', payment_account_id: bank, allocations: [{ document_id: bill.id, amount: 200 }], exchange_rate: 1.2 });
    // The bill was worth 220 when booked and cost 240 to pay: a loss of 20.
    expect((await entriesOf(business, payment.id))[0]!.lines).toEqual([[payable, 200, 0, 220, 0], [bank, 0, 200, 0, 240], [gains, 0, 0, 20, 0]]);
    const { nets, balanced } = await homeBalances(business);
    expect(balanced).toBe(true);
    expect(nets.get(gains)).toBe(70);
    expect(nets.has(receivable) || nets.has(payable)).toBe(false);
  });

  it('a partial settlement at a third rate, then the rest at a fourth, leaves the receivable at zero in both currencies', async () => {
    const { business, customer, bank, receivable, gains } = await exporter();
    const sold = await invoice(business, customer, '2026-03-05', 1000.01, { exchange_rate: 1.1 });
    const first = await receipt(business, customer, bank, '2026-04-05', [{ document_id: sold.id, amount: 333.33 }], { exchange_rate: 1.15 });
    // 333.33 at the invoice's 1.10 is 366.663: 366.66 of the 1,100.01 booked is relieved.
    expect((await entriesOf(business, first.id))[0]!.lines).toEqual([[bank, 333.33, 0, 383.33, 0], [receivable, 0, 333.33, 0, 366.66], [gains, 0, 0, 0, 16.67]]);
    expect(await read(business, `/api/v1/invoices/${sold.id}`)).toMatchObject({ status: 'PartiallyPaid', balance_due: 666.68 });
    await receipt(business, customer, bank, '2026-05-05', [{ document_id: sold.id, amount: 666.68 }], { exchange_rate: 1.2 });
    const { nets, balanced } = await homeBalances(business);
    expect(balanced).toBe(true);
    expect(nets.has(receivable)).toBe(false);
    // 1,000.01 received for 383.33 + 800.02 against 1,100.01 booked: 83.34 gained.
    expect(nets.get(gains)).toBe(-83.34);
    const aged = await read(business, '/api/v1/reports/aged-receivables?as_of=2026-12-31');
    expect(aged.currencies).toEqual([]);
  });

  it('a credit note allocated to an invoice booked at another rate books the difference, and its void reverses it', async () => {
    const { business, customer, receivable, gains } = await exporter();
    const sold = await invoice(business, customer, '2026-03-05', 1000, { exchange_rate: 1.1 });
    const note = await created(business, '/api/v1/credit-notes', { customer_id: customer, date: '2026-03-20', lines: [{ description: 'Discount', quantity: 1, unit_price: 200 }], exchange_rate: 1.2 });
    const allocated = await created(business, `/api/v1/credit-notes/${note.id}/allocations`, { date: '2026-03-25', allocations: [{ document_id: sold.id, amount: 200 }] });
    const allocation = allocated.allocations[0];
    expect(allocation.journal_entry_id).toEqual(expect.any(String));
    // The note's credit was worth 240 and cleared 220 of the invoice: a gain of 20 that offsets the note's overstated 240.
    expect((await entriesOf(business, allocation.id))[0]!.lines).toEqual([[receivable, 200, 0, 240, 0], [receivable, 0, 200, 0, 220], [gains, 0, 0, 0, 20]]);
    const before = await homeBalances(business);
    expect(before.balanced).toBe(true);
    // 800 EUR still open at the invoice's 1.10.
    expect(before.nets.get(receivable)).toBe(880);
    const aged = await read(business, '/api/v1/reports/aged-receivables?as_of=2026-12-31');
    expect(aged.currencies[0]).toMatchObject({ currency: 'EUR', totals: { total: 800, base_total: 880 } });
    expect(aged.base_currency).toBe('USD');

    const undone = await call('POST', `/api/v1/credit-allocations/${allocation.id}/void`, { key: business.key });
    expect(undone.status, undone.text).toBe(200);
    const after = await homeBalances(business);
    expect(after.nets.get(receivable)).toBe(1100 - 240);
    expect(after.nets.has(gains)).toBe(false);
    expect(await read(business, `/api/v1/invoices/${sold.id}`)).toMatchObject({ balance_due: 1000 });
    // The same rates value the credit alike: no entry.
    const alike = await created(business, '/api/v1/credit-notes', { customer_id: customer, date: '2026-03-20', lines: [{ description: 'Discount', quantity: 1, unit_price: 100 }], exchange_rate: 1.1 });
    const plain = await created(business, `/api/v1/credit-notes/${alike.id}/allocations`, { allocations: [{ document_id: sold.id, amount: 100 }] });
    expect(plain.allocations[0].journal_entry_id).toBeNull();
  });

  it('voids a foreign invoice, bill and manual journal, each reversed in both currencies', async () => {
    const { business, customer, vendor, bank, gains } = await exporter();
    const sold = await invoice(business, customer, '2026-03-05', 123.45, { exchange_rate: 1.0833 });
    const bill = await created(business, '/api/v1/bills', { vendor_id: vendor, bill_date: '2026-03-05', lines: [{ description: 'Ink', quantity: 3, unit_price: 33.33, tax_rate: 19 }], exchange_rate: 1.0833 });
    const journal = await created(business, '/api/v1/journals', { date: '2026-03-05', narration: 'Bank fee', currency: 'EUR', exchange_rate: 1.0833, lines: [{ account_id: gains, debit: 12.34 }, { account_id: bank, credit: 12.34 }] });
    expect(journal.exchange_rate).toBe(1.0833);
    for (const path of [`/api/v1/invoices/${sold.id}/void`, `/api/v1/bills/${bill.id}/void`, `/api/v1/journals/${journal.id}/void`]) {
      const answer = await call('POST', path, { key: business.key });
      expect(answer.status, answer.text).toBe(200);
    }
    const { trial, balanced } = await homeBalances(business);
    expect(balanced).toBe(true);
    expect(trial.base.accounts).toEqual([]);
    for (const id of [sold.id, bill.id, journal.id]) {
      const [entry, reversal] = await entriesOf(business, id);
      expect(reversal!.lines).toEqual(entry!.lines.map(([account, debit, credit, baseDebit, baseCredit]) => [account, credit, debit, baseCredit, baseDebit]));
    }
  });

  it('keeps two foreign currencies apart in their blocks and together in the home block, and values them at the rate of a day', async () => {
    const { business, customer, bank } = await exporter();
    const pounds = (await created(business, '/api/v1/customers', { name: 'Brit Ltd', currency: 'GBP' })).id as string;
    await rate(business, 'EUR', '2026-03-01', 1.1);
    await rate(business, 'GBP', '2026-03-01', 1.25);
    await invoice(business, customer, '2026-03-05', 1000);
    const sterling = await invoice(business, pounds, '2026-03-05', 400);
    expect(sterling.exchange_rate).toBe(1.25);
    await receipt(business, customer, bank, '2026-03-06', [{ document_id: (await invoice(business, customer, '2026-03-05', 10)).id, amount: 10 }]);
    const { trial, balanced } = await homeBalances(business);
    expect(trial.currencies.map((block: { currency: string }) => block.currency)).toEqual(['EUR', 'GBP']);
    // Each block says what it is, on every statement.
    for (const report of [trial, await read(business, '/api/v1/reports/profit-and-loss?from=2026-03-01&to=2026-03-31'), await read(business, '/api/v1/reports/balance-sheet?as_of=2026-03-31')]) {
      expect(report.base.label).toBe('Home currency (books of record)');
      expect(report.currencies.map((block: { label: string }) => block.label)).toEqual(['Postings in EUR, not converted', 'Postings in GBP, not converted']);
    }
    expect(balanced).toBe(true);
    expect(trial.base.total_debit).toBe(1100 + 500 + 11);

    // An open EUR bill of 500 booked at 1.1 (550 owed in USD).
    const supplier = (await created(business, '/api/v1/vendors', { name: 'Lieferant GmbH', currency: 'EUR' })).id as string;
    await created(business, '/api/v1/bills', { vendor_id: supplier, bill_date: '2026-03-05', lines: [{ description: 'Parts', quantity: 1, unit_price: 500 }] });

    // Unapplied EUR credit at 1.1: a credit note of 100 (110 owed back to the customer) and a vendor credit of 40 (44 owed to the business).
    await created(business, '/api/v1/credit-notes', { customer_id: customer, date: '2026-03-10', lines: [{ description: 'Goodwill', quantity: 1, unit_price: 100 }] });
    await created(business, '/api/v1/vendor-credits', { vendor_id: supplier, date: '2026-03-10', lines: [{ description: 'Returned parts', quantity: 1, unit_price: 40 }] });

    // As of a later day, EUR at 1.2 and GBP at 1.2: the EUR invoice gains 100, the GBP one loses 20; the bank's EUR 10
    // gains 1; the EUR bill (open -500: owed) now owes 600, a loss of 50 (a payable's gain has the opposite sign of a
    // receivable's); the credit note's 100 owed back now 120, a loss of 10; the vendor credit's 40 now 48, a gain of 4.
    await rate(business, 'EUR', '2026-06-30', 1.2);
    await rate(business, 'GBP', '2026-06-30', 1.2);
    const booked = (await homeBalances(business)).trial.base.total_debit;
    const preview = await read(business, '/api/v1/reports/unrealized-fx?as_of=2026-06-30');
    expect(preview.base_currency).toBe('USD');
    const byName = Object.fromEntries(preview.items.map((item: { kind: string; currency: string; open_amount: number; gain: number; no: string | null }) => [`${item.kind}:${item.currency}:${item.open_amount}`, item.gain]));
    expect(byName).toEqual({ 'document:EUR:1000': 100, 'document:GBP:400': -20, 'document:EUR:-500': -50, 'document:EUR:-100': -10, 'document:EUR:40': 4, 'bank_account:EUR:10': 1 });
    expect(preview.total_gain).toBe(25);
    expect(preview.missing_rates).toEqual([]);
    // A preview posts nothing.
    expect((await homeBalances(business)).trial.base.total_debit).toBe(booked);
    // Before any rate of the day, the items stay unvalued and the currency is named.
    const early = await read(business, '/api/v1/reports/unrealized-fx?as_of=2026-02-01');
    expect(early).toMatchObject({ items: [], total_gain: 0 });
  });

  it('refuses a foreign posting without a known rate, a malformed rate, and money in another currency than its account; takes the latest rate before a weekend', async () => {
    const { business, customer, bank } = await exporter();
    const lines = [{ description: 'Consulting', quantity: 1, unit_price: 10 }];
    expectProblem(await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-03-08', lines } }), 400, 'exchange_rate');
    for (const bad of [0, -1.1, 1.2345678912, 12345678901]) {
      expectProblem(await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-03-08', lines, exchange_rate: bad } }), 400, 'exchange_rate');
      expectProblem(await rate(business, 'EUR', '2026-03-06', bad), 400, 'rate');
    }
    expectProblem(await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-03-08', lines, exchange_rate: '1.1' } }), 400, 'exchange_rate');
    // The home currency's rate is 1.
    const local = (await created(business, '/api/v1/customers', { name: 'Home Inc', currency: 'USD' })).id as string;
    expectProblem(await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: local, invoice_date: '2026-03-08', lines, exchange_rate: 1.1 } }), 400, 'exchange_rate');
    expect((await invoice(business, local, '2026-03-08', 10, { exchange_rate: 1 })).exchange_rate).toBe(1);
    expectProblem(await rate(business, 'USD', '2026-03-06', 1.1), 400, 'currency');
    expect((await read(business, '/api/v1/journal-entries')).pagination.total_count).toBe(1);

    // Friday's rate serves Sunday's invoice; a second rate for Friday replaces the first (200).
    expect((await rate(business, 'EUR', '2026-03-06', 1.09)).status).toBe(201);
    const replaced = await rate(business, 'EUR', '2026-03-06', 1.0875);
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.data).toMatchObject({ currency: 'EUR', date: '2026-03-06', rate: 1.0875 });
    const sunday = await invoice(business, customer, '2026-03-08', 10);
    expect(sunday.exchange_rate).toBe(1.0875);
    // Fixed once posted: a later rate for that day changes nothing already booked.
    await rate(business, 'EUR', '2026-03-08', 2);
    expect((await read(business, `/api/v1/invoices/${sunday.id}`)).exchange_rate).toBe(1.0875);

    // Money is recorded in its cash account's currency.
    const dollars = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'USD account', kind: 'bank', currency: 'USD' })).id as string;
    expectProblem(await call('POST', '/api/v1/receipts', { key: business.key, body: { party_id: customer, date: '2026-03-09', payment_account_id: dollars, allocations: [{ document_id: sunday.id, amount: 10 }] } }), 400, 'payment_account_id');
    expect((await receipt(business, customer, bank, '2026-03-09', [{ document_id: sunday.id, amount: 10 }])).exchange_rate).toBe(2);
  });

  it('lists rates newest first, by currency and dates, and finds a rate older than the recent ones kept with the posting', async () => {
    const { business, customer } = await exporter();
    // 40 daily rates: more than the recent ones every posting reads; the oldest are found by one query.
    for (let day = 1; day <= 40; day++) {
      const date = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
      expect((await rate(business, 'EUR', date, Number((1 + day / 1000).toFixed(3)))).status).toBe(201);
    }
    await rate(business, 'GBP', '2026-01-15', 1.3);
    const page = await read(business, '/api/v1/exchange-rates?currency=EUR&page_size=3');
    expect(page.items.map((item: { date: string }) => item.date)).toEqual(['2026-02-09', '2026-02-08', '2026-02-07']);
    expect(page.pagination.total_count).toBe(40);
    const all = await read(business, '/api/v1/exchange-rates?from=2026-01-14&to=2026-01-15');
    expect(all.items.map((item: { date: string; currency: string }) => `${item.date} ${item.currency}`)).toEqual(['2026-01-15 EUR', '2026-01-15 GBP', '2026-01-14 EUR']);
    expectProblem(await call('GET', '/api/v1/exchange-rates?from=2026-02-01&to=2026-01-01', { key: business.key }), 400, 'from');
    expect((await invoice(business, customer, '2026-01-02', 10)).exchange_rate).toBe(1.002);
    expect((await invoice(business, customer, '2026-02-20', 10)).exchange_rate).toBe(1.04);
    expectProblem(await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2025-12-31', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] } }), 400, 'exchange_rate');
  });

  it('fixes the home currency once anything is posted', async () => {
    const { business, customer } = await exporter();
    const changed = await call('PATCH', '/api/v1/business', { key: business.key, body: { base_currency: 'GBP' } });
    expect(changed.status, changed.text).toBe(200);
    await call('PATCH', '/api/v1/business', { key: business.key, body: { base_currency: 'USD' } });
    await invoice(business, customer, '2026-03-05', 10, { exchange_rate: 1.1 });
    expect((await call('PATCH', '/api/v1/business', { key: business.key, body: { base_currency: 'GBP' } })).status).toBe(409);
  });
});
