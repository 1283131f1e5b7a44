import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { CookieBrowser, formFields } from '../integration/oauth-flow.ts';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';

const PASSWORD = 'correct horse battery staple 3';

async function bankingWorld(role: 'owner' | 'viewer' = 'owner') {
  const books = await freshBusiness();
  const post = postingAs(books.key);
  const get = async (path: string) => (await call('GET', path, { key: books.key })).body.data;
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Operating', kind: 'bank', opening_balance_date: '2026-01-01' })).id as string;
  const customer = (await post('/api/v1/customers', { name: uniqueName('Customer') })).id as string;
  const invoice = (amount: number) => post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-03-01', lines: [{ description: 'Work', quantity: 1, unit_price: amount }] });
  const paid = await invoice(120);
  const open = await invoice(75);
  const receipt = await post('/api/v1/receipts', { party_id: customer, date: '2026-03-05', payment_account_id: bank, allocations: [{ document_id: paid.id, amount: 120 }] });
  const added = (await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-03-06', amount: 120, description: 'Deposit' }, { date: '2026-03-09', amount: 75, description: 'Transfer in' }, { date: '2026-03-10', amount: -14.5, description: 'Bank fee' }, { date: '2026-03-11', amount: -3, description: 'Duplicate' }] })).added as { id: string }[];
  const { createUser } = await import('../../shared/access/members/members.ts');
  const user = await createUser({ email: `${uniqueName(role).replace(/\s/g, '-')}@example.test`, name: role, password: PASSWORD, memberships: [{ business_id: books.id as Id, role }] });
  const browser = new CookieBrowser();
  expect((await browser.signIn(user.email, PASSWORD, '/dashboard')).status).toBe(303);
  const lineStatus = async (id: string) => ((await get(`/api/v1/bank-feeds/accounts/${bank}/lines?page_size=200`)).items as { id: string; status: string }[]).find((line) => line.id === id)!.status;
  return { books, get, bank, open, receipt, lines: added.map((line) => line.id), browser, lineStatus };
}

/** The hidden fields of the form posting to `action` on a page. */
const formFor = (page: string, action: string, nth = 0) => {
  const forms = [...page.matchAll(new RegExp(`<form method="post" action="${action.replace(/[/]/g, '\\/')}"[^>]*>([\\s\\S]*?)</form>`, 'g'))];
  return forms[nth] ? formFields(forms[nth]![1]!).hidden : undefined;
};

describe('reconciling in the dashboard', () => {
  it('shows each account\'s balances; matches a line to its receipt and another to an open invoice in one click; categorizes, excludes and undoes', async () => {
    const w = await bankingWorld();
    const summary = await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/reconciliation`);
    const overview = await w.browser.request('GET', '/dashboard/banking');
    expect(overview.text).toContain(`href="/dashboard/banking/${w.bank}"`);
    expect(overview.text).toContain(`$${summary.difference.toFixed(2)}`);
    const account = await w.browser.request('GET', `/dashboard/banking/${w.bank}`);
    for (const id of w.lines) expect(account.text).toContain(`href="/dashboard/banking/lines/${id}"`);
    // Before any match, the receipt is in the books and not on the statement: listed as what the difference is made of.
    expect(await eventually(async () => (await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/reconciliation`)).unmatched_postings.count === 1, STREAM_LAG_MS)).toBe(true);
    const postings = await w.browser.request('GET', `/dashboard/banking/${w.bank}?status=postings`);
    expect(postings.status).toBe(200);
    expect(postings.text).toMatch(new RegExp(`<td>2026-03-05</td>\\s*<td>receipt ${w.receipt.no}</td>\\s*<td class="num">\\$120\\.00</td>`));
    expect(postings.text).toContain('aria-current="page">Not on the statement');

    const [deposit, transfer, fee, duplicate] = w.lines as [string, string, string, string];
    const depositPage = await w.browser.request('GET', `/dashboard/banking/lines/${deposit}`);
    const toReceipt = formFor(depositPage.text, `/dashboard/banking/lines/${deposit}/match`);
    expect(toReceipt).toMatchObject({ kind: 'receipt', id: w.receipt.id });
    const matched = await w.browser.request('POST', `/dashboard/banking/lines/${deposit}/match`, toReceipt!);
    expect(matched.status, matched.text.slice(0, 300)).toBe(303);
    expect(matched.location).toBe(`/dashboard/banking/${w.bank}?notice=line_matched`);
    expect(await w.lineStatus(deposit)).toBe('matched');
    // The same click again: the line is matched already, and the page says so.
    const again = await w.browser.request('POST', `/dashboard/banking/lines/${deposit}/match`, toReceipt!);
    expect(again.status).toBe(409);
    expect(again.text).toContain('role="alert"');

    const transferPage = await w.browser.request('GET', `/dashboard/banking/lines/${transfer}`);
    const toInvoice = formFor(transferPage.text, `/dashboard/banking/lines/${transfer}/match`);
    expect(toInvoice).toMatchObject({ kind: 'invoice', id: w.open.id });
    expect((await w.browser.request('POST', `/dashboard/banking/lines/${transfer}/match`, toInvoice!)).status).toBe(303);
    expect(await w.lineStatus(transfer)).toBe('matched');
    expect((await w.get(`/api/v1/invoices/${w.open.id}`)).status).toBe('Paid');

    const feePage = await w.browser.request('GET', `/dashboard/banking/lines/${fee}`);
    const csrf = formFields(feePage.text).hidden.csrf!;
    const expense = ((await w.get('/api/v1/accounts')) as { id: string; code: string }[]).find((entry) => entry.code === '5000')!.id;
    expect((await w.browser.request('POST', `/dashboard/banking/lines/${fee}/categorize`, { csrf, account_id: expense, tax_rate: '', description: 'Bank fee' })).status).toBe(303);
    expect(await w.lineStatus(fee)).toBe('categorized');

    expect((await w.browser.request('POST', `/dashboard/banking/lines/${duplicate}/exclude`, { csrf })).status).toBe(303);
    expect(await w.lineStatus(duplicate)).toBe('excluded');
    const excluded = await w.browser.request('GET', `/dashboard/banking/${w.bank}?status=excluded`);
    expect(formFor(excluded.text, `/dashboard/banking/lines/${duplicate}/undo`)).toBeDefined();
    expect((await w.browser.request('POST', `/dashboard/banking/lines/${duplicate}/undo`, { csrf })).status).toBe(303);
    expect(await w.lineStatus(duplicate)).toBe('unmatched');
    // The line's page shows what was done to it, newest first, by whom.
    const duplicatePage = (await w.browser.request('GET', `/dashboard/banking/lines/${duplicate}`)).text;
    const history = duplicatePage.slice(duplicatePage.indexOf('id="history"'));
    expect(duplicatePage).toContain('id="history"');
    expect(history.indexOf('undone')).toBeGreaterThan(0);
    expect(history.indexOf('undone')).toBeLessThan(history.indexOf('excluded'));
  });

  it('a categorization the API refuses comes back on the line\'s page with the reason; a viewer reads the suggestions but cannot act', async () => {
    const w = await bankingWorld();
    const [, , fee] = w.lines as [string, string, string];
    const csrf = formFields((await w.browser.request('GET', `/dashboard/banking/lines/${fee}`)).text).hidden.csrf!;
    const receivables = ((await w.get('/api/v1/accounts')) as { id: string; code: string }[]).find((entry) => entry.code === '1100')!.id;
    const refused = await w.browser.request('POST', `/dashboard/banking/lines/${fee}/categorize`, { csrf, account_id: receivables });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('account_id:');
    expect(await w.lineStatus(fee)).toBe('unmatched');

    const viewer = await bankingWorld('viewer');
    const [deposit] = viewer.lines as [string];
    const page = await viewer.browser.request('GET', `/dashboard/banking/lines/${deposit}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Suggestions');
    expect(formFor(page.text, `/dashboard/banking/lines/${deposit}/match`)).toBeUndefined();
    // A viewer does not read the audit trail: no history on the page.
    expect(page.text).not.toContain('id="history"');
    const viewerCsrf = formFields(page.text).hidden.csrf!;
    expect((await viewer.browser.request('POST', `/dashboard/banking/lines/${deposit}/match`, { csrf: viewerCsrf, kind: 'receipt', id: viewer.receipt.id })).status).toBe(403);
  });
});

describe('the reconciliation screen', () => {
  it('lists the unmatched lines each with its best match and a Match button, and categorizes several at once; a refused one is named and the others stay categorized', async () => {
    const w = await bankingWorld();
    const [deposit, transfer, fee, duplicate] = w.lines as [string, string, string, string];
    expect(await eventually(async () => (await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/reconciliation`)).unmatched_postings.count === 1, STREAM_LAG_MS)).toBe(true);
    const screen = (await w.browser.request('GET', `/dashboard/banking/${w.bank}`)).text;
    // Matched in one click from the screen: the deposit to its receipt, the transfer to the open invoice.
    expect(formFor(screen, `/dashboard/banking/lines/${deposit}/match`)).toMatchObject({ kind: 'receipt', id: w.receipt.id });
    expect(formFor(screen, `/dashboard/banking/lines/${transfer}/match`)).toMatchObject({ kind: 'invoice', id: w.open.id });
    // Nothing on the books is the fee's or the duplicate's amount: no Match button, boxes to categorize them.
    expect(formFor(screen, `/dashboard/banking/lines/${fee}/match`)).toBeUndefined();
    for (const id of w.lines) expect(screen).toContain(`name="line_id" value="${id}" form="categorize-lines"`);
    const matched = await w.browser.request('POST', `/dashboard/banking/lines/${deposit}/match`, formFor(screen, `/dashboard/banking/lines/${deposit}/match`)!);
    expect(matched.location).toBe(`/dashboard/banking/${w.bank}?notice=line_matched`);
    expect((await w.browser.request('POST', `/dashboard/banking/lines/${transfer}/match`, formFor(screen, `/dashboard/banking/lines/${transfer}/match`)!)).status).toBe(303);
    expect([await w.lineStatus(deposit), await w.lineStatus(transfer)]).toEqual(['matched', 'matched']);

    const csrf = formFor(screen, `/dashboard/banking/${w.bank}/categorize`)!.csrf!;
    const expense = ((await w.get('/api/v1/accounts')) as { id: string; code: string }[]).find((entry) => entry.code === '5000')!.id;
    // None chosen, or no account: refused on the screen, nothing posted.
    const none = await w.browser.request('POST', `/dashboard/banking/${w.bank}/categorize`, { csrf, account_id: expense });
    expect(none.status).toBe(400);
    expect(none.text).toContain('Choose the lines to categorize');
    // The deposit is matched already: it is named with its reason, and the fee and the duplicate are categorized.
    const several = await w.browser.request('POST', `/dashboard/banking/${w.bank}/categorize`, { csrf, account_id: expense, tax_rate: '', line_id: [fee, deposit, duplicate] });
    expect(several.status).toBe(409);
    expect(several.text).toContain('2 of 3 lines categorized. Not categorized: the line of 2026-03-06 (Deposit)');
    expect([await w.lineStatus(fee), await w.lineStatus(duplicate), await w.lineStatus(deposit)]).toEqual(['categorized', 'categorized', 'matched']);
    const posted = (await w.get('/api/v1/journal-entries?page_size=200')).items as { document_type: string; lines: { account_id: string; debit: number }[] }[];
    expect(posted.filter((entry) => entry.document_type === 'bank_transaction').map((entry) => entry.lines.find((line) => line.account_id === expense)?.debit).sort()).toEqual([14.5, 3].sort());

    // A line of another account, or more lines than one request posts: refused, nothing posted.
    const other = (await postingAs(w.books.key)('/api/v1/bank-feeds/accounts', { name: 'Savings', kind: 'bank' })).id as string;
    const [elsewhere] = (await postingAs(w.books.key)(`/api/v1/bank-feeds/accounts/${other}/lines`, { lines: [{ date: '2026-03-12', amount: -9, description: 'Savings fee' }] })).added as { id: string }[];
    const foreign = await w.browser.request('POST', `/dashboard/banking/${w.bank}/categorize`, { csrf, account_id: expense, line_id: elsewhere!.id });
    expect(foreign.status).toBe(400);
    expect(foreign.text).toContain('0 of 1 lines categorized. Not categorized: the line of 2026-03-12 (Savings fee): line_id: is a line of another account');
    expect((await w.get(`/api/v1/bank-feeds/accounts/${other}/lines`)).items[0].status).toBe('unmatched');
    const tooMany = await w.browser.request('POST', `/dashboard/banking/${w.bank}/categorize`, { csrf, account_id: expense, line_id: Array.from({ length: 51 }, () => fee) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('Choose at most 50 lines at once.');

    const undone = await w.browser.request('POST', `/dashboard/banking/lines/${fee}/undo`, { csrf });
    expect(undone.status).toBe(303);
    const all = await w.browser.request('POST', `/dashboard/banking/${w.bank}/categorize`, { csrf, account_id: expense, line_id: fee });
    expect(all.location).toBe(`/dashboard/banking/${w.bank}?notice=lines_categorized`);
    expect((await w.browser.request('GET', all.location!)).text).toContain('Lines categorized');

    // A viewer sees the lines, with no boxes and no Match button.
    const viewer = await bankingWorld('viewer');
    const read = (await viewer.browser.request('GET', `/dashboard/banking/${viewer.bank}`)).text;
    expect(read).not.toContain('name="line_id"');
    expect(formFor(read, `/dashboard/banking/lines/${viewer.lines[0]}/match`)).toBeUndefined();
  });
});

