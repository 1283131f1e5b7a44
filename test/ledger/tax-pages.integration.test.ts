import { describe, expect, it } from 'vitest';
import { csrfOf, signedInToFreshBusiness } from '../integration/dashboard-session.ts';
import { call, postingAs, uniqueName } from '../integration/support.ts';

const signedIn = signedInToFreshBusiness;

describe('tax in the dashboard', () => {
  it('Settings → Tax rates: the starting rates, one added, a refused one kept as typed with every problem, one archived', async () => {
    const { business, browser } = await signedIn('owner');
    const page = await browser.request('GET', '/dashboard/settings/tax-rates');
    expect(page.status).toBe(200);
    for (const name of ['Zero rated', 'Exempt', 'Out of scope']) expect(page.text).toContain(name);
    expect(page.text).toContain('href="/dashboard/settings/tax-rates"');
    const csrf = csrfOf(page.text);
    const added = await browser.request('POST', '/dashboard/settings/tax-rates', { csrf, name: 'VAT 20%', rate: '20', kind: 'standard', exemption_reason: '' });
    expect(added.status, added.text.slice(0, 400)).toBe(303);
    expect(added.location).toBe('/dashboard/settings/tax-rates?notice=tax_rate_added');
    const refused = await browser.request('POST', '/dashboard/settings/tax-rates', { csrf, name: 'Odd zero', rate: '5', kind: 'zero', exemption_reason: '' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('role="alert"');
    expect(refused.text).toContain('value="Odd zero"');
    expect(refused.text).toMatch(/must be 0 for a zero rate/);
    expect(refused.text).toMatch(/is required for a zero rate/);
    const rate = ((await call('GET', '/api/v1/tax-rates', { key: business.key })).body.data.items as { id: string; name: string }[]).find((candidate) => candidate.name === 'VAT 20%')!;
    expect((await browser.request('POST', `/dashboard/settings/tax-rates/${rate.id}/archive`, { csrf })).status).toBe(303);
    expect((await call('GET', `/api/v1/tax-rates/${rate.id}`, { key: business.key })).body.data.archived).toBe(true);
  });

  it('Reports → Tax summary: a row per rate and the return\'s totals, on either basis, and its CSV', async () => {
    const { business, browser } = await signedIn('owner');
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: uniqueName('Taxed') })).id;
    await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: [{ description: 'Work', quantity: 1, unit_price: 100, tax_rate: 20 }] });
    const page = await browser.request('GET', '/dashboard/reports/tax-summary?period=custom&from=2026-05-01&to=2026-05-31');
    expect(page.status, page.text.slice(0, 400)).toBe(200);
    expect(page.text).toContain('Standard 20% (20%, standard)');
    expect(page.text).toContain('Net payable');
    const csv = await browser.request('GET', '/dashboard/reports/tax-summary?period=custom&from=2026-05-01&to=2026-05-31&format=csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('"Standard 20% (20%, standard)",100.00,20.00,0.00,0.00');
    expect(csv.text).toMatch(/Net payable,,20\.00,,/);
    const cash = await browser.request('GET', '/dashboard/reports/tax-summary?period=custom&from=2026-05-01&to=2026-05-31&basis=cash&format=csv');
    expect(cash.text).toMatch(/Net payable,,0\.00,,/);
  });

  it('a viewer reads the rates without the form or the archive buttons', async () => {
    const { browser } = await signedIn('viewer');
    const page = await browser.request('GET', '/dashboard/settings/tax-rates');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Zero rated');
    expect(page.text).not.toContain('Add a tax rate');
    expect(page.text).not.toContain('/archive');
  });
});
