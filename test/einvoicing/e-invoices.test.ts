import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ciiOf } from '../../shared/einvoicing/cii.ts';
import { netPriceText, quantityText } from '../../shared/einvoicing/decimals.ts';
import { eInvoiceOf, ibanIn, type EInvoiceFacts } from '../../shared/einvoicing/from-document.ts';
import type { EInvoice } from '../../shared/einvoicing/model.ts';
import { ruleFailures } from '../../shared/einvoicing/rules.ts';
import { ublOf } from '../../shared/einvoicing/ubl.ts';
import { convertAccepted } from '../../shared/ledger/exchange.ts';
import { BUYER, documentFacts, MATRIX, SELLER } from './matrix.ts';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false });

function made(facts: EInvoiceFacts): EInvoice {
  const result = eInvoiceOf(facts);
  if ('problems' in result) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.invoice;
}

function problemsOf(facts: EInvoiceFacts) {
  const result = eInvoiceOf(facts);
  return 'problems' in result ? result.problems : [];
}

const textOf = (node: unknown): string => (typeof node === 'object' && node !== null ? String((node as Record<string, unknown>)['#text']) : String(node));
const minor = (text: string) => Math.round(Number(text) * 100);

/** The figures the XML states, read back from either syntax: what a receiver books. */
function statedFigures(xml: string): { payable: number; inclusive: number; prepaid: number; taxTotal: number; homeTax: number | null; lineNets: number[] } {
  const root = parser.parse(xml) as Record<string, Record<string, unknown>>;
  if (root.CrossIndustryInvoice) {
    const transaction = root.CrossIndustryInvoice.SupplyChainTradeTransaction as Record<string, Record<string, unknown>>;
    const sums = transaction.ApplicableHeaderTradeSettlement!.SpecifiedTradeSettlementHeaderMonetarySummation as Record<string, unknown>;
    const taxes = [sums.TaxTotalAmount].flat();
    const items = [transaction.IncludedSupplyChainTradeLineItem].flat() as Record<string, Record<string, Record<string, unknown>>>[];
    return {
      payable: minor(textOf(sums.DuePayableAmount)),
      inclusive: minor(textOf(sums.GrandTotalAmount)),
      prepaid: sums.TotalPrepaidAmount === undefined ? 0 : minor(textOf(sums.TotalPrepaidAmount)),
      taxTotal: minor(textOf(taxes[0])),
      homeTax: taxes[1] === undefined ? null : minor(textOf(taxes[1])),
      lineNets: items.map((item) => minor(textOf(item.SpecifiedLineTradeSettlement!.SpecifiedTradeSettlementLineMonetarySummation!.LineTotalAmount))),
    };
  }
  const document = (root.Invoice ?? root.CreditNote)!;
  const totals = [document.TaxTotal].flat() as Record<string, unknown>[];
  const lines = [document.InvoiceLine ?? document.CreditNoteLine].flat() as Record<string, unknown>[];
  const monetary = document.LegalMonetaryTotal as Record<string, unknown>;
  return {
    payable: minor(textOf(monetary.PayableAmount)),
    inclusive: minor(textOf(monetary.TaxInclusiveAmount)),
    prepaid: monetary.PrepaidAmount === undefined ? 0 : minor(textOf(monetary.PrepaidAmount)),
    taxTotal: minor(textOf(totals[0]!.TaxAmount)),
    homeTax: totals[1] === undefined ? null : minor(textOf(totals[1].TaxAmount)),
    lineNets: lines.map((line) => minor(textOf(line.LineExtensionAmount))),
  };
}

