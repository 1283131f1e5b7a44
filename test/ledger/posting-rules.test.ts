import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAccountProblem, journalAccountProblem, accountChangeProblems } from '../../shared/ledger/chart-rules.ts';
import { DOCUMENT_SPECS, type DocumentType } from '../../shared/ledger/documents/specs.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { checkJournalLines } from '../../shared/ledger/journal-rules.ts';
import { isBalanced, moneyLines, openingBalanceLines, postingLines, reversal, systemAccountId, type JournalLine, type SystemAccount } from '../../shared/ledger/ledger-rules.ts';
import { maxMinor } from '../../shared/platform/core/money.ts';
import { balanceDue, settlementStatus } from '../../shared/ledger/documents/settlement.ts';
import { documentTotals } from '../../shared/ledger/totals.ts';

const business = '00000000-0000-4000-8000-00000000b001' as Id;
const BANK = '00000000-0000-4000-8000-0000000000ba' as Id;
const RENT = '00000000-0000-4000-8000-0000000000a1' as Id;
const CONSULTING = '00000000-0000-4000-8000-0000000000a2' as Id;
const EQUIPMENT = '00000000-0000-4000-8000-0000000000a3' as Id;

/** Accounts by the names an accountant uses, so a row of the table reads as a journal. */
const NAMES = new Map<string, string>([
  ...(['accounts_receivable', 'accounts_payable', 'tax_receivable', 'tax_payable', 'sales_revenue', 'purchases', 'opening_balance_equity'] as SystemAccount[]).map((role) => [systemAccountId(business, role), role] as const),
  [BANK, 'bank'],
  [RENT, 'rent income'],
  [CONSULTING, 'consulting income'],
  [EQUIPMENT, 'equipment'],
]);
const named = (lines: readonly JournalLine[]) => lines.map((line) => (line.debit > 0 ? `Dr ${NAMES.get(line.account_id)} ${line.debit}` : `Cr ${NAMES.get(line.account_id)} ${line.credit}`));

/** The lines of a document of `type`, its lines priced in minor units, each optionally on an account of its own. */
function documentLines(type: DocumentType, lines: readonly { unitPrice: number; taxRate: number; account?: Id }[]) {
  const totals = documentTotals(lines.map((line) => ({ quantity: 1, unitPrice: line.unitPrice, taxRate: line.taxRate })));
  const byAccount = lines.map((line, index) => ({ account_id: line.account ?? null, amount: totals.lines[index]!.amount }));
  return postingLines(DOCUMENT_SPECS[type].posting, business, { subtotal: totals.subtotal, tax: totals.taxTotal, total: totals.total, byAccount }, DOCUMENT_SPECS[type].paidFromAccount ? BANK : undefined);
}

const taxed = [{ unitPrice: 10_000, taxRate: 20 }];
const untaxed = [{ unitPrice: 10_000, taxRate: 0 }];

