import { describe, expect, it } from 'vitest';
import { call, createdBy as created, freshBusiness, readBy as read } from '../integration/support.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;

/** The general ledger's lines follow a posting within about a second (the stream projector): waits for `count` of them. */
async function ledger(business: Business, query: string, count: number) {
  for (const deadline = Date.now() + 10_000; ; ) {
    const report = await read(business, `/api/v1/reports/general-ledger?${query}`);
    if (report.lines.length >= count || Date.now() > deadline) return report;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const roleOf = async (business: Business, role: string) => ((await read(business, '/api/v1/accounts')) as { id: string; system_role: string | null }[]).find((account) => account.system_role === role)!.id;

describe('GET /reports/general-ledger', () => {
  it('lists an account’s postings in date order with a running balance from the opening, in the home currency with each posting’s own amount', async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const customer = (await created(business, '/api/v1/customers', { name: 'Ada' })).id;
    const zeta = (await created(business, '/api/v1/customers', { name: 'Zeta', currency: 'EUR' })).id;
    const bank = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' })).id;
    const receivable = await roleOf(business, 'accounts_receivable');
    const line = (amount: number) => [{ description: 'Work', quantity: 1, unit_price: amount }];
    await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-02-20', lines: line(40) });
    const first = await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-03-02', lines: line(100) });
    const euro = await created(business, '/api/v1/invoices', { customer_id: zeta, invoice_date: '2026-03-05', lines: line(200), exchange_rate: 1.1 });
    const receipt = await created(business, '/api/v1/receipts', { party_id: customer, date: '2026-03-10', payment_account_id: bank, allocations: [{ document_id: first.id, amount: 60 }] });
    await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-04-01', lines: line(5) });

    const report = await ledger(business, `account_id=${receivable}&from=2026-03-01&to=2026-03-31`, 3);
    expect(report).toMatchObject({ account: { id: receivable }, from: '2026-03-01', to: '2026-03-31', currency: 'USD', opening_balance: 40, closing_balance: 300, next_cursor: null });
    expect(report.lines.map((row: Record<string, unknown>) => [row.date, row.source, row.debit, row.credit, row.balance, row.currency, row.original_debit, row.original_credit])).toEqual([
      ['2026-03-02', { type: 'invoice', id: first.id, no: first.no }, 100, 0, 140, 'USD', 100, 0],
      ['2026-03-05', { type: 'invoice', id: euro.id, no: euro.no }, 220, 0, 360, 'EUR', 200, 0],
      ['2026-03-10', { type: 'receipt', id: receipt.id, no: receipt.no }, 0, 60, 300, 'USD', 0, 60],
    ]);
    expect(report.lines[0].description).toBe(`Invoice ${first.no}`);
    // Each line names its customer as the customer is called now.
    expect(report.lines.map((row: { party: { id: string; name: string } | null }) => row.party)).toEqual([{ id: customer, name: 'Ada' }, { id: zeta, name: 'Zeta' }, { id: customer, name: 'Ada' }]);
    // The closing balance is the trial balance's figure as of `to`.
    const trial = await read(business, '/api/v1/reports/trial-balance?as_of=2026-03-31');
    const row = trial.base.accounts.find((account: { account_id: string }) => account.account_id === receivable);
    expect(row.debit - row.credit).toBe(300);
    // A bank account in its own currency; the invoice before the period is only in the opening balance.
    const bankLedger = await ledger(business, `account_id=${bank}&from=2026-01-01&to=2026-12-31`, 1);
    expect(bankLedger).toMatchObject({ currency: 'USD', opening_balance: 0, closing_balance: 60, lines: [{ date: '2026-03-10', debit: 60, credit: 0, balance: 60 }] });
  });

  it('pages by cursor, each page carrying on the running balance, and refuses what it cannot answer', async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const customer = (await created(business, '/api/v1/customers', { name: 'Ada' })).id;
    const receivable = await roleOf(business, 'accounts_receivable');
    for (let day = 1; day <= 5; day++) await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: `2026-05-0${day}`, lines: [{ description: 'Work', quantity: 1, unit_price: day }] });
    await ledger(business, `account_id=${receivable}&from=2026-05-01&to=2026-05-31`, 5);
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const page: { lines: { balance: number }[]; next_cursor: string | null; opening_balance: number } = await read(business, `/api/v1/reports/general-ledger?account_id=${receivable}&from=2026-05-01&to=2026-05-31&page_size=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.opening_balance).toBe(0);
      pages.push(page.lines.map((line) => line.balance));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages.flat()).toEqual([1, 3, 6, 10, 15]);
    expect(pages[0]).toEqual([1, 3]);

    const refused = async (query: string, status: number, field?: string) => {
      const answer = await call('GET', `/api/v1/reports/general-ledger?${query}`, { key: business.key });
      expect(answer.status, answer.text).toBe(status);
      if (field) expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    };
    await refused('from=2026-05-01', 400, 'account_id');
    await refused(`account_id=${receivable}&from=2026-06-01&to=2026-05-01`, 400, 'from');
    await refused(`account_id=${receivable}&cursor=nonsense`, 400, 'cursor');
    await refused(`account_id=${receivable}&page_size=501`, 400, 'page_size');
    await refused(`account_id=${receivable}&colour=blue`, 400);
    await refused('account_id=00000000-0000-4000-8000-000000000000', 404);
    // Another account's cursor, or another period's, is refused rather than misread.
    const page = await read(business, `/api/v1/reports/general-ledger?account_id=${receivable}&from=2026-05-01&to=2026-05-31&page_size=1`);
    const other = await roleOf(business, 'sales_revenue');
    await refused(`account_id=${other}&from=2026-05-01&to=2026-05-31&cursor=${page.next_cursor}`, 400, 'cursor');
  });
});
