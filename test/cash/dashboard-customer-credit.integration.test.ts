import { describe, expect, it } from 'vitest';
import { formFields, memberBrowser } from '../integration/oauth-flow.ts';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

/** A business with a bank account, a customer and a vendor with nothing open, and its owner signed in. */
async function creditWorld() {
  const books = await freshBusiness({ currency: 'USD' });
  const post = postingAs(books.key);
  const customer = (await post('/api/v1/customers', { name: uniqueName('Early payer') })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Deposit taker') })).id as string;
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Main bank', kind: 'bank' })).id as string;
  const owner = await memberBrowser(books.id, 'owner');
  const api = async (path: string) => (await call('GET', path, { key: books.key })).body.data;
  /** The money form of a party as drawn, and a post of it with these fields. */
  const moneyForm = async (form: string, party: string) => {
    const page = await owner.request('GET', `${form}?party_id=${party}`);
    expect(page.status).toBe(200);
    const hidden = formFields(page.text).hidden;
    return { page, send: (action: string, fields: Record<string, string | string[]>) => owner.request('POST', action, { csrf: hidden.csrf!, back: hidden.back!, idempotency_key: hidden.idempotency_key!, party_id: party, date: '2026-11-10', payment_account_id: bank, ...fields }) };
  };
  return { books, post, customer, vendor, bank, owner, api, moneyForm };
}

describe("a party's credit in the dashboard: prepayments and overpayments, applied and refunded (issue 49)", () => {
  it('money from a customer with nothing open is kept as a prepayment, whose page applies it to a later invoice and refunds the rest', async () => {
    const w = await creditWorld();
    expect((await w.owner.request('GET', `/dashboard/customers/${w.customer}/edit`)).text).toContain('<h2 id="credit">Credit</h2><p class="muted">No unapplied credit.</p>');
    const form = await w.moneyForm('/dashboard/receipts/new', w.customer);
    expect(form.page.text).toContain('has no open invoices: what is received is kept as their credit');
    expect((await form.send('/dashboard/receipts', {})).text).toContain('total: is needed when nothing is allocated');
    const recorded = await form.send('/dashboard/receipts', { total: '80' });
    expect(recorded.status, recorded.text.slice(0, 300)).toBe(303);
    expect(recorded.location).toMatch(/^\/dashboard\/prepayments\/[0-9a-f-]{36}\?notice=prepayment_recorded$/);
    // The same form sent again records nothing more.
    expect((await form.send('/dashboard/receipts', { total: '80' })).location).toBe(recorded.location);
    const id = recorded.location!.split('/')[3]!.split('?')[0]!;
    expect(await w.api(`/api/v1/prepayments/${id}`)).toMatchObject({ total: 80, remaining_credit: 80, customer_id: w.customer });
    expect((await w.api('/api/v1/prepayments')).items).toHaveLength(1);
    // The customer's page says what credit it has and where it is used.
    const customerPage = (await w.owner.request('GET', `/dashboard/customers/${w.customer}/edit`)).text;
    expect(customerPage).toContain('<li>$80.00 unapplied</li>');
    expect(customerPage).toContain('<a href="/dashboard/prepayments">prepayments</a>');

    const list = await w.owner.request('GET', '/dashboard/prepayments');
    expect(list.text).toMatch(new RegExp(`href="/dashboard/prepayments/${id}">PP-\\d+</a>`));
    const invoice = await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-11-12', lines: [{ description: 'Work', quantity: 1, unit_price: 50 }] });
    const page = await w.owner.request('GET', recorded.location!);
    expect(page.text).toContain('Recorded as credit');
    expect(page.text).toContain('<dt>Credit left</dt>');
    expect(page.text).not.toContain('<h2>Lines</h2>');
    const { csrf } = formFields(page.text).hidden;
    const applied = await w.owner.request('POST', `/dashboard/prepayments/${id}/allocations`, { csrf: csrf!, document_id: [invoice.id], amount: ['50'], date: '2026-11-12' });
    expect([applied.status, applied.location]).toEqual([303, `/dashboard/prepayments/${id}?notice=credit_applied`]);
    expect(await w.api(`/api/v1/invoices/${invoice.id}`)).toMatchObject({ balance_due: 0 });
    const refundKey = /name="idempotency_key" value="([^"]+)"/.exec((await w.owner.request('GET', `/dashboard/prepayments/${id}`)).text)![1]!;
    const refunded = await w.owner.request('POST', `/dashboard/prepayments/${id}/refund`, { csrf: csrf!, idempotency_key: refundKey, amount: '30', date: '2026-11-13', payment_account_id: w.bank });
    expect([refunded.status, refunded.location]).toEqual([303, `/dashboard/prepayments/${id}?notice=credit_refunded`]);
    expect(await w.api(`/api/v1/prepayments/${id}`)).toMatchObject({ remaining_credit: 0 });
    expect((await w.api('/api/v1/refunds')).items).toMatchObject([{ amount: 30, source: { type: 'prepayment', id } }]);
  });

  it("a receipt of more than it allocates keeps the rest as the customer's credit, shown on its own page", async () => {
    const w = await creditWorld();
    const invoice = await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-11-02', lines: [{ description: 'Work', quantity: 1, unit_price: 100 }] });
    const form = await w.moneyForm('/dashboard/receipts/new', w.customer);
    expect(form.page.text).toContain('<label for="total">Amount received</label>');
    const recorded = await form.send('/dashboard/receipts', { document_id: [invoice.id], amount: ['100'], total: '120' });
    expect([recorded.status, recorded.location]).toEqual([303, `/dashboard/invoices/${invoice.id}?notice=receipt_recorded_with_credit`]);
    const receipt = (await w.api('/api/v1/receipts')).items[0];
    expect(receipt).toMatchObject({ amount: 120, unapplied_amount: 20, overpayment_id: expect.any(String) });
    const credit = await w.owner.request('GET', `/dashboard/prepayments/${receipt.overpayment_id}`);
    expect(credit.status).toBe(200);
    expect(credit.text).toMatch(/<dt>Credit left<\/dt><dd><strong>\$20\.00<\/strong><\/dd>/);
    // Less than allocated is the API's refusal, in the form's words, with what was typed kept.
    const short = await (await w.moneyForm('/dashboard/receipts/new', w.customer)).send('/dashboard/receipts', { document_id: [invoice.id], amount: ['0.5'], total: '0.25' });
    expect(short.status).toBe(400);
    expect(short.text).toMatch(/id="total"[^>]*value="0.25"/);
  });

  it('money paid to a vendor with nothing open is a vendor prepayment, on its own page under Purchases', async () => {
    const w = await creditWorld();
    const form = await w.moneyForm('/dashboard/payments/new', w.vendor);
    const recorded = await form.send('/dashboard/payments', { total: '40' });
    expect(recorded.location).toMatch(/^\/dashboard\/vendor-prepayments\/[0-9a-f-]{36}\?notice=prepayment_recorded$/);
    const page = await w.owner.request('GET', recorded.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<dt>Vendor</dt>');
    expect(page.text).toContain('Refund of the credit from the vendor');
    expect((await w.owner.request('GET', '/dashboard/vendor-prepayments')).text).toContain('<a href="/dashboard/vendor-prepayments" aria-current="page">Prepayments</a>');
  });
});
