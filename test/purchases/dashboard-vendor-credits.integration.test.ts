import { describe, expect, it } from 'vitest';
import { formFields, memberBrowser } from '../integration/oauth-flow.ts';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

/** A vendor with an open bill of 100 and a vendor credit of 30; another vendor's bill the credit must never offer. */
async function purchasesWorld() {
  const books = await freshBusiness({ currency: 'USD' });
  const post = postingAs(books.key);
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Paper Mill') })).id as string;
  const other = (await post('/api/v1/vendors', { name: uniqueName('Other vendor') })).id as string;
  const bill = await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-11-02', due_date: '2026-12-02', lines: [{ description: 'Paper', quantity: 1, unit_price: 100 }] });
  const otherBill = await post('/api/v1/bills', { vendor_id: other, bill_date: '2026-11-02', lines: [{ description: 'Ink', quantity: 1, unit_price: 70 }] });
  const credit = await post('/api/v1/vendor-credits', { vendor_id: vendor, date: '2026-11-03', lines: [{ description: 'Damaged reams', quantity: 1, unit_price: 30 }] });
  const owner = await memberBrowser(books.id, 'owner');
  const csrf = formFields((await owner.request('GET', '/dashboard/bills')).text).hidden.csrf!;
  const send = (path: string, fields: Record<string, string | string[]>) => owner.request('POST', path, { csrf, ...fields });
  const api = async (path: string) => (await call('GET', path, { key: books.key })).body.data;
  return { books, vendor, bill: bill as { id: string; no: string }, otherBill: otherBill as { id: string; no: string }, credit: credit as { id: string; no: string }, owner, send, api };
}

