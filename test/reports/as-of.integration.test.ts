import { describe, expect, it } from 'vitest';
import type { freshBusiness} from '../integration/support.ts';
import { call, createdBy as created, readBy as read } from '../integration/support.ts';
import { quarterBooks } from './quarter-books.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;

interface AgedParty {
  name: string;
  current: number;
  d1_30: number;
  total: number;
  base_total: number;
}

/** An aged report as `currency → party name → [current, 1–30, total, base_total]`. */
async function aged(business: Business, side: 'receivables' | 'payables', asOf: string) {
  const report = await read(business, `/api/v1/reports/aged-${side}?as_of=${asOf}`);
  return Object.fromEntries(report.currencies.map((block: { currency: string; parties: AgedParty[] }) => [block.currency, Object.fromEntries(block.parties.map((party) => [party.name, [party.current, party.d1_30, party.total, party.base_total]]))]));
}

/** Receivables (payables) in the trial balance's home block as of a date, as a net debit (credit). */
async function ledgerBalance(business: Business, role: 'accounts_receivable' | 'accounts_payable', asOf: string) {
  const accounts = (await read(business, '/api/v1/accounts')) as { id: string; system_role: string | null }[];
  const id = accounts.find((account) => account.system_role === role)!.id;
  const trial = await read(business, `/api/v1/reports/trial-balance?as_of=${asOf}`);
  const row = trial.base.accounts.find((account: { account_id: string }) => account.account_id === id) ?? { debit: 0, credit: 0 };
  return Math.round((role === 'accounts_receivable' ? row.debit - row.credit : row.credit - row.debit) * 100) / 100;
}

/**
 * A quarter replayed with its figures worked out by hand: what each report of a past date must say, whatever was
 * settled, credited or voided after that date (api.md, "True as of any date").
 */
