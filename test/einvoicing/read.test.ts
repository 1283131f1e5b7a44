import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ciiOf } from '../../shared/einvoicing/cii.ts';
import { eInvoiceOf } from '../../shared/einvoicing/from-document.ts';
import type { ReceivedInvoice } from '../../shared/einvoicing/model.ts';
import { readEInvoice } from '../../shared/einvoicing/read.ts';
import { ruleFailures } from '../../shared/einvoicing/rules.ts';
import { ublOf } from '../../shared/einvoicing/ubl.ts';
import { MATRIX } from './matrix.ts';

/** The official EN 16931 examples (release 1.3.16), copied as fixtures with their licence (`examples/README.md`). */
const EXAMPLES = join(import.meta.dirname, 'examples');
const example = (path: string) => readFileSync(join(EXAMPLES, path), 'utf8');

function read(xml: string): ReceivedInvoice {
  const result = readEInvoice(xml);
  if ('problems' in result) throw new Error(`unread: ${JSON.stringify(result.problems)}`);
  return result.invoice;
}
const failedRules = (xml: string) => [...new Set(ruleFailures(read(xml)).map((failure) => failure.rule))];

describe("reading a supplier's e-invoice: the official examples", () => {
  it.each([
    ['ubl/ubl-tc434-example1.xml', '380', 'EUR', 25033, 25033, 2073],
    ['ubl/ubl-tc434-example2.xml', '380', 'NOK', 180178, 80178, 36528],
    ['ubl/ubl-tc434-creditnote1.xml', '381', 'EUR', 10011, 10011, 0],
    ['cii/CII_example1.xml', '380', 'EUR', 25033, 25033, 2073],
    ['cii/CII_example3.xml', '380', 'DKK', 112500, 112500, 22500],
    ['cii/CII_business_example_Z.xml', '380', 'EUR', null, null, null],
  ] as const)('%s reads whole, and breaks none of the rules the books depend on (the artefacts find none either)', (path, typeCode, currency, inclusive, payable, tax) => {
    const invoice = read(example(path));
    expect([invoice.typeCode, invoice.currency]).toEqual([typeCode, currency]);
    if (inclusive !== null) expect([invoice.taxInclusive, invoice.payable, invoice.taxTotal]).toEqual([inclusive, payable, tax]);
    expect(invoice.lines.length).toBeGreaterThan(0);
    expect(invoice.seller.name).not.toBe('');
    expect(ruleFailures(invoice)).toEqual([]);
  });

  it('reads document-level allowances and charges, and the paid amount, as the standard means them (example 2)', () => {
    const invoice = read(example('ubl/ubl-tc434-example2.xml'));
    expect(invoice.allowances.map((entry) => [entry.charge, entry.amount, entry.category, entry.percent])).toEqual([[false, 10000, 'S', 25], [true, 10000, 'S', 25]]);
    expect(invoice.prepaid).toBe(100000);
    expect(invoice.breakdown.map((group) => [group.category, group.percent, group.taxable, group.tax])).toEqual([['S', 25, 146050, 36513], ['S', 15, 100, 15], ['E', 0, -2500, 0]]);
  });
});

