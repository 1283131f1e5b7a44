import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, freshBusiness, seedOfCommit, uniqueName } from '../integration/support.ts';

const RATES = [
  { name: 'VAT 20%', rate: 20, kind: 'standard' },
  { name: 'VAT 7.5%', rate: 7.5, kind: 'reduced' },
  { name: 'Zero', rate: 0, kind: 'zero', exemption_reason: 'Zero-rated' },
  { name: 'Reverse 20%', rate: 20, kind: 'reverse_charge', exemption_reason: 'Reverse charge' },
] as const;

/**
 * The tax a journal books per side and rate, worked out here independently: the side's net at the rate times the
 * rate, rounded half up (all positive); a reverse-charge rate carries none (what it self-assesses is on both sides).
 */
function journalTax(lines: readonly { credit: boolean; cents: number; rate: number }[], credit: boolean): number {
  const sums = new Map<number, number>();
  for (const drawn of lines) if (drawn.credit === credit) sums.set(drawn.rate, (sums.get(drawn.rate) ?? 0) + drawn.cents);
  return [...sums].reduce((sum, [rate, cents]) => sum + (RATES[rate]!.kind === 'reverse_charge' ? 0 : Math.round((cents * RATES[rate]!.rate) / 100)), 0);
}

const DOCUMENTS = {
  invoice: { path: '/api/v1/invoices', party: 'customer', date: 'invoice_date' },
  bill: { path: '/api/v1/bills', party: 'vendor', date: 'bill_date' },
  credit_note: { path: '/api/v1/credit-notes', party: 'customer', date: 'date' },
  cash_sale: { path: '/api/v1/cash-sales', party: 'customer', date: 'date' },
  expense: { path: '/api/v1/expenses', party: 'vendor', date: 'date' },
} as const;

const line = fc.record({ quantity: fc.integer({ min: 1, max: 5 }), cents: fc.integer({ min: 1, max: 99_999 }), rate: fc.nat({ max: RATES.length - 1 }) });