describe('reports as of a past date describe that date', () => {
  it('aged receivables and payables at three dates and unrealized FX at two, each tying to the trial balance of its date', async () => {
    const { business, ada, bo, zeta, druck, bank, eurBank } = await quarterBooks();
    const line = (amount: number) => [{ description: 'Work', quantity: 1, unit_price: amount }];
    const invoice = (customer: string, date: string, due: string, amount: number, extra: Record<string, unknown> = {}) =>
      created(business, '/api/v1/invoices', { customer_id: customer, invoice_date: date, due_date: due, lines: line(amount), ...extra });
    const receipt = (customer: string, account: string, date: string, id: string, amount: number, extra: Record<string, unknown> = {}) =>
      created(business, '/api/v1/receipts', { party_id: customer, date, payment_account_id: account, allocations: [{ document_id: id, amount }], ...extra });

    const a = await invoice(ada, '2026-05-10', '2026-05-31', 1000);
    const b = await invoice(bo, '2026-05-20', '2026-06-19', 500);
    const e = await invoice(ada, '2026-05-25', '2026-06-24', 200);
    const c = await created(business, '/api/v1/bills', { vendor_id: druck, bill_date: '2026-05-15', due_date: '2026-06-14', lines: line(380) });
    const d = await invoice(zeta, '2026-06-01', '2026-06-30', 1000, { exchange_rate: 1.1 });
    expect((await call('POST', '/api/v1/exchange-rates', { key: business.key, body: { currency: 'EUR', date: '2026-06-30', rate: 1.13 } })).status).toBe(201);
    expect((await call('POST', '/api/v1/exchange-rates', { key: business.key, body: { currency: 'EUR', date: '2026-07-31', rate: 1.2 } })).status).toBe(201);

    // Recorded in November, dated in the quarter: what a past report must not see early, and must still see late.
    await receipt(ada, bank, '2026-06-10', a.id, 400);
    await receipt(ada, bank, '2026-07-05', a.id, 600);
    const note = await created(business, '/api/v1/credit-notes', { customer_id: bo, date: '2026-06-01', lines: line(100) });
    await created(business, `/api/v1/credit-notes/${note.id}/allocations`, { date: '2026-06-05', allocations: [{ document_id: b.id, amount: 100 }] });
    await receipt(bo, bank, '2026-07-20', b.id, 400);
    expect((await call('POST', `/api/v1/invoices/${e.id}/void`, { key: business.key, body: { void_date: '2026-06-15' } })).status).toBe(200);
    await created(business, '/api/v1/payments', { party_id: druck, date: '2026-06-20', payment_account_id: bank, allocations: [{ document_id: c.id, amount: 380 }] });
    await receipt(zeta, eurBank, '2026-07-10', d.id, 1000, { exchange_rate: 1.15 });
    // A receipt voided a month after its date: settled on 15 June, owed again from 15 July.
    const f = await invoice(bo, '2026-06-02', '2026-07-02', 50);
    const late = await receipt(bo, bank, '2026-06-15', f.id, 50);
    expect((await call('POST', `/api/v1/receipts/${late.id}/void`, { key: business.key, body: { void_date: '2026-07-15' } })).status).toBe(200);

    // 31 May: A 1,000 (due that day), B 500 and E 200 not yet due; nothing paid. The bill: 380 not yet due.
    expect(await aged(business, 'receivables', '2026-05-31')).toEqual({ USD: { 'Ada Ltd': [1200, 0, 1200, 1200], 'Bo Inc': [500, 0, 500, 500] } });
    expect(await aged(business, 'payables', '2026-05-31')).toEqual({ USD: { 'Druck AG': [380, 0, 380, 380] } });
    expect(await ledgerBalance(business, 'accounts_receivable', '2026-05-31')).toBe(1700);
    expect(await ledgerBalance(business, 'accounts_payable', '2026-05-31')).toBe(380);

    // 30 June: A 600 left (30 days late), B 400 after the credit (11 days late), E voided on 15 June, the 50 of
    // 2 June paid on 15 June, D EUR 1,000 booked at 1.10 (due that day). The bill was paid on 20 June.
    expect(await aged(business, 'receivables', '2026-06-30')).toEqual({ USD: { 'Ada Ltd': [0, 600, 600, 600], 'Bo Inc': [0, 400, 400, 400] }, EUR: { 'Zeta GmbH': [1000, 0, 1000, 1100] } });
    expect(await aged(business, 'payables', '2026-06-30')).toEqual({});
    expect(await ledgerBalance(business, 'accounts_receivable', '2026-06-30')).toBe(2100);
    expect(await ledgerBalance(business, 'accounts_payable', '2026-06-30')).toBe(0);

    // 31 July: everything settled but the 50, owed again since its receipt's void on 15 July (29 days late).
    expect(await aged(business, 'receivables', '2026-07-31')).toEqual({ USD: { 'Bo Inc': [0, 50, 50, 50] } });
    expect(await ledgerBalance(business, 'accounts_receivable', '2026-07-31')).toBe(50);

    // Unrealized FX: at 30 June D is open, EUR 1,000 worth 1,130 against 1,100 booked; at 31 July it is settled.
    const june = await read(business, '/api/v1/reports/unrealized-fx?as_of=2026-06-30');
    expect(june.items.filter((item: { kind: string }) => item.kind === 'document')).toMatchObject([{ id: d.id, open_amount: 1000, booked_base: 1100, rate: 1.13, current_base: 1130, gain: 30 }]);
    const july = await read(business, '/api/v1/reports/unrealized-fx?as_of=2026-07-31');
    expect(july.items.filter((item: { kind: string }) => item.kind === 'document')).toEqual([]);
  });

  it('a document dated on the day asked for and paid after it is open that day; one dated the day after is not there at all', async () => {
    const { business, ada, bank } = await quarterBooks();
    const invoice = (date: string, amount: number) => created(business, '/api/v1/invoices', { customer_id: ada, invoice_date: date, due_date: date, lines: [{ description: 'Work', quantity: 1, unit_price: amount }] });
    const onTheDay = await invoice('2026-08-10', 70);
    const dayAfter = await invoice('2026-08-11', 30);
    await created(business, '/api/v1/receipts', { party_id: ada, date: '2026-08-20', payment_account_id: bank, allocations: [{ document_id: onTheDay.id, amount: 70 }, { document_id: dayAfter.id, amount: 30 }] });
    const name = (await read(business, `/api/v1/customers/${ada}`)).name as string;
    const adaTotal = async (asOf: string) => ((await aged(business, 'receivables', asOf)).USD?.[name]?.[2] as number | undefined) ?? 0;
    // The day before: neither; the day itself: the 70 dated that day, not the 30 dated the day after.
    expect(Math.round(((await adaTotal('2026-08-10')) - (await adaTotal('2026-08-09'))) * 100) / 100).toBe(70);
    expect(Math.round(((await adaTotal('2026-08-11')) - (await adaTotal('2026-08-10'))) * 100) / 100).toBe(30);
  });
});