/** Which account every kind of posting hits, and by how much: the journal an accountant would write by hand. */
const TABLE: readonly { readonly posting: string; readonly lines: () => JournalLine[]; readonly journal: readonly string[] }[] = [
  { posting: 'invoice with tax', lines: () => documentLines('invoice', taxed), journal: ['Dr accounts_receivable 12000', 'Cr sales_revenue 10000', 'Cr tax_payable 2000'] },
  { posting: 'invoice without tax', lines: () => documentLines('invoice', untaxed), journal: ['Dr accounts_receivable 10000', 'Cr sales_revenue 10000'] },
  { posting: 'bill with tax', lines: () => documentLines('bill', taxed), journal: ['Dr purchases 10000', 'Dr tax_receivable 2000', 'Cr accounts_payable 12000'] },
  { posting: 'bill without tax', lines: () => documentLines('bill', untaxed), journal: ['Dr purchases 10000', 'Cr accounts_payable 10000'] },
  { posting: 'credit note with tax', lines: () => documentLines('credit_note', taxed), journal: ['Dr sales_revenue 10000', 'Dr tax_payable 2000', 'Cr accounts_receivable 12000'] },
  { posting: 'credit note without tax', lines: () => documentLines('credit_note', untaxed), journal: ['Dr sales_revenue 10000', 'Cr accounts_receivable 10000'] },
  { posting: 'debit note with tax', lines: () => documentLines('debit_note', taxed), journal: ['Dr accounts_receivable 12000', 'Cr sales_revenue 10000', 'Cr tax_payable 2000'] },
  { posting: 'debit note without tax', lines: () => documentLines('debit_note', untaxed), journal: ['Dr accounts_receivable 10000', 'Cr sales_revenue 10000'] },
  { posting: 'vendor credit with tax', lines: () => documentLines('vendor_credit', taxed), journal: ['Dr accounts_payable 12000', 'Cr purchases 10000', 'Cr tax_receivable 2000'] },
  { posting: 'vendor credit without tax', lines: () => documentLines('vendor_credit', untaxed), journal: ['Dr accounts_payable 10000', 'Cr purchases 10000'] },
  { posting: 'cash sale with tax', lines: () => documentLines('cash_sale', taxed), journal: ['Dr bank 12000', 'Cr sales_revenue 10000', 'Cr tax_payable 2000'] },
  { posting: 'cash sale without tax', lines: () => documentLines('cash_sale', untaxed), journal: ['Dr bank 10000', 'Cr sales_revenue 10000'] },
  { posting: 'expense with tax', lines: () => documentLines('expense', taxed), journal: ['Dr purchases 10000', 'Dr tax_receivable 2000', 'Cr bank 12000'] },
  { posting: 'expense without tax', lines: () => documentLines('expense', untaxed), journal: ['Dr purchases 10000', 'Cr bank 10000'] },
  { posting: 'prepayment', lines: () => documentLines('prepayment', untaxed), journal: ['Dr bank 10000', 'Cr accounts_receivable 10000'] },
  { posting: 'vendor prepayment', lines: () => documentLines('vendor_prepayment', untaxed), journal: ['Dr accounts_payable 10000', 'Cr bank 10000'] },
  { posting: 'void of a prepayment', lines: () => reversal(documentLines('prepayment', untaxed)), journal: ['Cr bank 10000', 'Dr accounts_receivable 10000'] },
  { posting: 'estimate', lines: () => documentLines('estimate', taxed), journal: [] },
  { posting: 'sales order', lines: () => documentLines('sales_order', taxed), journal: [] },
  { posting: 'purchase order', lines: () => documentLines('purchase_order', taxed), journal: [] },
  { posting: 'receipt', lines: () => moneyLines('receipt', business, BANK, 12_000), journal: ['Dr bank 12000', 'Cr accounts_receivable 12000'] },
  { posting: 'payment', lines: () => moneyLines('payment', business, BANK, 12_000), journal: ['Dr accounts_payable 12000', 'Cr bank 12000'] },
  { posting: 'bank opening balance', lines: () => openingBalanceLines(business, BANK, 125_000), journal: ['Dr bank 125000', 'Cr opening_balance_equity 125000'] },
  { posting: 'overdrawn bank opening balance', lines: () => openingBalanceLines(business, BANK, -5_000), journal: ['Cr bank 5000', 'Dr opening_balance_equity 5000'] },
  { posting: 'void of an invoice with tax', lines: () => reversal(documentLines('invoice', taxed)), journal: ['Cr accounts_receivable 12000', 'Dr sales_revenue 10000', 'Dr tax_payable 2000'] },
  { posting: 'void of a bill with tax', lines: () => reversal(documentLines('bill', taxed)), journal: ['Cr purchases 10000', 'Cr tax_receivable 2000', 'Dr accounts_payable 12000'] },
  { posting: 'void of a receipt', lines: () => reversal(moneyLines('receipt', business, BANK, 12_000)), journal: ['Cr bank 12000', 'Dr accounts_receivable 12000'] },
  { posting: 'void of a payment', lines: () => reversal(moneyLines('payment', business, BANK, 12_000)), journal: ['Cr accounts_payable 12000', 'Dr bank 12000'] },
  {
    posting: 'invoice with lines on custom revenue accounts and one on the default',
    lines: () => documentLines('invoice', [{ unitPrice: 6_000, taxRate: 20, account: RENT }, { unitPrice: 3_000, taxRate: 0, account: CONSULTING }, { unitPrice: 1_000, taxRate: 0 }, { unitPrice: 500, taxRate: 0, account: RENT }]),
    journal: ['Dr accounts_receivable 11700', 'Cr rent income 6500', 'Cr consulting income 3000', 'Cr sales_revenue 1000', 'Cr tax_payable 1200'],
  },
  { posting: 'invoice with a discount line on its own account', lines: () => documentLines('invoice', [{ unitPrice: 10_000, taxRate: 0 }, { unitPrice: -3_000, taxRate: 0, account: CONSULTING }]), journal: ['Dr accounts_receivable 7000', 'Cr sales_revenue 10000', 'Dr consulting income 3000'] },
  { posting: 'bill with a line on an asset account', lines: () => documentLines('bill', [{ unitPrice: 50_000, taxRate: 20, account: EQUIPMENT }, { unitPrice: 1_000, taxRate: 0 }]), journal: ['Dr equipment 50000', 'Dr purchases 1000', 'Dr tax_receivable 10000', 'Cr accounts_payable 61000'] },
  { posting: 'expense on an asset account', lines: () => documentLines('expense', [{ unitPrice: 20_000, taxRate: 0, account: EQUIPMENT }]), journal: ['Dr equipment 20000', 'Cr bank 20000'] },
  { posting: 'credit note on a custom revenue account', lines: () => documentLines('credit_note', [{ unitPrice: 2_000, taxRate: 20, account: RENT }]), journal: ['Dr rent income 2000', 'Dr tax_payable 400', 'Cr accounts_receivable 2400'] },
];

