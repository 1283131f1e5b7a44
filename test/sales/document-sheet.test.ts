import { sheetAmount } from '../../shared/platform/core/amount-text.ts';
import { describe, expect, it } from 'vitest';
import { documentSheet, type SheetDocument } from '../../shared/sales/document-sheet.ts';

const business = { name: 'Northwind', legal_name: 'Northwind Trading Ltd', address: { line1: '1 Harbour Road', city: 'Leeds', postal_code: 'LS1 4AB', country: 'GB' }, email: null, tax_number: 'GB1', payment_instructions: 'Sort code 12-34-56' };
const invoice: SheetDocument = { type: 'invoice', no: 'INV-00007', date: '2026-11-02', due_date: '2026-12-02', currency: 'USD', reference: null, note: null, lines: [{ description: 'Work', quantity: 1.5, unit_price: 10_000, tax_rate: 20, amount: 15_000 }], subtotal: 15_000, tax_total: 3_000, total: 18_000, amount_paid: 5_000, amount_credited: 1_000, voided: false };

describe('document sheets', () => {
  it('writes amounts exactly, grouped by thousands, with the currency\'s digits', () => {
    expect(sheetAmount(123_456_789, 'USD')).toBe('1,234,567.89');
    expect(sheetAmount(-5, 'USD')).toBe('-0.05');
    expect(sheetAmount(1_000_000, 'JPY')).toBe('1,000,000');
    expect(sheetAmount(1_234_567, 'BHD')).toBe('1,234.567');
    expect(sheetAmount(Number.MAX_SAFE_INTEGER, 'USD')).toBe('90,071,992,547,409.91');
  });

  it('an invoice shows paid, credited and the balance due; a document that does not settle shows its total last', () => {
    const sheet = documentSheet(business, null, invoice, 'https://example.test/i/x');
    expect(sheet.totals).toEqual([['Subtotal', '150.00'], ['Tax', '30.00'], ['Total USD', '180.00'], ['Amount paid', '50.00'], ['Credit applied', '10.00'], ['Balance due USD', '120.00']]);
    expect(sheet.from).toEqual(['Northwind', 'Northwind Trading Ltd', '1 Harbour Road', 'LS1 4AB Leeds', 'GB', 'Tax number: GB1']);
    expect(sheet.meta).toEqual([['Date', '2026-11-02'], ['Due date', '2026-12-02'], ['Currency', 'USD']]);
    expect(sheet.rows).toEqual([['Work', '1.5', '100.00', '20%', '150.00']]);
    expect(sheet.paymentInstructions).toBe('Sort code 12-34-56');
    const estimate = documentSheet(business, null, { ...invoice, type: 'estimate', due_date: null, amount_paid: 0, amount_credited: 0 }, null);
    expect(estimate.title).toBe('Estimate');
    expect(estimate.totals.at(-1)).toEqual(['Total USD', '180.00']);
    expect(estimate.paymentInstructions).toBeNull();
  });

  it('totals the tax per rate by its name, with the reason a rate carries none, and says when prices hold their tax', () => {
    const rates = new Map([
      ['r20', { name: 'VAT 20%', exemption_reason: null }],
      ['r0', { name: 'Zero rated', exemption_reason: 'Zero-rated supply' }],
    ]);
    const lines = [
      { description: 'Coffee', quantity: 2, unit_price: 600, tax_rate: 20, tax_rate_id: 'r20', amount: 1000, tax: 200 },
      { description: 'Books', quantity: 1, unit_price: 500, tax_rate: 0, tax_rate_id: 'r0', amount: 500, tax: 0 },
      { description: 'Cake', quantity: 1, unit_price: 300, tax_rate: 20, tax_rate_id: 'r20', amount: 250, tax: 50 },
    ];
    const sheet = documentSheet(business, null, { ...invoice, amounts: 'inclusive', lines, subtotal: 1750, tax_total: 250, total: 2000, amount_paid: 0, amount_credited: 0 }, null, rates);
    expect(sheet.rows.map((row) => row[3])).toEqual(['20%', '0%', '20%']);
    expect(sheet.totals).toEqual([['Subtotal', '17.50'], ['VAT 20% on 12.50', '2.50'], ['Zero rated on 5.00 (Zero-rated supply)', '0.00'], ['Total USD (tax included)', '20.00'], ['Balance due USD', '20.00']]);
  });

  it('a voided invoice says so, is due nothing and asks for no payment', () => {
    const sheet = documentSheet(business, null, { ...invoice, voided: true }, null);
    expect(sheet.void).toBe(true);
    expect(sheet.meta).toContainEqual(['Status', 'Void']);
    expect(sheet.totals.at(-1)).toEqual(['Balance due USD', '0.00']);
    expect(sheet.paymentInstructions).toBeNull();
  });
});
