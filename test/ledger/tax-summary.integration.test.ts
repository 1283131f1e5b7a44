import { describe, expect, it } from 'vitest';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

/** A month of mixed rates, hand-computed below: standard 20%, reduced 5%, zero-rated; an inclusive invoice, a bill, a credit note; one invoice half paid. */
async function mayBooks() {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: uniqueName('Return customer') })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Return vendor') })).id as string;
  const vat = (await post('/api/v1/tax-rates', { name: 'VAT 20%', rate: 20, kind: 'standard' })).id as string;
  const reduced = (await post('/api/v1/tax-rates', { name: 'VAT 5%', rate: 5, kind: 'reduced' })).id as string;
  const reverse = (await post('/api/v1/tax-rates', { name: 'Reverse charge 20%', rate: 20, kind: 'reverse_charge', exemption_reason: 'Reverse charge' })).id as string;
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: uniqueName('Bank'), kind: 'bank' })).id as string;
  const invoice = (date: string, lines: unknown[], extra = {}) => post('/api/v1/invoices', { customer_id: customer, invoice_date: date, lines, ...extra });
  const line = (unit_price: number, rate: string | number, quantity = 1) => ({ description: 'Goods', quantity, unit_price, ...(typeof rate === 'string' ? { tax_rate_id: rate } : { tax_rate: rate }) });

  await invoice('2026-04-30', [line(30, vat)]);
  const a = await invoice('2026-05-04', [line(100, vat), line(40, reduced)]); // 100 + 20; 40 + 2: 162
  await invoice('2026-05-10', [line(12, vat, 2)], { amounts: 'inclusive' }); // 24 gross: 20 net, 4 tax
  const c = await invoice('2026-05-12', [line(50, 0)]); // zero-rated: 50 net
  await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-05-15', lines: [line(200, vat)] }); // 200 + 40
  const selfAssessed = await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-05-18', lines: [line(300, reverse)] }); // no tax charged; 60 self-assessed
  expect(selfAssessed).toMatchObject({ subtotal: 300, tax_total: 0, reverse_charge_tax: 60, total: 300 });
  await post('/api/v1/credit-notes', { customer_id: customer, date: '2026-05-20', lines: [line(10, vat)] }); // −10, −2
  await post('/api/v1/receipts', { party_id: customer, date: '2026-05-25', payment_account_id: bank, allocations: [{ document_id: a.id, amount: 81 }] }); // half of 162
  await invoice('2026-06-02', [line(1000, vat)]);
  expect((await call('POST', `/api/v1/invoices/${c.id}/void`, { key: business.key, body: { void_date: '2026-06-03' } })).status).toBe(200);
  const summary = async (query: string) => {
    const answer = await call('GET', `/api/v1/reports/tax-summary?${query}`, { key: business.key });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };
  return { business, summary, vat, reduced };
}

const row = (name: string, rate: number, kind: string, sales: [number, number], purchases: [number, number]) => ({ name, rate, kind, sales: { net: sales[0], tax: sales[1] }, purchases: { net: purchases[0], tax: purchases[1] } });