describe("reading a supplier's e-invoice: the artefacts' verdicts on broken copies", () => {
  const example1 = example('ubl/ubl-tc434-example1.xml');

  it('totals raised by 10.00 break BR-CO-15', () => {
    const broken = example1.replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33<', '<cbc:TaxInclusiveAmount currencyID="EUR">260.33<').replace('<cbc:PayableAmount currencyID="EUR">250.33<', '<cbc:PayableAmount currencyID="EUR">260.33<');
    expect(broken).not.toBe(example1);
    expect(failedRules(broken)).toEqual(['BR-CO-15']);
  });

  it("no seller VAT identifier breaks BR-S-02", () => {
    const broken = example1.replace(/<cac:PartyTaxScheme>\s*<cbc:CompanyID>NL8200\.98\.395\.B\.01<\/cbc:CompanyID>[\s\S]*?<\/cac:PartyTaxScheme>/, '');
    expect(broken).not.toBe(example1);
    expect(failedRules(broken)).toEqual(['BR-S-02']);
  });

  it('a wrong grand total in CII breaks BR-CO-15 and BR-CO-16', () => {
    const original = example('cii/CII_example3.xml');
    const broken = original.replace('<ram:GrandTotalAmount>1125</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>1135</ram:GrandTotalAmount>');
    expect(broken).not.toBe(original);
    expect(failedRules(broken)).toEqual(['BR-CO-15', 'BR-CO-16']);
  });

  it('a ProfileExecutionID is only a warning to the artefacts, and nothing here', () => {
    expect(failedRules(example1.replace('<cbc:ID>12115118</cbc:ID>', '<cbc:ProfileExecutionID>1</cbc:ProfileExecutionID><cbc:ID>12115118</cbc:ID>'))).toEqual([]);
  });
});

describe("reading a supplier's e-invoice: refusals before any rule", () => {
  const refusal = (xml: string) => {
    const result = readEInvoice(xml);
    return 'problems' in result ? result.problems.map((problem) => problem.field) : [];
  };

  it('refuses a DTD or an entity before parsing, XML that is not well-formed, and another root', () => {
    expect(refusal('<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice>&x;</Invoice>')).toEqual(['body']);
    expect(refusal('<Invoice><cbc:ID>1</Invoice>')).toEqual(['body']);
    expect(refusal('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>')).toEqual(['body']);
  });

  it('reads what a 1 MiB body can hold without failing: a document nested 100,000 deep, and one of 50,000 empty lines', () => {
    const deep = `<Invoice>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</Invoice>`;
    expect(deep.length).toBeLessThan(1024 * 1024);
    expect(() => readEInvoice(deep)).not.toThrow();
    expect('problems' in readEInvoice(deep)).toBe(true);
    const wide = `<Invoice xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">${'<cac:InvoiceLine/>'.repeat(50_000)}</Invoice>`;
    expect(wide.length).toBeLessThan(1024 * 1024);
    expect('problems' in readEInvoice(wide)).toBe(true);
  });

  it('refuses an amount of three decimals and an unknown VAT category, naming each', () => {
    const example1 = example('ubl/ubl-tc434-example1.xml');
    expect(refusal(example1.replace('<cbc:PayableAmount currencyID="EUR">250.33<', '<cbc:PayableAmount currencyID="EUR">250.333<'))).toEqual(['BT-115']);
    expect(refusal(example1.replace(/<cbc:ID>S<\/cbc:ID>/, '<cbc:ID>X</cbc:ID>'))).toEqual(['breakdown[0].category']);
  });
});

describe('what the service writes, it reads back the same', () => {
  it.each(MATRIX.map((entry) => [entry.name, entry.facts] as const))('%s', (_name, facts) => {
    const made = eInvoiceOf(facts);
    if ('problems' in made) throw new Error('refused');
    const written = made.invoice;
    const back = read(facts.syntax === 'ubl' ? ublOf(written) : ciiOf(written));
    expect(ruleFailures(back)).toEqual([]);
    expect(back.lines.map((line) => [line.net, line.category, line.percent, line.quantity, line.price])).toEqual(written.lines.map((line) => [line.net, line.category, line.percent, line.quantity, line.price]));
    expect(back.breakdown).toEqual(written.breakdown);
    expect([back.lineTotal, back.taxExclusive, back.taxTotal, back.taxInclusive, back.prepaid, back.payable, back.taxCurrency]).toEqual([written.lineTotal, written.taxExclusive, written.taxTotal, written.taxInclusive, written.prepaid, written.payable, written.taxCurrency]);
    expect([back.seller.vatId, back.buyer.vatId, back.seller.electronicAddress, back.buyer.address.country]).toEqual([written.seller.vatId, written.buyer.vatId, written.seller.electronicAddress, written.buyer.address.country]);
  });
});
