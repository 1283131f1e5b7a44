import { describe, expect, it } from 'vitest';
import { formFields } from '../integration/oauth-flow.ts';
import { signedInTo } from '../integration/dashboard-session.ts';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';


/** A business with a customer and a vendor, and people of its roles signed in to the dashboard. */
async function world() {
  const books = await freshBusiness();
  const post = postingAs(books.key);
  const customer = (await post('/api/v1/customers', { name: uniqueName('Order customer') })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Order vendor') })).id as string;
  const signedIn = async (role: 'owner' | 'viewer') => {
    const browser = await signedInTo(books.id, role);
    const csrf = formFields((await browser.request('GET', '/dashboard/customers')).text).hidden.csrf!;
    const get = async (path: string) => browser.request('GET', path);
    return { browser, get, post: (path: string, fields: Record<string, string | string[]>) => browser.request('POST', path, { csrf, ...fields }) };
  };
  const api = async (path: string) => (await call('GET', path, { key: books.key })).body.data;
  return { books, post, customer, vendor, signedIn, api };
}

/** The editor's hidden fields (CSRF, idempotency key) and one line, as the browser posts them. */
async function writeInEditor(owner: Awaited<ReturnType<Awaited<ReturnType<typeof world>>['signedIn']>>, base: string, header: Record<string, string>, line: { description: string; quantity: string; unit_price: string }, intent: 'create' | 'draft') {
  const page = (await owner.get(`${base}/new`)).text;
  expect(page, base).toContain('name="intent" value="draft"');
  const hidden = formFields(page.slice(page.indexOf('class="card editor"'))).hidden;
  return owner.browser.request('POST', base, { ...hidden, ...header, 'lines.description': [line.description], 'lines.quantity': [line.quantity], 'lines.unit_price': [line.unit_price], intent });
}

const idIn = (location: string | null | undefined, base: string) => new RegExp(`^${base}/([0-9a-f-]{36})\\?`).exec(location ?? '')?.[1];

/** What a browser without JavaScript posts of a form: each input's value and each select's chosen option, in order. */
function submitted(html: string, changes: Record<string, (values: string[]) => string[]> = {}): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (name: string, value: string) => (fields[name] = [...(fields[name] ?? []), value]);
  const unescape = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  for (const match of html.matchAll(/<input ([^>]*)>|<select [^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    if (match[2]) add(match[2], unescape(/<option value="([^"]*)" selected/.exec(match[3]!)?.[1] ?? ''));
    else {
      const attributes = match[1]!;
      const name = /name="([^"]+)"/.exec(attributes)?.[1];
      if (!name || /type="(checkbox|radio|file)"/.test(attributes)) continue;
      add(name, unescape(/value="([^"]*)"/.exec(attributes)?.[1] ?? ''));
    }
  }
  for (const [name, change] of Object.entries(changes)) fields[name] = change(fields[name] ?? []);
  return fields;
}

