import { describe, expect, it } from 'vitest';
import { csrfOf, signedInToFreshBusiness } from '../integration/dashboard-session.ts';
import { call, postingAs, uniqueName } from '../integration/support.ts';
import { formFields } from '../integration/oauth-flow.ts';

describe('tracking in the dashboard', () => {
  it('Settings → Tracking: a category added with its options, a refused one kept as typed, an option added and one archived, the category archived', async () => {
    const { business, browser } = await signedInToFreshBusiness('owner');
    const page = await browser.request('GET', '/dashboard/settings/tracking');
    expect(page.status).toBe(200);
    expect(page.text).toContain('No tracking categories yet.');
    expect(page.text).toContain('href="/dashboard/settings/tracking"');
    const csrf = csrfOf(page.text);
    const added = await browser.request('POST', '/dashboard/settings/tracking', { csrf, name: 'Department', options: 'Kitchen\r\nBakery\r\n\r\n' });
    expect(added.status, added.text.slice(0, 400)).toBe(303);
    expect(added.location).toBe('/dashboard/settings/tracking?notice=tracking_category_added');
    const [category] = (await call('GET', '/api/v1/tracking-categories', { key: business.key })).body.data.items as { id: string; options: { id: string; name: string; archived: boolean }[] }[];
    expect(category!.options.map((option) => option.name)).toEqual(['Kitchen', 'Bakery']);

    const refused = await browser.request('POST', '/dashboard/settings/tracking', { csrf, name: 'department', options: 'North\nNorth' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('role="alert"');
    expect(refused.text).toContain('value="department"');
    expect(refused.text).toMatch(/is the name of another active tracking category/);
    expect(refused.text).toMatch(/entry 2 is the name of another active option/);

    const option = await browser.request('POST', `/dashboard/settings/tracking/${category!.id}`, { csrf, change: 'add_option', name: 'Front' });
    expect(option.status, option.text.slice(0, 400)).toBe(303);
    const duplicate = await browser.request('POST', `/dashboard/settings/tracking/${category!.id}`, { csrf, change: 'add_option', name: 'front' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.text).toContain('value="front"');
    expect(duplicate.text).toMatch(/is the name of another active option/);
    const kitchen = category!.options[0]!.id;
    expect((await browser.request('POST', `/dashboard/settings/tracking/${category!.id}`, { csrf, change: 'archive_option', option_id: kitchen })).status).toBe(303);
    const after = (await call('GET', '/api/v1/tracking-categories', { key: business.key })).body.data.items[0] as { archived: boolean; options: { name: string; archived: boolean }[] };
    expect(after.options.map((each) => [each.name, each.archived])).toEqual([['Kitchen', true], ['Bakery', false], ['Front', false]]);
    const shown = await browser.request('GET', '/dashboard/settings/tracking');
    expect(shown.text).not.toContain('Archive Kitchen');
    expect(shown.text).toContain('Archive Bakery');
    expect((await browser.request('POST', `/dashboard/settings/tracking/${category!.id}`, { csrf, change: 'archive' })).status).toBe(303);
    expect((await call('GET', '/api/v1/tracking-categories', { key: business.key })).body.data.items[0].archived).toBe(true);
    expect((await browser.request('GET', '/dashboard/settings/tracking')).text).toContain(`Restore Department`);
  });

  it('Reports → Profit and loss by a category: a column per option, Unassigned and Total, and its CSV', async () => {
    const { business, browser } = await signedInToFreshBusiness('owner');
    const post = postingAs(business.key);
    const department = await post('/api/v1/tracking-categories', { name: 'Department', options: [{ name: 'Kitchen' }, { name: 'Bakery' }] });
    const customer = (await post('/api/v1/customers', { name: uniqueName('Customer') })).id;
    const tracked = (index: number) => [{ category_id: department.id, option_id: department.options[index].id }];
    await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: [{ description: 'Bread', quantity: 1, unit_price: 100, tracking: tracked(0) }, { description: 'Cake', quantity: 1, unit_price: 40, tracking: tracked(1) }, { description: 'Tea', quantity: 1, unit_price: 5 }] });
    const plain = await browser.request('GET', '/dashboard/reports/profit-and-loss?period=custom&from=2026-05-01&to=2026-05-31');
    expect(plain.text).toContain('<label for="tracking_category_id">Columns</label>');
    const path = `/dashboard/reports/profit-and-loss?period=custom&from=2026-05-01&to=2026-05-31&tracking_category_id=${department.id}`;
    const page = await browser.request('GET', path);
    expect(page.status, page.text.slice(0, 400)).toBe(200);
    expect(page.text).toContain('Profit and loss by Department, 2026-05-01 to 2026-05-31');
    const csv = await browser.request('GET', `${path}&format=csv`);
    expect(csv.text.split('\r\n')[0]).toBe('Account,Kitchen,Bakery,Unassigned,Total');
    expect(csv.text).toContain('4000 Sales revenue,100.00,40.00,5.00,145.00');
    expect(csv.text).toContain('Net profit,100.00,40.00,5.00,145.00');
    // The CSV link and the views keep the columns chosen.
    expect(page.text).toContain(`tracking_category_id=${department.id}&amp;format=csv`);
  });

  it('the invoice and journal editors offer a column per category; a line posts with its option, and a refusal of it is shown on its cell', async () => {
    const { business, browser } = await signedInToFreshBusiness('owner');
    const post = postingAs(business.key);
    const department = await post('/api/v1/tracking-categories', { name: 'Department', options: [{ name: 'Kitchen' }, { name: 'Bakery' }] });
    const customer = (await post('/api/v1/customers', { name: uniqueName('Customer') })).id as string;
    const [kitchen, bakery] = department.options.map((option: { id: string }) => `${department.id}:${option.id}`) as [string, string];
    const editor = await browser.request('GET', '/dashboard/invoices/new');
    expect(editor.text).toContain('aria-label="Line 1 department"');
    expect(editor.text).toContain(`value="${kitchen}"`);
    const hidden = formFields(editor.text.slice(editor.text.indexOf('class="card editor"'))).hidden;
    const form = (tracking: string[], intent: string) => ({ ...hidden, party_id: customer, date: '2026-05-04', 'lines.description': ['Bread', 'Cake'], 'lines.quantity': ['1', '1'], 'lines.unit_price': ['10', '20'], 'lines.tracking_0': tracking, intent });
    // An option archived after the form was drawn: refused on the row's Department cell.
    expect((await call('PATCH', `/api/v1/tracking-categories/${department.id}`, { key: business.key, body: { options: [{ id: department.options[1].id, archived: true }] } })).status).toBe(200);
    const refused = await browser.request('POST', '/dashboard/invoices', form([kitchen, bakery], 'create'));
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/id="line-1-tracking_0-error">names the archived option Bakery of Department/);
    const created = await browser.request('POST', '/dashboard/invoices', form([kitchen, ''], 'create'));
    expect(created.status, created.text.slice(0, 400)).toBe(303);
    const [invoice] = (await call('GET', '/api/v1/invoices', { key: business.key })).body.data.items as { lines: { tracking: unknown[] }[] }[];
    expect(invoice!.lines.map((line) => line.tracking)).toEqual([[{ category_id: department.id, option_id: department.options[0].id }], []]);

    const journal = await browser.request('GET', '/dashboard/journals/new');
    expect(journal.text).toContain('aria-label="Line 1 department"');
    const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; code: string }[];
    const [revenue, costs] = ['4000', '5000'].map((code) => accounts.find((account) => account.code === code)!.id);
    const journalHidden = formFields(journal.text.slice(journal.text.indexOf('action="/dashboard/journals"'))).hidden;
    const posted = await browser.request('POST', '/dashboard/journals', { ...journalHidden, date: '2026-05-05', narration: 'Kitchen costs', 'lines.account_id': [costs!, revenue!], 'lines.debit': ['5', ''], 'lines.credit': ['', '5'], 'lines.tracking_0': [kitchen, ''], intent: 'create' });
    expect(posted.status, posted.text.slice(0, 400)).toBe(303);
    const kitchenMay = (await call('GET', `/api/v1/reports/profit-and-loss?from=2026-05-01&to=2026-05-31&tracking_option_id=${department.options[0].id}`, { key: business.key })).body.data.base;
    expect(kitchenMay).toMatchObject({ total_income: 10, total_expenses: 5, net_profit: 5 });
  });
});
