import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { formFields } from '../integration/oauth-flow.ts';
import { signedInTo } from '../integration/dashboard-session.ts';
import { LISTED_SETTLEMENTS } from '../../shared/ledger/documents/settlement-refs.ts';
import { call, freshBusiness, postingAs, uniqueName, useRuntimeTable } from '../integration/support.ts';


async function salesWorld() {
  const books = await freshBusiness();
  const post = postingAs(books.key);
  const customer = (await post('/api/v1/customers', { name: uniqueName('Credit customer') })).id as string;
  const invoice = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-02', due_date: '2026-12-02', lines: [{ description: 'Work', quantity: 1, unit_price: 100 }] })).id as string;
  const note = await post('/api/v1/credit-notes', { customer_id: customer, date: '2026-11-03', lines: [{ description: 'Goodwill', quantity: 1, unit_price: 30 }] });
  const estimate = await post('/api/v1/estimates', { customer_id: customer, date: '2026-11-04', lines: [{ description: 'Next phase', quantity: 2, unit_price: 250 }] });
  const signedIn = async (role: 'owner' | 'viewer') => {
    const browser = await signedInTo(books.id, role);
    const csrf = formFields((await browser.request('GET', '/dashboard/customers')).text).hidden.csrf!;
    return { browser, post: (path: string, fields: Record<string, string | string[]>) => browser.request('POST', path, { csrf, ...fields }) };
  };
  const api = async (path: string) => (await call('GET', path, { key: books.key })).body.data;
  return { books, customer, invoice, note: { id: note.id as string, no: note.no as string }, estimate: { id: estimate.id as string, no: estimate.no as string }, signedIn, api };
}