describe('which account each posting hits', () => {
  it.each(TABLE)('$posting', ({ lines, journal }) => {
    const posted = lines();
    expect(named(posted)).toEqual(journal);
    if (posted.length > 0) expect(isBalanced(posted)).toBe(true);
  });

  it('covers every document type and both kinds of money', () => {
    const covered = TABLE.map((row) => row.posting);
    for (const spec of Object.values(DOCUMENT_SPECS)) expect(covered.some((posting) => posting.startsWith(spec.label)), spec.label).toBe(true);
    expect(covered).toEqual(expect.arrayContaining(['receipt', 'payment']));
  });

  it('a manual journal posts its lines as given, balanced, and its void swaps every side', () => {
    const checked = checkJournalLines([{ debit: 120.5 }, { credit: 100 }, { credit: 20.5 }], 'USD');
    expect(checked.problems).toEqual([]);
    const lines = [RENT, CONSULTING, EQUIPMENT].map((account_id, index) => ({ account_id, ...checked.lines[index]! }));
    expect(named(lines)).toEqual(['Dr rent income 12050', 'Cr consulting income 10000', 'Cr equipment 2050']);
    expect(named(reversal(lines))).toEqual(['Cr rent income 12050', 'Dr consulting income 10000', 'Dr equipment 2050']);
  });

  it('any document with any lines on any accounts balances, and its void nets every account to zero', () => {
    const accounts = [null, RENT, CONSULTING, EQUIPMENT];
    const line = fc.record({ unitPrice: fc.integer({ min: -1_000_000, max: 10_000_000 }), taxRate: fc.constantFrom(0, 5, 7.5, 20), account: fc.constantFrom(...accounts) });
    const postingTypes = (Object.keys(DOCUMENT_SPECS) as DocumentType[]).filter((type) => DOCUMENT_SPECS[type].posting !== 'none');
    fc.assert(
      fc.property(fc.constantFrom(...postingTypes), fc.array(line, { minLength: 1, maxLength: 8 }), (type, lines) => {
        const posted = documentLines(type, lines.map((item) => ({ unitPrice: item.unitPrice, taxRate: item.taxRate, ...(item.account ? { account: item.account } : {}) })));
        expect(isBalanced(posted)).toBe(true);
        const net = new Map<string, number>();
        for (const item of [...posted, ...reversal(posted)]) net.set(item.account_id, (net.get(item.account_id) ?? 0) + item.debit - item.credit);
        expect([...net.values()].every((value) => value === 0)).toBe(true);
      }),
    );
  });
});

describe('boundaries', () => {
  it('paying exactly the balance due leaves nothing due and the document Paid; credit taking part makes it Settled', () => {
    expect(balanceDue({ total: 12_000, amountPaid: 12_000, amountCredited: 0 })).toBe(0);
    expect(settlementStatus({ total: 12_000, amountPaid: 12_000, amountCredited: 0 })).toBe('Paid');
    expect(settlementStatus({ total: 12_000, amountPaid: 11_999, amountCredited: 0 })).toBe('PartiallyPaid');
    expect(settlementStatus({ total: 12_000, amountPaid: 2_000, amountCredited: 10_000 })).toBe('Settled');
  });

  it('the largest sums stay exact and balanced: a line at the limit, and a large negative line against it', () => {
    const largest = maxMinor('USD');
    const posted = documentLines('invoice', [{ unitPrice: largest, taxRate: 0 }, { unitPrice: -(largest - 1), taxRate: 0, account: RENT }]);
    expect(named(posted)).toEqual(['Dr accounts_receivable 1', `Cr sales_revenue ${largest}`, `Dr rent income ${largest - 1}`]);
    expect(isBalanced(posted)).toBe(true);
  });

  it('line totals round half away from zero, once per line', () => {
    expect(documentTotals([{ quantity: 1, unitPrice: 5, taxRate: 10 }]).taxTotal).toBe(1);
    expect(documentTotals([{ quantity: 0.5, unitPrice: 5, taxRate: 0 }]).subtotal).toBe(3);
    expect(documentTotals([{ quantity: 0.5, unitPrice: -5, taxRate: 0 }]).subtotal).toBe(-3);
    expect(documentTotals([{ quantity: 3, unitPrice: 3333, taxRate: 7.5 }, { quantity: 1, unitPrice: 1, taxRate: 7.5 }])).toMatchObject({ subtotal: 10_000, taxTotal: 750, total: 10_750 });
  });
});