describe('e-invoices out: the generated matrix', () => {
  it.each(MATRIX.map((entry) => [entry.name, entry.facts] as const))('%s breaks no EN 16931 rule, and its XML states the books’ figures', (_name, facts) => {
    const invoice = made(facts);
    expect(ruleFailures(invoice)).toEqual([]);
    const xml = facts.syntax === 'ubl' ? ublOf(invoice) : ciiOf(invoice);
    const stated = statedFigures(xml);
    expect(stated.payable).toBe(facts.document.total);
    expect(stated.payable).toBe(stated.inclusive - stated.prepaid);
    expect(stated.taxTotal).toBe(facts.document.tax_total);
    expect(stated.lineNets).toEqual(facts.document.lines.map((line) => line.amount));
    expect(stated.homeTax).toBe(facts.document.currency === 'EUR' ? null : convertAccepted(facts.document.tax_total, facts.document.currency, facts.document.exchange_rate!, 'EUR'));
  });

  it('holds every kind, tax kind, currency case and syntax: 2 × 8 × 2 × 2 documents', () => {
    expect(new Set(MATRIX.map((entry) => entry.name)).size).toBe(64);
  });

  it('states what was paid, and the rest as due, in either syntax (BR-CO-16 on the XML itself)', () => {
    for (const syntax of ['ubl', 'cii'] as const) {
      const facts = documentFacts('invoice', 'standard', false, syntax, 1000);
      const invoice = made(facts);
      expect([invoice.prepaid, invoice.payable]).toEqual([1000, facts.document.total - 1000]);
      const stated = statedFigures(syntax === 'ubl' ? ublOf(invoice) : ciiOf(invoice));
      expect([stated.inclusive, stated.prepaid, stated.payable]).toEqual([facts.document.total, 1000, facts.document.total - 1000]);
      expect(ruleFailures(invoice)).toEqual([]);
    }
  });

  it('writes a discount line as a negative quantity at a positive price, as the standard reads it', () => {
    const invoice = made(documentFacts('invoice', 'standard', false, 'ubl'));
    const discount = invoice.lines.find((line) => line.net < 0)!;
    expect([discount.quantity, discount.price]).toEqual(['-1', '5']);
  });

  it('pays to the IBAN of the payment instructions by SEPA transfer in euros, by credit transfer otherwise', () => {
    expect(made(documentFacts('invoice', 'standard', false, 'ubl')).payment).toEqual({ meansCode: '58', account: 'DE89370400440532013000', reference: 'INV-standard-EUR' });
    expect(made(documentFacts('invoice', 'standard', true, 'ubl')).payment?.meansCode).toBe('30');
    expect(made(documentFacts('credit_note', 'standard', false, 'ubl')).payment).toBeNull();
  });
});

describe('e-invoices out: what the standard would refuse is named', () => {
  const base = documentFacts('invoice', 'standard', false, 'ubl');

  it('names each missing party field with its rule', () => {
    const problems = problemsOf({ ...base, business: { ...SELLER, tax_number: null, address: { city: 'Berlin' }, electronic_address: null }, customer: { ...BUYER, address: null, electronic_address: null } });
    expect(problems.map((problem) => problem.field).sort()).toEqual(['business.address.country', 'business.electronic_address', 'business.tax_number', 'customer.billing_address.country', 'customer.electronic_address']);
    expect(problems.find((problem) => problem.field === 'business.tax_number')?.message).toContain('BR-S-02');
  });

  it('needs no electronic address for CII, which Peppol does not carry', () => {
    expect(problemsOf({ ...documentFacts('invoice', 'standard', false, 'cii'), business: { ...SELLER, electronic_address: null }, customer: { ...BUYER, electronic_address: null } })).toEqual([]);
  });

  it("asks for the buyer's VAT identifier on a reverse-charge or intra-community supply", () => {
    for (const kind of ['reverse_charge', 'intra_community'] as const) {
      const problems = problemsOf({ ...documentFacts('invoice', kind, false, 'cii'), customer: { ...BUYER, tax_number: null } });
      expect(problems).toEqual([expect.objectContaining({ field: 'customer.tax_number', message: expect.stringContaining(kind === 'reverse_charge' ? 'BR-AE-02' : 'BR-IC-02') })]);
    }
  });

  it('refuses a VAT identifier without its country prefix (BR-CO-09)', () => {
    expect(problemsOf({ ...base, business: { ...SELLER, tax_number: '123456789' } })).toEqual([expect.objectContaining({ field: 'business.tax_number', message: expect.stringContaining('BR-CO-09') })]);
  });

  it('refuses out-of-scope lines mixed with others (BR-O-11)', () => {
    const facts = documentFacts('invoice', 'standard', false, 'cii');
    const mixed = { ...facts, document: { ...facts.document, lines: [...facts.document.lines, { description: 'Fee', quantity: 1, amount: 100, tax: 0, tax_rate_id: 'out_of_scope' }] } };
    expect(problemsOf(mixed)).toEqual([expect.objectContaining({ field: 'lines', message: expect.stringContaining('BR-O-11') })]);
  });

  it('leaves VAT identifiers off a document not subject to VAT, and identifies the seller by its electronic address', () => {
    const invoice = made(documentFacts('invoice', 'out_of_scope', false, 'cii'));
    expect([invoice.seller.vatId, invoice.buyer.vatId, invoice.seller.identifier]).toEqual([null, null, SELLER.electronic_address.id]);
    expect(problemsOf({ ...documentFacts('invoice', 'out_of_scope', false, 'cii'), business: { ...SELLER, electronic_address: null } })).toEqual([expect.objectContaining({ field: 'business.electronic_address', message: expect.stringContaining('BR-CO-26') })]);
  });

  it('refuses a currency of three decimals, and an invoice due with no due date', () => {
    const facts = documentFacts('invoice', 'standard', false, 'cii');
    expect(problemsOf({ ...facts, document: { ...facts.document, currency: 'KWD' } })).toEqual([expect.objectContaining({ field: 'currency', message: expect.stringContaining('BR-DEC') })]);
    expect(problemsOf({ ...facts, business: { ...SELLER, base_currency: 'KWD' } })).toEqual([expect.objectContaining({ field: 'business.base_currency' })]);
    expect(problemsOf({ ...facts, document: { ...facts.document, due_date: null } })).toEqual([expect.objectContaining({ field: 'due_date', message: expect.stringContaining('BR-CO-25') })]);
    expect(problemsOf({ ...documentFacts('credit_note', 'standard', false, 'cii') })).toEqual([]);
  });

  it('refuses a line that names no tax rate', () => {
    const facts = documentFacts('invoice', 'standard', false, 'cii');
    expect(problemsOf({ ...facts, document: { ...facts.document, lines: [{ ...facts.document.lines[0]!, tax_rate_id: null }] } })).toEqual([expect.objectContaining({ field: 'lines[0].tax_rate_id' })]);
  });
});

