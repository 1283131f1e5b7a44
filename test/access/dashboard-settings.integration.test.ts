import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { plainWords } from '../../shared/platform/core/plain-words.ts';
import { CookieBrowser, formFields } from '../integration/oauth-flow.ts';
import { call, freshBusiness, uniqueName } from '../integration/support.ts';

const PASSWORD = 'correct horse battery staple 4';

async function signedInAs(role: 'owner' | 'accountant' | 'viewer', books: Awaited<ReturnType<typeof freshBusiness>>) {
  const { createUser } = await import('../../shared/access/members/members.ts');
  const user = await createUser({ email: `${uniqueName(role).replace(/\s/g, '-')}@example.test`, name: role, password: PASSWORD, memberships: [{ business_id: books.id as Id, role }] });
  const browser = new CookieBrowser();
  expect((await browser.signIn(user.email, PASSWORD, '/dashboard')).status).toBe(303);
  const csrf = formFields((await browser.request('GET', '/dashboard/customers')).text).hidden.csrf!;
  return { browser, post: (path: string, fields: Record<string, string>) => browser.request('POST', path, { csrf, ...fields }) };
}

const errorBeside = (page: string, name: string) => new RegExp(`id="field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}-error">([^<]*)<`).exec(page)?.[1];

describe('settings for the books in the dashboard', () => {
  it('the profile: saved through PATCH /business, the home currency refused once anything is posted, the form kept as typed', async () => {
    const books = await freshBusiness();
    const owner = await signedInAs('owner', books);
    const form = await owner.browser.request('GET', '/dashboard/settings/business');
    expect(form.text).toMatch(/name="base_currency"[^>]*value="USD"/);
    const saved = await owner.post('/dashboard/settings/business', { name: 'Lovelace Ltd', base_currency: 'USD', fiscal_year_start_month: '4', payment_terms_days: '30', payment_instructions: 'IBAN GB00 0000', 'address.city': 'London', 'address.country': 'GB' });
    expect(saved.status, saved.text.slice(0, 300)).toBe(303);
    expect((await call('GET', '/api/v1/business', { key: books.key })).body.data).toMatchObject({ name: 'Lovelace Ltd', fiscal_year_start_month: 4, payment_terms_days: 30, payment_instructions: 'IBAN GB00 0000', address: { city: 'London', country: 'GB' } });
    const customer = (await call('POST', '/api/v1/customers', { key: books.key, body: { name: 'C' } })).body.data.id;
    await call('POST', '/api/v1/invoices', { key: books.key, body: { customer_id: customer, invoice_date: '2026-11-02', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] } });
    const refused = await owner.post('/dashboard/settings/business', { name: 'Lovelace Ltd', base_currency: 'EUR', fiscal_year_start_month: '4' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('role="alert"');
    expect(refused.text).toMatch(/name="base_currency"[^>]*value="EUR"/);
    const bad = await owner.post('/dashboard/settings/business', { name: '', base_currency: 'USD', fiscal_year_start_month: '13', payment_terms_days: '400' });
    expect(errorBeside(bad.text, 'fiscal_year_start_month')).toBe('must be from 1 to 12');
    expect(errorBeside(bad.text, 'payment_terms_days')).toBe('must be from 0 to 365');
  });

  it('the lock date: an accountant moves it later but not earlier (the owner may), in the API\'s words', async () => {
    const books = await freshBusiness();
    const accountant = await signedInAs('accountant', books);
    expect((await accountant.post('/dashboard/settings/lock-date', { lock_date: '2026-06-30' })).status).toBe(303);
    const earlier = await accountant.post('/dashboard/settings/lock-date', { lock_date: '2026-03-31' });
    expect(earlier.status).toBe(403);
    expect(earlier.text).toContain('settings_business:manage');
    const owner = await signedInAs('owner', books);
    expect((await owner.post('/dashboard/settings/lock-date', { lock_date: '' })).status).toBe(303);
    expect((await call('GET', '/api/v1/business', { key: books.key })).body.data.lock_date).toBeNull();
    expect((await accountant.browser.request('GET', '/dashboard/settings/business')).status).toBe(403);
  });

  it('exchange rates: listed newest first, one added (a refused one kept on the page with its error), a viewer reads but gets no form', async () => {
    const books = await freshBusiness();
    const accountant = await signedInAs('accountant', books);
    expect((await accountant.post('/dashboard/settings/exchange-rates', { currency: 'EUR', date: '2026-11-01', rate: '1.0825' })).status).toBe(303);
    const refused = await accountant.post('/dashboard/settings/exchange-rates', { currency: 'EUR', date: '2026-11-02', rate: '0' });
    expect(refused.status).toBe(400);
    const api = await call('POST', '/api/v1/exchange-rates', { key: books.key, body: { currency: 'EUR', date: '2026-11-02', rate: 0 } });
    expect(errorBeside(refused.text, 'rate')).toBe(plainWords((api.body.details as { field: string; message: string }[]).find((problem) => problem.field === 'rate')!));
    const viewer = await signedInAs('viewer', books);
    const page = await viewer.browser.request('GET', '/dashboard/settings/exchange-rates');
    expect(page.text).toContain('1.0825');
    expect(page.text).not.toContain('Add a rate');
    expect((await viewer.post('/dashboard/settings/exchange-rates', { currency: 'EUR', date: '2026-11-03', rate: '1.1' })).status).toBe(403);
  });
});

describe('the older settings forms refuse in the frame', () => {
  it('webhooks, API keys and payout rails: a refused post comes back on its page with what was typed and the API\'s words beside the field; nothing is made', async () => {
    const books = await freshBusiness();
    const owner = await signedInAs('owner', books);
    const unescaped = (text: string | undefined) => text?.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const hand = (page: string, name: string) => unescaped(new RegExp(`id="${name}-error">([^<]*)<`).exec(page)?.[1]);
    const bank = (await call('POST', '/api/v1/bank-feeds/accounts', { key: books.key, body: { name: 'Operating', kind: 'bank' } })).body.data.id as string;
    const cases = [
      { form: '/dashboard/settings/webhooks', fields: { url: 'http://example.com/hooks', events: 'invoice.created', description: 'Typed' }, api: '/api/v1/webhooks/endpoints', body: { url: 'http://example.com/hooks', events: ['invoice.created'], description: 'Typed' }, field: 'url', kept: /name="description"[^>]*value="Typed"/ },
      { form: '/dashboard/settings/webhooks', fields: { url: 'https://example.com/hooks' }, api: '/api/v1/webhooks/endpoints', body: { url: 'https://example.com/hooks', events: [] }, field: 'events', kept: /name="url"[^>]*value="https:\/\/example.com\/hooks"/ },
      { form: '/dashboard/settings/api-keys', fields: { name: 'x'.repeat(101), scopes: 'sales_invoices:read' }, api: '/api/v1/api-keys', body: { name: 'x'.repeat(101), scopes: ['sales_invoices:read'], options: [] }, field: 'name', kept: /value="sales_invoices:read" checked/ },
      { form: '/dashboard/settings/payout-rails', fields: { name: '', payment_account_id: bank }, api: '/api/v1/payout-rails', body: { name: '', payment_account_id: bank }, field: 'name', kept: new RegExp(`value="${bank}" selected`) },
    ] as const;
    for (const test of cases) {
      const page = await owner.post(test.form, test.fields);
      const api = await call('POST', test.api, { key: books.key, body: test.body });
      expect(api.status, `${test.api}: ${api.text}`).toBe(400);
      expect(page.status, `${test.form}: ${page.text.slice(0, 200)}`).toBe(400);
      const message = (api.body.details as { field: string; message: string }[]).find((problem) => problem.field === test.field)?.message;
      expect(message, `${test.api} names ${test.field}`).toBeDefined();
      expect(hand(page.text, test.field), test.form).toBe(plainWords({ field: test.field, message: message! }));
      expect(page.text, test.form).toMatch(test.kept);
      expect(page.text, 'inside the frame').toContain('<nav');
    }
    const endpoints = (await call('GET', '/api/v1/webhooks/endpoints', { key: books.key })).body.data.items;
    const rails = (await call('GET', '/api/v1/payout-rails', { key: books.key })).body.data.items;
    expect([endpoints.length, rails.length]).toEqual([0, 0]);

    // The edit form of an endpoint: refused as typed, the endpoint unchanged.
    const endpoint = (await call('POST', '/api/v1/webhooks/endpoints', { key: books.key, body: { url: 'http://127.0.0.1:9/kept', events: ['invoice.created'] } })).body.data;
    const edited = await owner.post(`/dashboard/settings/webhooks/${endpoint.id}`, { url: 'ftp://example.com/x', events: 'bill.paid', enabled: 'true' });
    expect(edited.status).toBe(400);
    expect(hand(edited.text, 'url')).toBeDefined();
    expect(edited.text).toMatch(/name="url"[^>]*value="ftp:\/\/example.com\/x"/);
    expect(edited.text).toMatch(/value="bill.paid" checked/);
    expect((await call('GET', `/api/v1/webhooks/endpoints/${endpoint.id}`, { key: books.key })).body.data).toMatchObject({ url: 'http://127.0.0.1:9/kept', events: ['invoice.created'] });
  });
});

describe('the other forms refuse in the frame', () => {
  it('reminders, sending an invoice and a member\'s role: a refusal comes back on its page with what was typed and the API\'s words; nothing changes', async () => {
    const books = await freshBusiness();
    const owner = await signedInAs('owner', books);
    const hand = (page: string, name: string) => new RegExp(`id="${name}-error">([^<]*)<`).exec(page)?.[1];
    // The API's rule, in the plain words the dashboard says it in.
    const detailOf = (answer: { readonly body: unknown }, field: string) => plainWords((answer.body as { details: { field: string; message: string }[] }).details.find((problem) => problem.field === field)!);

    const reminders = await owner.post('/dashboard/settings/reminders', { enabled: 'true', days_after_due: '7, 0' });
    const apiReminders = await call('PUT', '/api/v1/settings/reminders', { key: books.key, body: { enabled: true, days_after_due: [7, 0] } });
    expect([reminders.status, apiReminders.status]).toEqual([400, 400]);
    expect(hand(reminders.text, 'days_after_due')).toBe(`entry 2 ${detailOf(apiReminders, 'days_after_due[1]')}`);
    expect(reminders.text).toMatch(/name="days_after_due"[^>]*value="7, 0"/);

    const customer = (await call('POST', '/api/v1/customers', { key: books.key, body: { name: 'No mail' } })).body.data.id;
    const invoice = (await call('POST', '/api/v1/invoices', { key: books.key, body: { customer_id: customer, invoice_date: '2026-11-02', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] } })).body.data.id;
    const page = await owner.browser.request('GET', `/dashboard/invoices/${invoice}`);
    const key = formFields(page.text.slice(page.text.indexOf(`action="/dashboard/invoices/${invoice}/send"`))).hidden.idempotency_key!;
    const send = await owner.post(`/dashboard/invoices/${invoice}/send`, { idempotency_key: key, to: 'not an address', message: 'Kept' });
    const apiSend = await call('POST', `/api/v1/invoices/${invoice}/send`, { key: books.key, body: { to: ['not an address'], message: 'Kept' } });
    expect([send.status, apiSend.status]).toEqual([400, 400]);
    expect(hand(send.text, 'to')).toBe(`entry 1 ${detailOf(apiSend, 'to[0]')}`);
    expect(send.text).toMatch(/name="to"[^>]*value="not an address"/);
    expect(send.text).toContain('>Kept</textarea>');
    expect((await call('GET', `/api/v1/invoices/${invoice}`, { key: books.key })).body.data.send_count).toBe(0);

    const members = await owner.browser.request('GET', '/dashboard/settings/members');
    const roleAction = /action="(\/dashboard\/settings\/members\/[^/"]+\/role)"/.exec(members.text)![1]!;
    const lastOwner = await owner.post(roleAction, { role: 'viewer' });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.text).toMatch(/role="alert">[^<]*owner/);
    expect(lastOwner.text).toContain('<nav');
  });
});