describe('the tax return', () => {
  it('per rate on the accrual basis, figures worked by hand: a month of mixed rates, an inclusive invoice, a bill, a reverse-charge bill and a credit note; a void in the month it is made', async () => {
    const { summary } = await mayBooks();
    const may = await summary('from=2026-05-01&to=2026-05-31');
    expect(may).toMatchObject({ from: '2026-05-01', to: '2026-05-31', basis: 'accrual', currency: 'USD' });
    expect(may.rates.map(({ tax_rate_id: _id, ...rest }: Record<string, unknown>) => rest)).toEqual([
      row('Reverse charge 20%', 20, 'reverse_charge', [0, 0], [300, 60]),
      row('VAT 20%', 20, 'standard', [110, 22], [200, 40]),
      row('VAT 5%', 5, 'reduced', [40, 2], [0, 0]),
      row('Zero rated', 0, 'zero', [50, 0], [0, 0]),
    ]);
    // The self-assessed 60 is both due and deductible.
    expect(may.totals).toEqual({ output_tax: 84, input_tax: 100, reverse_charge_tax: 60, net_payable: -16 });
    // June: a new invoice, and May's zero-rated one voided on June 3.
    const june = await summary('from=2026-06-01&to=2026-06-30');
    expect(june.rates.map(({ tax_rate_id: _id, ...rest }: Record<string, unknown>) => rest)).toEqual([row('VAT 20%', 20, 'standard', [1000, 200], [0, 0]), row('Zero rated', 0, 'zero', [-50, 0], [0, 0])]);
    // A day inside a month reads that month's days: May 4 alone is invoice A.
    expect((await summary('from=2026-05-04&to=2026-05-04')).totals).toEqual({ output_tax: 22, input_tax: 0, reverse_charge_tax: 0, net_payable: 22 });
  });

  it('on the cash basis: the half-paid invoice counts half, the unpaid ones and the unallocated credit nothing', async () => {
    const { summary } = await mayBooks();
    const may = await summary('from=2026-05-01&to=2026-05-31&basis=cash');
    expect(may.rates.map(({ tax_rate_id: _id, ...rest }: Record<string, unknown>) => rest)).toEqual([row('VAT 20%', 20, 'standard', [50, 10], [0, 0]), row('VAT 5%', 5, 'reduced', [20, 1], [0, 0])]);
    expect(may.totals).toEqual({ output_tax: 11, input_tax: 0, reverse_charge_tax: 0, net_payable: 11 });
  });

  it('net payable equals the movement of tax payable less tax receivable in the books', async () => {
    const { business, summary } = await mayBooks();
    // Credit less debit of a balance account in the home block of the trial balance at the end of a day.
    const net = async (date: string, code: string) => {
      const sheet = await call('GET', `/api/v1/reports/trial-balance?as_of=${date}`, { key: business.key });
      expect(sheet.status, sheet.text).toBe(200);
      const found = (sheet.body.data.base.accounts as { code: string; debit: number; credit: number }[]).find((account) => account.code === code);
      return found ? found.credit - found.debit : 0;
    };
    const payable = (await net('2026-05-31', '2200')) - (await net('2026-04-30', '2200'));
    const receivable = -((await net('2026-05-31', '1200')) - (await net('2026-04-30', '1200')));
    expect(payable).toBe(84);
    expect(receivable).toBe(100);
    expect((await summary('from=2026-05-01&to=2026-05-31')).totals.net_payable).toBe(payable - receivable);
  });

  it('counts bank lines categorized at a rate (money in a sale, money out a purchase), and takes one off when it is undone', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const vat = (await post('/api/v1/tax-rates', { name: 'VAT 20%', rate: 20, kind: 'standard' })).id as string;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: uniqueName('Bank'), kind: 'bank' })).id as string;
    const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; code: string }[];
    const [sale, purchase, refund] = (await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-05-05', amount: 120 }, { date: '2026-05-06', amount: -60 }, { date: '2026-05-07', amount: 12 }] })).added as { id: string }[];
    const revenue = accounts.find((account) => account.code === '4000')!.id;
    const expenses = accounts.find((account) => account.code === '5000')!.id;
    expect((await call('POST', `/api/v1/bank-feeds/lines/${sale!.id}/categorize`, { key: business.key, body: { account_id: revenue, tax_rate_id: vat } })).status).toBe(200);
    // A bare percentage names the business's active standard rate of it: VAT 20%.
    const bare = await call('POST', `/api/v1/bank-feeds/lines/${purchase!.id}/categorize`, { key: business.key, body: { account_id: expenses, tax_rate: 20 } });
    expect(bare.status, bare.text).toBe(200);
    expect((await call('POST', `/api/v1/bank-feeds/lines/${refund!.id}/categorize`, { key: business.key, body: { account_id: revenue, tax_rate_id: vat } })).status).toBe(200);
    const mayOf = async () => (await call('GET', '/api/v1/reports/tax-summary?from=2026-05-01&to=2026-05-31', { key: business.key })).body.data;
    const may = await mayOf();
    expect(may.rates.map(({ tax_rate_id, ...rest }: Record<string, unknown>) => [tax_rate_id, rest])).toEqual([[vat, row('VAT 20%', 20, 'standard', [110, 22], [50, 10])]]);
    expect(may.totals).toEqual({ output_tax: 22, input_tax: 10, reverse_charge_tax: 0, net_payable: 12 });
    expect((await call('POST', `/api/v1/bank-feeds/lines/${refund!.id}/undo`, { key: business.key, body: {} })).status).toBe(200);
    expect((await mayOf()).totals).toEqual({ output_tax: 20, input_tax: 10, reverse_charge_tax: 0, net_payable: 10 });
    const unknown = await call('POST', `/api/v1/bank-feeds/lines/${refund!.id}/categorize`, { key: business.key, body: { account_id: revenue, tax_rate_id: '00000000-0000-4000-8000-000000000001' } });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('tax_rate_id');
  });

  it('self-assesses money out categorized at a reverse-charge rate: no tax inside it, the tax on it due and deductible at once', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const reverse = (await post('/api/v1/tax-rates', { name: 'Reverse charge 20%', rate: 20, kind: 'reverse_charge', exemption_reason: 'Reverse charge' })).id as string;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: uniqueName('Bank'), kind: 'bank' })).id as string;
    const expenses = ((await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; code: string }[]).find((account) => account.code === '5000')!.id;
    const [paid] = (await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-05-08', amount: -250 }] })).added as { id: string }[];
    const categorized = await call('POST', `/api/v1/bank-feeds/lines/${paid!.id}/categorize`, { key: business.key, body: { account_id: expenses, tax_rate_id: reverse } });
    expect(categorized.status, categorized.text).toBe(200);
    const mayOf = async () => (await call('GET', '/api/v1/reports/tax-summary?from=2026-05-01&to=2026-05-31', { key: business.key })).body.data;
    const may = await mayOf();
    // 250 paid is all net; 50 self-assessed, in output and input tax alike.
    expect(may.rates.map(({ tax_rate_id: _id, ...rest }: Record<string, unknown>) => rest)).toEqual([row('Reverse charge 20%', 20, 'reverse_charge', [0, 0], [250, 50])]);
    expect(may.totals).toEqual({ output_tax: 50, input_tax: 50, reverse_charge_tax: 50, net_payable: 0 });
    const sheet = (await call('GET', '/api/v1/reports/trial-balance?as_of=2026-05-31', { key: business.key })).body.data.base.accounts as { code: string; debit: number; credit: number }[];
    expect([sheet.find((account) => account.code === '2200'), sheet.find((account) => account.code === '1200')].map((account) => account && account.credit - account.debit)).toEqual([50, -50]);
    expect((await call('POST', `/api/v1/bank-feeds/lines/${paid!.id}/undo`, { key: business.key, body: {} })).status).toBe(200);
    expect((await mayOf()).rates).toEqual([]);
  });

  it('a bank rule categorizes at the tax rate it names, and refuses one that does not exist', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const reduced = (await post('/api/v1/tax-rates', { name: 'VAT 5%', rate: 5, kind: 'reduced' })).id as string;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: uniqueName('Bank'), kind: 'bank' })).id as string;
    const expenses = ((await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; code: string }[]).find((account) => account.code === '5000')!.id;
    const refused = await call('POST', '/api/v1/bank-feeds/rules', { key: business.key, body: { name: 'Fuel', conditions: [{ field: 'description', operator: 'contains', value: 'fuel' }], action: { categorize: { account_id: expenses, tax_rate_id: '00000000-0000-4000-8000-000000000001' } }, auto: true } });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('action.categorize.tax_rate_id');
    const rule = await post('/api/v1/bank-feeds/rules', { name: 'Fuel', conditions: [{ field: 'description', operator: 'contains', value: 'fuel' }], action: { categorize: { account_id: expenses, tax_rate_id: reduced } }, auto: true });
    expect(rule.action).toEqual({ categorize: { account_id: expenses, tax_rate: 0, tax_rate_id: reduced, tracking: [] } });
    await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-05-05', amount: -21, description: 'Fuel station' }] });
    const may = (await call('GET', '/api/v1/reports/tax-summary?from=2026-05-01&to=2026-05-31', { key: business.key })).body.data;
    // 21.00 holds 1.00 of tax at 5%.
    expect(may.rates.map(({ tax_rate_id: _id, ...rest }: Record<string, unknown>) => rest)).toEqual([row('VAT 5%', 5, 'reduced', [0, 0], [20, 1])]);
  });

  it('refuses a period that ends before it starts, and an unknown basis', async () => {
    const business = await freshBusiness();
    expect((await call('GET', '/api/v1/reports/tax-summary?from=2026-06-01&to=2026-05-01', { key: business.key })).status).toBe(400);
    expect((await call('GET', '/api/v1/reports/tax-summary?basis=modified', { key: business.key })).status).toBe(400);
  });
});
