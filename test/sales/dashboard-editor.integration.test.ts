import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { CookieBrowser, formFields } from '../integration/oauth-flow.ts';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

const PASSWORD = 'correct horse battery staple 6';

async function editorWorld(role: 'owner' | 'viewer' = 'owner') {
  const books = await freshBusiness();
  const post = postingAs(books.key);
  const customerName = uniqueName('Zephyr customer');
  const customer = (await post('/api/v1/customers', { name: customerName })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Vendor') })).id as string;
  const { createUser } = await import('../../shared/access/members/members.ts');
  const user = await createUser({ email: `${uniqueName(role).replace(/\s/g, '-')}@example.test`, name: role, password: PASSWORD, memberships: [{ business_id: books.id as Id, role }] });
  const browser = new CookieBrowser();
  expect((await browser.signIn(user.email, PASSWORD, '/dashboard')).status).toBe(303);
  return { books, customer, customerName, vendor, browser };
}

/** The editor's hidden fields (CSRF, idempotency key) from a drawn page. */
const hiddenOf = (page: string) => formFields(page.slice(page.indexOf('class="card editor"'))).hidden;
const rowsOf = (page: string) => (page.match(/name="lines\.description"/g) ?? []).length;
const lineInput = (page: string, row: number, field: string) => new RegExp(`id="line-${row}-${field}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? new RegExp(`value="([^"]*)"[^>]*id="line-${row}-${field}"`).exec(page)?.[1];
const lineError = (page: string, row: number, field: string) => new RegExp(`id="line-${row}-${field}-error">([^<]*)<`).exec(page)?.[1];

/** The form's fields as the browser posts them: header fields, then each column once per row. */
function editorForm(hidden: Record<string, string>, header: Record<string, string>, rows: Partial<Record<'item_id' | 'account_id' | 'description' | 'quantity' | 'unit_price' | 'tax_rate', string>>[], intent: string) {
  const column = (name: 'item_id' | 'account_id' | 'description' | 'quantity' | 'unit_price' | 'tax_rate') => rows.map((row) => row[name] ?? '');
  return { ...hidden, ...header, 'lines.item_id': column('item_id'), 'lines.account_id': column('account_id'), 'lines.description': column('description'), 'lines.quantity': column('quantity'), 'lines.unit_price': column('unit_price'), 'lines.tax_rate': column('tax_rate'), intent };
}