describe('credit notes and estimates in the dashboard', () => {
  it('an estimate converted from its page: a draft invoice of its lines opens, the estimate reads Invoiced and links to it; a viewer is offered no Convert and is refused', async () => {
    const w = await salesWorld();
    const viewer = await w.signedIn('viewer');
    expect((await viewer.browser.request('GET', `/dashboard/estimates/${w.estimate.id}`)).text).not.toContain('/convert"');
    expect((await viewer.post(`/dashboard/estimates/${w.estimate.id}/convert`, {})).status).toBe(403);
    const owner = await w.signedIn('owner');
    expect((await owner.browser.request('GET', `/dashboard/estimates/${w.estimate.id}`)).text).toContain(`action="/dashboard/estimates/${w.estimate.id}/convert"`);
    const converted = await owner.post(`/dashboard/estimates/${w.estimate.id}/convert`, {});
    expect(converted.status, converted.text.slice(0, 300)).toBe(303);
    const estimate = await w.api(`/api/v1/estimates/${w.estimate.id}`);
    expect(estimate).toMatchObject({ status: 'Invoiced', converted_to_id: expect.any(String) });
    expect(converted.location).toBe(`/dashboard/invoices/${estimate.converted_to_id}?notice=draft_saved`);
    const invoice = await owner.browser.request('GET', converted.location!);
    expect(invoice.text).toContain('Draft invoice');
    expect(invoice.text).toContain('Next phase');
    const page = await owner.browser.request('GET', `/dashboard/estimates/${w.estimate.id}`);
    expect(page.text).toContain(`href="/dashboard/invoices/${estimate.converted_to_id}"`);
    expect(page.text).not.toContain('/convert"');
    expect((await owner.post(`/dashboard/estimates/${w.estimate.id}/convert`, {})).status).toBe(409);
  });

  it('a credit note: listed, its page, its credit applied to an open invoice (an excess refused in the API\'s words, the amount kept), undone, voided; its PDF', async () => {
    const w = await salesWorld();
    const owner = await w.signedIn('owner');
    const list = await owner.browser.request('GET', '/dashboard/credit-notes');
    expect(list.status).toBe(200);
    expect(list.text).toContain(`href="/dashboard/credit-notes/${w.note.id}">${w.note.no}</a>`);
    const page = await owner.browser.request('GET', `/dashboard/credit-notes/${w.note.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<dt>Credit left</dt>');
    expect(page.text).toContain(`name="document_id" value="${w.invoice}"`);

    const excess = await owner.post(`/dashboard/credit-notes/${w.note.id}/allocations`, { document_id: [w.invoice], amount: ['40'], date: '2026-11-05' });
    const apiExcess = await call('POST', `/api/v1/credit-notes/${w.note.id}/allocations`, { key: w.books.key, body: { date: '2026-11-05', allocations: [{ document_id: w.invoice, amount: 40 }] } });
    expect([excess.status, apiExcess.status]).toEqual([400, 400]);
    const message = (apiExcess.body.details as { message: string }[])[0]!.message;
    expect(excess.text).toContain(`role="alert">Amounts: ${message}<`);
    expect(excess.text).toMatch(new RegExp(`id="amount-${w.invoice}"[^>]*value="40"`));
    expect((await w.api(`/api/v1/invoices/${w.invoice}`)).amount_credited).toBe(0);

    const applied = await owner.post(`/dashboard/credit-notes/${w.note.id}/allocations`, { document_id: [w.invoice], amount: ['25'], date: '2026-11-05' });
    expect(applied.status, applied.text.slice(0, 300)).toBe(303);
    expect(applied.location).toBe(`/dashboard/credit-notes/${w.note.id}?notice=credit_applied`);
    expect((await w.api(`/api/v1/invoices/${w.invoice}`)).amount_credited).toBe(25);
    const after = await owner.browser.request('GET', applied.location!);
    expect(after.text).toContain('Credit from it is applied to invoices');
    expect(after.text).not.toContain(`action="/dashboard/credit-notes/${w.note.id}/void"`);
    const undo = /action="(\/dashboard\/credit-allocations\/[^/"]+\/void)"/.exec(after.text)?.[1];
    expect(undo).toBeDefined();
    // The void's date, as the API takes it: not before the allocation's (400), else booked on it.
    expect(after.text).toMatch(/<label for="void_date[^"]*">Void date \(blank: its own date\)<\/label>/);
    expect((await owner.post(undo!, { void_date: '2026-11-04' })).status).toBe(400);
    expect((await w.api(`/api/v1/invoices/${w.invoice}`)).amount_credited).toBe(25);
    expect((await owner.post(undo!, { void_date: '2026-11-20' })).status).toBe(303);
    expect((await w.api(`/api/v1/invoices/${w.invoice}`)).amount_credited).toBe(0);
    expect((await w.api(`/api/v1/credit-notes/${w.note.id}/allocations`)).items[0]).toMatchObject({ void_date: '2026-11-20' });
    expect((await owner.browser.request('GET', `/dashboard/credit-notes/${w.note.id}`)).text).toMatch(/Undone \d{4}-\d{2}-\d{2}/);

    // What is left refunded to the customer from a bank account, through the refunds' use case.
    expect((await owner.browser.request('GET', `/dashboard/credit-notes/${w.note.id}`)).text).toContain('Refund the credit to the customer');
    const bank = (await postingAs(w.books.key)('/api/v1/bank-feeds/accounts', { name: 'Main bank', kind: 'bank' })).id as string;
    const refunded = await owner.post(`/dashboard/credit-notes/${w.note.id}/refund`, { idempotency_key: 'refund-1', amount: '5', date: '2026-11-21', payment_account_id: bank });
    expect([refunded.status, refunded.location]).toEqual([303, `/dashboard/credit-notes/${w.note.id}?notice=credit_refunded`]);
    expect((await w.api('/api/v1/refunds')).items).toMatchObject([{ amount: 5, source: { type: 'credit_note', id: w.note.id }, party_id: w.customer }]);
    expect((await w.api(`/api/v1/credit-notes/${w.note.id}`)).remaining_credit).toBe(25);
    const voidRefund = await call('POST', `/api/v1/refunds/${(await w.api('/api/v1/refunds')).items[0].id}/void`, { key: w.books.key, body: {} });
    expect(voidRefund.status, voidRefund.text).toBe(200);

    const pdf = await owner.browser.request('GET', `/dashboard/credit-notes/${w.note.id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    expect((await owner.post(`/dashboard/credit-notes/${w.note.id}/void`, { void_date: '2026-12-31' })).status).toBe(303);
    expect(await w.api(`/api/v1/credit-notes/${w.note.id}`)).toMatchObject({ status: 'Voided', void_date: '2026-12-31' });
  });

  it("e-invoices from the invoice and credit-note pages: a refusal page naming what the business and the customer lack, then the XML once they have it", async () => {
    const w = await salesWorld();
    const owner = await w.signedIn('owner');
    const invoicePage = (await owner.browser.request('GET', `/dashboard/invoices/${w.invoice}`)).text;
    for (const link of [`href="/dashboard/invoices/${w.invoice}/e-invoice"`, `href="/dashboard/invoices/${w.invoice}/e-invoice?syntax=cii"`]) expect(invoicePage).toContain(link);
    expect((await owner.browser.request('GET', `/dashboard/credit-notes/${w.note.id}`)).text).toContain(`href="/dashboard/credit-notes/${w.note.id}/e-invoice?syntax=cii"`);
    const refused = await owner.browser.request('GET', `/dashboard/invoices/${w.invoice}/e-invoice?syntax=cii`);
    expect(refused.status).toBe(422);
    for (const field of ['business.tax_number', 'business.address.country', 'customer.billing_address.country']) expect(refused.text).toContain(field);
    expect((await owner.browser.request('GET', `/dashboard/invoices/${w.invoice}/e-invoice?syntax=pdf`)).status).toBe(400);

    await call('PATCH', '/api/v1/business', { key: w.books.key, body: { tax_number: 'DE123456789', address: { city: 'Berlin', country: 'DE' } } });
    await call('PATCH', `/api/v1/customers/${w.customer}`, { key: w.books.key, body: { billing_address: { city: 'Paris', country: 'FR' } } });
    const xml = await owner.browser.request('GET', `/dashboard/invoices/${w.invoice}/e-invoice?syntax=cii`);
    expect([xml.status, xml.headers.get('content-type'), xml.headers.get('content-disposition')]).toEqual([200, 'application/xml', expect.stringMatching(/^attachment; filename="INV-\d+-cii\.xml"$/)]);
    expect(xml.text).toContain('<rsm:CrossIndustryInvoice');
    const note = await owner.browser.request('GET', `/dashboard/credit-notes/${w.note.id}/e-invoice?syntax=cii`);
    expect([note.status, note.text.includes('<ram:TypeCode>381</ram:TypeCode>')]).toEqual([200, true]);
  });

  it('an estimate: listed, its page, its PDF and void; a viewer reads and changes nothing', async () => {
    const w = await salesWorld();
    const owner = await w.signedIn('owner');
    expect((await owner.browser.request('GET', '/dashboard/estimates')).text).toContain(`href="/dashboard/estimates/${w.estimate.id}">${w.estimate.no}</a>`);
    const page = await owner.browser.request('GET', `/dashboard/estimates/${w.estimate.id}`);
    expect(page.text).toContain('Next phase');
    expect(page.text).toContain('$500.00');
    expect(page.text).toContain('An estimate posts nothing to the books.');
    expect((await owner.browser.request('GET', `/dashboard/estimates/${w.estimate.id}/pdf`)).text.startsWith('%PDF-')).toBe(true);

    const viewer = await w.signedIn('viewer');
    const seen = await viewer.browser.request('GET', `/dashboard/estimates/${w.estimate.id}`);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('/void"');
    expect((await viewer.browser.request('GET', `/dashboard/credit-notes/${w.note.id}`)).text).not.toContain('Apply credit');
    expect((await viewer.post(`/dashboard/estimates/${w.estimate.id}/void`, {})).status).toBe(403);
    expect((await viewer.post(`/dashboard/credit-notes/${w.note.id}/allocations`, { document_id: [w.invoice], amount: ['5'] })).status).toBe(403);
    expect((await w.api(`/api/v1/estimates/${w.estimate.id}`)).status).toBe('Open');

    expect((await owner.post(`/dashboard/estimates/${w.estimate.id}/void`, {})).status).toBe(303);
    expect((await w.api(`/api/v1/estimates/${w.estimate.id}`)).status).toBe('Voided');
    // An estimate of another business is not found, not shown.
    const other = await salesWorld();
    expect((await owner.browser.request('GET', `/dashboard/estimates/${other.estimate.id}`)).status).toBe(404);
  });

  it('an invoice paid in many parts stays one bounded item: its page lists the latest receipts and counts the earlier ones, voids of either kept exact', async () => {
    const w = await salesWorld();
    const post = postingAs(w.books.key);
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Parts bank', kind: 'bank' })).id as string;
    const receipts: { id: string; no: string }[] = [];
    for (let part = 0; part < LISTED_SETTLEMENTS + 3; part++) receipts.push(await post('/api/v1/receipts', { party_id: w.customer, date: '2026-11-05', payment_account_id: bank, allocations: [{ document_id: w.invoice, amount: 1 }] }));
    // One that fell off the list and one still on it.
    for (const voided of [receipts[0]!, receipts.at(-1)!]) expect((await call('POST', `/api/v1/receipts/${voided.id}/void`, { key: w.books.key })).status).toBe(200);
    expect(await w.api(`/api/v1/invoices/${w.invoice}`)).toMatchObject({ amount_paid: LISTED_SETTLEMENTS + 1, status: 'PartiallyPaid' });

    useRuntimeTable();
    const { documentStore } = await import('../../shared/ledger/documents/records.ts');
    const stored = (await documentStore.get(w.books.id as Id, w.invoice as Id))!.record;
    // The 20 latest were listed; the last one's void leaves 19 (an earlier one does not come back), and 2 earlier live ones.
    expect(stored.settled_by?.map((settlement) => settlement.no)).toEqual(receipts.slice(3, -1).map((receipt) => receipt.no));
    expect(stored.settlement_count).toBe(LISTED_SETTLEMENTS + 1);

    const page = (await (await w.signedIn('viewer')).browser.request('GET', `/dashboard/invoices/${w.invoice}`)).text;
    expect(page).toContain(`<a href="/dashboard/receipts/${receipts.at(-2)!.id}">${receipts.at(-2)!.no}</a>`);
    expect(page).not.toContain(`>${receipts[2]!.no}</a>`);
    expect(page).toContain(`The ${LISTED_SETTLEMENTS - 1} recorded last are listed; 2 recorded before them are not.`);
  });
});
