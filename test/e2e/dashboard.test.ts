import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshBusiness, runtime, uniqueName } from '../integration/support.ts';
import { startReceiver } from '../integration/receiver.ts';

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = join(import.meta.dirname, '../../test-results/dashboard');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'correct horse battery staple 42';

let browser: Browser;
let main: Awaited<ReturnType<typeof freshBusiness>> & { name: string };
let other: Awaited<ReturnType<typeof freshBusiness>> & { name: string };
const users = { owner: '', accountant: '', viewer: '' };
const books = { customer: '', vendor: '', bank: '', invoice: '', invoiceNo: '', second: '', bill: '', draft: '', department: '' };

async function api(method: string, path: string, body?: unknown) {
  const answer = await call(method, path, { key: main.key, body });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body.data;
}

beforeAll(async () => {
  main = { ...(await freshBusiness({ options: ['webhooks'] })), name: '' };
  other = { ...(await freshBusiness()), name: '' };
  const { getBusiness } = await import('../../shared/access/businesses/businesses.ts');
  main.name = (await getBusiness(main.id as never)).name;
  other.name = (await getBusiness(other.id as never)).name;
  const { createUser } = await import('../../shared/access/members/members.ts');
  const person = async (role: 'owner' | 'accountant' | 'viewer', extra: { business_id: never; role: 'owner' }[] = []) =>
    (await createUser({ email: `${uniqueName(role).replace(' ', '-')}@example.test`, name: role, password: PASSWORD, memberships: [{ business_id: main.id as never, role }, ...extra] })).email;
  users.owner = await person('owner', [{ business_id: other.id as never, role: 'owner' }]);
  users.accountant = await person('accountant');
  users.viewer = await person('viewer');

  books.customer = (await api('POST', '/api/v1/customers', { name: 'Bright <Shop> & Co' })).id;
  books.vendor = (await api('POST', '/api/v1/vendors', { name: 'Paper Supplies' })).id;
  books.bank = (await api('POST', '/api/v1/bank-feeds/accounts', { name: 'Operating account', kind: 'bank' })).id;
  const invoice = await api('POST', '/api/v1/invoices', { customer_id: books.customer, invoice_date: '2026-10-01', due_date: '2026-10-31', lines: [{ description: 'Design work', quantity: 3, unit_price: 100, tax_rate: 10 }] });
  books.invoice = invoice.id;
  books.invoiceNo = invoice.no;
  // A department for the second invoice's line: the tracking settings and the profit and loss by it have something to show.
  const department = await api('POST', '/api/v1/tracking-categories', { name: 'Department', options: [{ name: 'Studio' }, { name: 'Print shop' }] });
  books.department = department.id;
  books.second = (await api('POST', '/api/v1/invoices', { customer_id: books.customer, invoice_date: '2026-11-02', due_date: '2026-12-02', lines: [{ description: 'Retainer', quantity: 1, unit_price: 80, tracking: [{ category_id: department.id, option_id: department.options[0].id }] }] })).id;
  books.bill = (await api('POST', '/api/v1/bills', { vendor_id: books.vendor, bill_date: '2026-11-01', due_date: '2026-11-15', lines: [{ description: 'Paper', quantity: 10, unit_price: 4.5 }] })).id;
  // A bill saved as a draft: it posts nothing, so no list or figure of the other tests sees it.
  books.draft = (await api('POST', '/api/v1/bills', { status: 'draft', vendor_id: books.vendor, bill_date: '2026-11-20', lines: [{ description: 'Toner', quantity: 2, unit_price: 35 }] })).id;

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

/** A browser context with JavaScript off: every flow must work as plain links and forms. */
async function signedIn(email: string, options: { width?: number; javaScript?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScript ?? false, baseURL: runtime.baseUrl, viewport: { width: options.width ?? 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto('/dashboard');
  expect(page.url()).toContain('/oauth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
  return { context, page };
}

/** A full-page screenshot; chromium under load sometimes refuses one ("Unable to capture screenshot"), so it is asked again. */
async function shot(page: Page, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('Unable to capture screenshot')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The widths every page is checked at: a laptop's and a phone's (issue 52: zero violations at both). */
const AXE_WIDTHS = [1280, 390] as const;

/** axe-core over the page as served, at each width (a second context with scripts on, CSP bypassed only for the checker). */
async function expectAccessible(context: BrowserContext, path: string) {
  for (const width of AXE_WIDTHS) {
    const checker = await browser.newContext({ bypassCSP: true, baseURL: runtime.baseUrl, storageState: await context.storageState(), viewport: { width, height: 900 } });
    const page = await checker.newPage();
    await page.goto(path);
    await page.addScriptTag({ content: AXE });
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: { run: (options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run({ runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
      return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    });
    await checker.close();
    expect(violations, `${path} at ${width} px`).toEqual([]);
  }
}

/** From the navigation to a list, its "New …" editor: a party chosen and one line of quantity 1 written, then created. */
async function writeInEditor(page: Page, document: { section: string; list: string; noun: string; party: readonly [label: string, id: string]; line: readonly [description: string, unitPrice: string] }) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: document.section }).click();
  await page.getByRole('navigation', { name: document.section }).getByRole('link', { name: document.list }).click();
  await page.getByRole('link', { name: `New ${document.noun}` }).click();
  await page.getByLabel(document.party[0], { exact: true }).selectOption(document.party[1]);
  await page.getByLabel('Line 1 description').fill(document.line[0]);
  await page.getByLabel('Line 1 quantity').fill('1');
  await page.getByLabel('Line 1 unit price').fill(document.line[1]);
  await page.getByRole('button', { name: `Create ${document.noun}` }).click();
}

/** Whether a page is wider than a phone's screen (its tables scroll inside themselves instead). */
async function overflowOnPhone(context: BrowserContext, path: string): Promise<boolean> {
  const phone = await browser.newContext({ baseURL: runtime.baseUrl, viewport: { width: 390, height: 844 }, storageState: await context.storageState() });
  const page = await phone.newPage();
  await page.goto(path);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  await phone.close();
  return overflow;
}

describe('the dashboard in a real browser, without JavaScript', () => {
  it('overview: receivables and payables by age, bank accounts, recent documents; every page passes axe', async () => {
    const { context, page } = await signedIn(users.owner);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Overview');
    const receivables = page.locator('section', { has: page.getByRole('heading', { name: 'Receivables' }) });
    expect(await receivables.textContent()).toContain('$330.00');
    expect(await page.getByRole('region', { name: 'Bank and cash accounts' }).textContent()).toContain('Operating account');
    expect(await page.getByRole('region', { name: 'Recent invoices' }).textContent()).toContain(books.invoiceNo);
    // The CSP allows no inline style or script; the one stylesheet is loaded from the service.
    const response = await page.request.get('/dashboard');
    expect(response.headers()['content-security-policy']).toMatch(/style-src 'self'/);
    expect(response.headers()['content-security-policy']).not.toContain('unsafe-inline');
    await shot(page, 'overview');
    for (const [path, name] of [['/dashboard/settings/business', 'settings-business'], ['/dashboard/settings/exchange-rates', 'settings-exchange-rates'], [`/dashboard/invoices/${books.invoice}`, 'invoice-actions'], ['/dashboard/settings/audit-log', 'settings-audit-log'], ['/dashboard/settings/tax-rates', 'settings-tax-rates'], ['/dashboard/reports/tax-summary?period=custom&from=2026-10-01&to=2026-10-31', 'report-tax-summary'], ['/dashboard/banking/accounts/new', 'banking-account-new'], ['/dashboard/journals/new', 'journal-new'], [`/dashboard/bills/${books.draft}`, 'bill-draft'], ['/dashboard/bills/e-invoice', 'bill-e-invoice-import'], ['/dashboard/settings/tracking', 'settings-tracking'], [`/dashboard/reports/profit-and-loss?period=custom&from=2026-10-01&to=2026-11-30&tracking_category_id=${books.department}`, 'report-profit-by-department']] as const) {
      await page.goto(path);
      await shot(page, name);
    }
    for (const path of ['/dashboard', '/dashboard/invoices', `/dashboard/invoices/${books.invoice}`, '/dashboard/bills', '/dashboard/customers', `/dashboard/receipts/new?party_id=${books.customer}`, '/dashboard/settings/webhooks', '/dashboard/settings/api-keys', '/dashboard/settings/connected-apps', '/dashboard/settings/payout-rails', '/dashboard/settings/reminders', '/dashboard/businesses', '/dashboard/settings/business', '/dashboard/settings/lock-date', '/dashboard/settings/exchange-rates', '/dashboard/settings/members', '/dashboard/settings/audit-log', '/dashboard/settings/tax-rates', '/dashboard/reports/tax-summary?period=custom&from=2026-10-01&to=2026-10-31', '/dashboard/recurring-invoices', '/dashboard/bills/new', '/dashboard/credit-notes/new', '/dashboard/estimates/new', `/dashboard/invoices/${books.invoice}/link`, '/dashboard/banking/accounts/new', '/dashboard/journals/new', `/dashboard/bills/${books.draft}`, '/dashboard/bills/e-invoice', '/dashboard/settings/tracking', `/dashboard/reports/profit-and-loss?period=custom&from=2026-10-01&to=2026-11-30&tracking_category_id=${books.department}`]) {
      // About 2 s a page and width in Debian's chromium: 30 pages at two widths take two minutes, so this test has seven.
      await expectAccessible(context, path);
    }
    await context.close();
  }, 420_000);

  it('invoices: filter by customer and status, open one, see its lines, totals and journal, and void another', async () => {
    const { context, page } = await signedIn(users.owner);
    // The Sales group opens on its first page, the invoices.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sales' }).click();
    await page.getByLabel('Customer').selectOption({ label: 'Bright <Shop> & Co' });
    await page.getByLabel('Status').selectOption('Open');
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(page.url()).toContain(`customer_id=${books.customer}`);
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    await shot(page, 'invoices');
    await page.getByRole('link', { name: books.invoiceNo }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Invoice ${books.invoiceNo}`);
    const text = (await page.locator('main').textContent()) ?? '';
    for (const expected of ['Design work', '$300.00', '$30.00', '$330.00', 'Accounts receivable', 'Sales revenue', 'Bright <Shop> & Co']) expect(text).toContain(expected);
    await shot(page, 'invoice');

    await page.goto(`/dashboard/invoices/${books.second}`);
    // The void button asks first: the invoice, the day its reversal is booked, and a way back that changes nothing.
    await page.getByRole('button', { name: 'Void invoice' }).click();
    await page.waitForURL(/\/dashboard\/invoices\/[0-9a-f-]{36}\/void\?void_date=$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Void invoice INV-\d+\?$/);
    expect((await call('GET', `/api/v1/invoices/${books.second}`, { key: main.key })).body.data.status).not.toBe('Voided');
    await shot(page, 'void-confirmation');
    await expectAccessible(context, new URL(page.url()).pathname);
    await page.getByRole('button', { name: /^Void invoice INV-/ }).click();
    await page.waitForURL(/notice=voided/);
    expect(await page.getByRole('status').textContent()).toContain('Voided');
    expect(await page.locator('dl.facts').first().textContent()).toContain('Voided');
    expect(await page.getByRole('button', { name: 'Void invoice' }).count()).toBe(0);
    expect((await call('GET', `/api/v1/invoices/${books.second}`, { key: main.key })).body.data.status).toBe('Voided');
    await context.close();
  });

  it('records a receipt against the open invoice through the form; a double submit posts once', async () => {
    const { context, page } = await signedIn(users.owner);
    await page.goto(`/dashboard/invoices/${books.invoice}`);
    await page.getByRole('link', { name: 'Record a receipt' }).click();
    expect(await page.getByLabel('Customer').inputValue()).toBe(books.customer);
    // More than the balance: refused, nothing posted, the form comes back as typed with the reason.
    await page.getByLabel(`Amount for ${books.invoiceNo}`).fill('9999');
    await page.getByLabel('Reference (optional)').fill('Too much');
    await page.getByRole('button', { name: 'Record a receipt' }).click();
    expect(await page.getByRole('alert').textContent()).toContain(`Amount for ${books.invoiceNo}: exceeds the balance due`);
    expect(await page.getByRole('navigation', { name: 'Sections' }).locator('a[aria-current=page]').textContent()).toBe('Sales');
    expect(await page.getByRole('navigation', { name: 'Sales' }).locator('a[aria-current=page]').textContent()).toBe('Record receipt');
    expect(await page.getByLabel(`Amount for ${books.invoiceNo}`).inputValue()).toBe('9999');
    expect(await page.getByLabel('Reference (optional)').inputValue()).toBe('Too much');
    await shot(page, 'record-receipt-refused');
    expect((await call('GET', `/api/v1/invoices/${books.invoice}`, { key: main.key })).body.data.amount_paid).toBe(0);
    await page.getByLabel(`Amount for ${books.invoiceNo}`).fill('130');
    await page.getByLabel('Received into').selectOption({ label: 'Operating account (USD)' });
    await page.getByLabel('Reference (optional)').fill('Bank transfer 881');
    await shot(page, 'record-receipt');
    // The same form posted twice (a double click, a resubmit): its idempotency key makes the second a replay.
    const form = page.locator('form[action="/dashboard/receipts"]');
    const hidden = Object.fromEntries(await Promise.all(['csrf', 'idempotency_key', 'party_id', 'document_id'].map(async (name) => [name, await form.locator(`input[name="${name}"]`).first().getAttribute('value')])));
    const date = await page.getByLabel('Date').inputValue();
    const body = new URLSearchParams({ ...(hidden as Record<string, string>), amount: '130', date, payment_account_id: books.bank, reference: 'Bank transfer 881' }).toString();
    const twice = await Promise.all([1, 2].map(() => page.request.post('/dashboard/receipts', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: body, maxRedirects: 0 })));
    expect(twice.map((answer) => answer.status())).toEqual([303, 303]);
    expect(twice[0]!.headers().location).toBe(twice[1]!.headers().location);
    await page.getByRole('button', { name: 'Record a receipt' }).click();
    await page.waitForURL(/notice=receipt_recorded/);
    expect(await page.getByRole('status').textContent()).toContain('Receipt recorded');
    const invoice = (await call('GET', `/api/v1/invoices/${books.invoice}`, { key: main.key })).body.data;
    expect(invoice.amount_paid).toBe(130);
    expect(invoice.status).toBe('PartiallyPaid');
    const allocations = page.locator('table', { has: page.locator('caption', { hasText: 'Allocations' }) }).locator('tbody tr');
    expect(await allocations.count()).toBe(1);
    expect(await allocations.textContent()).toContain('$130.00');
    expect((await call('GET', '/api/v1/receipts?page_size=200', { key: main.key })).body.data.items.filter((receipt: { party_id: string }) => receipt.party_id === books.customer)).toHaveLength(1);
    await shot(page, 'invoice-after-receipt');
    await context.close();
  });

  it('webhooks: add an endpoint with the event picker, secret shown once, send a test event, see it delivered, retry it, rotate the secret', async () => {
    const receiver = await startReceiver();
    const { context, page } = await signedIn(users.owner);
    await page.goto('/dashboard/settings/webhooks');
    // A URL the service will not call: the page comes back in the frame with what was typed, the reason beside the
    // URL, and nothing created.
    await page.getByLabel('URL').fill('http://example.com/hooks');
    await page.locator('input[name="events"][value="invoice.created"]').check();
    const refused = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect((await refused).status()).toBe(400);
    expect(await page.locator('#url-error').textContent()).toMatch(/https/);
    expect(await page.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('URL').inputValue()).toBe('http://example.com/hooks');
    expect(await page.locator('input[name="events"][value="invoice.created"]').isChecked()).toBe(true);
    expect(await page.locator('main').textContent()).toContain('No endpoints yet.');
    await shot(page, 'webhook-refused');
    await page.getByLabel('URL').fill(receiver.url);
    await page.locator('input[name="events"][value="bill.paid"]').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.locator('.secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shot(page, 'webhook-created');
    await page.getByRole('link', { name: 'Done' }).click();
    expect(await page.locator('main').textContent()).not.toContain(secret);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.waitForURL(/notice=ping_sent/);
    await expect.poll(() => receiver.types(), { timeout: 15_000 }).toContain('ping');
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator('tbody').textContent();
      }, { timeout: 15_000 })
      .toContain('delivered');
    expect(await page.locator('tbody').textContent()).toMatch(/ping/);
    await shot(page, 'webhook-endpoint');
    await page.getByRole('button', { name: 'Retry' }).first().click();
    await page.waitForURL(/notice=delivery_retried/);
    await expect.poll(() => receiver.types().filter((type) => type === 'ping').length, { timeout: 15_000 }).toBe(2);

    await page.getByLabel('Description (optional)').fill('Books sync');
    await page.getByLabel('Enabled').uncheck();
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.waitForURL(/notice=endpoint_updated/);
    const endpointId = new URL(page.url()).pathname.split('/').pop()!;
    const stored = (await call('GET', `/api/v1/webhooks/endpoints/${endpointId}`, { key: main.key })).body.data;
    expect(stored).toMatchObject({ description: 'Books sync', enabled: false, events: ['invoice.created', 'bill.paid'] });

    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    const rotated = (await page.locator('.secret').textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.goto(`/dashboard/settings/webhooks/${endpointId}`);
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.waitForURL(/notice=endpoint_deleted/);
    expect((await call('GET', `/api/v1/webhooks/endpoints/${endpointId}`, { key: main.key })).status).toBe(404);
    await context.close();
    await receiver.close();
  });

  it('API keys: scope boxes limited to the role, the key shown once and working, then revoked', async () => {
    const { context, page } = await signedIn(users.owner);
    await page.goto('/dashboard/settings/api-keys');
    await page.getByLabel('Name').fill('Dashboard key');
    await page.getByLabel('sales_customers:read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('.secret').textContent()) ?? '';
    expect(key).toMatch(/^ak_/);
    await shot(page, 'api-key-created');
    expect((await call('GET', '/api/v1/customers', { key })).status).toBe(200);
    expect((await call('GET', '/api/v1/invoices', { key })).status).toBe(403);
    await page.getByRole('link', { name: 'Done' }).click();
    const row = page.locator('tr', { hasText: 'Dashboard key' });
    expect(await row.textContent()).not.toContain(key);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.waitForURL(/notice=key_revoked/);
    expect((await call('GET', '/api/v1/customers', { key })).status).toBe(401);
    await shot(page, 'api-keys');
    await context.close();
  });

  it('payout rails and reminders: a rail made with its secret shown once and deleted; the reminder policy saved', async () => {
    const { context, page } = await signedIn(users.owner);
    await page.goto('/dashboard/settings/payout-rails');
    await page.getByLabel('Name').fill('Payouts bank');
    await page.getByLabel('Pays from').selectOption({ label: 'Operating account (USD)' });
    await page.getByRole('button', { name: 'Add payout rail' }).click();
    expect((await page.locator('.secret').textContent()) ?? '').not.toBe('');
    await page.getByRole('link', { name: 'Done' }).click();
    expect(await page.locator('tbody').textContent()).toContain('Payouts bank');
    await shot(page, 'payout-rails');
    await page.locator('tr', { hasText: 'Payouts bank' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/notice=rail_deleted/);
    expect(await page.locator('main').textContent()).not.toContain('Payouts bank');

    await page.goto('/dashboard/settings/reminders');
    await page.getByLabel('Send collections reminders').check();
    await page.getByLabel(/Days after due/).fill('30, 7');
    await page.getByRole('button', { name: 'Save reminders' }).click();
    await page.waitForURL(/notice=reminders_saved/);
    expect((await call('GET', '/api/v1/settings/reminders', { key: main.key })).body.data).toMatchObject({ enabled: true, days_after_due: [7, 30] });
    await page.getByLabel(/Days after due/).fill('0');
    await page.getByRole('button', { name: 'Save reminders' }).click();
    // Refused in the frame: what was typed stays, the reason beside the field naming the entry.
    expect(await page.locator('#days_after_due-error').textContent()).toMatch(/^entry 1 must/);
    expect(await page.getByLabel(/Days after due/).inputValue()).toBe('0');
    expect((await call('GET', '/api/v1/settings/reminders', { key: main.key })).body.data.days_after_due).toEqual([7, 30]);
    await shot(page, 'reminders-refused');
    await context.close();
  });

  it("outbox (the local runtime's): the business's e-mails, newest first, each downloadable as its .eml; another business's are not listed", async () => {
    await api('PATCH', `/api/v1/customers/${books.customer}`, { email: 'shop@example.test' });
    const sent = await api('POST', `/api/v1/invoices/${books.invoice}/send`, { message: 'Your October invoice.' });
    const stranger = await freshBusiness();
    const elsewhere = await call('POST', '/api/v1/customers', { key: stranger.key, body: { name: 'Other customer', email: 'other@example.test' } });
    const otherInvoice = await call('POST', '/api/v1/invoices', { key: stranger.key, body: { customer_id: elsewhere.body.data.id, invoice_date: '2026-11-01', lines: [{ description: 'Elsewhere', quantity: 1, unit_price: 5 }] } });
    const otherSent = await call('POST', `/api/v1/invoices/${otherInvoice.body.data.id}/send`, { key: stranger.key });
    expect(otherSent.status).toBe(202);
    const { context, page } = await signedIn(users.owner);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sales' }).click();
    await page.getByRole('navigation', { name: 'Sales' }).getByRole('link', { name: 'Outbox', exact: true }).click();
    await expect.poll(async () => (await page.reload(), await page.locator('tbody tr').count()), { timeout: 15_000 }).toBe(1);
    const row = page.locator('tbody tr').first();
    expect(await row.textContent()).toContain('shop@example.test');
    expect(await row.textContent()).toContain(`Invoice ${books.invoiceNo} from ${main.name}`);
    expect(await page.locator('main').textContent()).not.toContain('other@example.test');
    await shot(page, 'outbox');
    const link = await row.getByRole('link').getAttribute('href');
    const download = await page.request.get(link!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('message/rfc822');
    expect((await download.text()).replaceAll('\r\n', '\n')).toContain(`Message-ID: <${sent.message_id}>`);
    // Another business's message is not found here, even by its id.
    const otherId = String(otherSent.body.data.message_id).split('@')[0];
    await expect.poll(() => existsSync(join(runtime.mailDir, `${String(otherSent.body.data.message_id).replace('@', '_')}.eml`)), { timeout: 15_000 }).toBe(true);
    expect((await page.request.get(`/dashboard/outbox/${otherId}`)).status()).toBe(404);
    await expectAccessible(context, '/dashboard/outbox');
    await context.close();
  });

  it('the business picker switches between the businesses the user belongs to', async () => {
    const { context, page } = await signedIn(users.owner);
    expect(await page.title()).toContain(main.name);
    await page.getByRole('link', { name: 'Switch business' }).click();
    await page.waitForURL(/\/dashboard\/businesses$/);
    await shot(page, 'businesses');
    await page.getByRole('button', { name: `Open ${other.name}` }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.title()).toContain(other.name);
    expect(await page.getByRole('region', { name: 'Recent invoices' }).textContent()).not.toContain(books.invoiceNo);
    await context.close();
  });

  it('a viewer reads but cannot reach settings or act, and the server refuses what the page hides; on a phone the layout fits', async () => {
    const { context, page } = await signedIn(users.viewer, { width: 390 });
    expect(await page.getByRole('navigation', { name: 'Sections' }).textContent()).toContain('Sales');
    // Inside a group its pages are listed: a viewer's lists, none of the forms that record money.
    await page.goto('/dashboard/invoices');
    expect(await page.getByRole('navigation', { name: 'Sales' }).textContent()).toContain('Invoices');
    expect(await page.getByRole('link', { name: 'Record receipt' }).count()).toBe(0);
    await page.goto('/dashboard/bills');
    expect(await page.getByRole('navigation', { name: 'Purchases' }).textContent()).toContain('Vendors');
    expect(await page.getByRole('link', { name: 'Record payment' }).count()).toBe(0);
    await page.goto(`/dashboard/invoices/${books.invoice}`);
    expect(await page.getByRole('button', { name: 'Void invoice' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Record a receipt' }).count()).toBe(0);
    await shot(page, 'viewer-invoice-phone');
    for (const path of ['/dashboard', '/dashboard/invoices', `/dashboard/invoices/${books.invoice}`]) expect(await overflowOnPhone(context, path), path).toBe(false);
    // On a phone the header is one line (the brand, the business, the Account menu), so the page starts near the top.
    expect((await page.locator('header.top').boundingBox())!.height).toBeLessThanOrEqual(60);
    expect(await page.getByRole('button', { name: 'Sign out', exact: true }).isVisible()).toBe(false);
    await page.locator('details.account summary').click();
    expect(await page.getByRole('button', { name: 'Sign out', exact: true }).isVisible()).toBe(true);
    await shot(page, 'account-menu-phone');
    const csrf = await page.locator('input[name="csrf"]').first().getAttribute('value');
    for (const path of ['/dashboard/settings/webhooks', '/dashboard/settings/api-keys', '/dashboard/settings/payout-rails', '/dashboard/settings/reminders', '/dashboard/receipts/new']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(403);
    }
    expect(await page.locator('main').textContent()).toContain('(viewer) does not allow this page');
    await shot(page, 'viewer-refused');
    const forged = await page.request.post(`/dashboard/invoices/${books.invoice}/void`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: `csrf=${csrf}`, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    expect((await call('GET', `/api/v1/invoices/${books.invoice}`, { key: main.key })).body.data.status).not.toBe('Voided');
    await context.close();

    const accountant = await signedIn(users.accountant);
    await accountant.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sales' }).click();
    expect(await accountant.page.getByRole('navigation', { name: 'Sales' }).textContent()).toContain('Record receipt');
    await shot(accountant.page, 'navigation-sales');
    expect((await accountant.page.goto('/dashboard/settings/webhooks'))?.status()).toBe(403);
    expect((await accountant.page.goto('/dashboard/settings/connected-apps'))?.status()).toBe(200);
    await accountant.context.close();
  });

  it('records: a new customer from the list, a refused form shown in the frame with the errors beside the fields, an item and an account added and edited', async () => {
    const { context, page } = await signedIn(users.owner);
    await page.goto('/dashboard/customers');
    await page.getByRole('link', { name: 'New customer' }).click();
    await page.waitForURL(/\/dashboard\/customers\/new$/);
    await page.getByLabel('Name').fill('Harbour Supplies');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('Country').fill('United Kingdom');
    await page.getByRole('button', { name: 'Create customer' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Please correct the fields marked below.');
    expect(await page.locator('#field-email-error').textContent()).toBe('Enter an e-mail address, such as name@example.com');
    expect(await page.getByLabel('Name').inputValue()).toBe('Harbour Supplies');
    await shot(page, 'customer-refused');
    await page.getByLabel('E-mail').fill('ap@harbour.example');
    await page.getByLabel('Country').fill('GB');
    await page.getByRole('button', { name: 'Create customer' }).click();
    await page.waitForURL(/\/dashboard\/customers\?notice=record_created$/);
    await page.getByRole('link', { name: 'Edit Harbour Supplies' }).click();
    expect(await page.getByLabel('Country').inputValue()).toBe('GB');
    await shot(page, 'customer-edit');

    await page.goto('/dashboard/items/new');
    await page.getByLabel('Name').fill('Consulting hour');
    await page.getByLabel('Type').selectOption('service');
    await page.getByLabel('Sale price').fill('120');
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.waitForURL(/\/dashboard\/items\?notice=record_created$/);
    expect(await page.locator('main').textContent()).toContain('Consulting hour');
    await shot(page, 'items');

    await page.goto('/dashboard/accounts/new');
    await page.getByLabel('Code').fill('6420');
    await page.getByLabel('Name').fill('Software subscriptions');
    await page.getByLabel('Type').selectOption('expense');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/dashboard\/accounts\?notice=record_created$/);
    await page.getByRole('link', { name: 'Edit 6420 Software subscriptions' }).click();
    await page.getByLabel('Name').fill('Software and subscriptions');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(/\/dashboard\/accounts\?notice=record_saved$/);
    expect(await page.locator('main').textContent()).toContain('Software and subscriptions');
    await shot(page, 'accounts');
    for (const path of ['/dashboard/customers/new', '/dashboard/items', '/dashboard/items/new', '/dashboard/accounts', '/dashboard/accounts/new']) await expectAccessible(context, path);
    await context.close();
  });

  it('the invoice editor without JavaScript: more lines, a refused line beside its row, the totals previewed, then posted; on a phone too', async () => {
    const { context, page } = await signedIn(users.owner);
    await page.goto('/dashboard/invoices');
    await page.getByRole('link', { name: 'New invoice' }).click();
    await page.waitForURL(/\/dashboard\/invoices\/new$/);
    await page.getByLabel('Customer', { exact: true }).selectOption(books.customer);
    await page.getByLabel('Due date').fill('2026-12-31');
    await page.getByLabel('Line 1 description').fill('Brand workshop');
    await page.getByLabel('Line 1 quantity').fill('2');
    await page.getByLabel('Line 1 unit price').fill('450');
    await page.getByLabel('Line 1 tax %').fill('20');
    await page.getByRole('button', { name: 'More lines' }).click();
    expect(await page.getByLabel('Line 10 description').count()).toBe(1);
    expect(await page.getByLabel('Line 1 description').inputValue()).toBe('Brand workshop');
    await page.getByLabel('Line 7 description').fill('Travel');
    await page.getByLabel('Line 7 quantity').fill('-1');
    await page.getByLabel('Line 7 unit price').fill('60');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    expect(await page.locator('#line-6-quantity-error').textContent()).toBe('Enter a number above zero');
    await shot(page, 'invoice-editor-refused');
    await page.getByLabel('Line 7 quantity').fill('1');
    await page.getByRole('button', { name: 'Preview totals' }).last().click();
    expect(await page.getByRole('definition').last().textContent()).toBe('USD 1,140.00');
    await shot(page, 'invoice-editor-preview');
    await expectAccessible(context, '/dashboard/invoices/new');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.waitForURL(/\/dashboard\/invoices\/[0-9a-f-]{36}\?notice=document_created$/);
    expect(await page.locator('main').textContent()).toContain('Brand workshop');
    await context.close();

    const phone = await signedIn(users.accountant, { width: 390 });
    await phone.page.goto('/dashboard/invoices/new');
    await phone.page.getByLabel('Customer', { exact: true }).selectOption(books.customer);
    await phone.page.getByLabel('Line 1 description').fill('Phone line');
    await phone.page.getByLabel('Line 1 quantity').fill('1');
    await phone.page.getByLabel('Line 1 unit price').fill('10');
    await phone.page.getByRole('button', { name: 'Preview totals' }).last().click();
    expect(await phone.page.getByRole('definition').last().textContent()).toBe('USD 10.00');
    await shot(phone.page, 'invoice-editor-phone');
    // The page itself fits the phone; the lines' table scrolls sideways inside its own box.
    expect(await overflowOnPhone(phone.context, '/dashboard/invoices/new')).toBe(false);
    await phone.context.close();
  });

  it('the invoice editor with JavaScript on: totals as you type, lines added and removed in place, the customer picker narrowed as you type; the server still decides', async () => {
    const { context, page } = await signedIn(users.owner, { javaScript: true });
    const posts: string[] = [];
    page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())));
    await page.goto('/dashboard/invoices/new');
    await page.getByLabel('Line 1 description').fill('Brand workshop');
    await page.getByLabel('Line 1 quantity').fill('2');
    await page.getByLabel('Line 1 unit price').fill('450');
    await page.getByLabel('Line 1 tax %').fill('20');
    const totals = page.getByRole('definition');
    await expect.poll(() => totals.last().textContent()).toBe('USD 1,080.00');
    expect(await page.locator('#line-0-quantity').locator('xpath=ancestor::tr').locator('td[data-label="Amount"]').textContent()).toBe('USD 900.00');
    await page.getByRole('button', { name: 'More lines' }).click();
    expect(await page.getByLabel('Line 10 description').count()).toBe(1);
    await page.getByLabel('Line 2 description').fill('Mistake');
    await page.getByLabel('Line 2 quantity').fill('1');
    await page.getByLabel('Line 2 unit price').fill('1000');
    await expect.poll(() => totals.last().textContent()).toBe('USD 2,080.00');
    await page.getByRole('button', { name: 'Remove line 2' }).click();
    expect(await page.getByLabel('Line 10 description').count()).toBe(0);
    await expect.poll(() => totals.last().textContent()).toBe('USD 1,080.00');
    expect(posts).toEqual([]);
    // The picker keeps the customers whose names start with what is typed.
    await page.getByLabel('Find a customer by the start of the name').fill('bright');
    const shown = await page.locator('#editor-party_id option:not([hidden])').allTextContents();
    expect(shown.filter((name) => name !== 'Choose a customer')).toEqual(['Bright <Shop> & Co']);
    await page.getByLabel('Customer', { exact: true }).selectOption(books.customer);
    await shot(page, 'invoice-editor-javascript');
    await expectAccessible(context, '/dashboard/invoices/new');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    await page.waitForURL(/\/dashboard\/invoices\/[0-9a-f-]{36}\?notice=document_created$/);
    expect(await page.locator('main').textContent()).toContain('1,080.00');
    await context.close();
  });

  it('reports: the index, profit and loss with its period picker and the period before, a chart with its figures beside it, the CSV; every report passes axe; on a phone too', async () => {
    const { context, page } = await signedIn(users.viewer);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('link', { name: 'Profit and loss' }).click();
    await page.getByLabel('Period', { exact: true }).selectOption('custom');
    await page.getByLabel('From (custom dates)').fill('2026-10-01');
    await page.getByLabel('To (custom dates)').fill('2026-10-31');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/period=custom&from=2026-10-01&to=2026-10-31/);
    expect(await page.getByRole('img', { name: 'Income, expenses and net profit in USD' }).count()).toBe(1);
    const table = page.getByRole('table', { name: /Profit and loss, 2026-10-01 to 2026-10-31/ });
    expect(await table.getByRole('row', { name: /Net profit/ }).textContent()).toContain('$300.00');
    expect(await table.getByRole('columnheader', { name: '2026-09-01 to 2026-09-30' }).count()).toBe(1);
    await shot(page, 'report-profit-and-loss');
    const download = await page.request.get(`${await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')}`);
    expect(download.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await download.text()).toContain('Net profit,300.00,0.00');
    // The same period on the cash basis: the switch keeps the period and says which basis the table shows.
    await page.getByLabel('Basis', { exact: true }).selectOption('cash');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/from=2026-10-01&to=2026-10-31&basis=cash/);
    const cash = page.getByRole('table', { name: 'Profit and loss, 2026-10-01 to 2026-10-31, in USD, cash basis' });
    expect(await cash.getByRole('row', { name: /Net profit/ }).count()).toBe(1);
    await shot(page, 'report-profit-and-loss-cash');
    for (const slug of ['profit-and-loss', 'balance-sheet', 'trial-balance', 'aged-receivables', 'aged-payables']) await expectAccessible(context, `/dashboard/reports/${slug}`);
    await expectAccessible(context, '/dashboard/reports');
    await page.goto('/dashboard/reports/aged-receivables?as_of=2026-11-24');
    await shot(page, 'report-aged-receivables');
    // An account of the trial balance opens its general ledger: its postings with a running balance.
    await page.goto('/dashboard/reports/trial-balance?as_of=2026-12-31');
    await page.getByRole('link', { name: /Accounts receivable/ }).first().click();
    await page.waitForURL(/\/dashboard\/reports\/general-ledger\?account_id=/);
    expect(await page.getByRole('table', { name: /General ledger of Accounts receivable/ }).getByRole('row').count()).toBeGreaterThan(1);
    await shot(page, 'report-general-ledger');
    await expectAccessible(context, new URL(page.url()).pathname + new URL(page.url()).search);
    // A customer's statement, from the customers' list: each currency's postings with a running balance, and the ages.
    await page.goto('/dashboard/customers');
    await page.getByRole('link', { name: /^Statement of / }).first().click();
    await page.waitForURL(/\/dashboard\/customers\/[0-9a-f-]{36}\/statement$/);
    await page.goto(`${new URL(page.url()).pathname}?from=2026-10-01&to=2026-11-30`);
    expect(await page.getByRole('table', { name: /^Postings in / }).first().getByRole('row').count()).toBeGreaterThan(1);
    await shot(page, 'customer-statement');
    await expectAccessible(context, new URL(page.url()).pathname + new URL(page.url()).search);
    expect(await overflowOnPhone(context, '/dashboard/reports/profit-and-loss?period=custom&from=2026-10-01&to=2026-10-31')).toBe(false);
    await context.close();
  });

  it('banking: an account\'s balances, its unmatched lines, one reconciled by categorizing it; every banking page passes axe', async () => {
    // The fee matches nothing; the deposit is an open invoice's amount, so the screen offers it as its best match.
    const deposited = await api('POST', '/api/v1/invoices', { customer_id: books.customer, invoice_date: '2026-11-03', lines: [{ description: 'Rush order', quantity: 1, unit_price: 57.25 }] });
    const added = (await api('POST', `/api/v1/bank-feeds/accounts/${books.bank}/lines`, { lines: [{ date: '2026-11-03', amount: -12, description: 'Card fee' }, { date: '2026-11-04', amount: 57.25, description: 'Rush order deposit' }] })).added as { id: string }[];
    const { context, page } = await signedIn(users.accountant);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Banking' }).click();
    await page.getByRole('link', { name: 'Operating account' }).click();
    await shot(page, 'banking-account');
    await page.getByRole('button', { name: `Match the line of 2026-11-04 for 57.25 to invoice · ${deposited.no} · Bright <Shop> & Co · 2026-11-03` }).click();
    await page.waitForURL(/notice=line_matched$/);
    expect((await api('GET', `/api/v1/invoices/${deposited.id}`)).status).toBe('Paid');
    expect(await page.getByRole('button', { name: /^Match the line of 2026-11-04/ }).count()).toBe(0);
    await page.getByRole('link', { name: /Reconcile the line of 2026-11-03/ }).click();
    await page.waitForURL(new RegExp(`/dashboard/banking/lines/${added[0]!.id}$`));
    await shot(page, 'banking-line');
    await expectAccessible(context, `/dashboard/banking/lines/${added[0]!.id}`);
    expect(await page.getByRole('heading', { name: 'Files' }).count()).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'banking-line-phone');
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.getByLabel('Account').selectOption({ label: '5000 Purchases and expenses' });
    await page.getByRole('button', { name: 'Categorize' }).click();
    await page.waitForURL(/notice=line_categorized/);
    expect(await page.getByRole('status').textContent()).toContain('Line categorized');
    for (const path of ['/dashboard/banking', `/dashboard/banking/${books.bank}`, `/dashboard/banking/${books.bank}?status=categorized`, `/dashboard/banking/${books.bank}?status=postings`]) await expectAccessible(context, path);
    await page.getByRole('link', { name: 'Not on the statement' }).click();
    await page.waitForURL(/status=postings/);
    const unmatched = (await api('GET', `/api/v1/bank-feeds/accounts/${books.bank}/reconciliation`)).unmatched_postings.count as number;
    if (unmatched === 0) await page.getByText('Every posting on this account is matched to a line.').waitFor();
    else expect(await page.getByRole('table', { name: /In the books, not on the statement/ }).getByRole('row').count()).toBe(Math.min(unmatched, 25) + 1);
    await shot(page, 'banking-unmatched-postings');
    await context.close();
  });

  it('credit notes and estimates: one written in the editor opens on its own page; its credit applied to an open invoice and undone; an estimate voided; every page passes axe', async () => {
    const { context, page } = await signedIn(users.accountant);
    await writeInEditor(page, { section: 'Sales', list: 'Credit notes', noun: 'credit note', party: ['Customer', books.customer], line: ['Late delivery', '15'] });
    await page.waitForURL(/\/dashboard\/credit-notes\/[0-9a-f-]{36}\?notice=credit_note_created$/);
    const notePath = new URL(page.url()).pathname;
    expect(await page.getByRole('status').textContent()).toContain('Credit note created');
    await page.getByLabel(/^Amount for INV-/).first().fill('10');
    await page.getByRole('button', { name: 'Apply credit' }).click();
    await page.waitForURL(/notice=credit_applied$/);
    expect(await page.getByRole('table', { name: 'Credit applied to invoices' }).textContent()).toContain('$10.00');
    await shot(page, 'credit-note');
    await expectAccessible(context, notePath);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForURL(/notice=credit_undone$/);
    expect(await page.getByRole('table', { name: 'Credit applied to invoices' }).textContent()).toMatch(/Undone/);
    await expectAccessible(context, '/dashboard/credit-notes');

    const estimate = await api('POST', '/api/v1/estimates', { customer_id: books.customer, date: '2026-11-06', lines: [{ description: 'Phase two', quantity: 1, unit_price: 900 }] });
    await page.goto('/dashboard/estimates');
    await page.getByRole('link', { name: estimate.no }).click();
    expect(await page.locator('main').textContent()).toContain('Phase two');
    await shot(page, 'estimate');
    await expectAccessible(context, `/dashboard/estimates/${estimate.id}`);
    await expectAccessible(context, '/dashboard/estimates');
    await page.getByRole('button', { name: 'Void estimate' }).click();
    await page.getByRole('button', { name: /^Void estimate EST-/ }).click();
    await page.waitForURL(/notice=voided$/);
    expect((await api('GET', `/api/v1/estimates/${estimate.id}`)).status).toBe('Voided');
    await context.close();
  });

  it("vendor credits beside bills: one written in the editor opens on its own page; its credit applied to the vendor's open bill; every page passes axe", async () => {
    const { context, page } = await signedIn(users.accountant);
    await writeInEditor(page, { section: 'Purchases', list: 'Vendor credits', noun: 'vendor credit', party: ['Vendor', books.vendor], line: ['Damaged reams', '5'] });
    await page.waitForURL(/\/dashboard\/vendor-credits\/[0-9a-f-]{36}\?notice=vendor_credit_created$/);
    const creditPath = new URL(page.url()).pathname;
    await page.getByLabel(/^Amount for BILL-/).first().fill('5');
    await page.getByRole('button', { name: 'Apply credit' }).click();
    await page.waitForURL(/notice=vendor_credit_applied$/);
    expect(await page.getByRole('table', { name: 'Credit applied to bills' }).textContent()).toContain('$5.00');
    await shot(page, 'vendor-credit');
    await expectAccessible(context, creditPath);
    await expectAccessible(context, '/dashboard/vendor-credits');
    expect(await overflowOnPhone(context, creditPath)).toBe(false);
    await context.close();
  });

  it('orders, drafts and refunds: a sales order written in the editor and converted, its draft invoice approved; a draft purchase order and a draft journal each changed in its editor and approved; a refund listed, opened and voided after a confirmation; every page passes axe', async () => {
    const { context, page } = await signedIn(users.accountant);
    await writeInEditor(page, { section: 'Sales', list: 'Sales orders', noun: 'sales order', party: ['Customer', books.customer], line: ['Standing order, bread', '64'] });
    await page.waitForURL(/\/dashboard\/sales-orders\/[0-9a-f-]{36}\?notice=sales_order_created$/);
    const orderPath = new URL(page.url()).pathname;
    await shot(page, 'sales-order');
    await expectAccessible(context, orderPath);
    await expectAccessible(context, '/dashboard/sales-orders');
    expect(await overflowOnPhone(context, orderPath)).toBe(false);
    await page.getByRole('button', { name: 'Convert to invoice' }).click();
    await page.waitForURL(/\/dashboard\/invoices\/[0-9a-f-]{36}\?notice=draft_saved$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Draft invoice');
    await page.getByRole('button', { name: 'Approve invoice' }).click();
    await page.waitForURL(/notice=approved$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Invoice INV-\d{5}$/);

    const order = await api('POST', '/api/v1/purchase-orders', { status: 'draft', vendor_id: books.vendor, date: '2026-11-07', lines: [{ description: 'Printer paper, 40 boxes', quantity: 40, unit_price: 21 }] });
    await page.goto('/dashboard/purchase-orders?status=Draft');
    await expectAccessible(context, '/dashboard/purchase-orders?status=Draft');
    await page.getByRole('link', { name: 'Draft', exact: true }).click();
    await page.waitForURL(new RegExp(`/dashboard/purchase-orders/${order.id}$`));
    await shot(page, 'purchase-order-draft');
    await expectAccessible(context, `/dashboard/purchase-orders/${order.id}`);
    // Changed before it is approved: its editor, filled in as saved.
    await page.getByRole('link', { name: 'Edit draft' }).click();
    await page.waitForURL(new RegExp(`/dashboard/purchase-orders/${order.id}/edit$`));
    expect(await page.getByLabel('Line 1 description').inputValue()).toBe('Printer paper, 40 boxes');
    await shot(page, 'purchase-order-draft-edit');
    const laptop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'purchase-order-draft-edit-phone');
    await page.setViewportSize(laptop);
    await expectAccessible(context, `/dashboard/purchase-orders/${order.id}/edit`);
    expect(await overflowOnPhone(context, `/dashboard/purchase-orders/${order.id}/edit`)).toBe(false);
    await page.getByLabel('Line 1 quantity').fill('45');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(new RegExp(`/dashboard/purchase-orders/${order.id}\\?notice=draft_saved$`));
    expect(await api('GET', `/api/v1/purchase-orders/${order.id}`)).toMatchObject({ status: 'Draft', total: 945 });
    await page.getByRole('button', { name: 'Approve purchase order' }).click();
    await page.waitForURL(/notice=approved$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Purchase order PO-\d{5}$/);

    const accounts = (await api('GET', '/api/v1/accounts')) as { id: string; code: string }[];
    const [revenue, costs] = ['4000', '5000'].map((code) => accounts.find((account) => account.code === code)!.id);
    await api('POST', '/api/v1/journals', { status: 'draft', date: '2026-11-08', narration: 'Accrued cleaning', lines: [{ account_id: costs, debit: 45 }, { account_id: revenue, credit: 45 }] });
    await page.goto('/dashboard/journals?status=draft');
    await expectAccessible(context, '/dashboard/journals?status=draft');
    await page.getByRole('link', { name: 'Draft', exact: true }).first().click();
    await shot(page, 'journal-draft');
    const journalPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Edit draft' }).click();
    await page.waitForURL(new RegExp(`${journalPath}/edit$`));
    await expectAccessible(context, `${journalPath}/edit`);
    await page.getByLabel('Narration').fill('Accrued cleaning, November');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(new RegExp(`${journalPath}\\?notice=draft_saved$`));
    expect(await page.getByText('Accrued cleaning, November').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Approve journal' }).click();
    await page.waitForURL(/notice=approved$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Journal MJ-\d{5}$/);

    const note = await api('POST', '/api/v1/credit-notes', { customer_id: books.customer, date: '2026-11-08', lines: [{ description: 'Short delivery', quantity: 1, unit_price: 12 }] });
    const refund = await api('POST', '/api/v1/refunds', { party_id: books.customer, payment_account_id: books.bank, date: '2026-11-09', amount: 12, source: { credit_note_id: note.id } });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sales' }).click();
    await page.getByRole('navigation', { name: 'Sales' }).getByRole('link', { name: 'Refunds' }).click();
    await expectAccessible(context, '/dashboard/refunds');
    await page.getByRole('link', { name: refund.no }).click();
    await shot(page, 'refund');
    await expectAccessible(context, `/dashboard/refunds/${refund.id}`);
    await page.getByRole('button', { name: 'Void refund' }).click();
    await expectAccessible(context, `/dashboard/refunds/${refund.id}/void`);
    await page.getByRole('button', { name: `Void refund ${refund.no}` }).click();
    await page.waitForURL(/notice=voided$/);
    expect((await api('GET', `/api/v1/refunds/${refund.id}`)).status).toBe('Voided');
    await context.close();
  });

  it('banking: a statement file chosen and imported through the form, a queued import\'s progress, a transfer and a bank rule; every new page passes axe', async () => {
    const { context, page } = await signedIn(users.accountant);
    await page.goto(`/dashboard/banking/${books.bank}`);
    await page.getByRole('link', { name: 'Import a statement' }).click();
    await expectAccessible(context, `/dashboard/banking/${books.bank}/import`);
    await page.getByLabel('Statement file').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Amount,Description\n2026-11-04,250.00,Client deposit\n2026-11-05,-19.99,Cloud hosting\n') });
    await shot(page, 'banking-import');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(/notice=statement_imported$/);
    expect(await page.locator('main').textContent()).toContain('Cloud hosting');

    const rows = Array.from({ length: 60 }, (_, row) => `2026-10-${String(1 + (row % 28)).padStart(2, '0')},${row + 1}.00,Sale ${row},S${row}`);
    const queued = await api('POST', `/api/v1/bank-feeds/accounts/${books.bank}/imports`, { format: 'csv', content: `Date,Amount,Text,Id\n${rows.join('\n')}\n`, mapping: { date: 'Date', amount: 'Amount', description: 'Text', external_id: 'Id' } });
    await page.goto(`/dashboard/banking/imports/${queued.id}`);
    await shot(page, 'banking-import-progress');
    await expectAccessible(context, `/dashboard/banking/imports/${queued.id}`);

    const savings = await api('POST', '/api/v1/bank-feeds/accounts', { name: 'Savings account', kind: 'bank' });
    await page.goto('/dashboard/banking');
    await page.getByRole('link', { name: 'New transfer' }).click();
    await expectAccessible(context, '/dashboard/banking/transfers/new');
    await page.getByLabel('To', { exact: true }).selectOption(savings.id);
    await page.getByLabel('Amount').fill('100');
    await page.getByRole('button', { name: 'Post transfer' }).click();
    await page.waitForURL(/notice=transfer_posted$/);
    expect(await page.getByRole('status').textContent()).toContain('Transfer posted');

    await page.getByRole('link', { name: 'Bank rules' }).click();
    await page.getByLabel('Name').fill('Hosting');
    await page.getByLabel('Condition 1: value').fill('hosting');
    await page.getByLabel('Account (to categorize)').selectOption({ label: '5000 Purchases and expenses' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.waitForURL(/notice=rule_added$/);
    expect(await page.getByRole('table', { name: 'Bank rules' }).textContent()).toContain('description contains "hosting"');
    await shot(page, 'banking-rules');
    await expectAccessible(context, '/dashboard/banking/rules');
    await context.close();
  });

  it("a file attached to a bill with the page's plain file input: sent straight to the store, checked, and listed on the bill; the upload's page passes axe", async () => {
    const { context, page } = await signedIn(users.accountant);
    await page.goto(`/dashboard/bills/${books.bill}`);
    await page.getByRole('button', { name: 'Attach a file' }).click();
    await page.waitForURL(/\/dashboard\/uploads\/[0-9a-f-]{36}$/);
    const uploadPath = new URL(page.url()).pathname;
    await expectAccessible(context, uploadPath);
    expect(await overflowOnPhone(context, uploadPath)).toBe(false);
    const receipt = Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'), Buffer.alloc(2048, 0x20)]);
    await page.getByLabel('File').setInputFiles({ name: 'supplier-bill.pdf', mimeType: 'application/pdf', buffer: receipt });
    await shot(page, 'attach-file');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.waitForURL(/notice=file_attached$/);
    expect(await page.getByRole('status').textContent()).toContain('File attached');
    const files = page.getByRole('table', { name: 'Files' });
    expect(await files.textContent()).toContain('supplier-bill.pdf');
    expect(await files.textContent()).toContain('application/pdf');
    await shot(page, 'bill-with-file');
    const download = await page.request.get(await page.getByRole('link', { name: 'supplier-bill.pdf' }).getAttribute('href') as string);
    expect(Buffer.from(await download.body()).equals(receipt)).toBe(true);
    await context.close();
  });

  it('a recurring invoice set up in the editor without JavaScript: its schedule, its lines, its totals previewed; listed after; the editor passes axe', async () => {
    const { context, page } = await signedIn(users.accountant);
    await page.goto('/dashboard/recurring-invoices');
    await page.getByRole('link', { name: 'New recurring invoice' }).click();
    await page.getByLabel('Customer', { exact: true }).selectOption(books.customer);
    await page.getByLabel('First invoice on').fill('2027-01-31');
    await page.getByLabel('Repeats', { exact: true }).selectOption('monthly');
    await page.getByLabel('Or after this many invoices (optional)').fill('12');
    await page.getByLabel('Line 1 description').fill('Monthly support');
    await page.getByLabel('Line 1 quantity').fill('1');
    await page.getByLabel('Line 1 unit price').fill('250');
    await page.getByRole('button', { name: 'Preview totals' }).last().click();
    expect(await page.getByRole('definition').last().textContent()).toBe('USD 250.00');
    await shot(page, 'recurring-editor');
    await expectAccessible(context, '/dashboard/recurring-invoices/new');
    await page.getByRole('button', { name: 'Create recurring invoice' }).click();
    await page.waitForURL(/notice=recurring_created$/);
    expect(await page.getByRole('table', { name: 'Recurring invoices' }).textContent()).toContain('2027-01-31');
    // Changed later: the same editor, its rhythm shown, its lines and end changed.
    await page.getByRole('table', { name: 'Recurring invoices' }).getByRole('link', { name: 'Edit' }).last().click();
    await page.waitForURL(/\/dashboard\/recurring-invoices\/[0-9a-f-]{36}\/edit$/);
    await expectAccessible(context, new URL(page.url()).pathname);
    await page.getByLabel('Line 1 unit price').fill('275');
    await page.getByRole('button', { name: 'Save recurring invoice' }).click();
    await page.waitForURL(/notice=recurring_saved$/);
    await context.close();
  });

  it('a manual journal from the dashboard: the totals counted, then posted; the form passes axe', async () => {
    const { context, page } = await signedIn(users.accountant);
    await page.goto('/dashboard/journals');
    await page.getByRole('link', { name: 'New journal' }).click();
    await page.getByLabel('Narration').fill('Accrued rent');
    await page.getByLabel('Line 1 account').selectOption({ label: '5000 Purchases and expenses' });
    await page.getByLabel('Line 1 debit').fill('250');
    await page.getByLabel('Line 2 account').selectOption({ label: '3000 Opening balance equity' });
    await page.getByLabel('Line 2 credit').fill('250');
    await page.getByRole('button', { name: 'More lines and count the totals' }).click();
    expect(await page.getByRole('definition').last().textContent()).toBe('Yes');
    await shot(page, 'journal-editor');
    await expectAccessible(context, '/dashboard/journals/new');
    await page.getByRole('button', { name: 'Post journal' }).click();
    await page.waitForURL(/\/dashboard\/journals\?notice=journal_posted$/);
    expect(await page.locator('main').textContent()).toContain('Accrued rent');
    await expectAccessible(context, '/dashboard/journals');
    // Its number in the list opens it: its lines as posted, its files and its history.
    await page.getByRole('row', { name: /Accrued rent/ }).getByRole('link').first().click();
    await page.waitForURL(/\/dashboard\/journals\/[0-9a-f-]{36}$/);
    expect(await page.getByRole('table', { name: 'Lines' }).textContent()).toContain('5000 Purchases and expenses');
    expect(await page.getByRole('heading', { name: 'Files' }).count()).toBe(1);
    await shot(page, 'journal');
    await expectAccessible(context, new URL(page.url()).pathname);
    // On a phone its lines table scrolls inside its box; the page itself does not.
    expect(await overflowOnPhone(context, new URL(page.url()).pathname)).toBe(false);
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'journal-phone');
    await context.close();
  });

  it('members: the owner invites a viewer, the e-mail\'s link sets a password, the new viewer signs in and sees only what a viewer may; removed, their open session is refused', async () => {
    const { context, page } = await signedIn(users.owner);
    await page.goto('/dashboard/settings/members');
    await expect.poll(() => page.locator('main').textContent()).toContain(users.accountant);
    const email = `${uniqueName('invitee').replace(' ', '-')}@example.test`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.waitForURL(/notice=member_invited/);
    expect(await page.locator('main').textContent()).toContain(email);
    await shot(page, 'members');
    await expectAccessible(context, '/dashboard/settings/members');

    // The e-mail, as the local runtime wrote it: its link is the only way in.
    const mailFor = () => (existsSync(runtime.mailDir) ? readdirSync(runtime.mailDir).filter((name) => name.endsWith('.json')).map((name) => JSON.parse(readFileSync(join(runtime.mailDir, name), 'utf8')) as { file: string; to: string[] }).find((entry) => entry.to.includes(email)) : undefined);
    await expect.poll(mailFor, { timeout: 15_000 }).toBeDefined();
    const text = readFileSync(join(runtime.mailDir, mailFor()!.file), 'utf8').replace(/=\r?\n/g, '');
    const link = /https?:\/\/[^\s"<>]+\/invitations\/[A-Za-z0-9_-]{43}/.exec(text)![0];

    const invitee = await browser.newContext({ javaScriptEnabled: false, baseURL: runtime.baseUrl, viewport: { width: 1200, height: 900 } });
    const joining = await invitee.newPage();
    await joining.goto(new URL(link).pathname);
    expect(await joining.locator('h1').textContent()).toBe(`Join ${main.name}`);
    await shot(joining, 'invitation');
    await joining.getByLabel('Your name').fill('Vera Viewer');
    await joining.getByLabel('Choose a password').fill(PASSWORD);
    await joining.getByLabel('The password again').fill(PASSWORD);
    await joining.getByRole('button', { name: 'Create my account and join' }).click();
    await joining.waitForURL(/\/dashboard$/);
    // Joined and signed in; signed out, the new password signs the viewer in again.
    await joining.locator('details.account summary').click();
    await joining.getByRole('button', { name: 'Sign out', exact: true }).click();
    await joining.waitForURL(/\/oauth\/sign-in/);
    await joining.goto('/dashboard');
    await joining.getByLabel('Email').fill(email);
    await joining.getByLabel('Password').fill(PASSWORD);
    await joining.getByRole('button', { name: 'Sign in' }).click();
    await joining.waitForURL(/\/dashboard$/);
    expect(await joining.locator('header').textContent()).toContain(`${main.name} (viewer)`);
    expect(await joining.getByRole('navigation', { name: 'Sections' }).textContent()).toContain('Sales');
    await joining.goto('/dashboard/invoices');
    const sales = await joining.getByRole('navigation', { name: 'Sales' }).textContent();
    expect(sales).toContain('Invoices');
    expect(sales).not.toContain('Record receipt');
    expect((await joining.goto('/dashboard/settings/members'))?.status()).toBe(403);
    await joining.goto('/dashboard/invoices');
    expect(await joining.locator('main').textContent()).toContain(books.invoiceNo);
    await shot(joining, 'invited-viewer');

    // The owner removes the new viewer: the session still open in the other browser no longer opens the business.
    await page.goto('/dashboard/settings/members');
    await page.getByRole('row', { name: new RegExp(email) }).getByRole('button', { name: 'Remove' }).click();
    // The removal is shown first, with what ends with it, and happens only when confirmed.
    expect(await page.locator('main').textContent()).toContain('Removing them also ends at once');
    await shot(page, 'member-removal');
    await page.getByRole('button', { name: /and end these$/ }).click();
    await page.waitForURL(/notice=member_removed/);
    expect(await page.locator('main').textContent()).not.toContain(email);
    expect((await joining.goto('/dashboard/invoices'))?.status()).toBe(403);
    await invitee.close();
    await context.close();
  });

  it('a form without the session CSRF token changes nothing, and signing out ends the session', async () => {
    const { context, page } = await signedIn(users.owner);
    const forged = await page.request.post(`/dashboard/invoices/${books.invoice}/void`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'csrf=forged', maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    expect((await call('GET', `/api/v1/invoices/${books.invoice}`, { key: main.key })).body.data.status).not.toBe('Voided');
    // Who is signed in and the ways out sit in the header's Account menu, which opens without JavaScript.
    await page.locator('details.account summary').click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/oauth\/sign-in/);
    const after = await page.request.get('/dashboard', { maxRedirects: 0 });
    expect(after.status()).toBe(302);
    await context.close();
  });
});

describe('a business that starts from nothing, in the dashboard alone', () => {
  /**
   * api.md's dashboard, third paragraph, walked in a real browser from an empty business (no bank account, no
   * customer): JavaScript off, then again with it on. The clicks and typed fields of "invoice a customer and record
   * their payment" are counted as the flow makes them.
   */
  for (const javaScript of [false, true]) {
    it(`creates its bank account, customer and invoice, records and voids a mistaken receipt, imports and reconciles a statement on one screen, and reads its reports (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const empty = await freshBusiness();
      const { createUser } = await import('../../shared/access/members/members.ts');
      const owner = (await createUser({ email: `${uniqueName('starter').replace(' ', '-')}@example.test`, name: 'Starter', password: PASSWORD, memberships: [{ business_id: empty.id as never, role: 'owner' }] })).email;
      const { context, page } = await signedIn(owner, { javaScript });
      const effort = { clicks: 0, typed: 0 };
      const click = async (target: ReturnType<Page['getByRole']>) => {
        effort.clicks++;
        await target.click();
      };
      const type = async (target: ReturnType<Page['getByLabel']>, value: string) => {
        effort.typed++;
        await target.fill(value);
      };
      const choose = async (target: ReturnType<Page['getByLabel']>, option: string | { label: string }) => {
        effort.clicks++;
        await target.selectOption(option);
      };
      const sections = page.getByRole('navigation', { name: 'Sections' });
      const apiOf = async (path: string) => (await call('GET', path, { key: empty.key })).body.data;

      // Its first bank account, from the banking page that says there is none.
      await sections.getByRole('link', { name: 'Banking' }).click();
      expect(await page.locator('main').textContent()).toContain('No bank or cash accounts yet.');
      await page.getByRole('link', { name: 'New bank or cash account' }).first().click();
      await page.getByLabel('Name').fill('Current account');
      await page.getByLabel('Kind').selectOption('bank');
      await page.getByLabel('Opening date').fill('2026-11-01');
      await page.getByRole('button', { name: /^Create/ }).click();
      await page.waitForURL(/notice=record_created$/);

      // Invoice a customer and record their payment: counted from here.
      await click(sections.getByRole('link', { name: 'Sales' }));
      await click(page.getByRole('navigation', { name: 'Sales' }).getByRole('link', { name: 'Customers' }));
      await click(page.getByRole('link', { name: /^New customer/ }));
      await type(page.getByLabel('Name'), 'Harbour Bakery');
      await type(page.getByLabel('Payment terms (days)'), '14');
      await click(page.getByRole('button', { name: 'Create customer' }));
      await page.waitForURL(/notice=record_created/);
      await click(page.getByRole('navigation', { name: 'Sales' }).getByRole('link', { name: 'Invoices' }));
      await click(page.getByRole('link', { name: 'New invoice' }));
      await choose(page.getByLabel('Customer', { exact: true }), { label: 'Harbour Bakery' });
      await type(page.getByLabel('Line 1 description'), 'Sourdough loaves');
      await type(page.getByLabel('Line 1 quantity'), '30');
      await type(page.getByLabel('Line 1 unit price'), '5');
      await type(page.getByLabel('Line 1 tax %'), '10');
      await click(page.getByRole('button', { name: 'Create invoice' }));
      await page.waitForURL(/\/dashboard\/invoices\/[0-9a-f-]{36}\?notice=/);
      const invoiceId = new URL(page.url()).pathname.split('/').pop()!;
      const invoice = await apiOf(`/api/v1/invoices/${invoiceId}`);
      // Payment terms: no due date typed, due 14 days after its date.
      expect(invoice).toMatchObject({ total: 165, balance_due: 165, due_date: new Date(Date.parse(`${invoice.invoice_date}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10) });
      await click(page.getByRole('link', { name: 'Record a receipt' }));
      // The form starts at the balance due, into the one account there is.
      expect(await page.getByLabel(`Amount for ${invoice.no}`).inputValue()).toBe('165');
      await choose(page.getByLabel('Received into'), { label: 'Current account (USD)' });
      await click(page.getByRole('button', { name: 'Record a receipt' }));
      await page.waitForURL(/notice=receipt_recorded/);
      expect((await apiOf(`/api/v1/invoices/${invoiceId}`)).status).toBe('Paid');
      console.log(`invoice a customer and record their payment, JavaScript ${javaScript ? 'on' : 'off'}: ${effort.clicks} clicks, ${effort.typed} typed fields`);
      expect(effort).toEqual({ clicks: 11, typed: 6 });

      // A second, mistaken receipt for the same customer's new invoice: voided after its confirmation.
      const second = (await call('POST', '/api/v1/invoices', { key: empty.key, body: { customer_id: invoice.customer_id, invoice_date: invoice.invoice_date, lines: [{ description: 'Rolls', quantity: 1, unit_price: 40 }] } })).body.data;
      await page.goto(`/dashboard/invoices/${second.id}`);
      await page.getByRole('link', { name: 'Record a receipt' }).click();
      await page.getByLabel('Received into').selectOption({ label: 'Current account (USD)' });
      await page.getByRole('button', { name: 'Record a receipt' }).click();
      await page.waitForURL(/notice=receipt_recorded/);
      await page.getByRole('table', { name: 'Allocations' }).getByRole('link').first().click();
      await page.getByRole('button', { name: 'Void receipt' }).click();
      expect(await page.locator('main').textContent()).toContain('A void cannot be undone');
      await shot(page, `starter-void-confirmation-js-${javaScript ? 'on' : 'off'}`);
      await page.getByRole('button', { name: /^Void receipt/ }).click();
      await page.waitForURL(/notice=/);
      expect((await apiOf(`/api/v1/invoices/${second.id}`)).balance_due).toBe(40);

      // The statement: the customer's 165, hosting and a bank fee; reconciled on one screen.
      await sections.getByRole('link', { name: 'Banking' }).click();
      await page.getByRole('link', { name: 'Current account' }).click();
      await page.getByRole('link', { name: 'Import a statement' }).click();
      const today = invoice.invoice_date as string;
      await page.getByLabel('Statement file').setInputFiles({ name: 'november.csv', mimeType: 'text/csv', buffer: Buffer.from(`Date,Amount,Description\n${today},165.00,Harbour Bakery\n${today},-25.00,Cloud hosting\n${today},-12.50,Bank fee\n`) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.waitForURL(/notice=statement_imported$/);
      await page.getByRole('link', { name: 'All accounts' }).click();
      await page.getByRole('link', { name: 'Current account' }).click();
      await shot(page, `starter-reconcile-js-${javaScript ? 'on' : 'off'}`);
      await page.getByRole('button', { name: new RegExp(`^Match the line of ${today} for 165 to receipt`) }).click();
      await page.waitForURL(/notice=line_matched$/);
      await page.getByRole('checkbox', { name: `Select the line of ${today} for -25` }).check();
      await page.getByRole('checkbox', { name: `Select the line of ${today} for -12.5` }).check();
      await page.getByLabel('Account for the selected lines').selectOption({ label: '5000 Purchases and expenses' });
      await page.getByRole('button', { name: 'Categorize selected' }).click();
      await page.waitForURL(/notice=lines_categorized$/);
      expect(await page.locator('main').textContent()).toContain('No unmatched lines.');
      const accountId = new URL(page.url()).pathname.split('/').pop()!;
      expect((await apiOf(`/api/v1/bank-feeds/accounts/${accountId}/reconciliation`)).difference).toBe(0);

      // Its reports: the profit and loss, the bank's lines in the general ledger, tax of 15 collected.
      await sections.getByRole('link', { name: 'Reports' }).click();
      await page.getByRole('link', { name: 'Profit and loss' }).first().click();
      const profit = (await page.locator('main').textContent())!;
      // 150 invoiced and paid, 40 invoiced and still owed (its receipt voided), 37.50 of costs categorized.
      expect(profit).toContain('Total income$190.00');
      expect(profit).toContain('Total expenses$37.50');
      expect(profit).toContain('Net profit$152.50');
      await page.goto(`/dashboard/reports/general-ledger?account_id=${accountId}`);
      expect(await page.locator('main').textContent()).toContain('$127.50');
      await page.goto('/dashboard/reports');
      await page.locator('main a[href^="/dashboard/reports/tax-summary"]').first().click();
      expect(await page.locator('main').textContent()).toContain('Net payable$15.00');
      await shot(page, `starter-tax-js-${javaScript ? 'on' : 'off'}`);
      await context.close();
    }, 120_000);
  }
});
