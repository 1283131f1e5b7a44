import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.ts';
import { SCOPES } from '../../shared/platform/http/scopes.ts';
import { pdfPageCount, pdfText } from '../integration/pdf-text.ts';
import { businessB, call, freshBusiness, runtime, postingAs } from '../integration/support.ts';

const textOf = (pdf: Buffer) => pdfText(pdf, { layout: true });

async function fetchPdf(path: string, key: string) {
  const response = await fetch(`${runtime.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), cache: response.headers.get('cache-control'), bytes: Buffer.from(await response.arrayBuffer()) };
}

async function world(currency = 'USD') {
  const business = await freshBusiness({ currency });
  const post = postingAs(business.key);
  expect((await call('PATCH', '/api/v1/business', { key: business.key, body: { legal_name: 'Northwind Trading Ltd', address: { line1: '1 Harbour Road', city: 'Leeds', postal_code: 'LS1 4AB', country: 'GB' }, tax_number: 'GB123456789', email: 'accounts@northwind.test', payment_instructions: 'Pay to sort code 12-34-56, account 12345678' } })).status).toBe(200);
  const customer = (await post('/api/v1/customers', { name: 'Ada Lovelace Ltd', email: 'ap@ada.test', billing_address: { line1: '10 Analytical Way', city: 'London', country: 'GB' }, tax_number: 'GB987654321' })).id as string;
  return { business, post, customer };
}

describe('document PDFs', () => {
  it('an invoice as a PDF: the business, the customer, number, dates, lines, tax, totals, paid, due and payment instructions, read back', async () => {
    const w = await world();
    const invoice = await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-11-02', due_date: '2026-12-02', reference: 'PO-7781', lines: [{ description: 'Consulting, November', quantity: 12.5, unit_price: 120, tax_rate: 20 }, { description: 'Travel', quantity: 1, unit_price: 1234.56 }] });
    const bank = (await w.post('/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' })).id;
    await w.post('/api/v1/receipts', { party_id: w.customer, date: '2026-11-10', payment_account_id: bank, allocations: [{ document_id: invoice.id, amount: 500 }] });
    const answer = await fetchPdf(`/api/v1/invoices/${invoice.id}/pdf`, w.business.key);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.disposition).toBe(`inline; filename="${invoice.no}.pdf"`);
    expect(answer.cache).toBe('no-store');
    expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(answer.bytes);
    // One page: the footer once, and no second page holding only it.
    expect(pdfPageCount(answer.bytes)).toBe(1);
    expect(text.match(/page \d of \d/g)).toEqual(['page 1 of 1']);
    for (const expected of ['Northwind Trading Ltd', '1 Harbour Road', 'Tax number: GB123456789', 'INVOICE', invoice.no, 'Date: 2026-11-02', 'Due date: 2026-12-02', 'Reference: PO-7781', 'Ada Lovelace Ltd', '10 Analytical Way', 'Consulting, November', '12.5', '120.00', '20%', '1,500.00', 'Travel', '1,234.56', 'Subtotal', '2,734.56', 'Standard 20% on 1,500.00', '300.00', 'Zero rated on 1,234.56', '(Zero-rated supply)', 'Total USD', '3,034.56', 'Amount paid', '500.00', 'Balance due USD', '2,534.56', 'Pay to sort code 12-34-56']) {
      expect(text, expected).toContain(expected);
    }
  });

  it('a 50-line invoice runs onto a second page under 200 KB; a foreign-currency one shows its currency; Greek and Cyrillic read back; a voided one says VOID', async () => {
    const w = await world();
    const lines = Array.from({ length: 50 }, (_, index) => ({ description: `Line ${String(index + 1).padStart(2, '0')} of the retainer`, quantity: 1, unit_price: 10 + index, tax_rate: 5 }));
    const long = await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-11-02', lines });
    const longPdf = await fetchPdf(`/api/v1/invoices/${long.id}/pdf`, w.business.key);
    expect(longPdf.bytes.length).toBeLessThan(200 * 1024);
    const longText = textOf(longPdf.bytes);
    for (let index = 1; index <= 50; index++) expect(longText).toContain(`Line ${String(index).padStart(2, '0')} of the retainer`);
    expect(longText.match(/page \d of \d/g)).toEqual(['page 1 of 2', 'page 2 of 2']);
    expect(pdfPageCount(longPdf.bytes)).toBe(2);

    await w.post('/api/v1/exchange-rates', { currency: 'EUR', date: '2026-11-01', rate: 1.1 });
    const euroCustomer = (await w.post('/api/v1/customers', { name: 'Ωμέγα Σύμβουλοι ΑΕ', currency: 'EUR' })).id;
    const foreign = await w.post('/api/v1/invoices', { customer_id: euroCustomer, invoice_date: '2026-11-03', lines: [{ description: 'Услуги по настройке — café', quantity: 2, unit_price: 1000.5 }] });
    const foreignText = textOf((await fetchPdf(`/api/v1/invoices/${foreign.id}/pdf`, w.business.key)).bytes);
    for (const expected of ['Ωμέγα Σύμβουλοι ΑΕ', 'Услуги по настройке — café', 'Total EUR', '2,001.00', 'Currency: EUR']) expect(foreignText, expected).toContain(expected);

    expect((await call('POST', `/api/v1/invoices/${foreign.id}/void`, { key: w.business.key })).status).toBe(200);
    const voidText = textOf((await fetchPdf(`/api/v1/invoices/${foreign.id}/pdf`, w.business.key)).bytes);
    expect(voidText).toContain('Status: Void');
    expect(voidText).toContain('Balance due EUR');
    expect(voidText).not.toContain('Pay to sort code');
  });

  it('every sales document type has its PDF; another business, another type and a key without the read scope are refused', async () => {
    const w = await world();
    const line = [{ description: 'Widget', quantity: 1, unit_price: 10 }];
    const bank = (await w.post('/api/v1/bank-feeds/accounts', { name: 'Till', kind: 'bank' })).id;
    const made = {
      invoices: await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-11-02', lines: line }),
      'credit-notes': await w.post('/api/v1/credit-notes', { customer_id: w.customer, date: '2026-11-02', lines: line }),
      'debit-notes': await w.post('/api/v1/debit-notes', { customer_id: w.customer, date: '2026-11-02', lines: line }),
      estimates: await w.post('/api/v1/estimates', { customer_id: w.customer, date: '2026-11-02', lines: line }),
      'sales-orders': await w.post('/api/v1/sales-orders', { customer_id: w.customer, date: '2026-11-02', lines: line }),
      'cash-sales': await w.post('/api/v1/cash-sales', { customer_id: w.customer, date: '2026-11-02', payment_account_id: bank, lines: line }),
    };
    const titles = { invoices: 'INVOICE', 'credit-notes': 'CREDIT NOTE', 'debit-notes': 'DEBIT NOTE', estimates: 'ESTIMATE', 'sales-orders': 'SALES ORDER', 'cash-sales': 'SALES RECEIPT' };
    expect(routes.filter((route) => route.path.startsWith('/api/v1/') && route.path.endsWith('/pdf')).map((route) => route.path.split('/')[3]).sort()).toEqual(Object.keys(made).sort());
    for (const [path, document] of Object.entries(made)) {
      const answer = await fetchPdf(`/api/v1/${path}/${document.id}/pdf`, w.business.key);
      expect(answer.status, path).toBe(200);
      const text = textOf(answer.bytes);
      expect(text).toContain(titles[path as keyof typeof titles]);
      expect(text).toContain(document.no);
    }
    // Another business's invoice is exactly an unknown one; a credit note's id under invoices is not an invoice.
    const foreign = await fetchPdf(`/api/v1/invoices/${made.invoices.id}/pdf`, businessB.api_key);
    expect(foreign.status).toBe(404);
    expect((await fetchPdf(`/api/v1/invoices/${made['credit-notes'].id}/pdf`, w.business.key)).status).toBe(404);
    const limited = await freshBusiness({ scopes: SCOPES.filter((scope) => scope !== 'sales_invoices:read') });
    expect((await fetchPdf(`/api/v1/invoices/${made.invoices.id}/pdf`, limited.key)).status).toBe(403);
  });
});