describe('orders and drafts in the dashboard', () => {
  it('a sales order written in the editor: listed, its page and PDF, converted once to a draft invoice that is approved from its page, the order linking to it', async () => {
    const w = await world();
    const owner = await w.signedIn('owner');
    const made = await writeInEditor(owner, '/dashboard/sales-orders', { party_id: w.customer, date: '2026-11-05' }, { description: 'Catering for 40', quantity: '40', unit_price: '12.50' }, 'create');
    expect(made.status, made.text.slice(0, 400)).toBe(303);
    const id = idIn(made.location, '/dashboard/sales-orders');
    expect(made.location).toBe(`/dashboard/sales-orders/${id}?notice=sales_order_created`);
    const order = await w.api(`/api/v1/sales-orders/${id}`);
    expect(order).toMatchObject({ no: 'SO-00001', status: 'Open', total: 500 });

    expect((await owner.get('/dashboard/sales-orders')).text).toContain(`href="/dashboard/sales-orders/${id}">SO-00001</a>`);
    const page = await owner.get(made.location!);
    expect(page.text).toContain('Sales order SO-00001');
    expect(page.text).toContain('Sales order created: convert it to an invoice');
    expect(page.text).toContain('A sales order posts nothing to the books.');
    expect(page.text).toContain(`action="/dashboard/sales-orders/${id}/convert"`);
    expect((await owner.get(`/dashboard/sales-orders/${id}/pdf`)).text.startsWith('%PDF-')).toBe(true);

    const converted = await owner.post(`/dashboard/sales-orders/${id}/convert`, {});
    expect(converted.status, converted.text.slice(0, 300)).toBe(303);
    const invoiceId = (await w.api(`/api/v1/sales-orders/${id}`)).converted_to_id as string;
    expect(converted.location).toBe(`/dashboard/invoices/${invoiceId}?notice=draft_saved`);
    expect(await w.api(`/api/v1/invoices/${invoiceId}`)).toMatchObject({ status: 'Draft', no: null, total: 500, converted_from: { type: 'sales_order', id } });
    expect((await owner.post(`/dashboard/sales-orders/${id}/convert`, {})).status).toBe(409);
    const linked = (await owner.get(`/dashboard/sales-orders/${id}`)).text;
    expect(linked).toContain(`Invoiced: <a href="/dashboard/invoices/${invoiceId}">its invoice</a>`);
    // The list filters by the statuses an order takes: Invoiced once converted, never Closed.
    const invoiced = (await owner.get('/dashboard/sales-orders?status=Invoiced')).text;
    expect(invoiced).toContain('<option value="Invoiced" selected>');
    expect(invoiced).not.toContain('<option value="Closed"');
    expect(invoiced).toContain(`href="/dashboard/sales-orders/${id}">SO-00001</a>`);
    expect((await owner.get('/dashboard/sales-orders?status=Open')).text).not.toContain(`href="/dashboard/sales-orders/${id}">`);
    expect(linked).not.toContain('/convert"');

    expect((await owner.post(`/dashboard/invoices/${invoiceId}/approve`, {})).location).toBe(`/dashboard/invoices/${invoiceId}?notice=approved`);
    expect(await w.api(`/api/v1/invoices/${invoiceId}`)).toMatchObject({ no: 'INV-00001', status: 'Open' });
  });

  it('a purchase order saved as a draft: numberless, listed under Draft alone, no PDF or void; a viewer sees no Approve and is refused; approved it takes PO-00001, then becomes a draft bill', async () => {
    const w = await world();
    const owner = await w.signedIn('owner');
    const saved = await writeInEditor(owner, '/dashboard/purchase-orders', { party_id: w.vendor, date: '2026-11-06' }, { description: 'Flour, 20 sacks', quantity: '20', unit_price: '18' }, 'draft');
    expect(saved.status, [...saved.text.matchAll(/<p class="field-error"[^>]*>([^<]*)|role="alert"[^>]*>([\s\S]{0,300})/g)].map((m) => m[0]).join(' | ')).toBe(303);
    const id = idIn(saved.location, '/dashboard/purchase-orders');
    expect(saved.location).toBe(`/dashboard/purchase-orders/${id}?notice=draft_saved`);
    expect(await w.api(`/api/v1/purchase-orders/${id}`)).toMatchObject({ status: 'Draft', no: null, total: 360 });

    const page = (await owner.get(saved.location!)).text;
    expect(page).toContain('Draft purchase order');
    expect(page).toContain(`action="/dashboard/purchase-orders/${id}/approve"`);
    expect(page).toContain(`action="/dashboard/purchase-orders/${id}/delete"`);
    for (const absent of ['/pdf"', '/void"', '/convert"', 'Attach a file']) expect(page, absent).not.toContain(absent);
    expect(page).toContain('Files attach to it once it is approved.');
    expect((await owner.get('/dashboard/purchase-orders?status=Draft')).text).toContain(`href="/dashboard/purchase-orders/${id}">Draft</a>`);
    expect((await owner.get('/dashboard/purchase-orders')).text).not.toContain(`/dashboard/purchase-orders/${id}"`);

    const viewer = await w.signedIn('viewer');
    const seen = await viewer.get(`/dashboard/purchase-orders/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('/approve"');
    expect((await viewer.post(`/dashboard/purchase-orders/${id}/approve`, {})).status).toBe(403);

    const approved = await owner.post(`/dashboard/purchase-orders/${id}/approve`, {});
    expect(approved.location).toBe(`/dashboard/purchase-orders/${id}?notice=approved`);
    expect((await owner.get(approved.location!)).text).toContain('Purchase order PO-00001');
    const converted = await owner.post(`/dashboard/purchase-orders/${id}/convert`, {});
    const billId = (await w.api(`/api/v1/purchase-orders/${id}`)).converted_to_id as string;
    expect(converted.location).toBe(`/dashboard/bills/${billId}?notice=draft_saved`);
    expect((await owner.get(converted.location!)).text).toContain('Draft bill');
    expect((await owner.get(`/dashboard/purchase-orders/${id}`)).text).toContain(`Billed: <a href="/dashboard/bills/${billId}">its bill</a>`);
  });

  it('an estimate draft deleted from its page: gone, nothing numbered; a credit note draft shows no credit to apply or refund until it is approved', async () => {
    const w = await world();
    const owner = await w.signedIn('owner');
    const estimate = await writeInEditor(owner, '/dashboard/estimates', { party_id: w.customer, date: '2026-11-07' }, { description: 'Wedding cake', quantity: '1', unit_price: '300' }, 'draft');
    const estimateId = idIn(estimate.location, '/dashboard/estimates');
    expect((await owner.get(estimate.location!)).text).toContain('Draft estimate');
    const deleted = await owner.post(`/dashboard/estimates/${estimateId}/delete`, {});
    expect([deleted.status, deleted.location]).toEqual([303, '/dashboard/estimates?status=Draft&notice=draft_deleted']);
    expect((await call('GET', `/api/v1/estimates/${estimateId}`, { key: w.books.key })).status).toBe(404);

    await w.post('/api/v1/invoices', { customer_id: w.customer, invoice_date: '2026-11-01', lines: [{ description: 'Bread', quantity: 1, unit_price: 100 }] });
    await w.post('/api/v1/bank-feeds/accounts', { name: 'Till', kind: 'cash' });
    const note = await writeInEditor(owner, '/dashboard/credit-notes', { party_id: w.customer, date: '2026-11-08' }, { description: 'Stale loaves', quantity: '1', unit_price: '15' }, 'draft');
    const noteId = idIn(note.location, '/dashboard/credit-notes');
    const draft = (await owner.get(note.location!)).text;
    expect(draft).toContain('Draft credit note');
    for (const absent of ['Apply credit', 'Refund the credit', 'Credit applied', '/pdf"', '/e-invoice']) expect(draft, absent).not.toContain(absent);
    const approved = await owner.post(`/dashboard/credit-notes/${noteId}/approve`, {});
    expect(approved.location).toBe(`/dashboard/credit-notes/${noteId}?notice=approved`);
    const posted = (await owner.get(approved.location!)).text;
    expect(posted).toContain('Credit note CN-00001');
    expect(posted).toContain('Apply credit');
    expect(posted).toContain('Refund the credit to the customer');
    expect(await w.api(`/api/v1/credit-notes/${noteId}`)).toMatchObject({ status: 'Open', remaining_credit: 15 });
  });

  it('a draft bill changed in the editor: filled in as saved, each line keeping the tax rate it names while its percentage stands; refused fields shown with nothing changed; a posted bill has no editor', async () => {
    const w = await world();
    const owner = await w.signedIn('owner');
    const reverse = (await w.post('/api/v1/tax-rates', { name: uniqueName('Reverse charge 20%'), rate: 20, kind: 'reverse_charge', exemption_reason: 'Reverse charge' })).id as string;
    const draft = await w.post('/api/v1/bills', { status: 'draft', vendor_id: w.vendor, bill_date: '2026-11-10', reference: 'PO 7', lines: [{ description: 'Consulting from abroad', quantity: 1, unit_price: 100, tax_rate_id: reverse }, { description: 'Paper', quantity: 2, unit_price: 10, tax_rate: 10 }] });
    const base = `/dashboard/bills/${draft.id}`;
    expect((await owner.get(base)).text).toContain(`href="${base}/edit"`);

    const editor = (await owner.get(`${base}/edit`)).text;
    expect(editor).toContain(`Draft bill for `);
    expect(editor).toContain(`action="${base}/edit"`);
    expect(editor).toContain('Save draft');
    const form = editor.slice(editor.indexOf('class="card editor"'));
    expect(submitted(form)).toMatchObject({ date: ['2026-11-10'], reference: ['PO 7'], 'lines.description': ['Consulting from abroad', 'Paper', '', '', '', '', ''], 'lines.quantity': ['1', '2', '', '', '', '', ''], 'lines.tax_rate': ['0', '10', '', '', '', '', ''], 'lines.tax_rate_id': [reverse, '', '', '', '', '', ''] });

    // The second line's quantity changed, the reference cleared; the first line left as it was.
    const saved = await owner.browser.request('POST', `${base}/edit`, { ...submitted(form, { 'lines.quantity': ([first, , ...rest]) => [first!, '3', ...rest], reference: () => [''] }), intent: 'create' });
    expect(saved.status, [...saved.text.matchAll(/<p class="field-error"[^>]*>([^<]*)|role="alert"[^>]*>([\s\S]{0,300})/g)].map((m) => m[0]).join(' | ')).toBe(303);
    expect(saved.location).toBe(`${base}?notice=draft_saved`);
    const changed = await w.api(`/api/v1/bills/${draft.id}`);
    expect(changed).toMatchObject({ status: 'Draft', no: null, reference: null, subtotal: 130, tax_total: 3, total: 133 });
    expect(changed.lines.map((line: { tax_rate_id: string; quantity: number }) => [line.tax_rate_id, line.quantity])).toEqual([[reverse, 1], [draft.lines[1].tax_rate_id, 3]]);
    expect(draft.lines[1].tax_rate_id).not.toBe(reverse);

    // A percentage typed anew is that percentage's rate: the first line leaves its reverse charge.
    const again = (await owner.get(`${base}/edit`)).text;
    const retaxed = await owner.browser.request('POST', `${base}/edit`, { ...submitted(again.slice(again.indexOf('class="card editor"')), { 'lines.tax_rate': ([, ...rest]) => ['10', ...rest] }), intent: 'create' });
    expect(retaxed.status, retaxed.text.slice(0, 400)).toBe(303);
    const retaxedBill = await w.api(`/api/v1/bills/${draft.id}`);
    expect(retaxedBill.lines.map((line: { tax_rate: number; tax_rate_id: string }) => [line.tax_rate, line.tax_rate_id])).toEqual([[10, retaxedBill.lines[1].tax_rate_id], [10, retaxedBill.lines[1].tax_rate_id]]);

    // Refused: every problem beside its field, in words, and the draft as it was.
    const latest = (await owner.get(`${base}/edit`)).text;
    const refused = await owner.browser.request('POST', `${base}/edit`, { ...submitted(latest.slice(latest.indexOf('class="card editor"')), { 'lines.unit_price': ([first, , ...rest]) => [first!, '', ...rest] }), intent: 'create' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Please correct the fields marked below.');
    expect(refused.text).toContain('id="line-1-unit_price-error"');
    expect(await w.api(`/api/v1/bills/${draft.id}`)).toEqual(retaxedBill);

    const viewer = await w.signedIn('viewer');
    expect((await viewer.get(base)).text).not.toContain(`href="${base}/edit"`);
    expect((await viewer.get(`${base}/edit`)).status).toBe(403);
    expect((await owner.post(`${base}/approve`, {})).status).toBe(303);
    expect((await owner.get(base)).text).not.toContain(`href="${base}/edit"`);
    const posted = await owner.get(`${base}/edit`);
    expect(posted.status).toBe(409);
    expect(posted.text).toContain('only a draft can be changed');
  });

  it('a journal saved as a draft moves no balance; listed under Draft, changed in its editor, approved from its page it is numbered and posted', async () => {
    const w = await world();
    const owner = await w.signedIn('owner');
    const accounts = (await w.api('/api/v1/accounts')) as { id: string; code: string }[];
    const [revenue, costs] = ['4000', '5000'].map((code) => accounts.find((account) => account.code === code)!.id);
    const editor = (await owner.get('/dashboard/journals/new')).text;
    expect(editor).toContain('name="intent" value="draft"');
    const hidden = formFields(editor.slice(editor.indexOf('action="/dashboard/journals"'))).hidden;
    const saved = await owner.browser.request('POST', '/dashboard/journals', { ...hidden, date: '2026-11-09', narration: 'Accrued wages', 'lines.account_id': [costs!, revenue!], 'lines.debit': ['70', ''], 'lines.credit': ['', '70'], intent: 'draft' });
    expect(saved.status, [...saved.text.matchAll(/<p class="field-error"[^>]*>([^<]*)|role="alert"[^>]*>([\s\S]{0,300})/g)].map((m) => m[0]).join(' | ')).toBe(303);
    const id = idIn(saved.location, '/dashboard/journals');
    expect(saved.location).toBe(`/dashboard/journals/${id}?notice=draft_saved`);
    const balanceOf = async () => ((await w.api('/api/v1/reports/trial-balance?as_of=2026-11-30')).base.accounts as { code: string; debit: number }[]).find((row) => row.code === '5000')?.debit ?? 0;
    expect(await balanceOf()).toBe(0);

    const page = (await owner.get(saved.location!)).text;
    expect(page).toContain('Draft journal');
    expect(page).not.toContain('Attach a file');
    expect(page).toContain(`action="/dashboard/journals/${id}/approve"`);
    expect((await owner.get('/dashboard/journals?status=draft')).text).toContain(`href="/dashboard/journals/${id}">Draft</a>`);
    expect((await owner.get('/dashboard/journals')).text).not.toContain(`/dashboard/journals/${id}"`);
    expect((await owner.get('/dashboard/journals?status=posted')).status).toBe(400);

    // Changed in its editor, filled in as saved: the amounts raised to 75 and the narration reworded.
    expect(page).toContain(`href="/dashboard/journals/${id}/edit"`);
    const draftEditor = (await owner.get(`/dashboard/journals/${id}/edit`)).text;
    const form = draftEditor.slice(draftEditor.indexOf(`<form method="post" action="/dashboard/journals/${id}/edit"`));
    expect(form).toContain('class="card editor"');
    const typed = submitted(form);
    expect(typed).toMatchObject({ narration: ['Accrued wages'], 'lines.account_id': [costs, revenue, '', '', '', '', ''], 'lines.debit': ['70', '', '', '', '', '', ''], 'lines.credit': ['', '70', '', '', '', '', ''] });
    const refused = await owner.browser.request('POST', `/dashboard/journals/${id}/edit`, { ...typed, 'lines.debit': ['75', '', '', '', '', '', ''], intent: 'draft' });
    expect(refused.status).toBe(400);
    expect(await w.api(`/api/v1/journals/${id}`)).toMatchObject({ status: 'draft', narration: 'Accrued wages', total: 70 });
    const changed = await owner.browser.request('POST', `/dashboard/journals/${id}/edit`, { ...typed, narration: 'Accrued wages, November', 'lines.debit': ['75', '', '', '', '', '', ''], 'lines.credit': ['', '75', '', '', '', '', ''], intent: 'draft' });
    expect([changed.status, changed.location]).toEqual([303, `/dashboard/journals/${id}?notice=draft_saved`]);
    expect(await w.api(`/api/v1/journals/${id}`)).toMatchObject({ status: 'draft', no: null, narration: 'Accrued wages, November', total: 75 });
    expect(await balanceOf()).toBe(0);

    const approved = await owner.post(`/dashboard/journals/${id}/approve`, {});
    expect(approved.location).toBe(`/dashboard/journals/${id}?notice=approved`);
    expect((await owner.get(approved.location!)).text).toContain('Journal MJ-00001');
    expect(await w.api(`/api/v1/journals/${id}`)).toMatchObject({ status: 'posted', total: 75 });
    expect(await balanceOf()).toBe(75);
    expect((await owner.get(`/dashboard/journals/${id}/edit`)).status).toBe(409);
  });
});

describe('refunds in the dashboard', () => {
  it("a refund of a credit note: listed with the credit it refunds and on the credit note's page, its own page, its void asked first, then voided on the date given, the credit given back", async () => {
    const w = await world();
    const owner = await w.signedIn('owner');
    const note = await w.post('/api/v1/credit-notes', { customer_id: w.customer, date: '2026-11-03', lines: [{ description: 'Goodwill', quantity: 1, unit_price: 30 }] });
    const bank = (await w.post('/api/v1/bank-feeds/accounts', { name: uniqueName('Refund bank'), kind: 'bank' })).id as string;
    const refunded = await owner.post(`/dashboard/credit-notes/${note.id}/refund`, { idempotency_key: crypto.randomUUID(), amount: '12', date: '2026-11-10', payment_account_id: bank, reference: 'Cheque 101' });
    expect(refunded.status).toBe(303);
    const [refund] = (await w.api('/api/v1/refunds')).items as { id: string; no: string }[];

    const list = (await owner.get('/dashboard/refunds')).text;
    expect(list).toContain(`href="/dashboard/refunds/${refund!.id}">${refund!.no}</a>`);
    expect(list).toContain(`href="/dashboard/credit-notes/${note.id}">${note.no}</a>`);
    expect(list).toContain('$12.00');
    expect((await owner.get('/dashboard/vendor-refunds')).text).toContain('No vendor refunds yet.');
    const listedOnCredit = `<a href="/dashboard/refunds/${refund!.id}">${refund!.no}</a></td><td>Refund</td><td>2026-11-10</td><td class="num">$12.00</td>`;
    expect((await owner.get(`/dashboard/credit-notes/${note.id}`)).text).toContain(listedOnCredit);

    const page = (await owner.get(`/dashboard/refunds/${refund!.id}`)).text;
    expect(page).toContain(`Refund ${refund!.no}`);
    expect(page).toContain('The credit it refunds');
    expect(page).toContain('<dt>Paid from</dt>');
    expect(page).toContain('Cheque 101');
    expect(page).toContain(`action="/dashboard/refunds/${refund!.id}/void"`);

    const asked = await owner.get(`/dashboard/refunds/${refund!.id}/void?void_date=2026-11-20`);
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(`${note.no} ($12.00), whose credit it gives back`);
    expect(await w.api(`/api/v1/credit-notes/${note.id}`)).toMatchObject({ remaining_credit: 18 });
    const voided = await owner.post(`/dashboard/refunds/${refund!.id}/void`, { void_date: '2026-11-20' });
    expect([voided.status, voided.location]).toEqual([303, `/dashboard/refunds/${refund!.id}?notice=voided`]);
    expect(await w.api(`/api/v1/refunds/${refund!.id}`)).toMatchObject({ status: 'Voided', void_date: '2026-11-20' });
    expect(await w.api(`/api/v1/credit-notes/${note.id}`)).toMatchObject({ remaining_credit: 30 });
    const creditAfter = (await owner.get(`/dashboard/credit-notes/${note.id}`)).text;
    expect(creditAfter).not.toContain(listedOnCredit);
    expect(creditAfter).toContain('No refund listed.');
    const after = (await owner.get(`/dashboard/refunds/${refund!.id}`)).text;
    expect(after).toContain('Voided, reversed on 2026-11-20');
    expect(after).not.toContain('/void"');

    const viewer = await w.signedIn('viewer');
    expect((await viewer.get(`/dashboard/refunds/${refund!.id}`)).status).toBe(200);
    expect((await viewer.post(`/dashboard/refunds/${refund!.id}/void`, {})).status).toBe(403);
    const other = await world();
    expect((await (await other.signedIn('owner')).get(`/dashboard/refunds/${refund!.id}`)).status).toBe(404);
  });
});
