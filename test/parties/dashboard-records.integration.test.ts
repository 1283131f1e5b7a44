import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { plainWords } from '../../shared/platform/core/plain-words.ts';
import { CookieBrowser, formFields } from '../integration/oauth-flow.ts';
import { call, freshBusiness, uniqueName } from '../integration/support.ts';

const PASSWORD = 'correct horse battery staple 8';

async function signedInAs(role: 'owner' | 'accountant' | 'viewer', business?: Awaited<ReturnType<typeof freshBusiness>>) {
  const books = business ?? (await freshBusiness());
  const { createUser } = await import('../../shared/access/members/members.ts');
  const user = await createUser({ email: `${uniqueName(role).replace(/\s/g, '-')}@example.test`, name: role, password: PASSWORD, memberships: [{ business_id: books.id as Id, role }] });
  const browser = new CookieBrowser();
  expect((await browser.signIn(user.email, PASSWORD, '/dashboard')).status).toBe(303);
  const csrf = formFields((await browser.request('GET', '/dashboard/customers')).text).hidden.csrf!;
  const post = (path: string, fields: Record<string, string>) => browser.request('POST', path, { csrf, ...fields });
  return { books, browser, post };
}

/** The text of the field's own error beside it, if the page shows one. */
const errorBeside = (page: string, name: string) => new RegExp(`id="field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}-error">([^<]*)<`).exec(page)?.[1];
const valueOf = (page: string, name: string) => new RegExp(`name="${name.replace('.', '\\.')}"[^>]*value="([^"]*)"`).exec(page)?.[1];