describe('recurring invoices in the dashboard', () => {
  it('lists each schedule with its customer; pause, resume and delete go through the API\'s use case; a viewer only reads', async () => {
    const books = await freshBusiness();
    const customer = (await call('POST', '/api/v1/customers', { key: books.key, body: { name: 'Retainer client' } })).body.data.id;
    const schedule = (await call('POST', '/api/v1/recurring-invoices', { key: books.key, body: { customer_id: customer, schedule: { frequency: 'monthly', start_date: '2027-06-01' }, invoice: { lines: [{ description: 'Retainer', quantity: 1, unit_price: 800 }] } } })).body.data.id;
    const owner = await signedInAs('owner', books);
    const page = await owner.browser.request('GET', '/dashboard/recurring-invoices');
    expect(page.text).toContain('Retainer client');
    expect(page.text).toContain('2027-06-01');
    const status = async () => (await call('GET', `/api/v1/recurring-invoices/${schedule}`, { key: books.key })).body.data.status;
    expect((await owner.post(`/dashboard/recurring-invoices/${schedule}/status`, { status: 'paused' })).location).toBe('/dashboard/recurring-invoices?notice=recurring_paused');
    expect(await status()).toBe('paused');
    expect((await owner.post(`/dashboard/recurring-invoices/${schedule}/status`, { status: 'active' })).status).toBe(303);
    expect(await status()).toBe('active');
    expect((await owner.post(`/dashboard/recurring-invoices/${schedule}/status`, { status: 'sleeping' })).status).toBe(400);

    const viewer = await signedInAs('viewer', books);
    const asViewer = await viewer.browser.request('GET', '/dashboard/recurring-invoices');
    expect(asViewer.text).toContain('Retainer client');
    expect(asViewer.text).not.toContain(`/dashboard/recurring-invoices/${schedule}/delete`);
    expect((await viewer.post(`/dashboard/recurring-invoices/${schedule}/delete`, {})).status).toBe(403);

    expect((await owner.post(`/dashboard/recurring-invoices/${schedule}/delete`, {})).status).toBe(303);
    expect((await call('GET', `/api/v1/recurring-invoices/${schedule}`, { key: books.key })).status).toBe(404);
  });
});
