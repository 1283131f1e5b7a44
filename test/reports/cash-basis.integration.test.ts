import { describe, expect, it } from 'vitest';
import type { freshBusiness} from '../integration/support.ts';
import { call, createdBy as created, readBy as read } from '../integration/support.ts';
import { quarterBooks } from './quarter-books.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;
interface Block {
  currency: string;
  income: { name: string; amount: number }[];
  expenses: { name: string; amount: number }[];
  total_income: number;
  total_expenses: number;
  net_profit: number;
}

/** A profit and loss block as `[total income, total expenses, net profit]`, and its income lines by name. */
async function profitAndLoss(business: Business, from: string, to: string, basis: 'accrual' | 'cash', currency = 'USD') {
  const report = await read(business, `/api/v1/reports/profit-and-loss?from=${from}&to=${to}&basis=${basis}`);
  expect(report.basis).toBe(basis);
  const block = (report.currencies as Block[]).find((candidate) => candidate.currency === currency);
  const base = report.base as Block;
  return {
    totals: block ? [block.total_income, block.total_expenses, block.net_profit] : [0, 0, 0],
    baseIncome: Object.fromEntries(base.income.map((line) => [line.name, line.amount])),
  };
}

/**
 * A quarter whose cash-basis figures are worked out by hand (api.md, "True as of any date", cash basis): income and
 * expense recognised when settled, in proportion to each settlement, the last one taking the remainder; credit
 * allocations settle; unapplied credit does not; a receipt's void gives back what it recognised on its void date.
 */
describe('profit and loss on the cash basis', () => {
  it('recognises each document as it is settled, month by month, against figures worked out by hand', async () => {
    const { business, ada, bo, zeta, druck, bank, eurBank } = await quarterBooks();
    const lines = (amount: number, taxRate = 0) => [{ description: 'Work', quantity: 1, unit_price: amount, tax_rate: taxRate }];
    const invoice = (customer: string, date: string, amount: number, taxRate = 0, extra: Record<string, unknown> = {}) => created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: date, due_date: date, lines: lines(amount, taxRate), ...extra });
    const receipt = (customer: string, date: string, id: string, amount: number, extra: Record<string, unknown> = {}) => created(business, '/api/v1/receipts', { party_id: customer, date, payment_account_id: bank, allocations: [{ document_id: id, amount }], ...extra });

    // A: 1,000 + 10% tax, paid 440 in June (40%: 400 of revenue) and 660 in July (the other 600).
    const a = await invoice(ada, '2026-05-10', 1000, 10);
    await receipt(ada, '2026-06-10', a.id, 440);
    await receipt(ada, '2026-07-05', a.id, 660);
    // B: 500, credited 100 on 5 June (100 of B and −100 of the note, in June), 400 paid on 20 July.
    const b = await invoice(bo, '2026-05-20', 500);
    const note = await created(business, '/api/v1/credit-notes', { customer_id: bo, date: '2026-06-01', lines: lines(100) });
    await created(business, `/api/v1/credit-notes/${note.id}/allocations`, { date: '2026-06-05', allocations: [{ document_id: b.id, amount: 100 }] });
    await receipt(bo, '2026-07-20', b.id, 400);
    // The bill: 380 paid on 20 June.
    const bill = await created(business, '/api/v1/bills', { vendor_id: druck, bill_date: '2026-05-15', due_date: '2026-06-14', lines: lines(380) });
    await created(business, '/api/v1/payments', { party_id: druck, date: '2026-06-20', payment_account_id: bank, allocations: [{ document_id: bill.id, amount: 380 }] });
    // G: 10 + 10% tax = 11, paid 3, 3 and 5: 1,000 × 300 / 1,100 = 272.7 → 2.73; 545.45 → 5.45 (2.72 more); the last takes 4.55.
    const g = await invoice(bo, '2026-06-01', 10, 10);
    await receipt(bo, '2026-06-03', g.id, 3);
    await receipt(bo, '2026-06-04', g.id, 3);
    await receipt(bo, '2026-07-01', g.id, 5);
    // H: 200 paid on 6 June, the receipt voided into 10 July: recognised in June, given back in July.
    const h = await invoice(ada, '2026-06-05', 200);
    const paidH = await receipt(ada, '2026-06-06', h.id, 200);
    expect((await call('POST', `/api/v1/receipts/${paidH.id}/void`, { key: business.key, body: { void_date: '2026-07-10' } })).status).toBe(200);
    // E: 200, never paid, voided on 15 June: nothing on the cash basis.
    const e = await invoice(ada, '2026-05-25', 200);
    expect((await call('POST', `/api/v1/invoices/${e.id}/void`, { key: business.key, body: { void_date: '2026-06-15' } })).status).toBe(200);
    // Unapplied credit (70) is not recognised; an expense paid from the bank (50) is cash already.
    await created(business, '/api/v1/credit-notes', { customer_id: ada, date: '2026-06-20', lines: lines(70) });
    await created(business, '/api/v1/expenses', { vendor_id: druck, date: '2026-06-12', payment_account_id: bank, lines: lines(50) });
    // Z: EUR 1,000 booked at 1.10, half paid on 10 July at 1.15: EUR 500 of revenue, 550 at the rate booked.
    const z = await invoice(zeta, '2026-06-01', 1000, 0, { exchange_rate: 1.1 });
    await created(business, '/api/v1/receipts', { party_id: zeta, date: '2026-07-10', payment_account_id: eurBank, allocations: [{ document_id: z.id, amount: 500 }], exchange_rate: 1.15 });

    // Cash: May nothing; June A 400 + B 100 − note 100 + G 2.73 + 2.72 + H 200 = 605.45, expenses 380 + 50;
    // July A 600 + B 400 + G 4.55 − H 200 = 804.55.
    expect((await profitAndLoss(business, '2026-05-01', '2026-05-31', 'cash')).totals).toEqual([0, 0, 0]);
    expect((await profitAndLoss(business, '2026-06-01', '2026-06-30', 'cash')).totals).toEqual([605.45, 430, 175.45]);
    expect((await profitAndLoss(business, '2026-06-01', '2026-06-03', 'cash')).totals).toEqual([2.73, 0, 2.73]);
    expect((await profitAndLoss(business, '2026-07-01', '2026-07-31', 'cash')).totals).toEqual([804.55, 0, 804.55]);
    expect((await profitAndLoss(business, '2026-05-01', '2026-07-31', 'cash')).totals).toEqual([1410, 430, 980]);
    // Accrual, the same quarter: May A 1,000 + B 500 + E 200, the bill 380; June −100 + 10 + 200 − 200 (E's void) − 70, the expense 50.
    expect((await profitAndLoss(business, '2026-05-01', '2026-05-31', 'accrual')).totals).toEqual([1700, 380, 1320]);
    expect((await profitAndLoss(business, '2026-06-01', '2026-06-30', 'accrual')).totals).toEqual([-160, 50, -210]);
    // In the home currency, July's sales take Z's half at the rate it was booked (550); the receipt's gain of 25 is its own.
    const july = await profitAndLoss(business, '2026-07-01', '2026-07-31', 'cash', 'EUR');
    expect(july.totals).toEqual([500, 0, 500]);
    expect(july.baseIncome).toEqual({ 'Sales revenue': 1354.55, 'Realized currency gains and losses': 25 });
    // The accrual basis is the default, and a basis the API does not know is refused by name.
    expect((await read(business, '/api/v1/reports/profit-and-loss?from=2026-05-01&to=2026-05-31')).basis).toBe('accrual');
    const refused = await call('GET', '/api/v1/reports/profit-and-loss?basis=cashflow', { key: business.key });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('basis');
  });
});