describe('dashboard record forms', () => {
  it('create a customer; a refused form comes back in the frame with what was typed and each error beside its field; edit clears a field', async () => {
    const { books, browser, post } = await signedInAs('owner');
    const form = await browser.request('GET', '/dashboard/customers/new');
    expect(form.status).toBe(200);
    expect(form.text).toContain('New customer');

    const refused = await post('/dashboard/customers', { name: '', email: 'not an address', phone: '+44 20 7946 0000', 'billing_address.country': 'gb' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('aria-label="Sections"');
    expect(errorBeside(refused.text, 'name')).toBe('Fill this in');
    expect(errorBeside(refused.text, 'email')).toBe('Enter an e-mail address, such as name@example.com');
    expect(errorBeside(refused.text, 'billing_address.country')).toBe('Use the two-letter country code, such as GB or US');
    expect(valueOf(refused.text, 'phone')).toBe('+44 20 7946 0000');
    expect(valueOf(refused.text, 'email')).toBe('not an address');
    expect(refused.text).toContain('aria-invalid="true"');

    const name = uniqueName('Dashboard customer');
    const created = await post('/dashboard/customers', { name, email: 'ap@customer.example', 'billing_address.city': 'Leeds', 'billing_address.country': 'GB' });
    expect(created.status, created.text).toBe(303);
    expect(created.location).toBe('/dashboard/customers?notice=record_created');
    const listed = (await call('GET', '/api/v1/customers?page_size=200', { key: books.key })).body.data.items as { id: string; name: string; email: string | null; billing_address: unknown }[];
    const customer = listed.find((candidate) => candidate.name === name)!;
    expect(customer).toMatchObject({ email: 'ap@customer.example', billing_address: { city: 'Leeds', country: 'GB' } });

    const edit = await browser.request('GET', `/dashboard/customers/${customer.id}/edit`);
    expect(valueOf(edit.text, 'billing_address.city')).toBe('Leeds');
    expect(edit.text).not.toContain('name="currency"');
    const saved = await post(`/dashboard/customers/${customer.id}`, { name: `${name} Ltd`, email: '', 'billing_address.city': '', 'billing_address.country': '' });
    expect(saved.status, saved.text).toBe(303);
    expect((await call('GET', `/api/v1/customers/${customer.id}`, { key: books.key })).body.data).toMatchObject({ name: `${name} Ltd`, email: null, billing_address: null });
    expect((await browser.request('GET', '/dashboard/customers')).text).toContain(`aria-label="Edit ${name} Ltd"`);
  });

  it('every record form refuses what its API route refuses, the same rule in plain words, beside the field', async () => {
    const { books, post } = await signedInAs('owner');
    const vendor = (await call('POST', '/api/v1/vendors', { key: books.key, body: { name: uniqueName('Vendor') } })).body.data.id;
    const item = (await call('POST', '/api/v1/items', { key: books.key, body: { name: uniqueName('Item'), type: 'service' } })).body.data.id;
    const account = (await call('POST', '/api/v1/accounts', { key: books.key, body: { code: `X${Math.random().toString(36).slice(2, 8)}`, name: 'Spare', type: 'expense' } })).body.data.id;
    // Each case: the dashboard form, what it posts, the API route and the body the form's fields become.
    const cases = [
      { form: '/dashboard/vendors', fields: { name: 'V', email: 'nope' }, api: ['POST', '/api/v1/vendors'], body: { name: 'V', email: 'nope' }, field: 'email' },
      { form: `/dashboard/vendors/${vendor}`, fields: { name: 'x'.repeat(201) }, api: ['PATCH', `/api/v1/vendors/${vendor}`], body: { name: 'x'.repeat(201) }, field: 'name' },
      { form: '/dashboard/items', fields: { name: 'I', type: 'gadget', status: 'active' }, api: ['POST', '/api/v1/items'], body: { name: 'I', type: 'gadget', status: 'active' }, field: 'type' },
      { form: `/dashboard/items/${item}`, fields: { name: 'I', type: 'service', status: 'active', sale_price: '-4' }, api: ['PATCH', `/api/v1/items/${item}`], body: { sale_price: -4 }, field: 'sale_price' },
      { form: '/dashboard/items', fields: { name: 'I', type: 'service', status: 'active', sale_price: '12,50' }, api: ['POST', '/api/v1/items'], body: { name: 'I', type: 'service', sale_price: '12,50' }, field: 'sale_price' },
      { form: '/dashboard/accounts', fields: { code: 'no spaces', name: 'A', type: 'expense' }, api: ['POST', '/api/v1/accounts'], body: { code: 'no spaces', name: 'A', type: 'expense' }, field: 'code' },
      { form: `/dashboard/accounts/${account}`, fields: { code: 'Y1', name: 'A', type: 'cheese' }, api: ['PATCH', `/api/v1/accounts/${account}`], body: { type: 'cheese' }, field: 'type' },
      { form: '/dashboard/customers', fields: { name: 'C', currency: 'euro' }, api: ['POST', '/api/v1/customers'], body: { name: 'C', currency: 'euro' }, field: 'currency' },
    ] as const;
    for (const test of cases) {
      const page = await post(test.form, test.fields);
      const api = await call(test.api[0], test.api[1], { key: books.key, body: test.body });
      expect(api.status, `${test.api.join(' ')}: ${api.text}`).toBe(400);
      expect(page.status, test.form).toBe(400);
      const message = (api.body.details as { field: string; message: string }[]).find((problem) => problem.field === test.field)?.message;
      expect(message, `${test.api.join(' ')} names ${test.field}`).toBeDefined();
      expect(errorBeside(page.text, test.field), test.form).toBe(plainWords({ field: test.field, message: message! }));
    }
  });

  it('an account: created, a taken code refused (409) with the reason above the form, archived from its edit form', async () => {
    const { books, post } = await signedInAs('accountant');
    const code = `D${Math.random().toString(36).slice(2, 8)}`;
    expect((await post('/dashboard/accounts', { code, name: 'Software', type: 'expense', description: 'Subscriptions' })).status).toBe(303);
    const taken = await post('/dashboard/accounts', { code, name: 'Software again', type: 'expense' });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('role="alert"');
    expect(valueOf(taken.text, 'name')).toBe('Software again');
    const accounts = (await call('GET', '/api/v1/accounts', { key: books.key })).body.data as { id: string; code: string; archived: boolean }[];
    const made = accounts.find((account) => account.code === code)!;
    expect((await post(`/dashboard/accounts/${made.id}`, { code, name: 'Software', type: 'expense', archived: 'on' })).status).toBe(303);
    expect((await call('GET', `/api/v1/accounts/${made.id}`, { key: books.key })).body.data.archived).toBe(true);
  });

  it('a viewer gets neither the forms nor their posts; an accountant may add items and accounts but sees no settings', async () => {
    const { browser, post } = await signedInAs('viewer');
    for (const path of ['/dashboard/customers/new', '/dashboard/vendors/new', '/dashboard/items/new', '/dashboard/accounts/new']) expect((await browser.request('GET', path)).status, path).toBe(403);
    expect((await post('/dashboard/customers', { name: 'Not by a viewer' })).status).toBe(403);
    const list = await browser.request('GET', '/dashboard/customers');
    expect(list.text).not.toContain('New customer');
    expect(list.text).not.toContain('aria-label="Edit ');
    expect((await browser.request('GET', '/dashboard/items')).status).toBe(200);
  });
});

describe('the members page invitation form', () => {
  it('comes back on the page with the address typed and the error beside it; a second invitation of the address says why above the form', async () => {
    const { post } = await signedInAs('owner');
    const bad = await post('/dashboard/settings/members', { email: 'nobody at all', role: 'viewer' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Invite someone');
    expect(errorBeside(bad.text, 'email')).toBe('Enter an e-mail address, such as name@example.com');
    expect(valueOf(bad.text, 'email')).toBe('nobody at all');
    const email = `${uniqueName('twice').replace(/\s/g, '-')}@example.test`;
    expect((await post('/dashboard/settings/members', { email, role: 'accountant' })).status).toBe(303);
    const again = await post('/dashboard/settings/members', { email, role: 'accountant' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('is already a member of this business, or invited');
    expect(again.text).toMatch(/<option value="accountant" selected/);
  });
});
