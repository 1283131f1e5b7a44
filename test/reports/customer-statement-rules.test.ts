import { describe, expect, it } from 'vitest';
import { statementBlocks, statementMailText, statementSheet, type StatementPosting } from '../../shared/reports/customer-statement-rules.ts';
import type { AgedAmounts } from '../../shared/reports/statements.ts';

const ages = (parts: Partial<AgedAmounts>): AgedAmounts => {
  const filled = { current: 0n, d1_30: 0n, d31_60: 0n, d61_90: 0n, over_90: 0n, base_total: 0n, ...parts };
  return { ...filled, total: filled.current + filled.d1_30 + filled.d31_60 + filled.d61_90 + filled.over_90 };
};
const posting = (date: string, currency: string, debit: bigint, credit: bigint, type = 'invoice'): StatementPosting => ({ date, type, no: null, reference: null, currency, debit, credit });

describe('statement blocks', () => {
  it('opens at what the period moved less than the closing balance, and runs the balance line by line, per currency', () => {
    const blocks = statementBlocks([posting('2026-06-05', 'USD', 30000n, 0n), posting('2026-06-20', 'USD', 0n, 10000n, 'receipt'), posting('2026-06-10', 'EUR', 8000n, 0n)], new Map([['USD', ages({ current: 25000n })], ['EUR', ages({ d1_30: 8000n })]]));
    expect(blocks.map((block) => [block.currency, block.openingBalance, block.lines.map((line) => line.balance), block.closingBalance])).toEqual([
      ['EUR', 0n, [8000n], 8000n],
      ['USD', 5000n, [35000n, 25000n], 25000n],
    ]);
  });

  it('shows a currency that did not move but is owed, and none that neither moved nor is owed', () => {
    const blocks = statementBlocks([], new Map([['USD', ages({ over_90: 700n })], ['GBP', ages({})]]));
    expect(blocks.map((block) => [block.currency, block.openingBalance, block.lines.length, block.closingBalance])).toEqual([['USD', 700n, 0, 700n]]);
  });

  it('draws as a sheet: each block opened and closed by its balances, the ages and the amount owed last, payment instructions only when something is owed', () => {
    const party = { address: null, email: null, tax_number: null };
    const business = { ...party, name: 'Northwind', payment_instructions: 'Pay to 12-34-56' };
    const customer = { ...party, name: 'Ada' };
    const [owing] = statementBlocks([posting('2026-06-05', 'USD', 30000n, 0n)], new Map([['USD', ages({ d1_30: 30000n })]]));
    const sheet = statementSheet(business, customer, { from: '2026-06-01', to: '2026-06-30' }, [owing!]);
    expect(sheet.rows).toEqual([
      ['2026-06-01', 'Opening balance USD', '', '', '0.00'],
      ['2026-06-05', 'Invoice', '300.00', '', '300.00'],
      ['2026-06-30', 'Closing balance USD', '', '', '300.00'],
    ]);
    expect(sheet.totals).toEqual([['1–30 days past due USD', '300.00'], ['Amount owed USD', '300.00']]);
    expect(sheet.paymentInstructions).toBe('Pay to 12-34-56');
    const [settled] = statementBlocks([posting('2026-06-05', 'USD', 0n, 30000n, 'receipt')], new Map([['USD', ages({})]]));
    expect(statementSheet(business, customer, { from: '2026-06-01', to: '2026-06-30' }, [settled!]).paymentInstructions).toBeNull();
    const [inCredit] = statementBlocks([posting('2026-06-05', 'USD', 0n, 4500n, 'receipt')], new Map([['USD', ages({ current: -4500n })]]));
    const credited = statementSheet(business, customer, { from: '2026-06-01', to: '2026-06-30' }, [inCredit!]);
    expect(credited.totals.at(-1)).toEqual(['In credit USD', '45.00']);
    expect(credited.paymentInstructions).toBeNull();
  });

  it("says in its e-mail what is owed, or that nothing is, in the sender's words when given", () => {
    const facts = { businessName: 'Northwind', customerName: 'Ada', from: '2026-06-01', to: '2026-06-30', message: null };
    expect(statementMailText({ ...facts, owed: ['USD 250.00'] })).toContain('Owed on 2026-06-30: USD 250.00.');
    expect(statementMailText({ ...facts, owed: [], message: 'Thanks!' })).toMatch(/Thanks!\n\nNothing was owed on 2026-06-30\./);
    expect(statementMailText({ ...facts, owed: [], inCredit: ['USD 45.00'] })).toMatch(/Nothing was owed on 2026-06-30\.\nIn credit on 2026-06-30: USD 45\.00\./);
  });
});