describe('the document editor', () => {
  it('saves an invoice as a draft: its page offers Approve and Delete (not void or send), approval posts it numbered, and the Draft filter lists drafts alone', async () => {
    const w = await editorWorld();
    const hidden = hiddenOf((await w.browser.request('GET', `/dashboard/invoices/new?party_id=${w.customer}`)).text);
    expect((await w.browser.request('GET', '/dashboard/invoices/new')).text).toContain('value="draft"');
    const header = { party_id: w.customer, date: '2026-11-10', due_date: '2026-12-10' };
    const saved = await w.browser.request('POST', '/dashboard/invoices', editorForm(hidden, header, [{ description: 'Design work', quantity: '2', unit_price: '100', tax_rate: '10' }], 'draft'));
    expect(saved.status, saved.text.slice(0, 500)).toBe(303);
    const [draft] = (await call('GET', '/api/v1/invoices?status=Draft', { key: w.books.key })).body.data.items as { id: string; total: number }[];
    expect(draft).toMatchObject({ total: 220 });
    expect(saved.location).toBe(`/dashboard/invoices/${draft!.id}?notice=draft_saved`);
    expect((await call('GET', '/api/v1/invoices', { key: w.books.key })).body.data.pagination.total_count).toBe(0);

    const page = await w.browser.request('GET', saved.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Draft invoice');
    expect(page.text).toContain(`action="/dashboard/invoices/${draft!.id}/approve"`);
    expect(page.text).toContain(`action="/dashboard/invoices/${draft!.id}/delete"`);
    expect(page.text).not.toContain(`/dashboard/invoices/${draft!.id}/void`);
    expect(page.text).not.toContain(`/dashboard/invoices/${draft!.id}/send`);
    const listed = await w.browser.request('GET', '/dashboard/invoices?status=Draft');
    expect(listed.text).toContain(`/dashboard/invoices/${draft!.id}`);

    const approved = await w.browser.request('POST', `/dashboard/invoices/${draft!.id}/approve`, formFields(page.text.slice(page.text.indexOf(`action="/dashboard/invoices/${draft!.id}/approve"`) - 40)).hidden);
    expect(approved.status, approved.text.slice(0, 500)).toBe(303);
    expect(approved.location).toBe(`/dashboard/invoices/${draft!.id}?notice=approved`);
    const posted = await w.browser.request('GET', approved.location!);
    expect(posted.text).toContain('Invoice INV-00001');
    expect(posted.text).toContain(`/dashboard/invoices/${draft!.id}/void`);
    expect((await call('GET', `/api/v1/invoices/${draft!.id}`, { key: w.books.key })).body.data).toMatchObject({ no: 'INV-00001', status: 'Open', total: 220 });
  });

  it('a viewer sees a draft without Approve or Delete, and its forms are refused', async () => {
    const w = await editorWorld('viewer');
    const draft = (await call('POST', '/api/v1/bills', { key: w.books.key, body: { status: 'draft', vendor_id: w.vendor, bill_date: '2026-11-10', lines: [{ description: 'Paper', quantity: 1, unit_price: 30 }] } })).body.data;
    const page = await w.browser.request('GET', `/dashboard/bills/${draft.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Draft bill');
    expect(page.text).not.toContain(`/dashboard/bills/${draft.id}/approve`);
    expect(page.text).not.toContain(`/dashboard/bills/${draft.id}/delete`);
    const refused = await w.browser.request('POST', `/dashboard/bills/${draft.id}/approve`, formFields(page.text).hidden);
    expect(refused.status).toBe(403);
    expect((await call('GET', `/api/v1/bills/${draft.id}`, { key: w.books.key })).body.data.status).toBe('Draft');
  });

  it('keeps what was typed through more lines, a search and a preview; shows the totals before posting; posts once however often it is submitted', async () => {
    const w = await editorWorld();
    const page = await w.browser.request('GET', `/dashboard/invoices/new?party_id=${w.customer}`);
    expect(page.status).toBe(200);
    expect(rowsOf(page.text)).toBe(5);
    const hidden = hiddenOf(page.text);
    expect(hidden.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    const header = { party_id: w.customer, date: '2026-11-10', due_date: '2026-12-10', reference: 'PO-77' };
    const rows = [{ description: 'Design work', quantity: '3', unit_price: '100', tax_rate: '10' }, {}, { description: 'Retainer', quantity: '1', unit_price: '80' }, {}, {}];

    const more = await w.browser.request('POST', '/dashboard/invoices', editorForm(hidden, header, rows, 'more'));
    expect(more.status).toBe(200);
    expect(rowsOf(more.text)).toBe(10);
    expect(lineInput(more.text, 2, 'description')).toBe('Retainer');
    expect(more.text).toContain('value="PO-77"');

    // The picker narrows to the names that start so (and keeps the one chosen).
    const found = await w.browser.request('POST', '/dashboard/invoices', { ...editorForm(hidden, header, rows, 'find_party'), party_search: 'zephyr' });
    expect(found.text).toContain(w.customerName);

    const preview = await w.browser.request('POST', '/dashboard/invoices', editorForm(hidden, header, rows, 'preview'));
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('USD 300.00');
    expect(preview.text).toMatch(/<dt>Total<\/dt><dd>USD 410\.00<\/dd>/);
    expect((await call('GET', '/api/v1/invoices', { key: w.books.key })).body.data.items).toHaveLength(0);

    const created = await w.browser.request('POST', '/dashboard/invoices', editorForm(hidden, header, rows, 'create'));
    expect(created.status, created.text.slice(0, 500)).toBe(303);
    const again = await w.browser.request('POST', '/dashboard/invoices', editorForm(hidden, header, rows, 'create'));
    expect(again.location).toBe(created.location);
    const invoices = (await call('GET', '/api/v1/invoices', { key: w.books.key })).body.data.items as { id: string; total: number; reference: string; lines: unknown[] }[];
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ total: 410, reference: 'PO-77' });
    expect(invoices[0]!.lines).toHaveLength(2);
    expect(created.location).toBe(`/dashboard/invoices/${invoices[0]!.id}?notice=document_created`);
  });

  it('puts a refused line\'s error on its own row (empty rows skipped), in the API\'s words; a locked date beside the date', async () => {
    const w = await editorWorld();
    const hidden = hiddenOf((await w.browser.request('GET', '/dashboard/invoices/new')).text);
    const header = { party_id: w.customer, date: '2026-11-10' };
    const rows = [{}, { description: 'Fine', quantity: '1', unit_price: '5' }, { description: 'Too taxed', quantity: '1', unit_price: '5', tax_rate: '150' }];
    const refused = await w.browser.request('POST', '/dashboard/invoices', editorForm(hidden, header, rows, 'create'));
    expect(refused.status).toBe(400);
    const api = await call('POST', '/api/v1/invoices', { key: w.books.key, body: { customer_id: w.customer, invoice_date: '2026-11-10', lines: [{ description: 'Fine', quantity: 1, unit_price: 5 }, { description: 'Too taxed', quantity: 1, unit_price: 5, tax_rate: 150 }] } });
    const message = (api.body.details as { field: string; message: string }[]).find((problem) => problem.field === 'lines[1].tax_rate')!.message;
    expect(lineError(refused.text, 2, 'tax_rate')).toBe(message);
    expect(lineInput(refused.text, 2, 'description')).toBe('Too taxed');
    expect(lineError(refused.text, 1, 'tax_rate')).toBeUndefined();

    await call('PUT', '/api/v1/business/lock-date', { key: w.books.key, body: { lock_date: '2026-10-31' } });
    const locked = await w.browser.request('POST', '/dashboard/invoices', editorForm(hidden, { ...header, date: '2026-10-15' }, [{ description: 'Late', quantity: '1', unit_price: '5' }], 'create'));
    expect(locked.status).toBe(409);
    expect(/id="editor-date-error">([^<]*)</.exec(locked.text)?.[1]).toBe('on or before the lock date 2026-10-31');
    const empty = await w.browser.request('POST', '/dashboard/invoices', editorForm(hidden, header, [{}, {}], 'create'));
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Lines: Add at least one line');
  });

  it('writes a bill with an expense account per line, a credit note and an estimate; a viewer gets none of the editors', async () => {
    const w = await editorWorld();
    const code = `E${Math.random().toString(36).slice(2, 7)}`;
    const expense = (await call('POST', '/api/v1/accounts', { key: w.books.key, body: { code, name: 'Travel', type: 'expense' } })).body.data.id as string;
    const billPage = await w.browser.request('GET', '/dashboard/bills/new');
    expect(billPage.text).toContain(`${code} Travel`);
    const bill = await w.browser.request('POST', '/dashboard/bills', editorForm(hiddenOf(billPage.text), { party_id: w.vendor, date: '2026-11-03' }, [{ description: 'Train', quantity: '2', unit_price: '45.50', account_id: expense }], 'create'));
    expect(bill.status, bill.text.slice(0, 300)).toBe(303);
    const bills = (await call('GET', '/api/v1/bills', { key: w.books.key })).body.data.items as { lines: { account_id: string }[]; total: number }[];
    expect(bills[0]).toMatchObject({ total: 91, lines: [{ account_id: expense }] });

    for (const [path, list, party, type] of [
      ['/dashboard/credit-notes', '/api/v1/credit-notes', w.customer, 'credit_note'],
      ['/dashboard/estimates', '/api/v1/estimates', w.customer, 'estimate'],
      ['/dashboard/vendor-credits', '/api/v1/vendor-credits', w.vendor, 'vendor_credit'],
    ] as const) {
      const page = await w.browser.request('GET', `${path}/new`);
      const made = await w.browser.request('POST', path, editorForm(hiddenOf(page.text), { party_id: party, date: '2026-11-04' }, [{ description: 'Goodwill', quantity: '1', unit_price: '20' }], 'create'));
      expect(made.status, path).toBe(303);
      // The new document's own page, with what became of it.
      expect(made.location, path).toMatch(new RegExp(`^${path}/[0-9a-f-]{36}\\?notice=${type}_created$`));
      expect((await call('GET', list, { key: w.books.key })).body.data.items, list).toHaveLength(1);
    }

    const viewer = await editorWorld('viewer');
    for (const path of ['/dashboard/invoices/new', '/dashboard/bills/new', '/dashboard/credit-notes/new', '/dashboard/estimates/new', '/dashboard/vendor-credits/new']) expect((await viewer.browser.request('GET', path)).status, path).toBe(403);
    expect((await viewer.browser.request('GET', '/dashboard/invoices')).text).not.toContain('New invoice');
  });
});

describe("an invoice's actions in the dashboard", () => {
  it('download its PDF, show its public link, and send it (queued once however often clicked); a viewer may only download', async () => {
    const w = await editorWorld();
    await call('PATCH', `/api/v1/customers/${w.customer}`, { key: w.books.key, body: { email: 'ap@zephyr.example' } });
    const invoice = (await call('POST', '/api/v1/invoices', { key: w.books.key, body: { customer_id: w.customer, invoice_date: '2026-11-11', lines: [{ description: 'Audit', quantity: 1, unit_price: 99 }] } })).body.data;
    const page = await w.browser.request('GET', `/dashboard/invoices/${invoice.id}`);
    expect(page.text).toContain(`href="/dashboard/invoices/${invoice.id}/pdf"`);

    const pdf = await fetch(new URL(`/dashboard/invoices/${invoice.id}/pdf`, (await import('../integration/support.ts')).runtime.baseUrl), { headers: { cookie: `session=${(w.browser as unknown as { jar: Map<string, string> }).jar.get('session')}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { pdfText } = await import('../integration/pdf-text.ts');
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain(invoice.no);

    const link = await w.browser.request('GET', `/dashboard/invoices/${invoice.id}/link`);
    const url = /id="public-link" type="text" readonly="" value="([^"]+)"|id="public-link"[^>]*value="([^"]+)"/.exec(link.text);
    const publicUrl = url?.[1] ?? url?.[2];
    expect(publicUrl).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
    expect((await call('GET', `/api/v1/invoices/${invoice.id}/link`, { key: w.books.key })).body.data.url).toBe(publicUrl);

    const send = formFields(page.text.slice(page.text.indexOf(`action="/dashboard/invoices/${invoice.id}/send"`) - 40)).hidden;
    const first = await w.browser.request('POST', `/dashboard/invoices/${invoice.id}/send`, { ...send, to: '', message: 'Thanks!' });
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/dashboard/invoices/${invoice.id}?notice=invoice_queued`);
    expect((await w.browser.request('POST', `/dashboard/invoices/${invoice.id}/send`, { ...send, to: '', message: 'Thanks!' })).status).toBe(303);
    const { outboxOf } = await import('../integration/support.ts');
    const mails = (await outboxOf(w.books.id)).filter((event) => event.type === 'invoice.mail');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ to: ['ap@zephyr.example'], message: 'Thanks!' });
    const refused = await w.browser.request('POST', `/dashboard/invoices/${invoice.id}/send`, { ...send, idempotency_key: 'another-key', to: 'not an address' });
    expect(refused.status).toBe(400);
    // The invoice's own page again, the address as typed and the reason beside it.
    expect(refused.text).toContain(`action="/dashboard/invoices/${invoice.id}/send"`);
    expect(refused.text).toMatch(/id="to-error">entry 1 /);

    const { createUser } = await import('../../shared/access/members/members.ts');
    const reader = await createUser({ email: `${uniqueName('reader').replace(/\s/g, '-')}@example.test`, name: 'Reader', password: PASSWORD, memberships: [{ business_id: w.books.id as Id, role: 'viewer' }] });
    const viewer = new CookieBrowser();
    expect((await viewer.signIn(reader.email, PASSWORD, '/dashboard')).status).toBe(303);
    const asViewer = await viewer.request('GET', `/dashboard/invoices/${invoice.id}`);
    expect(asViewer.text).toContain('Download PDF');
    expect(asViewer.text).not.toContain('Send invoice');
    expect((await viewer.request('GET', `/dashboard/invoices/${invoice.id}/link`)).status).toBe(403);
  });
});

describe('manual journals in the dashboard', () => {
  it('posts a balanced journal once however often submitted; an unbalanced one says why above, a line with both sides says so on its row; totals counted on the way', async () => {
    const w = await editorWorld();
    const accounts = (await call('GET', '/api/v1/accounts', { key: w.books.key })).body.data as { id: string; code: string }[];
    const [equity, expense] = ['3000', '5000'].map((code) => accounts.find((account) => account.code === code)!.id) as [string, string];
    const page = await w.browser.request('GET', '/dashboard/journals/new');
    expect(page.status).toBe(200);
    const hidden = hiddenOf(page.text);
    const form = (rows: { account_id?: string; debit?: string; credit?: string; tax_rate_id?: string; description?: string }[], intent: string, narration = 'Opening stock') => ({
      ...hidden,
      date: '2026-11-12',
      narration,
      currency: '',
      'lines.account_id': rows.map((row) => row.account_id ?? ''),
      'lines.debit': rows.map((row) => row.debit ?? ''),
      'lines.credit': rows.map((row) => row.credit ?? ''),
      'lines.tax_rate_id': rows.map((row) => row.tax_rate_id ?? ''),
      'lines.description': rows.map((row) => row.description ?? ''),
      intent,
    });
    const counted = await w.browser.request('POST', '/dashboard/journals', form([{ account_id: expense, debit: '40' }, { account_id: equity, credit: '25' }], 'more'));
    expect(counted.text).toMatch(/<dt>Debits<\/dt><dd>40\.00<\/dd><dt>Credits<\/dt><dd>25\.00<\/dd><dt>Balanced<\/dt><dd>Not yet<\/dd>/);
    expect((counted.text.match(/name="lines\.debit"/g) ?? []).length).toBe(7);

    const unbalanced = await w.browser.request('POST', '/dashboard/journals', form([{}, { account_id: expense, debit: '40' }, { account_id: equity, credit: '25' }], 'create'));
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.text).toContain('Lines: ');
    const bothSides = await w.browser.request('POST', '/dashboard/journals', form([{}, { account_id: expense, debit: '40', credit: '40' }, { account_id: equity, credit: '40' }], 'create'));
    expect(bothSides.status).toBe(400);
    expect(lineError(bothSides.text, 1, 'debit') ?? lineError(bothSides.text, 1, 'credit')).toBeDefined();

    // A currency that is not ISO 4217 is refused on its field, counted meanwhile in the home currency (it was a 500).
    for (const intent of ['create', 'more']) {
      const notACurrency = await w.browser.request('POST', '/dashboard/journals', { ...form([{ account_id: expense, debit: '40' }, { account_id: equity, credit: '40' }], intent), currency: 'EU' });
      expect(notACurrency.status, notACurrency.text).toBeLessThan(500);
      if (intent === 'create') expect(notACurrency.text).toContain('Use the three-letter currency code, such as USD or EUR');
    }

    const balanced = form([{ account_id: expense, debit: '40', description: 'Paper' }, { account_id: equity, credit: '40' }], 'create');
    expect((await w.browser.request('POST', '/dashboard/journals', balanced)).location).toBe('/dashboard/journals?notice=journal_posted');
    expect((await w.browser.request('POST', '/dashboard/journals', balanced)).status).toBe(303);
    const journals = (await call('GET', '/api/v1/journals', { key: w.books.key })).body.data.items as { no: string; narration: string }[];
    expect(journals).toHaveLength(1);
    expect((await w.browser.request('GET', '/dashboard/journals')).text).toContain(journals[0]!.no);

    // A line at a tax rate: the totals count the tax the journal will book, and the journal posts with it.
    const vat = (await call('POST', '/api/v1/tax-rates', { key: w.books.key, body: { name: 'VAT 20%', rate: 20, kind: 'standard' } })).body.data.id as string;
    const withRates = await w.browser.request('GET', '/dashboard/journals/new');
    expect(withRates.text).toContain(`<option value="${vat}">VAT 20% (20%)</option>`);
    // A new form is a new posting: its own idempotency key.
    Object.assign(hidden, hiddenOf(withRates.text));
    const taxedRows = [{ account_id: expense, debit: '100', tax_rate_id: vat }, { account_id: equity, credit: '120' }];
    const taxedCount = await w.browser.request('POST', '/dashboard/journals', form(taxedRows, 'more', 'Supplies, VAT included'));
    expect(taxedCount.text).toMatch(/<dt>Debits, tax included<\/dt><dd>120\.00<\/dd><dt>Credits, tax included<\/dt><dd>120\.00<\/dd><dt>Balanced<\/dt><dd>Yes<\/dd>/);
    const taxedPost = await w.browser.request('POST', '/dashboard/journals', form(taxedRows, 'create', 'Supplies, VAT included'));
    expect(taxedPost.status, taxedPost.text.slice(0, 500)).toBe(303);
    const taxed = ((await call('GET', '/api/v1/journals', { key: w.books.key })).body.data.items as { narration: string; total: number; lines: { tax: number }[] }[]).find((journal) => journal.narration === 'Supplies, VAT included')!;
    expect([taxed.total, taxed.lines.map((line) => line.tax)]).toEqual([120, [20, 0]]);

    const viewer = await editorWorld('viewer');
    expect((await viewer.browser.request('GET', '/dashboard/journals/new')).status).toBe(403);
    expect((await viewer.browser.request('GET', '/dashboard/journals')).text).not.toContain('New journal');
  });
  it('a recurring invoice from the editor: its schedule and lines through the API\'s schema, what is due posted at once, set up once however often the form is sent; a refused schedule kept in the API\'s words', async () => {
    const w = await editorWorld();
    const page = await w.browser.request('GET', `/dashboard/recurring-invoices/new?party_id=${w.customer}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="frequency"');
    const hidden = hiddenOf(page.text);
    const start = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const header = { party_id: w.customer, date: start, frequency: 'monthly', interval: '1', count: '3', due_in_days: '14' };
    const rows = [{ description: 'Retainer', quantity: '1', unit_price: '500' }];

    const refused = await w.browser.request('POST', '/dashboard/recurring-invoices', editorForm(hidden, { ...header, end_date: '2020-01-01' }, rows, 'create'));
    const api = await call('POST', '/api/v1/recurring-invoices', { key: w.books.key, body: { customer_id: w.customer, schedule: { frequency: 'monthly', start_date: start, end_date: '2020-01-01', count: 3 }, invoice: { due_in_days: 14, lines: [{ description: 'Retainer', quantity: 1, unit_price: 500 }] } } });
    expect([refused.status, api.status]).toEqual([400, 400]);
    const problem = (api.body.details as { field: string; message: string }[]).find((detail) => detail.field === 'schedule.end_date')!;
    expect(new RegExp('id="editor-end_date-error">([^<]*)<').exec(refused.text)?.[1]).toBe(problem.message);
    expect(refused.text).toMatch(/id="editor-count"[^>]*value="3"/);

    const preview = await w.browser.request('POST', '/dashboard/recurring-invoices', editorForm(hidden, header, rows, 'preview'));
    expect(preview.status, preview.text.slice(0, 300)).toBe(200);
    expect(preview.text).toContain('USD 500.00');

    const made = await w.browser.request('POST', '/dashboard/recurring-invoices', editorForm(hidden, header, rows, 'create'));
    expect(made.status, made.text.slice(0, 300)).toBe(303);
    expect(made.location).toBe('/dashboard/recurring-invoices?notice=recurring_created');
    expect((await w.browser.request('POST', '/dashboard/recurring-invoices', editorForm(hidden, header, rows, 'create'))).status).toBe(303);
    const schedules = (await call('GET', '/api/v1/recurring-invoices', { key: w.books.key })).body.data.items as { invoices_created: number; schedule: { count: number } }[];
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ invoices_created: 2, schedule: { count: 3 } });
    const invoices = (await call('GET', `/api/v1/invoices?customer_id=${w.customer}`, { key: w.books.key })).body.data.items as { total: number; invoice_date: string; due_date: string }[];
    expect(invoices.map((invoice) => invoice.total)).toEqual([500, 500]);
    const list = await w.browser.request('GET', '/dashboard/recurring-invoices');
    expect(list.text).toContain(w.customerName);

    // Changed in the editor: its lines, sending and its end; its customer and rhythm shown, not posted.
    const id = (await call('GET', '/api/v1/recurring-invoices', { key: w.books.key })).body.data.items[0].id as string;
    const edit = await w.browser.request('GET', `/dashboard/recurring-invoices/${id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.text).toMatch(/id="line-0-description"[^>]*value="Retainer"/);
    expect(edit.text).not.toContain('name="frequency"');
    const editHidden = hiddenOf(edit.text);
    const emptied = await w.browser.request('POST', `/dashboard/recurring-invoices/${id}`, editorForm(editHidden, { count: '0', due_in_days: '14' }, [{ description: 'Retainer', quantity: '1', unit_price: '650' }], 'create'));
    const apiPatch = await call('PATCH', `/api/v1/recurring-invoices/${id}`, { key: w.books.key, body: { schedule: { count: 0 } } });
    expect([emptied.status, apiPatch.status]).toEqual([400, 400]);
    expect(new RegExp('id="editor-count-error">([^<]*)<').exec(emptied.text)?.[1]).toBe((apiPatch.body.details as { field: string; message: string }[]).find((detail) => detail.field === 'schedule.count')!.message);
    const saved = await w.browser.request('POST', `/dashboard/recurring-invoices/${id}`, editorForm(editHidden, { count: '6', due_in_days: '21', send: 'on' }, [{ description: 'Retainer', quantity: '1', unit_price: '650' }], 'create'));
    expect(saved.status, saved.text.slice(0, 300)).toBe(303);
    expect(saved.location).toBe('/dashboard/recurring-invoices?notice=recurring_saved');
    const changed = (await call('GET', `/api/v1/recurring-invoices/${id}`, { key: w.books.key })).body.data;
    expect(changed).toMatchObject({ customer_id: w.customer, send: true, schedule: { frequency: 'monthly', start_date: start, count: 6 }, invoice: { due_in_days: 21, lines: [{ description: 'Retainer', unit_price: 650 }] } });
    const unsent = await w.browser.request('POST', `/dashboard/recurring-invoices/${id}`, editorForm(editHidden, { count: '', due_in_days: '21' }, [{ description: 'Retainer', quantity: '1', unit_price: '650' }], 'create'));
    expect(unsent.status).toBe(303);
    expect((await call('GET', `/api/v1/recurring-invoices/${id}`, { key: w.books.key })).body.data).toMatchObject({ send: false, schedule: { count: null } });
  });
});