describe('manual journal lines', () => {
  it('refuses a line with both sides, neither, a zero, a negative, too many digits, and unbalanced lines, each by its field', () => {
    expect(checkJournalLines([{ debit: 1, credit: 1 }, { credit: 1 }], 'USD').problems).toEqual([{ field: 'lines[0]', message: 'must have a debit or a credit, not both' }]);
    expect(checkJournalLines([{}, { debit: 0 }, { credit: 2 }], 'USD').problems.map((problem) => problem.field)).toEqual(['lines[0]', 'lines[1]']);
    expect(checkJournalLines([{ debit: -1 }, { credit: 1.005 }], 'USD').problems.map((problem) => problem.field)).toEqual(['lines[0].debit', 'lines[1].credit']);
    expect(checkJournalLines([{ debit: 10 }, { credit: 9.99 }], 'USD').problems).toEqual([{ field: 'lines', message: 'must balance: debits 10, credits 9.99' }]);
    expect(checkJournalLines([{ debit: 1 }, { credit: 1 }], 'JPY').lines).toEqual([{ debit: 1, credit: 0 }, { debit: 0, credit: 1 }]);
  });
});

describe('which accounts a line may post to', () => {
  const revenue = { type: 'revenue', system_role: null, cash_flow: false } as const;
  it('a sales line takes a live revenue account; a purchase line an expense or asset one', () => {
    expect(lineAccountProblem(revenue, 'sales', 'f')).toBeNull();
    expect(lineAccountProblem({ ...revenue, type: 'asset' }, 'purchases', 'f')).toBeNull();
    expect(lineAccountProblem({ ...revenue, type: 'expense' }, 'sales', 'f')?.message).toMatch(/revenue/);
    expect(lineAccountProblem({ ...revenue, archived: true }, 'sales', 'f')?.message).toBe('is archived');
    expect(lineAccountProblem(undefined, 'sales', 'f')?.message).toBe('does not exist');
    expect(lineAccountProblem({ type: 'asset', system_role: null, cash_flow: true }, 'purchases', 'f')?.message).toMatch(/bank or cash/);
    expect(lineAccountProblem({ type: 'asset', system_role: 'tax_receivable', cash_flow: false }, 'purchases', 'f')?.message).toMatch(/own rule/);
    expect(lineAccountProblem({ type: 'revenue', system_role: 'sales_revenue', cash_flow: false }, 'sales', 'f')).toBeNull();
  });

  it('a manual journal takes any live account but receivables and payables', () => {
    expect(journalAccountProblem({ type: 'asset', system_role: 'accounts_receivable', cash_flow: false }, 'lines[3].account_id')).toMatchObject({ field: 'lines[3].account_id' });
    expect(journalAccountProblem({ type: 'liability', system_role: 'accounts_payable', cash_flow: false }, 'x')).not.toBeNull();
    expect(journalAccountProblem({ type: 'asset', system_role: null, cash_flow: true }, 'x')).toBeNull();
    expect(journalAccountProblem({ type: 'liability', system_role: 'tax_payable', cash_flow: false }, 'x')).toBeNull();
    expect(journalAccountProblem({ type: 'expense', system_role: null, cash_flow: false, archived: true }, 'x')?.message).toBe('is archived');
  });

  it('system and cash-flow accounts are never retyped or archived; an account with postings keeps its type', () => {
    const system = { type: 'revenue', system_role: 'sales_revenue', cash_flow: false, code: '4000' } as const;
    expect(accountChangeProblems(system, { type: 'expense', archived: true, code: '4001' }, false).map((problem) => problem.field)).toEqual(['type', 'archived', 'code']);
    expect(accountChangeProblems({ type: 'asset', system_role: null, cash_flow: true, code: null }, { archived: true }, false).map((problem) => problem.field)).toEqual(['archived']);
    const custom = { type: 'expense', system_role: null, cash_flow: false, code: '6100' } as const;
    expect(accountChangeProblems(custom, { type: 'asset' }, true)).toEqual([{ field: 'type', message: 'cannot change: the account has postings' }]);
    expect(accountChangeProblems(custom, { type: 'asset', archived: true, code: '6200' }, false)).toEqual([]);
    expect(accountChangeProblems(system, { type: 'revenue', code: '4000' }, true)).toEqual([]);
  });
});
