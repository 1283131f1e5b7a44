import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/domain/ids.ts';
import { CookieBrowser, formFields } from './oauth-flow.ts';
import { call, freshBusiness, postingAs, uniqueName } from './support.ts';

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
  const { createUser } = await import('../../shared/members/members.ts');
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
    const viewerCsrf = formFields(page.text).hidden.csrf!;
    expect((await viewer.browser.request('POST', `/dashboard/banking/lines/${deposit}/match`, { csrf: viewerCsrf, kind: 'receipt', id: viewer.receipt.id })).status).toBe(403);
  });
});