describe('vendor credits in the dashboard, beside bills (issue 49)', () => {
  it("listed under Purchases; its page offers the vendor's open bills only; its credit applied (an excess refused, the amount kept), undone on a date, then voided", async () => {
    const w = await purchasesWorld();
    const list = await w.owner.request('GET', '/dashboard/vendor-credits');
    expect(list.status).toBe(200);
    expect(list.text).toContain('<a href="/dashboard/vendor-credits"');
    expect(list.text).toContain(`href="/dashboard/vendor-credits/${w.credit.id}">${w.credit.no}</a>`);
    expect(list.text).toContain('<th scope="col">Vendor</th>');
    expect(list.text).toContain('New vendor credit');

    const page = await w.owner.request('GET', `/dashboard/vendor-credits/${w.credit.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<dt>Vendor</dt>');
    expect(page.text).toContain('<dt>Credit left</dt>');
    expect(page.text).toContain('Apply credit to bills');
    expect(page.text).toContain(`name="document_id" value="${w.bill.id}"`);
    expect(page.text).not.toContain(w.otherBill.id);
    // The supplier's document: no PDF of ours.
    expect(page.text).not.toContain('/pdf"');

    const excess = await w.send(`/dashboard/vendor-credits/${w.credit.id}/allocations`, { document_id: [w.bill.id], amount: ['40'], date: '2026-11-05' });
    expect(excess.status).toBe(400);
    expect(excess.text).toMatch(new RegExp(`id="amount-${w.bill.id}"[^>]*value="40"`));
    expect((await w.api(`/api/v1/bills/${w.bill.id}`)).amount_credited).toBe(0);

    const applied = await w.send(`/dashboard/vendor-credits/${w.credit.id}/allocations`, { document_id: [w.bill.id], amount: ['25'], date: '2026-11-05' });
    expect([applied.status, applied.location]).toEqual([303, `/dashboard/vendor-credits/${w.credit.id}?notice=vendor_credit_applied`]);
    expect(await w.api(`/api/v1/bills/${w.bill.id}`)).toMatchObject({ amount_credited: 25, balance_due: 75 });
    const after = await w.owner.request('GET', applied.location!);
    expect(after.text).toContain('Credit applied: the bills show it at once.');
    expect(after.text).toContain(`href="/dashboard/bills/${w.bill.id}">${w.bill.no}</a>`);
    expect(after.text).toContain('Credit from it is applied to bills: undo those first to void it.');
    const undo = /action="(\/dashboard\/vendor-credit-allocations\/[^/"]+\/void)"/.exec(after.text)?.[1];
    expect(undo).toBeDefined();
    expect((await w.send(undo!, { void_date: '2026-11-04' })).status).toBe(400);
    const undone = await w.send(undo!, { void_date: '2026-11-20' });
    expect([undone.status, undone.location]).toEqual([303, `/dashboard/vendor-credits/${w.credit.id}?notice=vendor_credit_undone`]);
    expect((await w.api(`/api/v1/bills/${w.bill.id}`)).amount_credited).toBe(0);
    expect((await w.api(`/api/v1/vendor-credits/${w.credit.id}/allocations`)).items[0]).toMatchObject({ vendor_credit_id: w.credit.id, void_date: '2026-11-20' });

    const confirm = await w.owner.request('GET', `/dashboard/vendor-credits/${w.credit.id}/void`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain(`Void vendor credit ${w.credit.no}`);
    expect((await w.send(`/dashboard/vendor-credits/${w.credit.id}/void`, { void_date: '2026-12-31' })).status).toBe(303);
    expect(await w.api(`/api/v1/vendor-credits/${w.credit.id}`)).toMatchObject({ status: 'Voided', void_date: '2026-12-31' });
  });

  it('refunds what is left of the credit through a bank account of its currency: an excess refused with what was typed kept, then recorded once however often the form is sent', async () => {
    const w = await purchasesWorld();
    const before = await w.owner.request('GET', `/dashboard/vendor-credits/${w.credit.id}`);
    expect(before.text).toContain('No bank or cash account in USD yet');
    const bank = (await postingAs(w.books.key)('/api/v1/bank-feeds/accounts', { name: 'Main bank', kind: 'bank' })).id as string;
    const page = await w.owner.request('GET', `/dashboard/vendor-credits/${w.credit.id}`);
    expect(page.text).toContain('Refund of the credit from the vendor');
    expect(page.text).toMatch(/id="refund-amount"[^>]*value="30"/);
    const key = /name="idempotency_key" value="([^"]+)"/.exec(page.text.slice(page.text.indexOf('/refund"')))![1]!;
    const refund = (amount: string) => w.send(`/dashboard/vendor-credits/${w.credit.id}/refund`, { idempotency_key: key, amount, date: '2026-11-10', payment_account_id: bank, reference: 'Cheque 77' });

    const excess = await refund('45');
    expect(excess.status).toBe(400);
    expect(excess.text).toMatch(/role="alert">Amount: [^<]+</);
    expect(excess.text).toMatch(/id="refund-amount"[^>]*value="45"/);
    expect(excess.text).toMatch(/id="refund-reference"[^>]*value="Cheque 77"/);

    const recorded = await refund('12.50');
    expect([recorded.status, recorded.location]).toEqual([303, `/dashboard/vendor-credits/${w.credit.id}?notice=vendor_credit_refunded`]);
    expect((await refund('12.50')).status).toBe(303);
    expect((await w.api(`/api/v1/vendor-credits/${w.credit.id}`)).remaining_credit).toBe(17.5);
    const refunds = (await w.api('/api/v1/vendor-refunds')).items as { amount: number; source: { id: string }; payment_account_id: string; reference: string }[];
    expect(refunds).toMatchObject([{ amount: 12.5, source: { id: w.credit.id }, payment_account_id: bank, reference: 'Cheque 77' }]);
    const after = await w.owner.request('GET', recorded.location!);
    expect(after.text).toContain('Refund recorded: the money came back into the account');
    expect(after.text).toMatch(/id="refund-amount"[^>]*value="17.5"/);
  });

  it("a viewer reads a vendor credit but is offered no Apply, Undo or Void and is refused each; another business's is a 404", async () => {
    const w = await purchasesWorld();
    await w.send(`/dashboard/vendor-credits/${w.credit.id}/allocations`, { document_id: [w.bill.id], amount: ['10'], date: '2026-11-05' });
    const allocation = (await w.api(`/api/v1/vendor-credits/${w.credit.id}/allocations`)).items[0].id as string;
    const viewer = await memberBrowser(w.books.id, 'viewer');
    const page = await viewer.request('GET', `/dashboard/vendor-credits/${w.credit.id}`);
    expect(page.status).toBe(200);
    for (const absent of ['/allocations"', '/void"', '/refund"', 'New vendor credit']) expect(page.text, absent).not.toContain(absent);
    const csrf = formFields(page.text).hidden.csrf!;
    expect((await viewer.request('POST', `/dashboard/vendor-credits/${w.credit.id}/allocations`, { csrf, document_id: [w.bill.id], amount: ['5'] })).status).toBe(403);
    expect((await viewer.request('POST', `/dashboard/vendor-credit-allocations/${allocation}/void`, { csrf })).status).toBe(403);
    expect((await viewer.request('POST', `/dashboard/vendor-credits/${w.credit.id}/void`, { csrf })).status).toBe(403);
    expect((await viewer.request('POST', `/dashboard/vendor-credits/${w.credit.id}/refund`, { csrf, amount: '5' })).status).toBe(403);
    expect((await w.api(`/api/v1/bills/${w.bill.id}`)).amount_credited).toBe(10);
    const stranger = await memberBrowser((await freshBusiness({ currency: 'USD' })).id, 'owner');
    expect((await stranger.request('GET', `/dashboard/vendor-credits/${w.credit.id}`)).status).toBe(404);
  });
});
