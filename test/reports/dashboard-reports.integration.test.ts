import { describe, expect, it } from 'vitest';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { CookieBrowser } from '../integration/oauth-flow.ts';
import { signedInTo } from '../integration/dashboard-session.ts';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

const PASSWORD = 'correct horse battery staple 5';

async function reportsWorld() {
  const books = await freshBusiness();
  const post = postingAs(books.key);
  const customer = (await post('/api/v1/customers', { name: '=HYPERLINK("x")' })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Vendor') })).id as string;
  await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-10-10', due_date: '2026-10-20', lines: [{ description: 'October work', quantity: 1, unit_price: 200 }] });
  await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-05', due_date: '2026-12-05', lines: [{ description: 'November work', quantity: 3, unit_price: 150, tax_rate: 10 }] });
  await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-11-07', lines: [{ description: 'Paper', quantity: 1, unit_price: 120 }] });
  const { createUser } = await import('../../shared/access/members/members.ts');
  const user = await createUser({ email: `${uniqueName('viewer').replace(/\s/g, '-')}@example.test`, name: 'Viewer', password: PASSWORD, memberships: [{ business_id: books.id as Id, role: 'viewer' }] });
  const browser = new CookieBrowser();
  expect((await browser.signIn(user.email, PASSWORD, '/dashboard')).status).toBe(303);
  return { books, customer, browser };
}

/** The figures of a row of the report's table, as the page prints them. */
const rowFigures = (page: string, label: string) => {
  const row = new RegExp(`<th scope="row">(?:<a[^>]*>)?${label.replace(/[()]/g, '\\$&')}(?:</a>)?</th>((?:<td class="num">[^<]*</td>)+)`).exec(page)?.[1] ?? '';
  return [...row.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((match) => match[1]);
};

describe('the overview', () => {
  it('lists the five newest invoices, newest first, whatever the order they were written in', async () => {
    const books = await freshBusiness();
    const post = postingAs(books.key);
    const customer = (await post('/api/v1/customers', { name: uniqueName('Recent customer') })).id as string;
    const dates = ['2026-03-09', '2026-01-02', '2026-07-21', '2026-05-15', '2026-02-11', '2026-07-03', '2026-04-30'];
    const numbers = new Map<string, string>();
    for (const date of dates) numbers.set(date, (await post('/api/v1/invoices', { customer_id: customer, invoice_date: date, lines: [{ description: 'Bread', quantity: 1, unit_price: 10 }] })).no as string);
    const page = (await (await signedInTo(books.id, 'viewer')).request('GET', '/dashboard')).text;
    const recent = page.slice(page.indexOf('Recent invoices'), page.indexOf('</section>', page.indexOf('Recent invoices')));
    const listed = [...recent.matchAll(/>((?:INV)-\d{5})</g)].map((match) => match[1]);
    expect(listed).toEqual(['2026-07-21', '2026-07-03', '2026-05-15', '2026-04-30', '2026-03-09'].map((date) => numbers.get(date)));
  });
});

describe('dashboard reports', () => {
  it('profit and loss for a month beside the month before, as the API counts it; the chart is an image with a title, a description and its figures; the CSV carries the same table', async () => {
    const w = await reportsWorld();
    const index = await w.browser.request('GET', '/dashboard/reports');
    expect(index.text).toContain('href="/dashboard/reports/profit-and-loss"');
    const page = await w.browser.request('GET', '/dashboard/reports/profit-and-loss?period=custom&from=2026-11-01&to=2026-11-30');
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    const api = (path: string) => call('GET', path, { key: w.books.key }).then((answer) => answer.body.data);
    const november = await api('/api/v1/reports/profit-and-loss?from=2026-11-01&to=2026-11-30');
    const october = await api('/api/v1/reports/profit-and-loss?from=2026-10-01&to=2026-10-31');
    expect(november.base.net_profit).toBe(330);
    expect(rowFigures(page.text, 'Net profit')).toEqual([`$${november.base.net_profit}.00`, `$${october.base.net_profit}.00`]);
    expect(rowFigures(page.text, 'Total income')).toEqual(['$450.00', '$200.00']);
    expect(page.text).toContain('<th class="num" scope="col">2026-10-01 to 2026-10-31</th>');
    expect(page.text).toMatch(/<svg class="chart"[^>]*role="img"[^>]*aria-labelledby="chart-profit-and-loss-title chart-profit-and-loss-desc"/);
    expect(page.text).toContain('<title id="chart-profit-and-loss-title">Income, expenses and net profit in USD</title>');
    expect(page.text).toContain('income 450, expenses 120, net profit 330');

    const csv = await w.browser.request('GET', '/dashboard/reports/profit-and-loss?period=custom&from=2026-11-01&to=2026-11-30&view=base&format=csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="profit-and-loss-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('Account,2026-11-01 to 2026-11-30,2026-10-01 to 2026-10-31');
    expect(lines).toContain('Net profit,330.00,200.00');
  });

  it('the profit and loss switches between the accrual and the cash basis, keeping the period, and shows which one it is', async () => {
    const w = await reportsWorld();
    const bank = (await call('POST', '/api/v1/bank-feeds/accounts', { key: w.books.key, body: { name: 'Till', kind: 'cash' } })).body.data.id;
    const invoices = (await call('GET', `/api/v1/invoices?customer_id=${w.customer}`, { key: w.books.key })).body.data.items as { id: string; total: number; invoice_date: string }[];
    const november = invoices.find((invoice) => invoice.invoice_date === '2026-11-05')!;
    // Half of November's 450 + 45 tax is paid: 225 of its income on the cash basis; nothing else is settled.
    expect((await call('POST', '/api/v1/receipts', { key: w.books.key, body: { party_id: w.customer, date: '2026-11-20', payment_account_id: bank, allocations: [{ document_id: november.id, amount: 247.5 }] } })).status).toBe(201);
    const accrual = await w.browser.request('GET', '/dashboard/reports/profit-and-loss?period=custom&from=2026-11-01&to=2026-11-30');
    expect(accrual.text).toMatch(/<option value="accrual" selected[^>]*>/);
    expect(rowFigures(accrual.text, 'Net profit')).toEqual(['$330.00', '$200.00']);
    expect(accrual.text).toContain('href="/dashboard/reports/profit-and-loss?period=custom&amp;from=2026-11-01&amp;to=2026-11-30&amp;view=base&amp;format=csv"');
    const cash = await w.browser.request('GET', '/dashboard/reports/profit-and-loss?period=custom&from=2026-11-01&to=2026-11-30&basis=cash');
    expect(cash.status).toBe(200);
    expect(cash.text).toMatch(/<option value="cash" selected[^>]*>/);
    expect(cash.text).toContain('Profit and loss, 2026-11-01 to 2026-11-30, in USD, cash basis');
    expect(rowFigures(cash.text, 'Total income')).toEqual(['$225.00', '$0.00']);
    expect(rowFigures(cash.text, 'Net profit')).toEqual(['$225.00', '$0.00']);
    expect(cash.text).toContain('href="/dashboard/reports/profit-and-loss?period=custom&amp;from=2026-11-01&amp;to=2026-11-30&amp;view=base&amp;basis=cash&amp;format=csv"');
    const csv = await w.browser.request('GET', '/dashboard/reports/profit-and-loss?period=custom&from=2026-11-01&to=2026-11-30&view=base&basis=cash&format=csv');
    expect(csv.text.split('\r\n')).toContain('Net profit,225.00,0.00');
    const unknown = await w.browser.request('GET', '/dashboard/reports/profit-and-loss?basis=cashflow');
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('basis: must be accrual or cash');
  });

  it('balance sheet and trial balance agree with the API; aged receivables lead to the customer\'s invoices, and a name a spreadsheet would run stays text in the CSV', async () => {
    const w = await reportsWorld();
    const api = (path: string) => call('GET', path, { key: w.books.key }).then((answer) => answer.body.data);
    const sheet = await w.browser.request('GET', '/dashboard/reports/balance-sheet?period=custom&from=2026-11-01&to=2026-11-30');
    const atEnd = await api('/api/v1/reports/balance-sheet?as_of=2026-11-30');
    expect(rowFigures(sheet.text, 'Total assets')[0]).toBe(`$${atEnd.base.total_assets.toFixed(2)}`);

    const trial = await w.browser.request('GET', '/dashboard/reports/trial-balance?as_of=2026-11-30');
    const tb = await api('/api/v1/reports/trial-balance?as_of=2026-11-30');
    expect(rowFigures(trial.text, 'Totals')).toEqual([`$${tb.base.total_debit.toFixed(2)}`, `$${tb.base.total_credit.toFixed(2)}`]);

    const aged = await w.browser.request('GET', '/dashboard/reports/aged-receivables?as_of=2026-11-24');
    expect(aged.text).toContain(`href="/dashboard/invoices?customer_id=${w.customer}"`);
    const csv = await w.browser.request('GET', '/dashboard/reports/aged-receivables?as_of=2026-11-24&format=csv');
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('refuses a period it cannot read (400, naming the field) and another currency\'s view shows that currency\'s block', async () => {
    const w = await reportsWorld();
    expect((await w.browser.request('GET', '/dashboard/reports/profit-and-loss?period=someday')).status).toBe(400);
    const noEnd = await w.browser.request('GET', '/dashboard/reports/profit-and-loss?period=custom&from=2026-11-01');
    expect(noEnd.status).toBe(400);
    expect(noEnd.text).toContain('to: is required for custom dates');
    await call('POST', '/api/v1/exchange-rates', { key: w.books.key, body: { currency: 'EUR', date: '2026-11-01', rate: 1.1 } });
    const eurCustomer = (await call('POST', '/api/v1/customers', { key: w.books.key, body: { name: 'Euro client', currency: 'EUR' } })).body.data.id;
    await call('POST', '/api/v1/invoices', { key: w.books.key, body: { customer_id: eurCustomer, invoice_date: '2026-11-12', lines: [{ description: 'In euros', quantity: 1, unit_price: 100 }] } });
    const base = await w.browser.request('GET', '/dashboard/reports/profit-and-loss?period=custom&from=2026-11-01&to=2026-11-30');
    expect(base.text).toContain('href="/dashboard/reports/profit-and-loss?period=custom&amp;from=2026-11-01&amp;to=2026-11-30&amp;view=EUR"');
    expect(rowFigures(base.text, 'Total income')[0]).toBe('$560.00');
    const euros = await w.browser.request('GET', '/dashboard/reports/profit-and-loss?period=custom&from=2026-11-01&to=2026-11-30&view=EUR');
    expect(rowFigures(euros.text, 'Total income')[0]).toBe('€100.00');
  });
  it('the general ledger opens from an account of the trial balance and the chart, lists its postings with a running balance as the API does, and refuses a bad date', async () => {
    const w = await reportsWorld();
    const accounts = (await call('GET', '/api/v1/accounts', { key: w.books.key })).body.data as { id: string; system_role: string | null }[];
    const receivable = accounts.find((account) => account.system_role === 'accounts_receivable')!.id;
    const trial = await w.browser.request('GET', '/dashboard/reports/trial-balance?as_of=2026-11-30');
    expect(trial.text).toContain(`href="/dashboard/reports/general-ledger?account_id=${receivable}&amp;to=2026-11-30"`);
    expect((await w.browser.request('GET', '/dashboard/accounts')).text).toContain(`href="/dashboard/reports/general-ledger?account_id=${receivable}"`);
    const path = `/dashboard/reports/general-ledger?account_id=${receivable}&from=2026-10-01&to=2026-11-30`;
    // Another actor's writes (the API key's): the page follows the projector's lag, which a loaded machine stretches past seconds.
    expect(await eventually(async () => (await w.browser.request('GET', path)).text.includes('closing balance $695.00'), STREAM_LAG_MS)).toBe(true);
    const page = await w.browser.request('GET', path);
    expect(page.status).toBe(200);
    // October's 200, then November's 450 with 45 of tax: 695 owed, as the API's report and the trial balance say.
    const balances = [...page.text.matchAll(/<td class="num">(\$[0-9,.]+)<\/td><td>[^<]*<\/td><\/tr>/g)].map((match) => match[1]);
    expect(balances).toEqual(['$200.00', '$695.00']);
    expect(page.text).toContain('closing balance $695.00');
    expect(page.text).toMatch(/<a href="\/dashboard\/invoices\/[0-9a-f-]+">INV-00001<\/a>/);
    expect((await w.browser.request('GET', '/dashboard/reports/general-ledger')).text).toContain('<select id="account_id" name="account_id">');
    expect((await w.browser.request('GET', `/dashboard/reports/general-ledger?account_id=${receivable}&from=2026-13-01`)).status).toBe(400);
  });
});
