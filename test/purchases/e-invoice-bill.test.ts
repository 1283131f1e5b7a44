import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReceivedInvoice } from '../../shared/einvoicing/model.ts';
import { readEInvoice } from '../../shared/einvoicing/read.ts';
import type { TaxRateRecord } from '../../shared/ledger/tax/tax-rates.ts';
import { billBodyOf, quantityAndPrice, rateChoice, scaledInteger, totalsDiffer } from '../../shared/purchases/e-invoice-bill.ts';

const at = '2026-01-01T00:00:00.000Z';
const rate = (id: string, kind: TaxRateRecord['kind'], percent: number, archived = false): TaxRateRecord => ({ id: id as TaxRateRecord['id'], name: id, rate: percent, kind, exemption_reason: null, archived, used: false, created_at: at, updated_at: at });
const RATES = [rate('zero', 'zero', 0), rate('exempt', 'exempt', 0), rate('oos', 'out_of_scope', 0), rate('std19', 'standard', 19), rate('red7', 'reduced', 7), rate('old21', 'standard', 21, true)];

function example(path: string): ReceivedInvoice {
  const read = readEInvoice(readFileSync(join(import.meta.dirname, '../einvoicing/examples', path), 'utf8'));
  if ('problems' in read) throw new Error(JSON.stringify(read.problems));
  return read.invoice;
}

