import { describe, expect, it } from 'vitest';
import { blankRow, EDITORS, editorBody, editorTypedOf, placeEditorProblems, previewTotals } from '../../shared/sales/pages/document-editor-rules.ts';
import { bodyOf, placeProblems, typedFromRecord, type FormField } from '../../shared/platform/web/record-form-rules.ts';

const FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'email', label: 'E-mail', kind: 'email', clearable: true },
  { name: 'price', label: 'Price', kind: 'number' },
  { name: 'month', label: 'Month', kind: 'select', numeric: true },
  { name: 'archived', label: 'Archived', kind: 'checkbox' },
  { name: 'currency', label: 'Currency', kind: 'text', createOnly: true },
  { name: 'address.city', label: 'City', kind: 'text', clearable: true },
  { name: 'address.country', label: 'Country', kind: 'text', clearable: true },
];

describe('record forms', () => {
  it('make the API body: empty fields left out when creating, cleared (null) when editing a clearable one; numbers and groups as the API takes them', () => {
    expect(bodyOf(FIELDS, { name: ' Ada ', email: '', price: '12.50', month: '4', archived: '', currency: 'EUR', 'address.city': 'Leeds' }, 'create')).toEqual({ name: 'Ada', price: 12.5, month: 4, currency: 'EUR', address: { city: 'Leeds' } });
    expect(bodyOf(FIELDS, { name: 'Ada', email: '', price: '12,50', archived: 'on', currency: 'EUR' }, 'edit')).toEqual({ name: 'Ada', email: null, price: '12,50', archived: true, address: null });
  });

  it('show a stored record as text, nested values by their path', () => {
    expect(typedFromRecord(FIELDS, { name: 'Ada', email: null, price: 3, archived: true, address: { city: 'Leeds' } })).toMatchObject({ name: 'Ada', email: '', price: '3', archived: 'on', 'address.city': 'Leeds', 'address.country': '' });
  });

  it('place each problem beside its field, a whole group\'s beside its first field, the rest above', () => {
    const placed = placeProblems(FIELDS, [{ field: 'email', message: 'must be an email address' }, { field: 'address', message: 'is invalid' }, { field: 'form', message: 'Conflict.' }, { field: 'code', message: 'is taken' }]);
    expect(Object.fromEntries(placed.beside)).toEqual({ email: ['must be an email address'], 'address.city': ['is invalid'] });
    expect(placed.above).toEqual(['Conflict.', 'code: is taken']);
  });
});

describe('the document editor', () => {
  const form = { party_id: ['p'], date: ['2026-11-10'], 'lines.description': ['', 'A', '', 'B'], 'lines.quantity': ['', '2', '', 'x'], 'lines.unit_price': ['', '10', '', '1'], 'lines.tax_rate': ['', '', '', '20'], 'lines.item_id': ['', '', '', ''], 'lines.account_id': ['', '', '', ''] };

  it('drops empty rows and remembers where each line came from', () => {
    const { body, kept } = editorBody(EDITORS.invoice, editorTypedOf(form));
    expect(kept).toEqual([1, 3]);
    expect(body).toEqual({ customer_id: 'p', invoice_date: '2026-11-10', lines: [{ description: 'A', quantity: 2, unit_price: 10 }, { description: 'B', quantity: 'x', unit_price: 1, tax_rate: 20 }] });
    expect(editorBody(EDITORS.bill, editorTypedOf(form)).body).toMatchObject({ vendor_id: 'p', bill_date: '2026-11-10' });
  });

  it("puts lines[k]'s problem on the row it came from, the party and date on their own fields", () => {
    const placed = placeEditorProblems(EDITORS.bill, [{ field: 'lines[1].quantity', message: 'must be a number' }, { field: 'vendor_id', message: 'is required' }, { field: 'bill_date', message: 'on or before the lock date' }, { field: 'lines', message: 'must have at least one line' }], [1, 3]);
    expect(placed.rows.get(3)?.get('quantity')).toBe('must be a number');
    expect(Object.fromEntries(placed.header)).toEqual({ party_id: 'is required', date: 'on or before the lock date' });
    expect(placed.above).toEqual(['Lines: must have at least one line']);
  });

  it('previews the totals by the posting\'s own arithmetic, each line on its row', () => {
    const preview = previewTotals([{ quantity: 3, unit_price: 100, tax_rate: 10 }, { quantity: 0.3333, unit_price: 10 }], [0, 4], 'EUR');
    expect(preview).toMatchObject({ subtotal: 'EUR 303.33', tax: 'EUR 30.00', total: 'EUR 333.33' });
    expect(preview.rows.get(4)).toBe('EUR 3.33');
    expect(Object.values(blankRow()).every((value) => value === '')).toBe(true);
  });
});

describe('the journal form', () => {
  it("puts a whole line's problem beside its debit, counts the typed totals and says whether they balance", async () => {
    const { journalBody, journalTotals, journalTypedOf, placeJournalProblems } = await import('../../shared/ledger/pages/journal-editor.ts');
    const typed = journalTypedOf({ date: ['2026-11-12'], narration: ['Accrual'], 'lines.account_id': ['a', '', 'b'], 'lines.debit': ['40', '', ''], 'lines.credit': ['', '', '40.5'], 'lines.description': ['', '', ''] });
    const { body, kept } = journalBody(typed);
    expect(body).toEqual({ date: '2026-11-12', narration: 'Accrual', lines: [{ account_id: 'a', debit: 40 }, { account_id: 'b', credit: 40.5 }] });
    const placed = placeJournalProblems([{ field: 'lines[1]', message: 'must have a debit or a credit, not both' }, { field: 'narration', message: 'must not be empty' }, { field: 'lines', message: 'must balance' }], kept);
    expect(placed.rows.get(2)?.get('debit')).toBe('must have a debit or a credit, not both');
    expect(Object.fromEntries(placed.header)).toEqual({ narration: 'must not be empty' });
    expect(placed.above).toEqual(['Lines: must balance']);
    expect(journalTotals(typed.rows, 'USD')).toEqual({ debit: '40.00', credit: '40.50', taxed: false, balanced: false });
    // A line at a tax rate counts the tax the journal will book beside it (20% of 40 on the debit side).
    const rates = { rates: new Map([['vat', { id: 'vat' as never, carried: 20, selfAssessed: 0 }]]), rounding: 'rate' as const };
    const taxed = journalTypedOf({ date: ['2026-11-12'], narration: ['Supplies'], 'lines.account_id': ['a', 'b'], 'lines.debit': ['40', ''], 'lines.credit': ['', '48'], 'lines.tax_rate_id': ['vat', ''], 'lines.description': ['', ''] });
    expect(journalBody(taxed).body.lines).toEqual([{ account_id: 'a', debit: 40, tax_rate_id: 'vat' }, { account_id: 'b', credit: 48 }]);
    expect(journalTotals(taxed.rows, 'USD', rates)).toEqual({ debit: '48.00', credit: '48.00', taxed: true, balanced: true });
  });
});
