import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../shared/platform/core/dates.ts';
import { call, freshBusiness } from '../integration/support.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;

/**
 * Books small enough to compute by hand, in two currencies, with a credit note, a receipt, a bill and a void:
 *
 * USD  I1  C1  2026-01-10 due 02-09  100 + 10% tax = 110   paid in full by R1 on 02-20
 *      I2  C1  2026-02-01 due 03-01  200                     credited 50 by CN1 (02-15): 150 open
 *      I4  C1  2026-03-01 due 03-31  500                     voided with void_date today (reversal dated today): open until then
 *      B1  V1  2026-01-20 due 02-19   80                     open
 * EUR  I3  C2  2026-03-05 due 03-20  300                     open
 */
describe('financial reports', () => {
  let business: Business;
  const ids: Record<string, string> = {};
  const get = async (path: string) => {
    const answer = await call('GET', path, { key: business.key });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };

  beforeAll(async () => {
    business = await freshBusiness();
    const post = async (path: string, body: unknown) => {
      const answer = await call('POST', path, { key: business.key, body });
      expect(answer.status, answer.text).toBe(201);
      return answer.body.data.id as string;
    };
    ids.c1 = await post('/api/v1/customers', { name: 'Alpha Ltd' });
    ids.c2 = await post('/api/v1/customers', { name: 'Beta GmbH', currency: 'EUR' });
    ids.v1 = await post('/api/v1/vendors', { name: 'Supplier Co' });
    ids.bank = await post('/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' });
    const invoice = (customer: string, date: string, due: string, price: number, tax = 0) => post('/api/v1/invoices', { customer_id: customer, invoice_date: date, due_date: due, lines: [{ description: 'Work', quantity: 1, unit_price: price, tax_rate: tax }] });
    ids.i1 = await invoice(ids.c1, '2026-01-10', '2026-02-09', 100, 10);
    ids.i2 = await invoice(ids.c1, '2026-02-01', '2026-03-01', 200);
    await post('/api/v1/exchange-rates', { currency: 'EUR', date: '2026-03-01', rate: 1.1 });
    ids.i3 = await invoice(ids.c2, '2026-03-05', '2026-03-20', 300);
    ids.i4 = await invoice(ids.c1, '2026-03-01', '2026-03-31', 500);
    ids.cn1 = await post('/api/v1/credit-notes', { customer_id: ids.c1, date: '2026-02-15', lines: [{ description: 'Refund', quantity: 1, unit_price: 50 }] });
    const allocation = await call('POST', `/api/v1/credit-notes/${ids.cn1}/allocations`, { key: business.key, body: { date: '2026-02-15', allocations: [{ document_id: ids.i2, amount: 50 }] } });
    expect(allocation.status, allocation.text).toBe(201);
    ids.r1 = await post('/api/v1/receipts', { party_id: ids.c1, date: '2026-02-20', payment_account_id: ids.bank, allocations: [{ document_id: ids.i1, amount: 110 }] });
    ids.b1 = await post('/api/v1/bills', { vendor_id: ids.v1, bill_date: '2026-01-20', due_date: '2026-02-19', lines: [{ description: 'Stock', quantity: 1, unit_price: 80 }] });
    expect((await call('POST', `/api/v1/invoices/${ids.i4}/void`, { key: business.key, body: { void_date: today() } })).status).toBe(200);
  });

  const amounts = (lines: { name: string; amount: number }[]) => Object.fromEntries(lines.map((line) => [line.name, line.amount]));

  it('profit and loss over the first quarter counts the invoice voided later, in each currency', async () => {
    const report = await get('/api/v1/reports/profit-and-loss?from=2026-01-01&to=2026-03-31');
    expect(report.from).toBe('2026-01-01');
    const [eur, usd] = report.currencies;
    expect(usd).toMatchObject({ currency: 'USD', total_income: 750, total_expenses: 80, net_profit: 670 });
    expect(amounts(usd.income)).toEqual({ 'Sales revenue': 750 });
    expect(amounts(usd.expenses)).toEqual({ 'Purchases and expenses': 80 });
    expect(eur).toMatchObject({ currency: 'EUR', total_income: 300, total_expenses: 0, net_profit: 300 });
  });

  it('profit and loss up to today takes the void off on its own date, and one month alone holds only its postings', async () => {
    const year = await get(`/api/v1/reports/profit-and-loss?from=2026-01-01&to=${today()}`);
    expect(year.currencies.find((block: { currency: string }) => block.currency === 'USD')).toMatchObject({ total_income: 250, net_profit: 170 });
    const february = await get('/api/v1/reports/profit-and-loss?from=2026-02-01&to=2026-02-28');
    expect(february.currencies).toEqual([{ currency: 'USD', label: 'Postings in USD, not converted', income: [expect.objectContaining({ name: 'Sales revenue', amount: 150 })], expenses: [], total_income: 150, total_expenses: 0, net_profit: 150 }]);
  });

  it('the balance sheet balances, with the earnings not yet closed in equity', async () => {
    const sheet = await get(`/api/v1/reports/balance-sheet?as_of=${today()}`);
    const usd = sheet.currencies.find((block: { currency: string }) => block.currency === 'USD');
    expect(amounts(usd.assets)).toEqual({ 'Accounts receivable': 150, Bank: 110 });
    expect(amounts(usd.liabilities)).toEqual({ 'Accounts payable': 80, 'Tax payable': 10 });
    expect(amounts(usd.equity)).toEqual({ 'Current year earnings': 170 });
    expect(usd).toMatchObject({ total_assets: 260, total_liabilities: 90, total_equity: 170 });
    const eur = sheet.currencies.find((block: { currency: string }) => block.currency === 'EUR');
    expect(eur).toMatchObject({ total_assets: 300, total_liabilities: 0, total_equity: 300 });
  });

  it('the balance sheet before any posting is empty, and mid-month counts only the days up to the date', async () => {
    expect((await get('/api/v1/reports/balance-sheet?as_of=2025-12-31')).currencies).toEqual([]);
    const midFebruary = await get('/api/v1/reports/balance-sheet?as_of=2026-02-10');
    const usd = midFebruary.currencies[0];
    // I1 (110), I2 (200) and B1 (80) only: the credit note and the receipt come later in February.
    expect(usd).toMatchObject({ currency: 'USD', total_assets: 310, total_liabilities: 90, total_equity: 220 });
  });

  it('aged receivables put each open invoice in its bucket by days past due, per currency', async () => {
    const aged = await get('/api/v1/reports/aged-receivables?as_of=2026-03-31');
    const zero = { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 };
    expect(aged.currencies).toEqual([
      // The EUR invoice was posted at 1.10: 330 in the home currency.
      { currency: 'EUR', parties: [{ party_id: ids.c2, name: 'Beta GmbH', ...zero, d1_30: 300, total: 300, base_total: 330 }], totals: { ...zero, d1_30: 300, total: 300, base_total: 330 } },
      // I2 after its credit, 30 days late; I4 due that day, voided only since (api.md, "True as of any date").
      { currency: 'USD', parties: [{ party_id: ids.c1, name: 'Alpha Ltd', ...zero, current: 500, d1_30: 150, total: 650, base_total: 650 }], totals: { ...zero, current: 500, d1_30: 150, total: 650, base_total: 650 } },
    ]);
    // Before R1 (02-20) and the credit (02-15): I1's 110 and I2's 200, neither due yet.
    const early = await get('/api/v1/reports/aged-receivables?as_of=2026-02-05');
    expect(early.currencies).toEqual([{ currency: 'USD', parties: [{ party_id: ids.c1, name: 'Alpha Ltd', ...zero, current: 310, total: 310, base_total: 310 }], totals: { ...zero, current: 310, total: 310, base_total: 310 } }]);
    const late = await get('/api/v1/reports/aged-receivables?as_of=2026-07-01');
    expect(late.currencies.map((block: { totals: Record<string, number> }) => block.totals)).toEqual([
      { ...zero, over_90: 300, total: 300, base_total: 330 },
      { ...zero, over_90: 650, total: 650, base_total: 650 },
    ]);
  });

  it('aged payables age the open bill', async () => {
    const aged = await get('/api/v1/reports/aged-payables?as_of=2026-04-01');
    expect(aged.currencies).toEqual([{ currency: 'USD', parties: [{ party_id: ids.v1, name: 'Supplier Co', current: 0, d1_30: 0, d31_60: 80, d61_90: 0, over_90: 0, total: 80, base_total: 80 }], totals: { current: 0, d1_30: 0, d31_60: 80, d61_90: 0, over_90: 0, total: 80, base_total: 80 } }]);
  });

  it('a report asked for right after a 201 includes that posting', async () => {
    for (let round = 0; round < 5; round++) {
      const before = (await get('/api/v1/reports/trial-balance?as_of=2026-06-30')).currencies.find((block: { currency: string }) => block.currency === 'USD').total_debit;
      const posted = await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: ids.c1, invoice_date: '2026-06-15', lines: [{ description: 'Now', quantity: 1, unit_price: 1 }] } });
      expect(posted.status).toBe(201);
      const after = (await get('/api/v1/reports/trial-balance?as_of=2026-06-30')).currencies.find((block: { currency: string }) => block.currency === 'USD').total_debit;
      expect(after).toBe(Number((before + 1).toFixed(2)));
      const aged = await get('/api/v1/reports/aged-receivables?as_of=2026-06-30');
      // I2's 150 and I4's 500 (voided today) were open on 30 June, and each new invoice of 1.
      expect(aged.currencies.find((block: { currency: string }) => block.currency === 'USD').totals.total).toBe(650 + round + 1);
    }
  });

  it('refuses a period that ends before it starts, and unknown parameters, naming the field', async () => {
    const backwards = await call('GET', '/api/v1/reports/profit-and-loss?from=2026-05-01&to=2026-04-01', { key: business.key });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details[0].field).toBe('from');
    const bad = await call('GET', '/api/v1/reports/balance-sheet?as_of=2026-02-30', { key: business.key });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('as_of');
    expect((await call('GET', '/api/v1/reports/aged-payables?page=2', { key: business.key })).status).toBe(400);
  });

  it('needs finance_ledger:read', async () => {
    const limited = await freshBusiness({ scopes: ['sales_invoices:read'] });
    for (const report of ['profit-and-loss', 'balance-sheet', 'aged-receivables', 'aged-payables']) {
      const answer = await call('GET', `/api/v1/reports/${report}`, { key: limited.key });
      expect(answer.status, report).toBe(403);
      expect(answer.body.error_description).toContain('finance_ledger:read');
    }
  });
});
