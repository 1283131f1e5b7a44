import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { simpleParser, type ParsedMail } from 'mailparser';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { pdfArchive, pdfText } from '../integration/pdf-text.ts';
import { call, expectDocumentedStatus, freshBusiness, keyWithScopes, postingAs, runtime } from '../integration/support.ts';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false });

/** Set E_INVOICE_OUT to a folder to keep every e-invoice these tests fetch, for a run through the official EN 16931 artefacts. */
function kept(name: string, xml: string): void {
  const folder = process.env.E_INVOICE_OUT;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, name), xml);
}

async function fetchXml(path: string, key: string) {
  const response = await fetch(`${runtime.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), text };
}

const PROFILE = {
  legal_name: 'Acme Tools GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
  tax_number: 'DE123456789',
  electronic_address: { scheme: '9930', id: 'DE123456789' },
  payment_instructions: 'Bank transfer to DE89 3704 0044 0532 0130 00, quoting the invoice number.',
  payment_terms_days: 30,
};
const CUSTOMER = { name: 'Bistro Belle SPRL', billing_address: { line1: 'Rue de la Loi 16', city: 'Bruxelles', postal_code: '1000', country: 'BE' }, tax_number: 'BE0123456749', electronic_address: { scheme: '0208', id: '0123456749' } };

async function world() {
  const business = await freshBusiness({ currency: 'EUR' });
  const post = postingAs(business.key);
  expect((await call('PATCH', '/api/v1/business', { key: business.key, body: PROFILE })).status).toBe(200);
  const customer = (await post('/api/v1/customers', CUSTOMER)).id as string;
  const rate = async (body: Record<string, unknown>) => (await post('/api/v1/tax-rates', body)).id as string;
  return { business, post, customer, rate };
}

const amountIn = (node: unknown) => Number((node as Record<string, string>)['#text']);

describe('e-invoices out, through the API', () => {
  it('an invoice as Peppol UBL and as CII: the parties, lines, tax per category and totals of the books, its public link and IBAN', async () => {
    const w = await world();
    const reduced = await w.rate({ name: 'VAT 7%', rate: 7, kind: 'reduced' });
    const invoice = await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-11-02', reference: 'PO-4711', lines: [{ description: 'Hammer', quantity: 3, unit_price: 19.99, tax_rate: 19 }, { description: 'Manual', quantity: 1, unit_price: 12.5, tax_rate_id: reduced }, { description: 'Loyalty discount', quantity: 1, unit_price: -5, tax_rate: 19 }] });
    const ubl = await fetchXml(`/api/v1/invoices/${invoice.id}/e-invoice`, w.business.key);
    expect([ubl.status, ubl.type, ubl.disposition]).toEqual([200, 'application/xml; charset=utf-8', `inline; filename="${invoice.no}.xml"`]);
    kept('api-invoice-ubl.xml', ubl.text);
    const document = (parser.parse(ubl.text) as { Invoice: Record<string, any> }).Invoice;
    expect(document.CustomizationID).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    expect([document.ID, document.IssueDate, document.DueDate, document.BuyerReference]).toEqual([invoice.no, '2026-11-02', '2026-12-02', 'PO-4711']);
    expect(document.AccountingSupplierParty.Party.EndpointID).toEqual({ '#text': 'DE123456789', '@_schemeID': '9930' });
    expect(document.AccountingCustomerParty.Party.PartyTaxScheme.CompanyID).toBe('BE0123456749');
    expect(document.PaymentMeans.PayeeFinancialAccount.ID).toBe('DE89370400440532013000');
    expect(document.AdditionalDocumentReference.Attachment.ExternalReference.URI).toMatch(/^https?:\/\//);
    expect(amountIn(document.LegalMonetaryTotal.PayableAmount)).toBe(invoice.total);
    expect(amountIn(document.TaxTotal.TaxAmount)).toBe(invoice.tax_total);
    expect(document.TaxTotal.TaxSubtotal.map((group: Record<string, any>) => [group.TaxCategory.ID, group.TaxCategory.Percent, amountIn(group.TaxableAmount)])).toEqual([['S', '19', 54.97], ['S', '7', 12.5]]);
    expect(document.InvoiceLine).toHaveLength(3);

    const cii = await fetchXml(`/api/v1/invoices/${invoice.id}/e-invoice?syntax=cii`, w.business.key);
    expect([cii.status, cii.disposition]).toEqual([200, `inline; filename="${invoice.no}-cii.xml"`]);
    kept('api-invoice-cii.xml', cii.text);
    const sums = (parser.parse(cii.text) as Record<string, any>).CrossIndustryInvoice.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement.SpecifiedTradeSettlementHeaderMonetarySummation;
    expect([Number(sums.DuePayableAmount), amountIn(sums.TaxTotalAmount)]).toEqual([invoice.total, invoice.tax_total]);
  });

  it("a foreign-currency invoice states its tax in the home currency as the ledger booked it (BT-111); what was paid is the paid amount", async () => {
    const w = await world();
    await w.post('/api/v1/exchange-rates', { currency: 'USD', date: '2026-11-01', rate: 0.9213 });
    const dollars = (await w.post('/api/v1/customers', { ...CUSTOMER, name: 'Bistro Belle US', currency: 'USD' })).id;
    const invoice = await w.post('/api/v1/invoices', { customer_id: dollars, invoice_date: '2026-11-02', lines: [{ description: 'Consulting', quantity: 7, unit_price: 133.37, tax_rate: 19 }] });
    const bank = (await w.post('/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank', currency: 'USD' })).id;
    await w.post('/api/v1/receipts', { party_id: dollars, date: '2026-11-10', payment_account_id: bank, allocations: [{ document_id: invoice.id, amount: 100 }] });
    const entries = (await call('GET', `/api/v1/journal-entries?document_id=${invoice.id}`, { key: w.business.key })).body.data.items as { lines: { credit: number; base_credit: number }[] }[];
    const taxLine = entries[0]!.lines.find((line) => line.credit === invoice.tax_total)!;
    for (const syntax of ['ubl', 'cii'] as const) {
      const answer = await fetchXml(`/api/v1/invoices/${invoice.id}/e-invoice?syntax=${syntax}`, w.business.key);
      expect(answer.status).toBe(200);
      kept(`api-foreign-${syntax}.xml`, answer.text);
      const parsed = parser.parse(answer.text) as Record<string, any>;
      if (syntax === 'ubl') {
        expect(parsed.Invoice.TaxCurrencyCode).toBe('EUR');
        expect(parsed.Invoice.TaxTotal.map((total: Record<string, unknown>) => [amountIn(total.TaxAmount), (total.TaxAmount as Record<string, string>)['@_currencyID']])).toEqual([[invoice.tax_total, 'USD'], [taxLine.base_credit, 'EUR']]);
        expect([amountIn(parsed.Invoice.LegalMonetaryTotal.PrepaidAmount), amountIn(parsed.Invoice.LegalMonetaryTotal.PayableAmount)]).toEqual([100, Math.round((invoice.total - 100) * 100) / 100]);
      } else {
        const sums = parsed.CrossIndustryInvoice.SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement.SpecifiedTradeSettlementHeaderMonetarySummation;
        expect(sums.TaxTotalAmount.map(amountIn)).toEqual([invoice.tax_total, taxLine.base_credit]);
      }
    }
  });

  it('tax-inclusive prices and per-line rounding: the lines carry their nets, the breakdown the booked tax, and the totals tie', async () => {
    const w = await world();
    const reduced = await w.rate({ name: 'VAT 7%', rate: 7, kind: 'reduced' });
    const body = { customer_id: w.customer, invoice_date: '2026-11-02', amounts: 'inclusive', lines: [{ description: 'Coffee', quantity: 3, unit_price: 3.33, tax_rate: 19 }, { description: 'Cake', quantity: 7, unit_price: 2.99, tax_rate_id: reduced }, { description: 'Tea', quantity: 1, unit_price: 1.01, tax_rate: 19 }] };
    const inclusive = await w.post('/api/v1/invoices', body);
    expect((await call('PATCH', '/api/v1/business', { key: w.business.key, body: { tax_rounding: 'line' } })).status).toBe(200);
    const perLine = await w.post('/api/v1/invoices', { ...body, amounts: 'exclusive', lines: body.lines.map((line) => ({ ...line, quantity: 1, unit_price: 0.05 })) });
    for (const [name, invoice] of [['inclusive', inclusive], ['per-line', perLine]] as const) {
      for (const syntax of ['ubl', 'cii'] as const) {
        const answer = await fetchXml(`/api/v1/invoices/${invoice.id}/e-invoice?syntax=${syntax}`, w.business.key);
        expect(answer.status, answer.text).toBe(200);
        kept(`api-${name}-${syntax}.xml`, answer.text);
      }
      const document = (parser.parse((await fetchXml(`/api/v1/invoices/${invoice.id}/e-invoice`, w.business.key)).text) as { Invoice: Record<string, any> }).Invoice;
      const nets = document.InvoiceLine.map((line: Record<string, unknown>) => amountIn(line.LineExtensionAmount));
      expect(nets).toEqual(invoice.lines.map((line: { amount: number }) => line.amount));
      expect([amountIn(document.LegalMonetaryTotal.LineExtensionAmount), amountIn(document.TaxTotal.TaxAmount), amountIn(document.LegalMonetaryTotal.PayableAmount)]).toEqual([invoice.subtotal, invoice.tax_total, invoice.total]);
    }
  });

  it('a credit note of every tax kind it may carry, as UBL CreditNote and CII 381', async () => {
    const w = await world();
    const exempt = await w.rate({ name: 'Exempt (medical)', rate: 0, kind: 'exempt', exemption_reason: 'Exempt under Article 132 of Directive 2006/112/EC' });
    const intra = await w.rate({ name: 'Intra-community', rate: 0, kind: 'intra_community', exemption_reason: 'Intra-community supply' });
    const reverse = await w.rate({ name: 'Reverse charge', rate: 19, kind: 'reverse_charge', exemption_reason: 'Reverse charge' });
    const note = await w.post('/api/v1/credit-notes', { customer_id: w.customer, date: '2026-11-05', lines: [{ description: 'Returned gloves', quantity: 2, unit_price: 8, tax_rate: 19 }, { description: 'Bandages', quantity: 1, unit_price: 4.2, tax_rate_id: exempt }, { description: 'Crates', quantity: 3, unit_price: 10, tax_rate_id: intra }, { description: 'Installation', quantity: 1, unit_price: 50, tax_rate_id: reverse }] });
    const ubl = await fetchXml(`/api/v1/credit-notes/${note.id}/e-invoice`, w.business.key);
    expect(ubl.status).toBe(200);
    kept('api-credit-note-ubl.xml', ubl.text);
    const document = (parser.parse(ubl.text) as { CreditNote: Record<string, any> }).CreditNote;
    expect(document.CreditNoteTypeCode).toBe('381');
    expect(document.TaxTotal.TaxSubtotal.map((group: Record<string, any>) => group.TaxCategory.ID)).toEqual(['S', 'E', 'K', 'AE']);
    expect(amountIn(document.LegalMonetaryTotal.PayableAmount)).toBe(note.total);
    expect(document.Delivery.DeliveryLocation.Address.Country.IdentificationCode).toBe('BE');
    const cii = await fetchXml(`/api/v1/credit-notes/${note.id}/e-invoice?syntax=cii`, w.business.key);
    kept('api-credit-note-cii.xml', cii.text);
    expect((parser.parse(cii.text) as Record<string, any>).CrossIndustryInvoice.ExchangedDocument.TypeCode).toBe('381');
  });

  it('a Factur-X PDF: PDF/A-3b, its CII embedded as factur-x.xml with the Factur-X XMP, the same CII as the e-invoice; the plain PDF stays as it was', async () => {
    const w = await world();
    const invoice = await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-11-02', lines: [{ description: 'Hammer', quantity: 3, unit_price: 19.99, tax_rate: 19 }] });
    const response = await fetch(`${runtime.baseUrl}/api/v1/invoices/${invoice.id}/pdf?profile=factur-x`, { headers: { authorization: `Bearer ${w.business.key}` } });
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const bytes = Buffer.from(await response.arrayBuffer());
    const { xmp, files } = pdfArchive(bytes);
    expect([...files.keys()]).toEqual(['factur-x.xml']);
    const embedded = files.get('factur-x.xml')!.toString('utf8');
    kept('api-factur-x.xml', embedded);
    if (process.env.E_INVOICE_OUT) writeFileSync(join(process.env.E_INVOICE_OUT, 'api-factur-x.pdf'), bytes);
    expect(embedded).toBe((await fetchXml(`/api/v1/invoices/${invoice.id}/e-invoice?syntax=cii`, w.business.key)).text);
    for (const expected of ['<pdfaid:part>3</pdfaid:part>', '<pdfaid:conformance>B</pdfaid:conformance>', '<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>', '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>', '<pdfaSchema:prefix>fx</pdfaSchema:prefix>']) expect(xmp).toContain(expected);
    const raw = bytes.toString('latin1');
    for (const expected of ['/AFRelationship /Alternative', '/OutputIntents', '/GTS_PDFA1', '%PDF-1.7']) expect(raw).toContain(expected);
    expect(pdfText(bytes)).toContain(invoice.no);

    const plain = Buffer.from(await (await fetch(`${runtime.baseUrl}/api/v1/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${w.business.key}` } })).arrayBuffer());
    expect(pdfArchive(plain).files.size).toBe(0);
    expect(plain.toString('latin1')).not.toContain('/OutputIntents');
    expect((await call('GET', `/api/v1/invoices/${invoice.id}/pdf?profile=zugferd`, { key: w.business.key })).status).toBe(400);
    const bare = await freshBusiness({ currency: 'EUR' });
    const bareCustomer = (await postingAs(bare.key)('/api/v1/customers', { name: 'Bare Ltd' })).id;
    const bareInvoice = await postingAs(bare.key)('/api/v1/invoices', { customer_id: bareCustomer, invoice_date: '2026-11-02', due_date: '2026-12-02', lines: [{ description: 'Work', quantity: 1, unit_price: 10, tax_rate: 19 }] });
    const refused = await call('GET', `/api/v1/invoices/${bareInvoice.id}/pdf?profile=factur-x`, { key: bare.key });
    expect([refused.status, refused.body.error]).toEqual([422, 'e_invoice_incomplete']);
  });

  it('a customer who prefers e-invoices gets them with the invoice e-mail: the XML beside the PDF, or the Factur-X PDF alone; an incomplete one is refused before anything is queued', async () => {
    const w = await world();
    const writtenMail = async (messageId: string): Promise<ParsedMail> => {
      const file = join(runtime.mailDir, `${messageId.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`);
      expect(await eventually(async () => existsSync(file), STREAM_LAG_MS), `${file} was never written`).toBe(true);
      return simpleParser(readFileSync(file));
    };
    const sentTo = async (preference: 'ubl' | 'cii' | 'factur-x') => {
      const customer = (await w.post('/api/v1/customers', { ...CUSTOMER, name: `Prefers ${preference}`, email: 'ap@bistro.example', e_invoice: { syntax: preference } })).id;
      const invoice = await w.post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-02', lines: [{ description: 'Hammer', quantity: 1, unit_price: 19.99, tax_rate: 19 }] });
      const queued = await call('POST', `/api/v1/invoices/${invoice.id}/send`, { key: w.business.key });
      expect(queued.status, queued.text).toBe(202);
      return { invoice, mail: await writtenMail(queued.body.data.message_id) };
    };
    const ubl = await sentTo('ubl');
    expect(ubl.mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([[`${ubl.invoice.no}.pdf`, 'application/pdf'], [`${ubl.invoice.no}.xml`, 'application/xml']]);
    expect(ubl.mail.attachments[1]!.content.toString('utf8')).toBe((await fetchXml(`/api/v1/invoices/${ubl.invoice.id}/e-invoice`, w.business.key)).text);
    const cii = await sentTo('cii');
    expect(cii.mail.attachments.map((file) => file.filename)).toEqual([`${cii.invoice.no}.pdf`, `${cii.invoice.no}-cii.xml`]);
    const facturX = await sentTo('factur-x');
    expect(facturX.mail.attachments.map((file) => file.filename)).toEqual([`${facturX.invoice.no}.pdf`]);
    expect([...pdfArchive(facturX.mail.attachments[0]!.content).files.keys()]).toEqual(['factur-x.xml']);

    const incomplete = (await w.post('/api/v1/customers', { name: 'No address', email: 'x@example.com', e_invoice: { syntax: 'cii' } })).id;
    const invoice = await w.post('/api/v1/invoices', { customer_id: incomplete, invoice_date: '2026-11-02', lines: [{ description: 'Hammer', quantity: 1, unit_price: 19.99, tax_rate: 19 }] });
    const refused = await call('POST', `/api/v1/invoices/${invoice.id}/send`, { key: w.business.key });
    expect([refused.status, refused.body.error, refused.body.details.map((problem: { field: string }) => problem.field)]).toEqual([422, 'e_invoice_incomplete', ['customer.billing_address.country']]);
    expect((await call('GET', `/api/v1/invoices/${invoice.id}`, { key: w.business.key })).body.data.send_count ?? 0).toBe(0);
    expect((await call('PATCH', `/api/v1/customers/${incomplete}`, { key: w.business.key, body: { e_invoice: { syntax: 'xrechnung' } } })).status).toBe(400);
  });

  it('422 e_invoice_incomplete names each missing field; a voided invoice is 409; bad syntax 400; another business 404; a key without the read scope 403', async () => {
    const business = await freshBusiness({ currency: 'EUR' });
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'No Details Ltd' })).id;
    const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-02', lines: [{ description: 'Work', quantity: 1, unit_price: 100, tax_rate: 19 }] });
    const incomplete = await call('GET', `/api/v1/invoices/${invoice.id}/e-invoice`, { key: business.key });
    expect([incomplete.status, incomplete.body.error]).toEqual([422, 'e_invoice_incomplete']);
    expect(incomplete.body.details.map((problem: { field: string }) => problem.field).sort()).toEqual(['business.address.country', 'business.electronic_address', 'business.tax_number', 'customer.billing_address.country', 'customer.electronic_address', 'due_date']);
    expectDocumentedStatus('GET', `/api/v1/invoices/${invoice.id}/e-invoice`, 422);
    const cii = await call('GET', `/api/v1/invoices/${invoice.id}/e-invoice?syntax=cii`, { key: business.key });
    expect(cii.body.details.map((problem: { field: string }) => problem.field).sort()).toEqual(['business.address.country', 'business.tax_number', 'customer.billing_address.country', 'due_date']);

    expect((await call('GET', `/api/v1/invoices/${invoice.id}/e-invoice?syntax=pdf`, { key: business.key })).status).toBe(400);
    const other = await freshBusiness({ currency: 'EUR' });
    expect((await call('GET', `/api/v1/invoices/${invoice.id}/e-invoice`, { key: other.key })).status).toBe(404);
    expect((await call('GET', `/api/v1/credit-notes/${invoice.id}/e-invoice`, { key: business.key })).status).toBe(404);
    const noRead = await keyWithScopes(business.id, ['sales_invoices:create']);
    expect((await call('GET', `/api/v1/invoices/${invoice.id}/e-invoice`, { key: noRead })).status).toBe(403);
    expect((await call('POST', `/api/v1/invoices/${invoice.id}/void`, { key: business.key })).status).toBe(200);
    expect((await call('GET', `/api/v1/invoices/${invoice.id}/e-invoice`, { key: business.key })).status).toBe(409);
  });

  it('the party fields are validated: an unknown country or EAS scheme is 400 and changes nothing', async () => {
    const business = await freshBusiness({ currency: 'EUR' });
    const badCountry = await call('PATCH', '/api/v1/business', { key: business.key, body: { address: { country: 'XX' } } });
    expect([badCountry.status, badCountry.body.details[0].field]).toEqual([400, 'address.country']);
    const badScheme = await call('POST', '/api/v1/customers', { key: business.key, body: { name: 'Scheme Ltd', electronic_address: { scheme: '1234', id: 'x' } } });
    expect([badScheme.status, badScheme.body.details[0].field]).toEqual([400, 'electronic_address.scheme']);
    const saved = await call('PATCH', '/api/v1/business', { key: business.key, body: { electronic_address: { scheme: '0088', id: '4000001000005' } } });
    expect(saved.body.data.electronic_address).toEqual({ scheme: '0088', id: '4000001000005' });
    expect((await call('GET', '/api/v1/business', { key: business.key })).body.data.address).toBeNull();
  });
});