describe('the project’s own EN 16931 rules', () => {
  const valid = made(documentFacts('invoice', 'zero', false, 'ubl'));
  const rulesOf = (invoice: EInvoice) => ruleFailures(invoice).map((failure) => failure.rule);

  it('catch totals that do not add up', () => {
    expect(rulesOf({ ...valid, payable: valid.payable + 1000 })).toEqual(['BR-CO-16']);
    expect(rulesOf({ ...valid, taxInclusive: valid.taxInclusive + 1000, payable: valid.payable + 1000 })).toEqual(['BR-CO-15']);
    expect(rulesOf({ ...valid, lineTotal: valid.lineTotal + 1, taxExclusive: valid.taxExclusive + 1, taxInclusive: valid.taxInclusive + 1, payable: valid.payable + 1 })).toEqual(['BR-CO-10']);
  });

  it("catch a missing seller VAT identifier per category, a zero-rated reason, and a standard rate's tax off by more than a unit", () => {
    expect(rulesOf({ ...valid, seller: { ...valid.seller, vatId: null } })).toEqual(['BR-CO-26', 'BR-Z-02', 'BR-S-02']);
    expect(rulesOf({ ...valid, breakdown: valid.breakdown.map((group) => (group.category === 'Z' ? { ...group, exemptionReason: 'Zero' } : group)) })).toEqual(['BR-Z-10']);
    const standard = valid.breakdown.find((group) => group.category === 'S')!;
    const off = valid.breakdown.map((group) => (group === standard ? { ...group, tax: group.tax + 101 } : group));
    expect(rulesOf({ ...valid, breakdown: off, taxTotal: valid.taxTotal + 101, taxInclusive: valid.taxInclusive + 101, payable: valid.payable + 101 })).toEqual(['BR-S-09']);
  });
});

describe('e-invoice decimals and accounts', () => {
  it('divides a net amount by its quantity to six decimals, rounding half up', () => {
    expect(netPriceText(1000, 3, 'EUR')).toBe('3.333333');
    expect(netPriceText(6000, 1.5, 'EUR')).toBe('40');
    expect(netPriceText(-500, 1, 'EUR')).toBe('5');
    expect(netPriceText(100, 1, 'JPY')).toBe('100');
    expect([quantityText(1.25, false), quantityText(2, true)]).toEqual(['1.25', '-2']);
  });

  it('finds an IBAN only where its check digits hold', () => {
    expect(ibanIn('Pay to GB82 WEST 1234 5698 7654 32 within 30 days')).toBe('GB82WEST12345698765432');
    expect(ibanIn('Pay to GB83 WEST 1234 5698 7654 32')).toBeNull();
    expect(ibanIn('IBAN: DE89370400440532013000.')).toBe('DE89370400440532013000');
    expect(ibanIn(null)).toBeNull();
  });
});
