import { describe, expect, it } from 'vitest';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

const row = (name: string, sales: [number, number], purchases: [number, number]) => ({ name, sales: { net: sales[0], tax: sales[1] }, purchases: { net: purchases[0], tax: purchases[1] } });

/** A USD business with a 20% rate, a reverse-charge rate and the accounts a journal names by code. */
async function taxedBooks() {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  const vat = (await post('/api/v1/tax-rates', { name: 'VAT 20%', rate: 20, kind: 'standard' })).id as string;
  const reverse = (await post('/api/v1/tax-rates', { name: 'Reverse charge 20%', rate: 20, kind: 'reverse_charge', exemption_reason: 'Reverse charge' })).id as string;
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: uniqueName('Bank'), kind: 'bank' })).id as string;
  const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; code: string }[];
  const code = (wanted: string) => accounts.find((account) => account.code === wanted)!.id;
  const journal = (date: string, lines: unknown[]) => call('POST', '/api/v1/journals', { key: business.key, body: { date, narration: 'Tax by journal', lines } });
  const summary = async (query: string) => {
    const answer = await call('GET', `/api/v1/reports/tax-summary?${query}`, { key: business.key });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };
  return { business, vat, reverse, bank, revenue: code('4000'), expenses: code('5000'), payable: code('2200'), receivable: code('1200'), journal, summary };
}

const withoutIds = (rates: Record<string, unknown>[]) => rates.map(({ name, sales, purchases }) => ({ name, sales, purchases }));

describe('manual journals at tax rates', () => {
  it('book each rated line’s tax beside it, per rate over the side, and the return counts them; a void takes them off on its own date', async () => {
    const books = await taxedBooks();
    // A sale: 100 net at 20% credits 20 to tax payable; the journal balances with it.
    const sale = await books.journal('2026-05-05', [{ account_id: books.bank, debit: 120 }, { account_id: books.revenue, credit: 100, tax_rate_id: books.vat }]);
    expect(sale.status, sale.text).toBe(201);
    expect(sale.body.data).toMatchObject({ total: 120, lines: [{ tax_rate_id: null, tax: 0 }, { tax_rate_id: books.vat, tax: 20, reverse_charge_tax: 0 }] });
    // Two purchases of 33.33: 66.66 × 20% = 13.332, rounded once per rate to 13.33 (per line it would be 13.34).
    const purchases = await books.journal('2026-05-06', [{ account_id: books.expenses, debit: 33.33, tax_rate_id: books.vat }, { account_id: books.expenses, debit: 33.33, tax_rate_id: books.vat }, { account_id: books.bank, credit: 79.99 }]);
    expect(purchases.status, purchases.text).toBe(201);
    expect(purchases.body.data.lines.map((line: { tax: number }) => line.tax)).toEqual([6.67, 6.66, 0]);
    // A reverse-charge purchase: no tax paid, 20 self-assessed on both sides.
    const selfAssessed = await books.journal('2026-05-07', [{ account_id: books.expenses, debit: 100, tax_rate_id: books.reverse }, { account_id: books.bank, credit: 100 }]);
    expect(selfAssessed.status, selfAssessed.text).toBe(201);
    expect(selfAssessed.body.data).toMatchObject({ total: 120, lines: [{ tax: 0, reverse_charge_tax: 20 }, { tax: 0, reverse_charge_tax: 0 }] });

    const may = await books.summary('from=2026-05-01&to=2026-05-31');
    expect(withoutIds(may.rates)).toEqual([row('Reverse charge 20%', [0, 0], [100, 20]), row('VAT 20%', [100, 20], [66.66, 13.33])]);
    expect(may.totals).toEqual({ output_tax: 40, input_tax: 33.33, reverse_charge_tax: 20, net_payable: 6.67 });

    // The identity the return keeps: its net payable is the movement of tax payable less tax receivable.
    const sheet = await call('GET', '/api/v1/reports/trial-balance?as_of=2026-05-31', { key: books.business.key });
    const net = (code: string) => {
      const found = (sheet.body.data.base.accounts as { code: string; debit: number; credit: number }[]).find((account) => account.code === code);
      return found ? found.credit - found.debit : 0;
    };
    expect(net('2200')).toBe(40);
    expect(net('1200')).toBe(-33.33);

    expect((await call('POST', `/api/v1/journals/${sale.body.data.id}/void`, { key: books.business.key, body: { void_date: '2026-06-02' } })).status).toBe(200);
    expect(withoutIds((await books.summary('from=2026-06-01&to=2026-06-30')).rates)).toEqual([row('VAT 20%', [-100, -20], [0, 0])]);
    expect((await books.summary('from=2026-05-01&to=2026-05-31')).totals.net_payable).toBe(6.67);
  });

  it('refuses what the return could not place, naming the line, and posts nothing', async () => {
    const books = await taxedBooks();
    const refusals: [unknown[], string, string][] = [
      [[{ account_id: books.bank, debit: 100 }, { account_id: books.revenue, credit: 100, tax_rate_id: books.vat }], 'lines', 'debits 100, credits 120 (tax 20 included)'],
      [[{ account_id: books.bank, debit: 120.01 }, { account_id: books.revenue, credit: 100, tax_rate_id: books.vat }, { account_id: books.payable, credit: 0.01 }], 'lines[2].account_id', 'is a tax account'],
      [[{ account_id: books.bank, debit: 24 }, { account_id: books.payable, credit: 20, tax_rate_id: books.vat }], 'lines[1].tax_rate_id', 'on a tax account'],
      [[{ account_id: books.bank, debit: 120 }, { account_id: books.revenue, credit: 100, tax_rate_id: '00000000-0000-4000-8000-000000000001' }], 'lines[1].tax_rate_id', 'does not exist'],
    ];
    for (const [lines, field, message] of refusals) {
      const refused = await books.journal('2026-05-05', lines);
      expect(refused.status, refused.text).toBe(400);
      const problem = (refused.body.details as { field: string; message: string }[]).find((detail) => detail.field === field);
      expect(problem?.message, refused.text).toContain(message);
    }
    const archived = await call('PATCH', `/api/v1/tax-rates/${books.vat}`, { key: books.business.key, body: { archived: true } });
    expect(archived.status, archived.text).toBe(200);
    const refused = await books.journal('2026-05-05', [{ account_id: books.bank, debit: 120 }, { account_id: books.revenue, credit: 100, tax_rate_id: books.vat }]);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('archived');
    expect((await call('GET', '/api/v1/journals', { key: books.business.key })).body.data.items).toEqual([]);
    expect((await books.summary('from=2026-05-01&to=2026-05-31')).rates).toEqual([]);
  });
});
