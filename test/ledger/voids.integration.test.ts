import { describe, expect, it } from 'vitest';
import { call, createdBy as created, freshBusiness, readBy as read } from '../integration/support.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;

async function world() {
  const business = await freshBusiness({ currency: 'USD' });
  const customer = (await created(business, '/api/v1/customers', { name: 'Ada Ltd' })).id as string;
  const bank = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'Operating', kind: 'bank' })).id as string;
  const savings = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'Savings', kind: 'bank' })).id as string;
  const accounts = (await read(business, '/api/v1/accounts')) as { id: string; system_role: string | null; type: string }[];
  return { business, customer, bank, savings, accounts };
}

/** Each account's net (debit less credit) in the home currency as of a date, from the trial balance. */
async function netsAsOf(business: Business, asOf: string): Promise<Map<string, number>> {
  const trial = await read(business, `/api/v1/reports/trial-balance?as_of=${asOf}`);
  return new Map((trial.base.accounts as { account_id: string; debit: number; credit: number }[]).map((row) => [row.account_id, Math.round((row.debit - row.credit) * 100) / 100]));
}

const voidOf = (business: Business, path: string, body?: unknown) => call('POST', path, { key: business.key, body });

describe('voids keep their period (api.md, "True as of any date")', () => {
  it("books a void's reversal on the original's date by default, so July's books no longer show a July invoice and its receipt voided later", async () => {
    const { business, customer, bank } = await world();
    // 750 of revenue and 10% tax, received in full into the bank, all in July.
    const invoice = await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-07-10', lines: [{ description: 'Work', quantity: 1, unit_price: 750, tax_rate: 10 }] });
    expect(invoice.total).toBe(825);
    const receipt = await created(business, '/api/v1/receipts', { party_id: customer, date: '2026-07-20', payment_account_id: bank, allocations: [{ document_id: invoice.id, amount: 825 }] });
    expect((await netsAsOf(business, '2026-07-31')).get(bank)).toBe(825);

    const voidedReceipt = await voidOf(business, `/api/v1/receipts/${receipt.id}/void`);
    expect(voidedReceipt.status, voidedReceipt.text).toBe(200);
    expect(voidedReceipt.body.data).toMatchObject({ status: 'Voided', void_date: '2026-07-20' });
    const voidedInvoice = await voidOf(business, `/api/v1/invoices/${invoice.id}/void`);
    expect(voidedInvoice.status, voidedInvoice.text).toBe(200);
    expect(voidedInvoice.body.data).toMatchObject({ status: 'Voided', void_date: '2026-07-10', balance_due: 0 });

    // Each reversal sits on its original's day: at the end of July every account nets to nothing.
    const reversals = (await read(business, `/api/v1/journal-entries?document_id=${invoice.id}`)).items as { date: string }[];
    expect(reversals.map((entry) => entry.date)).toEqual(['2026-07-10', '2026-07-10']);
    expect([...(await netsAsOf(business, '2026-07-31')).values()].filter((net) => net !== 0)).toEqual([]);
    const july = await read(business, '/api/v1/reports/profit-and-loss?from=2026-07-01&to=2026-07-31');
    expect([july.base.total_income, july.base.net_profit]).toEqual([0, 0]);
  });

  it('books the reversal on a void_date asked for: in its own month, never before the original (400 naming void_date), never on or before the lock date (409)', async () => {
    const { business, accounts } = await world();
    const [revenue, expense] = [accounts.find((account) => account.type === 'revenue')!.id, accounts.find((account) => account.type === 'expense')!.id];
    const journal = await created(business, '/api/v1/journals', { date: '2026-07-15', narration: 'Accrual', lines: [{ account_id: expense, debit: 40 }, { account_id: revenue, credit: 40 }] });

    const early = await voidOf(business, `/api/v1/journals/${journal.id}/void`, { void_date: '2026-07-14' });
    expect(early.status, early.text).toBe(400);
    expect(early.body.details).toEqual([{ field: 'void_date', message: "must be on or after the original's date, 2026-07-15" }]);
    const malformed = await voidOf(business, `/api/v1/journals/${journal.id}/void`, { void_date: '2026-02-30' });
    expect(malformed.status, malformed.text).toBe(400);
    const unknown = await voidOf(business, `/api/v1/journals/${journal.id}/void`, { void_on: '2026-08-01' });
    expect(unknown.status, unknown.text).toBe(400);

    const voided = await voidOf(business, `/api/v1/journals/${journal.id}/void`, { void_date: '2026-08-03' });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'voided', void_date: '2026-08-03' });
    // July keeps the accrual; August carries its reversal; by the end of August it nets to nothing.
    expect((await netsAsOf(business, '2026-07-31')).get(expense)).toBe(40);
    expect((await netsAsOf(business, '2026-08-31')).get(expense) ?? 0).toBe(0);

    const second = await created(business, '/api/v1/journals', { date: '2026-09-10', narration: 'Accrual', lines: [{ account_id: expense, debit: 5 }, { account_id: revenue, credit: 5 }] });
    expect((await call('PUT', '/api/v1/business/lock-date', { key: business.key, body: { lock_date: '2026-08-31' } })).status).toBe(200);
    const before = (await read(business, '/api/v1/journal-entries')).pagination.total_count;
    // A void dated after the lock date of an original dated after it posts; the original locked refuses, whatever its void_date.
    const lockedOriginal = await voidOf(business, `/api/v1/journals/${journal.id}/void`, { void_date: '2026-09-15' });
    expect(lockedOriginal.status, lockedOriginal.text).toBe(409);
    expect((await read(business, '/api/v1/journal-entries')).pagination.total_count).toBe(before);
    const open = await voidOf(business, `/api/v1/journals/${second.id}/void`, { void_date: '2026-09-30' });
    expect(open.status, open.text).toBe(200);
    expect(open.body.data.void_date).toBe('2026-09-30');
  });

  it('never books a document void on a day a settlement of it, voided later, still stood: the default date is refused there (409 naming the day), an earlier one asked for too (400), and the aged report ties to the ledger', async () => {
    const { business, customer, accounts } = await world();
    const receivable = accounts.find((account) => account.system_role === 'accounts_receivable')!.id;
    const invoice = await created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: '2026-02-11', lines: [{ description: 'Work', quantity: 1, unit_price: 120 }] });
    const note = await created(business, '/api/v1/credit-notes', { customer_id: customer, date: '2026-02-11', lines: [{ description: 'Credit', quantity: 1, unit_price: 50 }] });
    // The credit settled 30 of the invoice from October to the end of December.
    const [allocation] = (await created(business, `/api/v1/credit-notes/${note.id}/allocations`, { date: '2026-10-01', allocations: [{ document_id: invoice.id, amount: 30 }] })).allocations as { id: string }[];
    const undone = await call('POST', `/api/v1/credit-allocations/${allocation!.id}/void`, { key: business.key, body: { void_date: '2026-12-31' } });
    expect(undone.status, undone.text).toBe(200);

    const early = await voidOf(business, `/api/v1/credit-notes/${note.id}/void`, { void_date: '2026-12-30' });
    expect(early.status, early.text).toBe(400);
    expect(early.body.details).toEqual([{ field: 'void_date', message: 'must be on or after 2026-12-31: a settlement of it stood until then' }]);
    const unasked = await voidOf(business, `/api/v1/credit-notes/${note.id}/void`);
    expect(unasked.status, unasked.text).toBe(409);
    expect(unasked.body.error_description).toContain('"void_date": "2026-12-31"');
    const voidedNote = await voidOf(business, `/api/v1/credit-notes/${note.id}/void`, { void_date: '2026-12-31' });
    expect(voidedNote.status, voidedNote.text).toBe(200);
    expect(voidedNote.body.data.void_date).toBe('2026-12-31');

    // In October the note stood with 20 of credit unapplied, and the invoice owed 90: 70 in all, as the ledger says.
    const aged = await read(business, '/api/v1/reports/aged-receivables?as_of=2026-10-15');
    expect(aged.currencies.map((block: { currency: string; totals: { total: number } }) => [block.currency, block.totals.total])).toEqual([['USD', 70]]);
    expect((await netsAsOf(business, '2026-10-15')).get(receivable)).toBe(70);
    // The invoice, settled by the same credit until then, voids from that day on.
    expect((await voidOf(business, `/api/v1/invoices/${invoice.id}/void`)).status).toBe(409);
    const voidedInvoice = await voidOf(business, `/api/v1/invoices/${invoice.id}/void`, { void_date: '2027-01-05' });
    expect(voidedInvoice.body.data.void_date, voidedInvoice.text).toBe('2027-01-05');
  });

  it('takes no body, an empty body and {} as before (the original date), whatever their declared type', async () => {
    const { business, customer } = await world();
    const invoice = (date: string) => created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: date, lines: [{ description: 'A', quantity: 1, unit_price: 10 }] });
    const [first, second, third, fourth] = await Promise.all(['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04'].map(invoice));
    const answers = await Promise.all([
      voidOf(business, `/api/v1/invoices/${first.id}/void`),
      call('POST', `/api/v1/invoices/${second.id}/void`, { key: business.key, rawBody: '', contentType: 'application/json' }),
      voidOf(business, `/api/v1/invoices/${third.id}/void`, {}),
      call('POST', `/api/v1/invoices/${fourth.id}/void`, { key: business.key, rawBody: '{}', contentType: 'text/plain' }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.data?.void_date])).toEqual([
      [200, '2026-07-01'],
      [200, '2026-07-02'],
      [200, '2026-07-03'],
      [200, '2026-07-04'],
    ]);
  });

  it('voids a transfer on its own date or a void_date, once, through the posting path', async () => {
    const { business, bank, savings } = await world();
    const transfer = await created(business, '/api/v1/bank-feeds/transfers', { from_account_id: bank, to_account_id: savings, date: '2026-07-05', amount: 300 });
    expect(transfer).toMatchObject({ voided_at: null, void_date: null });
    expect((await voidOf(business, `/api/v1/bank-feeds/transfers/${transfer.id}/void`, { void_date: '2026-07-04' })).status).toBe(400);
    const voided = await voidOf(business, `/api/v1/bank-feeds/transfers/${transfer.id}/void`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ id: transfer.id, void_date: '2026-07-05' });
    expect(voided.body.data.voided_at).not.toBeNull();
    expect((await voidOf(business, `/api/v1/bank-feeds/transfers/${transfer.id}/void`)).status).toBe(409);
    const nets = await netsAsOf(business, '2026-07-05');
    expect([nets.get(bank) ?? 0, nets.get(savings) ?? 0]).toEqual([0, 0]);
    expect((await voidOf(business, '/api/v1/bank-feeds/transfers/00000000-0000-4000-8000-000000000000/void')).status).toBe(404);
  });

  it('matches a transfer to its bank-feed line by its own id, as the suggestions offer it, and refuses its void while matched (409)', async () => {
    const { business, bank, savings } = await world();
    const transfer = await created(business, '/api/v1/bank-feeds/transfers', { from_account_id: bank, to_account_id: savings, date: '2026-07-06', amount: 120 });
    const [outgoing] = (await created(business, `/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-07-06', amount: -120, description: 'To savings' }] })).added as { id: string }[];
    const [incoming] = (await created(business, `/api/v1/bank-feeds/accounts/${savings}/lines`, { lines: [{ date: '2026-07-06', amount: 120, description: 'From operating' }] })).added as { id: string }[];
    for (const line of [outgoing!, incoming!]) {
      const matched = await call('POST', `/api/v1/bank-feeds/lines/${line.id}/match`, { key: business.key, body: { money_id: transfer.id } });
      expect(matched.status, matched.text).toBe(200);
      expect(matched.body.data.status).toBe('matched');
    }
    const other = await created(business, '/api/v1/bank-feeds/accounts', { name: 'Petty cash', kind: 'cash' });
    const [stray] = (await created(business, `/api/v1/bank-feeds/accounts/${other.id}/lines`, { lines: [{ date: '2026-07-06', amount: 120 }] })).added as { id: string }[];
    const elsewhere = await call('POST', `/api/v1/bank-feeds/lines/${stray!.id}/match`, { key: business.key, body: { money_id: transfer.id } });
    expect(elsewhere.status, elsewhere.text).toBe(400);
    expect(elsewhere.body.details).toEqual([{ field: 'money_id', message: "is recorded on another account than the line's" }]);
    expect((await voidOf(business, `/api/v1/bank-feeds/transfers/${transfer.id}/void`)).status).toBe(409);
  });
});
