import { describe, expect, it } from 'vitest';
import { journalEntryLines, journalLineTaxes, taxSides } from '../../shared/ledger/journal-tax.ts';
import { systemAccountId } from '../../shared/ledger/ledger-rules.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

const BUSINESS = '00000000-0000-4000-8000-0000000000b1' as Id;
const VAT = '00000000-0000-4000-8000-0000000000c1' as Id;
const REVERSE = '00000000-0000-4000-8000-0000000000c2' as Id;
const EXPENSES = '00000000-0000-4000-8000-0000000000a1' as Id;
const vat = { id: VAT, carried: 20, selfAssessed: 0 };
const reverse = { id: REVERSE, carried: 0, selfAssessed: 20 };

describe('a manual journal’s tax', () => {
  it('rounds once per rate over each side, or per line when the business chooses', () => {
    const lines = [{ debit: 3333, credit: 0, rate: vat }, { debit: 3333, credit: 0, rate: vat }, { debit: 0, credit: 7999, rate: null }];
    expect(journalLineTaxes(lines, 'rate').map((line) => line.tax)).toEqual([667, 666, 0]);
    expect(journalLineTaxes(lines, 'line').map((line) => line.tax)).toEqual([667, 667, 0]);
  });

  it('keeps a credit’s tax apart from a debit’s at the same rate, and self-assesses only a debit at a reverse-charge rate', () => {
    const taxes = journalLineTaxes([{ debit: 0, credit: 1000, rate: vat }, { debit: 500, credit: 0, rate: vat }, { debit: 1000, credit: 0, rate: reverse }, { debit: 0, credit: 1000, rate: reverse }], 'rate');
    expect(taxes).toEqual([{ tax: 200, reverse_charge_tax: 0 }, { tax: 100, reverse_charge_tax: 0 }, { tax: 0, reverse_charge_tax: 200 }, { tax: 0, reverse_charge_tax: 0 }]);
    expect(taxSides([{ debit: 0, ...taxes[0]! }, { debit: 500, ...taxes[1]! }, { debit: 1000, ...taxes[2]! }, { debit: 0, ...taxes[3]! }])).toEqual({ debit: 300, credit: 400 });
  });

  it('books one tax line per rate and side, self-assessed tax as a pair, each marked with the figure it moves', () => {
    const entry = journalEntryLines(BUSINESS, [
      { account_id: EXPENSES, debit: 3333, credit: 0, tax_rate_id: VAT, tax: 667 },
      { account_id: EXPENSES, debit: 3333, credit: 0, tax_rate_id: VAT, tax: 666 },
      { account_id: EXPENSES, debit: 1000, credit: 0, tax_rate_id: REVERSE, tax: 0, reverse_charge_tax: 200 },
      { account_id: EXPENSES, debit: 0, credit: 8999, tax_rate_id: null },
    ]);
    const payable = systemAccountId(BUSINESS, 'tax_payable');
    const receivable = systemAccountId(BUSINESS, 'tax_receivable');
    expect(entry.lines.slice(4)).toEqual([
      { account_id: receivable, debit: 1333, credit: 0 },
      { account_id: receivable, debit: 200, credit: 0 },
      { account_id: payable, debit: 0, credit: 200 },
    ]);
    expect(entry.marks).toEqual([{ rate: VAT, figure: 'pn' }, { rate: VAT, figure: 'pn' }, { rate: REVERSE, figure: 'pn' }, null, { rate: VAT, figure: 'pt' }, { rate: REVERSE, figure: 'rc' }, null]);
    const debits = entry.lines.reduce((sum, line) => sum + line.debit, 0);
    expect(debits).toBe(entry.lines.reduce((sum, line) => sum + line.credit, 0));
  });
});
