import { describe, expect, it } from 'vitest';
import { formFields, memberBrowser } from '../integration/oauth-flow.ts';
import { call, freshBusiness, postingAs } from '../integration/support.ts';

/** An invoice of 120 part paid by a receipt of 50 into the bank, and a bill of 80 paid in full. */
async function moneyWorld() {
  const business = await freshBusiness({ currency: 'USD' });
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: 'Ada Lovelace Ltd' })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: 'Paper Mill' })).id as string;
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Main bank', kind: 'bank' })).id as string;
  const line = (unit_price: number) => [{ description: 'Work', quantity: 1, unit_price }];
  const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-10', lines: line(120) });
  const receipt = await post('/api/v1/receipts', { party_id: customer, date: '2026-05-20', payment_account_id: bank, reference: 'CHQ-7', allocations: [{ document_id: invoice.id, amount: 50 }] });
  const bill = await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-05-11', lines: line(80) });
  const payment = await post('/api/v1/payments', { party_id: vendor, date: '2026-05-21', payment_account_id: bank, allocations: [{ document_id: bill.id, amount: 80 }] });
  return { business, invoice, receipt, bill, payment };
}

describe('receipts and payments in the dashboard', () => {
  it("each has its own page, linked from the document it settles; its void asks first (posting nothing), then voids and reopens the document; a viewer reads it and is refused the void", async () => {
    const w = await moneyWorld();
    const owner = await memberBrowser(w.business.id, 'owner');
    const invoicePage = await owner.request('GET', `/dashboard/invoices/${w.invoice.id}`);
    expect(invoicePage.text).toContain(`<a href="/dashboard/receipts/${w.receipt.id}">${w.receipt.no}</a>`);
    // The invoice's own void button opens a confirmation too (settled, it offers none: void the receipt first).
    expect(invoicePage.text).not.toContain(`action="/dashboard/invoices/${w.invoice.id}/void"`);

    const page = await owner.request('GET', `/dashboard/receipts/${w.receipt.id}`);
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    for (const expected of [`Receipt ${w.receipt.no}`, 'Ada Lovelace Ltd', '2026-05-20', 'Main bank', 'CHQ-7', '$50.00', `<a href="/dashboard/invoices/${w.invoice.id}">${w.invoice.no}</a>`, `<form method="get" action="/dashboard/receipts/${w.receipt.id}/void" class="inline">`]) {
      expect(page.text, expected).toContain(expected);
    }

    const asking = await owner.request('GET', `/dashboard/receipts/${w.receipt.id}/void?void_date=2026-05-31`);
    expect(asking.status).toBe(200);
    for (const expected of [`Void receipt ${w.receipt.no}?`, `${w.invoice.no} ($50.00), which it reopens`, 'Its posting is reversed on 2026-05-31', `<a href="/dashboard/receipts/${w.receipt.id}">Keep it</a>`]) {
      expect(asking.text, expected).toContain(expected);
    }
    // Asking changed nothing.
    expect((await call('GET', `/api/v1/receipts/${w.receipt.id}`, { key: w.business.key })).body.data.status).toBe('Posted');
    const form = formFields(asking.text.slice(asking.text.indexOf(`<form method="post" action="/dashboard/receipts/${w.receipt.id}/void"`))).hidden;
    expect(form.void_date).toBe('2026-05-31');
    const voided = await owner.request('POST', `/dashboard/receipts/${w.receipt.id}/void`, form);
    expect([voided.status, voided.location]).toEqual([303, `/dashboard/receipts/${w.receipt.id}?notice=voided`]);
    expect((await call('GET', `/api/v1/receipts/${w.receipt.id}`, { key: w.business.key })).body.data).toMatchObject({ status: 'Voided', void_date: '2026-05-31' });
    expect((await call('GET', `/api/v1/invoices/${w.invoice.id}`, { key: w.business.key })).body.data).toMatchObject({ amount_paid: 0, balance_due: 120 });
    const after = await owner.request('GET', `/dashboard/receipts/${w.receipt.id}?notice=voided`);
    expect(after.text).toContain('Voided, reversed on 2026-05-31');
    expect(after.text).not.toContain(`action="/dashboard/receipts/${w.receipt.id}/void"`);

    // A payment has the same page, from its bill.
    expect((await owner.request('GET', `/dashboard/bills/${w.bill.id}`)).text).toContain(`<a href="/dashboard/payments/${w.payment.id}">${w.payment.no}</a>`);
    const paymentPage = await owner.request('GET', `/dashboard/payments/${w.payment.id}`);
    for (const expected of [`Payment ${w.payment.no}`, 'Paper Mill', 'Paid from', '$80.00']) expect(paymentPage.text, expected).toContain(expected);

    const viewer = await memberBrowser(w.business.id, 'viewer');
    const asViewer = await viewer.request('GET', `/dashboard/payments/${w.payment.id}`);
    expect(asViewer.status).toBe(200);
    expect(asViewer.text).not.toContain('Void payment');
    expect((await viewer.request('GET', `/dashboard/payments/${w.payment.id}/void`)).status).toBe(403);
    expect((await viewer.request('POST', `/dashboard/payments/${w.payment.id}/void`, form)).status).toBe(403);
    expect((await call('GET', `/api/v1/payments/${w.payment.id}`, { key: w.business.key })).body.data.status).toBe('Posted');
  });

  it("an invoice's void asks first: the confirmation names it, its total and the day of its reversal, and posts nothing", async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'Grace Hopper' })).id as string;
    const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-10', lines: [{ description: 'Work', quantity: 2, unit_price: 60 }] });
    const owner = await memberBrowser(business.id, 'owner');
    const page = await owner.request('GET', `/dashboard/invoices/${invoice.id}`);
    expect(page.text).toContain(`<form method="get" action="/dashboard/invoices/${invoice.id}/void" class="inline">`);
    const asking = await owner.request('GET', `/dashboard/invoices/${invoice.id}/void?void_date=`);
    for (const expected of [`Void invoice ${invoice.no}?`, 'Grace Hopper', '$120.00', 'Its posting is reversed on 2026-05-10 (its own date)']) expect(asking.text, expected).toContain(expected);
    expect((await call('GET', `/api/v1/invoices/${invoice.id}`, { key: business.key })).body.data.status).toBe('Open');
    const bad = await owner.request('GET', `/dashboard/invoices/${invoice.id}/void?void_date=2026-02-30`);
    expect(bad.status).toBe(400);
  });

  it("shows a receipt's and a payment's files, and refuses a file for a receipt named as a payment", async () => {
    const w = await moneyWorld();
    const attach = (type: string, id: string, name: string) => call('POST', '/api/v1/attachments', { key: w.business.key, body: { record: { type, id }, file_name: name, content_type: 'application/pdf', size: 1000 } });
    expect((await attach('receipt', w.receipt.id, 'cheque-scan.pdf')).status).toBe(201);
    expect((await attach('payment', w.payment.id, 'remittance.pdf')).status).toBe(201);
    expect((await attach('payment', w.receipt.id, 'wrong.pdf')).status).toBe(404);
    const owner = await memberBrowser(w.business.id, 'owner');
    const receiptPage = await owner.request('GET', `/dashboard/receipts/${w.receipt.id}`);
    expect(receiptPage.text).toContain('<h2 id="files">Files</h2>');
    expect(receiptPage.text).toContain('cheque-scan.pdf');
    expect(receiptPage.text).not.toContain('remittance.pdf');
    expect(receiptPage.text).toContain('Delete cheque-scan.pdf');
    const paymentPage = await owner.request('GET', `/dashboard/payments/${w.payment.id}`);
    expect(paymentPage.text).toContain('remittance.pdf');
    const viewer = await memberBrowser(w.business.id, 'viewer');
    const read = await viewer.request('GET', `/dashboard/receipts/${w.receipt.id}`);
    expect(read.text).toContain('cheque-scan.pdf');
    expect(read.text).not.toContain('Delete cheque-scan.pdf');
  });
});