/** One step: a document of random lines, rates and amounts, a manual journal of rated lines, or a void, or a receipt of half an invoice. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('document' as const), type: fc.constantFrom(...(Object.keys(DOCUMENTS) as (keyof typeof DOCUMENTS)[])), inclusive: fc.boolean(), day: fc.integer({ min: 1, max: 28 }), lines: fc.array(line, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('journal' as const), day: fc.integer({ min: 1, max: 28 }), lines: fc.array(fc.record({ credit: fc.boolean(), cents: fc.integer({ min: 1, max: 99_999 }), rate: fc.nat({ max: RATES.length - 1 }) }), { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('void' as const), index: fc.nat(), day: fc.integer({ min: 1, max: 28 }) }),
  fc.record({ kind: fc.constant('receipt' as const), index: fc.nat(), day: fc.integer({ min: 1, max: 28 }) }),
);

describe('the tax return, under any sequence of postings', () => {
  it('after every step, on the accrual basis: net payable is the movement of tax payable less tax receivable, and each document is its rates\' sum', async () => {
    const seed = Number(process.env.LEDGER_PROPERTY_SEED ?? seedOfCommit());
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const business = await freshBusiness();
        const send = async (method: string, path: string, body?: unknown) => {
          const answer = await call(method, path, { key: business.key, ...(body === undefined ? {} : { body }) });
          expect(answer.status, `${method} ${path} ${JSON.stringify(body)}: ${answer.text}`).toBeLessThan(300);
          return answer.body.data;
        };
        const customer = (await send('POST', '/api/v1/customers', { name: uniqueName('Taxed') })).id;
        const vendor = (await send('POST', '/api/v1/vendors', { name: uniqueName('Taxed') })).id;
        const bank = (await send('POST', '/api/v1/bank-feeds/accounts', { name: uniqueName('Bank'), kind: 'bank' })).id;
        const rates: string[] = [];
        for (const rate of RATES) rates.push((await send('POST', '/api/v1/tax-rates', rate)).id);
        const posted: { type: keyof typeof DOCUMENTS | 'journal'; id: string; path: string }[] = [];
        const accounts = (await send('GET', '/api/v1/accounts')) as { id: string; code: string }[];
        const [revenue, expenses] = ['4000', '5000'].map((code) => accounts.find((account) => account.code === code)!.id);
        // Credit less debit of a code in the home block of the trial balance.
        const net = async (code: string) => {
          const found = ((await send('GET', '/api/v1/reports/trial-balance?as_of=2026-05-31')).base.accounts as { code: string; debit: number; credit: number }[]).find((account) => account.code === code);
          return found ? Math.round((found.credit - found.debit) * 100) || 0 : 0;
        };
        for (const next of steps) {
          const date = `2026-05-${String(next.day).padStart(2, '0')}`;
          if (next.kind === 'document') {
            const spec = DOCUMENTS[next.type];
            const body = { [`${spec.party}_id`]: spec.party === 'customer' ? customer : vendor, [spec.date]: date, ...(next.type === 'cash_sale' || next.type === 'expense' ? { payment_account_id: bank } : {}), amounts: next.inclusive ? 'inclusive' : 'exclusive', lines: next.lines.map((drawn) => ({ description: 'Drawn', quantity: drawn.quantity, unit_price: drawn.cents / 100, tax_rate_id: rates[drawn.rate] })) };
            const document = await send('POST', spec.path, body);
            posted.push({ type: next.type, id: document.id, path: spec.path });
            // Each document: its lines add up to its figures, and the tax it carries is what its rates give.
            expect(Math.round(document.lines.reduce((sum: number, computed: { amount: number }) => sum + computed.amount * 100, 0))).toBe(Math.round(document.subtotal * 100));
            expect(Math.round(document.lines.reduce((sum: number, computed: { tax_amount: number }) => sum + computed.tax_amount * 100, 0))).toBe(Math.round(document.tax_total * 100));
            expect(Math.round((document.subtotal + document.tax_total) * 100)).toBe(Math.round(document.total * 100));
          } else if (next.kind === 'journal') {
            // Rated credits on revenue, rated debits on expenses, and the bank for what balances them with their tax.
            const debits = next.lines.filter((drawn) => !drawn.credit).reduce((sum, drawn) => sum + drawn.cents, journalTax(next.lines, false));
            const credits = next.lines.filter((drawn) => drawn.credit).reduce((sum, drawn) => sum + drawn.cents, journalTax(next.lines, true));
            if (debits === credits) continue;
            const lines = [...next.lines.map((drawn) => ({ account_id: drawn.credit ? revenue : expenses, [drawn.credit ? 'credit' : 'debit']: drawn.cents / 100, tax_rate_id: rates[drawn.rate] })), { account_id: bank, [debits < credits ? 'debit' : 'credit']: Math.abs(credits - debits) / 100 }];
            const journal = await send('POST', '/api/v1/journals', { date, narration: 'Drawn', lines });
            posted.push({ type: 'journal', id: journal.id, path: '/api/v1/journals' });
          } else if (posted.length > 0) {
            const target = posted[next.index % posted.length]!;
            const now = await send('GET', `${target.path}/${target.id}`);
            const dated = now[target.type === 'journal' ? 'date' : DOCUMENTS[target.type].date];
            if (next.kind === 'void' && now.status !== 'Voided' && now.status !== 'voided' && (now.amount_paid ?? 0) === 0 && (now.amount_allocated ?? 0) === 0) await send('POST', `${target.path}/${target.id}/void`, { void_date: date < dated ? dated : date });
            if (next.kind === 'receipt' && target.type === 'invoice' && now.status !== 'Voided' && now.balance_due >= 0.02) {
              await send('POST', '/api/v1/receipts', { party_id: customer, date: date < now.invoice_date ? now.invoice_date : date, payment_account_id: bank, allocations: [{ document_id: target.id, amount: Math.floor(now.balance_due * 50) / 100 }] });
            }
          }
          const summary = await send('GET', '/api/v1/reports/tax-summary?from=2026-05-01&to=2026-05-31');
          const payable = await net('2200');
          const receivable = -(await net('1200')) || 0;
          expect(Math.round(summary.totals.net_payable * 100) || 0).toBe(payable - receivable || 0);
          expect(Math.round(summary.totals.output_tax * 100) || 0).toBe(payable);
          expect(Math.round(summary.totals.input_tax * 100) || 0).toBe(receivable);
          // The rows add up to the totals.
          const rows = summary.rates as { sales: { tax: number }; purchases: { tax: number }; kind: string }[];
          expect(Math.round(rows.reduce((sum, row) => sum + row.sales.tax * 100 + (row.kind === 'reverse_charge' ? row.purchases.tax * 100 : 0), 0)) || 0).toBe(Math.round(summary.totals.output_tax * 100) || 0);
        }
      }),
      { numRuns: 5, endOnFailure: true, seed },
    );
  });
});