describe("a supplier's e-invoice as a bill's create body", () => {
  it('reads decimal text exactly, or not at all', () => {
    expect([scaledInteger('2', 4), scaledInteger('-1.5', 4), scaledInteger('12.3400', 2), scaledInteger('0.001', 2), scaledInteger('1e3', 2)]).toEqual([20_000n, -15_000n, 1234n, undefined, undefined]);
  });

  it("keeps a line's quantity and price when they give its net exactly, else books one unit at the net", () => {
    expect(quantityAndPrice('3', '19.99', 5997, 'EUR')).toEqual({ quantity: 3, unit_price: 19.99, exact: true });
    expect(quantityAndPrice('2.5', '4', 1000, 'EUR')).toEqual({ quantity: 2.5, unit_price: 4, exact: true });
    // A negative quantity (a return) is a positive quantity at a negative price.
    expect(quantityAndPrice('-1', '3.96', -396, 'NOK')).toEqual({ quantity: 1, unit_price: -3.96, exact: true });
    // A price in tenths of a cent, a product that is not the net, a quantity of five decimals: one unit at the net.
    expect(quantityAndPrice('3', '0.333', 100, 'EUR')).toEqual({ quantity: 1, unit_price: 1, exact: false });
    expect(quantityAndPrice('6', '18.33', -10998, 'EUR')).toEqual({ quantity: 1, unit_price: -109.98, exact: false });
    expect(quantityAndPrice('1.00001', '1', 100, 'EUR')).toEqual({ quantity: 1, unit_price: 1, exact: false });
    expect(quantityAndPrice('0', '1', 0, 'EUR')).toEqual({ quantity: 1, unit_price: 0, exact: false });
  });

  it("names an active rate of the category and percentage (a standard one before a reduced one); a new standard percentage is created; another category without a rate is a problem naming what to create", () => {
    expect(rateChoice(RATES, 'S', 19, 'lines[0]')).toEqual({ tax_rate_id: 'std19' });
    expect(rateChoice(RATES, 'S', 7, 'lines[0]')).toEqual({ tax_rate_id: 'red7' });
    expect(rateChoice(RATES, 'S', 21, 'lines[0]')).toEqual({ tax_rate: 21 });
    expect(rateChoice(RATES, 'Z', 0, 'lines[0]')).toEqual({ tax_rate_id: 'zero' });
    expect(rateChoice(RATES, 'E', 0, 'lines[0]')).toEqual({ tax_rate_id: 'exempt' });
    expect(rateChoice(RATES, 'O', 0, 'lines[0]')).toEqual({ tax_rate_id: 'oos' });
    expect(rateChoice(RATES, 'K', 0, 'allowances[1]')).toEqual({ field: 'allowances[1]', message: expect.stringContaining('no active intra-community tax rate of 0%') });
    // Reverse charge: the supplier writes 0%; the business's rate is the one it self-assesses at, whatever its percentage.
    expect(rateChoice([...RATES, rate('rc', 'reverse_charge', 19)], 'AE', 0, 'lines[0]')).toEqual({ tax_rate_id: 'rc' });
    expect(rateChoice(RATES, 'AE', 0, 'lines[2]')).toMatchObject({ field: 'lines[2]', message: expect.stringContaining('reverse-charge') });
  });

  it('makes allowances and charges lines of their own, and an invoice a bill with its due date', () => {
    const made = billBodyOf(example('ubl/ubl-tc434-example2.xml'), [...RATES, rate('std25', 'standard', 25)]);
    if ('problems' in made) throw new Error(JSON.stringify(made.problems));
    const body = made.body as { lines: { description: string; quantity: number; unit_price: number; tax_rate_id?: string; tax_rate?: number }[] } & Record<string, unknown>;
    expect(body).toMatchObject({ bill_date: '2013-06-30', due_date: '2013-07-20', currency: 'NOK', reference: 'TOSL108', amounts: 'exclusive' });
    expect(body.lines).toHaveLength(7);
    expect(body.lines.slice(-2).map((line) => [line.quantity, line.unit_price, line.tax_rate_id])).toEqual([[1, -100, 'std25'], [1, 100, 'std25']]);
    expect(body.lines.find((line) => line.tax_rate === 15)).toBeDefined();
    expect(body.lines.filter((line) => line.tax_rate_id === 'exempt')).toHaveLength(1);
  });

  it('makes a credit note a vendor credit, dated by date and with no due date', () => {
    const made = billBodyOf(example('ubl/ubl-tc434-creditnote1.xml'), RATES);
    if ('problems' in made) throw new Error(JSON.stringify(made.problems));
    expect(made.body).toMatchObject({ date: '2019-09-23', reference: '018304 / 28865' });
    expect(made.body).not.toHaveProperty('bill_date');
    expect(made.body).not.toHaveProperty('due_date');
  });

  it('refuses, every problem at once, what a bill cannot hold: a rounding amount, more than 200 lines, a category without a rate', () => {
    const invoice = example('ubl/ubl-tc434-creditnote1.xml');
    const line = invoice.lines[0]!;
    const broken: ReceivedInvoice = { ...invoice, rounding: 1, lines: Array.from({ length: 201 }, (_, index) => ({ ...line, id: String(index), category: index === 0 ? 'G' : line.category })) };
    const made = billBodyOf(broken, RATES);
    expect('problems' in made && made.problems.map((problem) => problem.field)).toEqual(['lines[0]', 'lines', 'BT-114']);
  });

  it("predicts the bill's totals with the document engine's own arithmetic, under the business's rounding", () => {
    const invoice = example('ubl/ubl-tc434-example1.xml');
    const rates = [...RATES, rate('std6', 'standard', 6), rate('std21', 'standard', 21)];
    const perRate = billBodyOf(invoice, rates, 'rate');
    const perLine = billBodyOf(invoice, rates, 'line');
    if ('problems' in perRate || 'problems' in perLine) throw new Error('refused');
    expect([perRate.totals, perLine.totals]).toEqual([{ subtotal: 22960, tax_total: 2073, total: 25033 }, { subtotal: 22960, tax_total: 2073, total: 25033 }]);
    // Three lines of 0.03 at 25%: each rounding its own tax gives 0.01 three times; the rate's 0.09 gives 0.02.
    const base = example('ubl/ubl-tc434-creditnote1.xml');
    const small = { ...base, lines: [0, 1, 2].map((index) => ({ ...base.lines[0]!, id: String(index), quantity: '1', price: '0.03', net: 3, category: 'S' as const, percent: 25 })) };
    const [byRate, byLine] = [billBodyOf(small, [...rates, rate('std25', 'standard', 25)], 'rate'), billBodyOf(small, [...rates, rate('std25', 'standard', 25)], 'line')];
    if ('problems' in byRate || 'problems' in byLine) throw new Error('refused');
    expect([byRate.totals.tax_total, byLine.totals.tax_total]).toEqual([2, 3]);
  });

  it('tells where a bill would differ from its e-invoice', () => {
    const invoice = example('ubl/ubl-tc434-example1.xml');
    expect(totalsDiffer(invoice, { subtotal: 22960, tax_total: 2073, total: 25033 })).toEqual([]);
    expect(totalsDiffer(invoice, { subtotal: 22960, tax_total: 2074, total: 25034 }).map((problem) => problem.field)).toEqual(['BT-110', 'BT-112']);
  });
});
