import { describe, expect, it } from 'vitest';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { call, createdBy as created, freshBusiness, readBy as read } from '../integration/support.ts';

/**
 * Boundaries of the read side that one-line changes once survived (issue 46): each test here fails when its
 * boundary moves, by a day, a priority's digits, or a window's length.
 */
describe('read-side boundaries', () => {
  it("puts a sale on the financial year's first day in the current year's earnings, and one the day before in retained earnings", async () => {
    const business = await freshBusiness({ currency: 'USD' });
    expect((await call('PATCH', '/api/v1/business', { key: business.key, body: { fiscal_year_start_month: 7 } })).status).toBe(200);
    const customer = (await created(business, '/api/v1/customers', { name: 'Ada Ltd' })).id;
    await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-06-30', lines: [{ description: 'Last day of the year before', quantity: 1, unit_price: 40 }] });
    await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-07-01', lines: [{ description: 'First day of the year', quantity: 1, unit_price: 100 }] });
    const sheet = await read(business, '/api/v1/reports/balance-sheet?as_of=2026-09-30');
    const equity = Object.fromEntries((sheet.base.equity as { name: string; amount: number }[]).map((line) => [line.name, line.amount]));
    expect(equity).toMatchObject({ 'Retained earnings': 40, 'Current year earnings': 100 });
  });

  it('lists an invoice over-settled on a past date with its negative open amount, as the receivables account holds it that day', async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const customer = (await created(business, '/api/v1/customers', { name: 'Ada Ltd' })).id;
    const bank = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' })).id;
    const invoice = await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-02-01', due_date: '2026-02-01', lines: [{ description: 'Work', quantity: 1, unit_price: 100 }] });
    const note = await created(business, '/api/v1/credit-notes', { customer_id: customer, date: '2026-02-01', lines: [{ description: 'Goodwill', quantity: 1, unit_price: 30 }] });
    const applied = await created(business, `/api/v1/credit-notes/${note.id}/allocations`, { date: '2026-10-01', allocations: [{ document_id: invoice.id, amount: 30 }] });
    // The credit is undone only from next June; the 100 it frees today is then paid in full, dated 1 October.
    expect((await call('POST', `/api/v1/credit-allocations/${applied.allocations[0].id}/void`, { key: business.key, body: { void_date: '2027-06-30' } })).status).toBe(200);
    await created(business, '/api/v1/receipts', { party_id: customer, date: '2026-10-01', payment_account_id: bank, allocations: [{ document_id: invoice.id, amount: 100 }] });
    // On 1 October 130 settled 100: the customer was 30 in credit on it, in the aged report as in the trial balance.
    const aged = await read(business, '/api/v1/reports/aged-receivables?as_of=2026-10-01');
    expect(aged.currencies[0].totals.total).toBe(-30);
    const trial = await read(business, '/api/v1/reports/trial-balance?as_of=2026-10-01');
    const receivable = (trial.base.accounts as { name: string; debit: number; credit: number }[]).find((account) => account.name === 'Accounts receivable')!;
    expect(receivable.debit - receivable.credit).toBe(-30);
    // From next June the credit is undone and the invoice settled by the receipt alone: the note's 30 is unapplied
    // credit again, a negative amount in the current column, as receivables hold it.
    const june = await read(business, '/api/v1/reports/aged-receivables?as_of=2027-06-30');
    expect(june.currencies[0].totals).toMatchObject({ current: -30, d1_30: 0, over_90: 0, total: -30 });
    const juneTrial = await read(business, '/api/v1/reports/trial-balance?as_of=2027-06-30');
    const juneReceivable = (juneTrial.base.accounts as { name: string; debit: number; credit: number }[]).find((account) => account.name === 'Accounts receivable')!;
    expect(juneReceivable.debit - juneReceivable.credit).toBe(-30);
  });

  it('lists bank rules by priority as numbers (5 before 10), not as text', async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const customer = (await created(business, '/api/v1/customers', { name: 'Ada Ltd' })).id;
    for (const priority of [10, 5, 100]) await created(business, '/api/v1/bank-feeds/rules', { name: `Rule ${priority}`, priority, conditions: [{ field: 'description', operator: 'contains', value: `p${priority}` }], action: { party_id: customer } });
    expect(((await read(business, '/api/v1/bank-feeds/rules')).items as { priority: number }[]).map((rule) => rule.priority)).toEqual([5, 10, 100]);
  });

  it('suggests a posting of the same amount 89 days from the line, and not one 91 days away', async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const customer = (await created(business, '/api/v1/customers', { name: 'Ada Ltd' })).id;
    const bank = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'Operating', kind: 'bank' })).id;
    const receiptOn = async (date: string) => {
      const invoice = await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-01-01', lines: [{ description: 'Work', quantity: 1, unit_price: 64 }] });
      return (await created(business, '/api/v1/receipts', { party_id: customer, date, payment_account_id: bank, allocations: [{ document_id: invoice.id, amount: 64 }] })).id;
    };
    // The line is on 2026-06-01: 2026-03-04 is 89 days before it, 2026-03-02 is 91.
    const inside = await receiptOn('2026-03-04');
    const outside = await receiptOn('2026-03-02');
    const [line] = (await created(business, `/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-06-01', amount: 64, description: 'Deposit' }] })).added as { id: string }[];
    // The amount index that serves suggestions is kept from the table's stream: wait for the one inside the window.
    let suggested: string[] = [];
    const offered = async () => (suggested = ((await read(business, `/api/v1/bank-feeds/lines/${line!.id}/suggestions`)) as { kind: string; id: string }[]).filter((item) => item.kind !== 'invoice').map((item) => item.id)).includes(inside);
    expect(await eventually(offered, STREAM_LAG_MS)).toBe(true);
    expect(suggested).not.toContain(outside);
  });
});
