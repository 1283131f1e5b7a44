import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { call, freshBusiness, postingAs, runtime, useRuntimeTable } from '../integration/support.ts';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { backfillPartyIdentities, findPartyByIdentity } from '../../shared/parties/identities.ts';
import { db, tableName } from '../../shared/platform/db/client.ts';
import type { Id } from '../../shared/platform/core/ids.ts';

/** The official EN 16931 examples (release 1.3.16), fixtures of the reader's tests. */
const example = (path: string) => readFileSync(join(import.meta.dirname, '../einvoicing/examples', path), 'utf8');

const importXml = (key: string, xml: string, contentType = 'application/xml') => call('POST', '/api/v1/bills/e-invoices', { key, rawBody: xml, contentType });
const countOf = async (key: string, path: string) => (await call('GET', `${path}?page_size=1`, { key })).body.data.pagination.total_count as number;

describe("a supplier's e-invoice booked as a bill", () => {
  it('UBL: a bill whose lines, tax per rate and totals are the XML\'s, from a vendor made of the seller, the XML kept as its attachment; the same invoice again (in CII too) answers that bill', async () => {
    const business = await freshBusiness({ currency: 'EUR' });
    const made = await importXml(business.key, example('ubl/ubl-tc434-example1.xml'));
    expect(made.status, made.text).toBe(201);
    const bill = made.body.data;
    expect(bill).toMatchObject({ type: 'bill', bill_date: '2015-01-09', reference: '12115118', currency: 'EUR', subtotal: 229.6, tax_total: 20.73, total: 250.33 });
    expect(bill.lines).toHaveLength(20);
    // A line whose quantity and price give its net is kept as it is; the one that does not (a return of 6 × 18.33) is one unit at its net.
    expect(bill.lines[0]).toMatchObject({ quantity: 2, unit_price: 9.95, amount: 19.9 });
    expect(bill.lines[19]).toMatchObject({ quantity: 1, unit_price: -109.98, description: expect.stringContaining('(6 × 18.33)') });
    const vendor = (await call('GET', `/api/v1/vendors/${bill.vendor_id}`, { key: business.key })).body.data;
    expect(vendor).toMatchObject({ name: 'De Koksmaat', tax_number: 'NL8200.98.395.B.01', currency: 'EUR', billing_address: { country: 'NL' } });
    const rates = (await call('GET', '/api/v1/tax-rates', { key: business.key })).body.data.items as { id: string; name: string; rate: number }[];
    const rateOf = (id: string) => rates.find((rate) => rate.id === id)!.rate;
    expect(new Set(bill.lines.map((line: { tax_rate_id: string }) => rateOf(line.tax_rate_id)))).toEqual(new Set([6, 21]));

    const files = (await call('GET', `/api/v1/bills/${bill.id}/attachments`, { key: business.key })).body.data.items;
    expect(files).toMatchObject([{ file_name: '12115118.xml', content_type: 'application/xml', status: 'available', size: Buffer.byteLength(example('ubl/ubl-tc434-example1.xml')) }]);
    const link = (await call('GET', `/api/v1/attachments/${files[0].id}`, { key: business.key })).body.data.download_url as string;
    expect(await (await fetch(link)).text()).toBe(example('ubl/ubl-tc434-example1.xml'));

    const again = await importXml(business.key, example('ubl/ubl-tc434-example1.xml'));
    expect([again.status, again.body.data.id]).toEqual([200, bill.id]);
    const inCii = await importXml(business.key, example('cii/CII_example1.xml'));
    expect([inCii.status, inCii.body.data.id]).toEqual([200, bill.id]);
    expect([await countOf(business.key, '/api/v1/bills'), await countOf(business.key, '/api/v1/vendors')]).toEqual([1, 1]);
  });

  it('CII with a document-level charge, in a DKK business', async () => {
    const business = await freshBusiness({ currency: 'DKK' });
    const made = await importXml(business.key, example('cii/CII_example3.xml'));
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ reference: 'TOSL108', currency: 'DKK', subtotal: 900, tax_total: 225, total: 1125 });
    expect(made.body.data.lines).toHaveLength(2);
  });

  it('a foreign-currency e-invoice is booked at the rate the business recorded for its date', async () => {
    const business = await freshBusiness({ currency: 'EUR' });
    await postingAs(business.key)('/api/v1/exchange-rates', { currency: 'NOK', date: '2013-06-01', rate: 0.13 });
    const made = await importXml(business.key, example('ubl/ubl-tc434-example2.xml'));
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ currency: 'NOK', exchange_rate: 0.13, total: 1801.78 });
  });

  it('document-level allowances and charges become lines at their rate; an exempt line, standard rates made once, a vendor found by the VAT number it has now', async () => {
    const business = await freshBusiness({ currency: 'NOK' });
    const post = postingAs(business.key);
    const known = await post('/api/v1/vendors', { name: 'Salescompany (as we call them)', tax_number: 'NO999999999MVA', currency: 'NOK' });
    // The number it is found by is the one it has now, as typed (spaces and all), not the one it was made with.
    expect((await call('PATCH', `/api/v1/vendors/${known.id}`, { key: business.key, body: { tax_number: 'NO 123 456 789 MVA' } })).status).toBe(200);
    const other = await post('/api/v1/vendors', { name: 'Took the old number', tax_number: 'NO999999999MVA', currency: 'NOK' });
    const made = await importXml(business.key, example('ubl/ubl-tc434-example2.xml'));
    expect(made.status, made.text).toBe(201);
    const bill = made.body.data;
    expect(bill).toMatchObject({ vendor_id: known.id, subtotal: 1436.5, tax_total: 365.28, total: 1801.78, due_date: '2013-07-20' });
    expect(bill.lines.slice(-2)).toMatchObject([
      { description: expect.stringMatching(/^Allowance/), quantity: 1, unit_price: -100 },
      { description: expect.stringMatching(/^Charge/), quantity: 1, unit_price: 100 },
    ]);
    const rates = (await call('GET', '/api/v1/tax-rates', { key: business.key })).body.data.items as { name: string; kind: string; rate: number }[];
    expect(rates.filter((rate) => rate.kind === 'standard').map((rate) => rate.rate).sort()).toEqual([15, 25]);
    expect(await countOf(business.key, '/api/v1/vendors')).toBe(2);
    useRuntimeTable();
    // The old number's item went with the change: only the vendor that has it now is found by it.
    expect(await findPartyByIdentity(business.id as Id, 'vendor', { taxNumber: 'no 999 999 999 mva' })).toBe(other.id);
    const items = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BIZ#${business.id}#PARTY_IDENTITY` } }))).Items ?? [];
    expect(items.map((item) => item.sk).sort()).toEqual([`vendor#VAT#NO123456789MVA#${known.id}`, `vendor#VAT#NO999999999MVA#${other.id}`].sort());
  });

  it('a vendor kept before identity items is found once the ledger rebuild has given it its items', async () => {
    useRuntimeTable();
    const business = await freshBusiness({ currency: 'EUR' });
    const known = await postingAs(business.key)('/api/v1/vendors', { name: 'De Koksmaat (kept before)', tax_number: 'NL8200.98.395.B.01' });
    const pk = `BIZ#${business.id}#PARTY_IDENTITY`;
    const items = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? [];
    expect(items.map((item) => item.sk)).toEqual([`vendor#VAT#NL820098395B01#${known.id}`]);
    for (const item of items) await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
    expect(await findPartyByIdentity(business.id as Id, 'vendor', { taxNumber: 'NL8200.98.395.B.01' })).toBeUndefined();
    expect(await backfillPartyIdentities(business.id as Id, { write: false })).toEqual({ parties: 1, identities: 1 });
    expect(await findPartyByIdentity(business.id as Id, 'vendor', { taxNumber: 'NL8200.98.395.B.01' })).toBeUndefined();
    await backfillPartyIdentities(business.id as Id, { write: true });
    const made = await importXml(business.key, example('ubl/ubl-tc434-example1.xml'));
    expect([made.status, made.body.data.vendor_id]).toEqual([201, known.id]);
  });

  it("a supplier's credit note becomes a vendor credit, the vendor found by its electronic address", async () => {
    const business = await freshBusiness({ currency: 'EUR' });
    const post = postingAs(business.key);
    const known = await post('/api/v1/vendors', { name: 'My Supplier', electronic_address: { scheme: '0201', id: '0000000196' } });
    const made = await importXml(business.key, example('ubl/ubl-tc434-creditnote1.xml'), 'text/xml; charset=utf-8');
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ type: 'vendor_credit', vendor_id: known.id, date: '2019-09-23', total: 100.11, tax_total: 0 });
    expect(await countOf(business.key, '/api/v1/bills')).toBe(0);
  });

  it('an uploaded XML file, named by its attachment, is booked like a body', async () => {
    const business = await freshBusiness({ currency: 'EUR' });
    const post = postingAs(business.key);
    const inbox = await post('/api/v1/vendors', { name: 'Inbox' });
    const xml = Buffer.from(example('cii/CII_business_example_Z.xml'));
    const attachment = await post('/api/v1/attachments', { record: { type: 'vendor', id: inbox.id }, file_name: 'invoice.xml', content_type: 'application/xml', size: xml.byteLength });
    const form = new FormData();
    for (const [name, value] of Object.entries(attachment.upload.fields as Record<string, string>)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(xml)]), 'invoice.xml');
    expect((await fetch(attachment.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    expect(await eventually(async () => (await call('GET', `/api/v1/attachments/${attachment.id}`, { key: business.key })).body.data.status === 'available', STREAM_LAG_MS)).toBe(true);
    const made = await call('POST', '/api/v1/bills/e-invoices', { key: business.key, body: { attachment_id: attachment.id } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ reference: '2016166', total: 11693.87, tax_total: 0 });
    expect(made.body.data.vendor_id).not.toBe(inbox.id);
  });

  it('refusals name what is wrong and make nothing: the broken copies the artefacts judged, a DTD, a category without a rate, a currency without a rate, another media type, an unknown attachment', async () => {
    const business = await freshBusiness({ currency: 'EUR' });
    const example1 = example('ubl/ubl-tc434-example1.xml');
    const ruleIds = async (xml: string) => {
      expect(xml).not.toBe(example1);
      const refused = await importXml(business.key, xml);
      expect([refused.status, refused.body.error], refused.text).toEqual([400, 'invalid_e_invoice']);
      return [...new Set(refused.body.details.map((detail: { field: string }) => detail.field))];
    };
    // The verdicts of the official artefacts on the same copies (the examples' README).
    expect(await ruleIds(example1.replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33', '<cbc:TaxInclusiveAmount currencyID="EUR">260.33').replace('<cbc:PayableAmount currencyID="EUR">250.33', '<cbc:PayableAmount currencyID="EUR">260.33'))).toEqual(['BR-CO-15']);
    expect(await ruleIds(example1.replace(/<cac:PartyTaxScheme>\s*<cbc:CompanyID>NL8200\.98\.395\.B\.01<\/cbc:CompanyID>[\s\S]*?<\/cac:PartyTaxScheme>/, ''))).toEqual(['BR-S-02']);
    expect(await ruleIds(example('cii/CII_example3.xml').replace('<ram:GrandTotalAmount>1125</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>1135</ram:GrandTotalAmount>'))).toEqual(['BR-CO-15', 'BR-CO-16']);

    // A supplier that rounded its 6% tax a cent up (10.99 → 11.00, within BR-CO-17's tolerance, so valid): the bill's
    // tax per rate would not come to it, and the import says so rather than book other figures.
    const centUp = example1.replace('<cbc:TaxAmount currencyID="EUR">20.73', '<cbc:TaxAmount currencyID="EUR">20.74').replace('<cbc:TaxAmount currencyID="EUR">10.99', '<cbc:TaxAmount currencyID="EUR">11.00').replace('<cbc:TaxInclusiveAmount currencyID="EUR">250.33', '<cbc:TaxInclusiveAmount currencyID="EUR">250.34').replace('<cbc:PayableAmount currencyID="EUR">250.33', '<cbc:PayableAmount currencyID="EUR">250.34');
    const differs = await importXml(business.key, centUp);
    expect([differs.status, differs.body.error], differs.text).toEqual([422, 'e_invoice_unsupported']);
    expect(differs.body.details.map((detail: { field: string }) => detail.field)).toEqual(['BT-110', 'BT-112']);

    // A NOK invoice in a EUR business with no NOK rate: refused naming the currency, never booked at a guessed rate.
    const noRate = await importXml(business.key, example('ubl/ubl-tc434-example2.xml'));
    expect([noRate.status, noRate.body.details[0].field], noRate.text).toEqual([400, 'currency']);
    expect(noRate.body.details[0].message).toContain('no NOK rate is recorded on or before 2013-06-30');

    const withDtd = await importXml(business.key, `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${example('ubl/ubl-tc434-example1.xml').replace(/^<\?xml[^>]*>/, '')}`);
    expect([withDtd.status, withDtd.body.error, withDtd.body.details[0].field]).toEqual([400, 'invalid_e_invoice', 'body']);

    // Reverse charge: the business has no reverse-charge rate to book it at.
    const reverse = example('ubl/ubl-tc434-creditnote1.xml').replaceAll('<cbc:ID>E</cbc:ID>', '<cbc:ID>AE</cbc:ID>').replace(/<cbc:TaxExemptionReason>[^<]*<\/cbc:TaxExemptionReason>/, '<cbc:TaxExemptionReason>Reverse charge</cbc:TaxExemptionReason>');
    const unsupported = await importXml(business.key, reverse);
    expect([unsupported.status, unsupported.body.error], unsupported.text).toEqual([422, 'e_invoice_unsupported']);
    expect(unsupported.body.details[0]).toMatchObject({ field: 'lines[0]', message: expect.stringContaining('reverse-charge') });

    expect((await importXml(business.key, example('ubl/ubl-tc434-example1.xml'), 'text/plain')).status).toBe(415);
    const notXml = await call('POST', '/api/v1/bills/e-invoices', { key: business.key, body: { attachment_id: '00000000-0000-4000-8000-000000000000' } });
    expect(notXml.status).toBe(404);
    expect([await countOf(business.key, '/api/v1/bills'), await countOf(business.key, '/api/v1/vendor-credits'), await countOf(business.key, '/api/v1/vendors')]).toEqual([0, 0, 0]);
  });

  it("round trip: one business's own e-invoice, booked by its customer, comes to the same totals", async () => {
    const seller = await freshBusiness({ currency: 'EUR' });
    const buyer = await freshBusiness({ currency: 'EUR' });
    const sell = postingAs(seller.key);
    expect((await call('PATCH', '/api/v1/business', { key: seller.key, body: { legal_name: 'Acme Tools GmbH', address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' }, tax_number: 'DE123456789', electronic_address: { scheme: '9930', id: 'DE123456789' }, payment_terms_days: 30 } })).status).toBe(200);
    const customer = await sell('/api/v1/customers', { name: 'Bistro Belle SPRL', billing_address: { city: 'Bruxelles', country: 'BE' }, tax_number: 'BE0123456749', electronic_address: { scheme: '0208', id: '0123456749' } });
    const invoice = await sell('/api/v1/invoices', { customer_id: customer.id, invoice_date: '2026-11-02', lines: [{ description: 'Hammer', quantity: 3, unit_price: 19.99, tax_rate: 19 }, { description: 'Loyalty discount', quantity: 1, unit_price: -5, tax_rate: 19 }, { description: 'Manual', quantity: 1, unit_price: 12.5, tax_rate: 7 }] });
    for (const syntax of ['ubl', 'cii']) {
      const xml = await (await fetch(`${runtime.baseUrl}/api/v1/invoices/${invoice.id}/e-invoice?syntax=${syntax}`, { headers: { authorization: `Bearer ${seller.key}` } })).text();
      const made = await importXml(buyer.key, xml);
      expect(made.status, made.text).toBe(syntax === 'ubl' ? 201 : 200);
      expect(made.body.data).toMatchObject({ reference: invoice.no, bill_date: '2026-11-02', due_date: invoice.due_date, subtotal: invoice.subtotal, tax_total: invoice.tax_total, total: invoice.total });
      expect(made.body.data.lines.map((line: { description: string; quantity: number; unit_price: number }) => [line.description, line.quantity, line.unit_price])).toEqual([['Hammer', 3, 19.99], ['Loyalty discount', 1, -5], ['Manual', 1, 12.5]]);
    }
  });
});