describe('imports, transfers and rules in the dashboard', () => {
  it('a statement file imported through a form with a file: a short one added at once (again: nothing doubled), a long one queued with its progress page; a refused one kept in the API\'s words', async () => {
    const w = await bankingWorld();
    const csrf = formFields((await w.browser.request('GET', `/dashboard/banking/${w.bank}/import`)).text).hidden.csrf!;
    const mapping = { 'mapping.date': 'Date', 'mapping.amount': 'Amount', 'mapping.description': 'Text', 'mapping.external_id': 'Id' };
    const csv = (rows: number, from = 0) => `Date,Amount,Text,Id\n${Array.from({ length: rows }, (_, row) => `2026-04-${String(1 + (row % 28)).padStart(2, '0')},${(10 + row).toFixed(2)},Card ${from + row},X${from + row}`).join('\n')}\n`;
    const upload = (content: string, fields: Record<string, string> = {}) => w.browser.upload(`/dashboard/banking/${w.bank}/import`, { csrf, format: 'csv', ...mapping, ...fields }, { name: 'content', filename: 'statement.csv', content, type: 'text/csv' });
    const before = (await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?page_size=1`)).pagination.total_count as number;

    const short = await upload(csv(3));
    expect(short.status, short.text.slice(0, 300)).toBe(303);
    expect(short.location).toBe(`/dashboard/banking/${w.bank}?notice=statement_imported`);
    expect((await upload(csv(3))).location).toBe(`/dashboard/banking/${w.bank}?notice=statement_known`);
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?page_size=1`)).pagination.total_count).toBe(before + 3);

    const refused = await upload(csv(2, 100), { 'mapping.amount': 'Betrag' });
    const api = await call('POST', `/api/v1/bank-feeds/accounts/${w.bank}/imports`, { key: w.books.key, body: { format: 'csv', content: csv(2, 100), mapping: { date: 'Date', amount: 'Betrag', description: 'Text', external_id: 'Id' } } });
    expect([refused.status, api.status]).toEqual([400, 400]);
    const problem = (api.body.details as { field: string; message: string }[])[0]!;
    expect(refused.text).toContain(problem.message.replace(/"/g, '&quot;'));
    expect(refused.text).toMatch(/name="mapping.amount"[^>]*value="Betrag"/);

    const queued = await upload(csv(60, 200));
    expect(queued.location).toMatch(/^\/dashboard\/banking\/imports\/[0-9a-f-]{36}$/);
    let progress = await w.browser.request('GET', queued.location!);
    expect(progress.status).toBe(200);
    for (let tries = 0; !progress.text.includes('<span role="status">Done</span>') && tries < 40; tries++) {
      expect(progress.text).toContain(`href="${queued.location}">Check progress again`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      progress = await w.browser.request('GET', queued.location!);
    }
    expect(progress.text).toContain('<span role="status">Done</span>');
    expect(progress.text).not.toContain('Check progress again');
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?page_size=1`)).pagination.total_count).toBe(before + 63);
  });

  it('a transfer posted once however often the form is sent; one refused in the API\'s words beside its field', async () => {
    const w = await bankingWorld();
    const savings = (await call('POST', '/api/v1/bank-feeds/accounts', { key: w.books.key, body: { name: 'Savings', kind: 'bank' } })).body.data.id as string;
    // A line's Categorize list offers no bank or cash account (the API refuses them: a transfer is matched instead).
    const categorize = /<select[^>]*name="account_id"[^>]*>([\s\S]*?)<\/select>/.exec((await w.browser.request('GET', `/dashboard/banking/lines/${w.lines[2]}`)).text)![1]!;
    expect(categorize).toContain('5000');
    for (const cash of [savings, w.bank]) expect(categorize).not.toContain(`value="${cash}"`);
    const page = await w.browser.request('GET', '/dashboard/banking/transfers/new');
    expect(page.status).toBe(200);
    const hidden = formFields(page.text).hidden;
    expect(hidden.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    const entries = async () => (await w.get('/api/v1/journal-entries?page_size=1')).pagination.total_count as number;
    const before = await entries();
    const fields = { ...hidden, from_account_id: w.bank, to_account_id: savings, date: '2026-04-02', amount: '40', reference: 'Set aside' };
    const posted = await w.browser.request('POST', '/dashboard/banking/transfers', fields);
    expect(posted.status, posted.text.slice(0, 300)).toBe(303);
    expect(posted.location).toBe('/dashboard/banking?notice=transfer_posted');
    expect((await w.browser.request('POST', '/dashboard/banking/transfers', fields)).status).toBe(303);
    expect(await entries()).toBe(before + 1);

    const same = await w.browser.request('POST', '/dashboard/banking/transfers', { ...fields, idempotency_key: crypto.randomUUID(), to_account_id: w.bank });
    const api = await call('POST', '/api/v1/bank-feeds/transfers', { key: w.books.key, body: { from_account_id: w.bank, to_account_id: w.bank, date: '2026-04-02', amount: 40, reference: 'Set aside' } });
    expect([same.status, api.status]).toEqual([400, 400]);
    const problem = (api.body.details as { field: string; message: string }[])[0]!;
    expect(new RegExp(`id="field-${problem.field.replace(/[^A-Za-z0-9_-]/g, '-')}-error">([^<]*)<`).exec(same.text)?.[1]).toBe(problem.message);
    expect(await entries()).toBe(before + 1);
  });

  it('bank rules: one added from the form and listed, a refused one kept as typed with the API\'s words, one deleted; a viewer reads the list without the form', async () => {
    const w = await bankingWorld();
    const page = await w.browser.request('GET', '/dashboard/banking/rules');
    expect(page.status).toBe(200);
    const csrf = formFields(page.text).hidden.csrf!;
    const expenses = ((await w.get('/api/v1/accounts')) as { id: string; code: string }[]).find((account) => account.code === '5000')!.id;
    const rule = { csrf, name: 'Bank fees', priority: '10', 'conditions[0].field': 'description', 'conditions[0].operator': 'contains', 'conditions[0].value': '', 'conditions[1].field': 'description', 'conditions[1].operator': 'contains', 'conditions[1].value': 'fee', action: 'categorize', 'action.categorize.account_id': expenses };
    const added = await w.browser.request('POST', '/dashboard/banking/rules', rule);
    expect(added.status, added.text.slice(0, 300)).toBe(303);
    const rules = (await w.get('/api/v1/bank-feeds/rules')).items as { id: string; conditions: unknown[]; action: unknown }[];
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ conditions: [{ field: 'description', operator: 'contains', value: 'fee' }], action: { categorize: { account_id: expenses } } });
    const listed = await w.browser.request('GET', '/dashboard/banking/rules');
    expect(listed.text).toContain('description contains &quot;fee&quot;');

    const refused = await w.browser.request('POST', '/dashboard/banking/rules', { ...rule, name: 'Refused', 'conditions[1].field': 'amount', 'conditions[1].value': 'ten' });
    const api = await call('POST', '/api/v1/bank-feeds/rules', { key: w.books.key, body: { name: 'Refused', priority: 10, conditions: [{ field: 'amount', operator: 'contains', value: 'ten' }], action: { categorize: { account_id: expenses } } } });
    expect([refused.status, api.status]).toEqual([400, 400]);
    const problem = (api.body.details as { field: string; message: string }[])[0]!;
    expect(problem.field).toMatch(/^conditions\[0\]/);
    const onForm = problem.field.replace('conditions[0]', 'conditions[1]');
    expect(new RegExp(`id="${onForm.replace(/[[\].]/g, '\\$&')}-error">([^<]*)<`).exec(refused.text)?.[1]).toBe(problem.message);
    expect(refused.text).toMatch(/name="name"[^>]*value="Refused"/);
    expect((await w.get('/api/v1/bank-feeds/rules')).items).toHaveLength(1);

    const viewer = await bankingWorld('viewer');
    const seen = await viewer.browser.request('GET', '/dashboard/banking/rules');
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('Add a rule');
    const remove = /action="(\/dashboard\/banking\/rules\/[^/"]+\/delete)"/.exec(listed.text)![1]!;
    expect((await w.browser.request('POST', remove, { csrf })).status).toBe(303);
    expect((await w.get('/api/v1/bank-feeds/rules')).items).toHaveLength(0);
  });

  it('a new business starts from nothing: its first bank account made on the page, then its first receipt recorded into it', async () => {
    const books = await freshBusiness();
    const post = postingAs(books.key);
    const customer = (await post('/api/v1/customers', { name: uniqueName('First customer') })).id as string;
    const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-03-01', lines: [{ description: 'Work', quantity: 1, unit_price: 40 }] });
    const { createUser } = await import('../../shared/access/members/members.ts');
    const owner = await createUser({ email: `${uniqueName('owner').replace(/\s/g, '-')}@example.test`, name: 'Owner', password: PASSWORD, memberships: [{ business_id: books.id as Id, role: 'owner' }] });
    const browser = new CookieBrowser();
    expect((await browser.signIn(owner.email, PASSWORD, '/dashboard')).status).toBe(303);

    // The receipt form has nowhere to receive into, and says where to make it.
    const stuck = await browser.request('GET', `/dashboard/receipts/new?party_id=${customer}`);
    expect(stuck.text).toContain('href="/dashboard/banking/accounts/new"');
    const empty = await browser.request('GET', '/dashboard/banking');
    expect(empty.text).toContain('No bank or cash accounts yet.');
    expect(empty.text).toContain('href="/dashboard/banking/accounts/new"');

    const form = await browser.request('GET', '/dashboard/banking/accounts/new');
    expect(form.status).toBe(200);
    const csrf = formFor(form.text, '/dashboard/banking/accounts')!.csrf!;
    // Refused as the API refuses it, beside the field, with what was typed kept.
    const refused = await browser.request('POST', '/dashboard/banking/accounts', { csrf, name: 'Current account', kind: 'bank', currency: 'EU', opening_balance: '250' });
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="field-currency-error">[^<]+</);
    expect(refused.text).toMatch(/name="name"[^>]*value="Current account"/);
    const made = await browser.request('POST', '/dashboard/banking/accounts', { csrf, name: 'Current account', kind: 'bank', currency: '', opening_balance: '250', opening_balance_date: '2026-02-28' });
    expect(made.location).toBe('/dashboard/banking?notice=record_created');
    const accounts = (await call('GET', '/api/v1/bank-feeds/accounts', { key: books.key })).body.data.items as { id: string; name: string; kind: string; currency: string }[];
    expect(accounts.map(({ name, kind, currency }) => ({ name, kind, currency }))).toEqual([{ name: 'Current account', kind: 'bank', currency: 'USD' }]);
    expect((await browser.request('GET', '/dashboard/banking?notice=record_created')).text).toContain('Current account');

    // Now the first payment can be recorded into it: opened from the invoice, its amount starts at the balance due.
    const invoicePage = await browser.request('GET', `/dashboard/invoices/${invoice.id}`);
    const opened = /href="(\/dashboard\/receipts\/new\?[^"]+)"/.exec(invoicePage.text)![1]!.replace(/&amp;/g, '&');
    expect(opened).toBe(`/dashboard/receipts/new?party_id=${customer}&document_id=${invoice.id}`);
    const ready = await browser.request('GET', opened);
    expect(ready.text).toContain(`<option value="${accounts[0]!.id}"`);
    expect(ready.text).not.toContain('href="/dashboard/banking/accounts/new"');
    expect(ready.text).toMatch(new RegExp(`id="amount-${invoice.id}"[^>]*value="40"`));
    expect((await browser.request('GET', `/dashboard/receipts/new?party_id=${customer}`)).text).not.toMatch(new RegExp(`id="amount-${invoice.id}"[^>]*value="40"`));
    const hidden = formFor(ready.text, '/dashboard/receipts')!;
    const recorded = await browser.request('POST', '/dashboard/receipts', { ...hidden, document_id: invoice.id, amount: '40', date: '2026-03-02', payment_account_id: accounts[0]!.id, reference: '' });
    expect(recorded.status, recorded.text.slice(0, 300)).toBe(303);
    expect((await call('GET', `/api/v1/invoices/${invoice.id}`, { key: books.key })).body.data).toMatchObject({ status: 'Paid', balance_due: 0 });

    const viewer = await bankingWorld('viewer');
    expect((await viewer.browser.request('GET', '/dashboard/banking/accounts/new')).status).toBe(403);
    expect((await viewer.browser.request('GET', '/dashboard/banking')).text).not.toContain('New bank or cash account');
  });
});
