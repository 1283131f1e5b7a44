import { describe, expect, it } from 'vitest';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';
import { MAX_OPTIONS_PER_POSTING } from '../../shared/ledger/tracking/tracking-rules.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';

type Column = { option_id: string | null; amount: number };
type Row = { code: string; amount: number; by_option: Column[] };

/**
 * A bakery's May, by department (Kitchen, Bakery, Front) and by project (Wedding, Festival), worked by hand:
 * - invoice 05-03: 100 Kitchen + Wedding, 50 Bakery, 30 untracked (sales revenue 4000);
 * - bill 05-05: 80 Kitchen, 20 Bakery + Festival (purchases 5000);
 * - journal 05-10: 10 of revenue moved from Kitchen to Bakery;
 * - bank line 05-12: 40 out, categorized to purchases, Front + Festival;
 * - invoice 05-21: 60 Front, voided on 06-05 (its reversal in June, Front's still);
 * - invoice 06-02: 500 Kitchen (June).
 */
async function bakeryBooks() {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  const department = await post('/api/v1/tracking-categories', { name: 'Department', options: [{ name: 'Kitchen' }, { name: 'Bakery' }, { name: 'Front' }] });
  const project = await post('/api/v1/tracking-categories', { name: 'Project', options: [{ name: 'Wedding' }, { name: 'Festival' }] });
  const option = (category: { id: string; options: { id: string; name: string }[] }, name: string) => ({ category_id: category.id, option_id: category.options.find((each) => each.name === name)!.id });
  const [kitchen, bakery, front] = ['Kitchen', 'Bakery', 'Front'].map((name) => option(department, name)) as [ReturnType<typeof option>, ReturnType<typeof option>, ReturnType<typeof option>];
  const [wedding, festival] = ['Wedding', 'Festival'].map((name) => option(project, name)) as [ReturnType<typeof option>, ReturnType<typeof option>];
  const customer = (await post('/api/v1/customers', { name: uniqueName('Customer') })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Vendor') })).id as string;
  const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; code: string }[];
  const [revenue, purchases] = ['4000', '5000'].map((code) => accounts.find((account) => account.code === code)!.id) as [string, string];
  const line = (unit_price: number, ...tracking: { category_id: string; option_id: string }[]) => ({ description: 'Bread', quantity: 1, unit_price, ...(tracking.length > 0 ? { tracking } : {}) });

  const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-03', lines: [line(100, kitchen, wedding), line(50, bakery), line(30)] });
  await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-05-05', lines: [line(80, kitchen), line(20, bakery, festival)] });
  await post('/api/v1/journals', { date: '2026-05-10', narration: 'Kitchen revenue that was the bakery counter', lines: [{ account_id: revenue, debit: 10, tracking: [kitchen] }, { account_id: revenue, credit: 10, tracking: [bakery] }] });
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: uniqueName('Bank'), kind: 'bank' })).id as string;
  const [out] = (await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-05-12', amount: -40 }] })).added as { id: string }[];
  const categorized = await call('POST', `/api/v1/bank-feeds/lines/${out!.id}/categorize`, { key: business.key, body: { account_id: purchases, tracking: [front, festival] } });
  expect(categorized.status, categorized.text).toBe(200);
  const voided = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-21', lines: [line(60, front)] });
  expect((await call('POST', `/api/v1/invoices/${voided.id}/void`, { key: business.key, body: { void_date: '2026-06-05' } })).status).toBe(200);
  await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-06-02', lines: [line(500, kitchen)] });

  const report = async (query: string) => {
    const answer = await call('GET', `/api/v1/reports/profit-and-loss?${query}`, { key: business.key });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };
  return { business, department, project, kitchen, bakery, front, wedding, festival, revenue, purchases, invoice, report, customer };
}

/** A block's rows as `code: [columns…]`, and its totals per column, for comparing with the figures by hand. */
const columnsOf = (block: { income: Row[]; expenses: Row[]; by_option: { net_profit: number; total_income: number; total_expenses: number }[] }) => ({
  income: Object.fromEntries(block.income.map((row) => [row.code, row.by_option.map((column) => column.amount)])),
  expenses: Object.fromEntries(block.expenses.map((row) => [row.code, row.by_option.map((column) => column.amount)])),
  net_profit: block.by_option.map((column) => column.net_profit),
});

describe('tracking categories and the profit and loss by option', () => {
  it('profit by two departments and a project across invoices, a bill, a journal and a categorized bank line, worked by hand, the columns adding up to the untracked report', async () => {
    const { department, project, report } = await bakeryBooks();

    const untracked = await report('from=2026-05-01&to=2026-05-31');
    expect(untracked.base).toMatchObject({ total_income: 240, total_expenses: 140, net_profit: 100 });

    const byDepartment = await report(`from=2026-05-01&to=2026-05-31&tracking_category_id=${department.id}`);
    expect(byDepartment.tracking).toEqual({ category_id: department.id, category_name: 'Department', option_id: null, option_name: null });
    expect(byDepartment.base.columns.map((column: { name: string }) => column.name)).toEqual(['Kitchen', 'Bakery', 'Front', 'Unassigned']);
    // Kitchen 100 − 10, Bakery 50 + 10, Front 60 (voided in June), 30 untracked; expenses 80, 20, 40.
    expect(columnsOf(byDepartment.base)).toEqual({ income: { '4000': [90, 60, 60, 30] }, expenses: { '5000': [80, 20, 40, 0] }, net_profit: [10, 40, 20, 30] });
    // The report's own figures are the untracked report's, untouched.
    expect(byDepartment.base).toMatchObject({ total_income: 240, total_expenses: 140, net_profit: 100 });
    expect(byDepartment.currencies[0].by_option).toEqual(byDepartment.base.by_option);

    const byProject = await report(`from=2026-05-01&to=2026-05-31&tracking_category_id=${project.id}`);
    expect(columnsOf(byProject.base)).toEqual({ income: { '4000': [100, 0, 140] }, expenses: { '5000': [0, 60, 80] }, net_profit: [100, -60, 60] });

    // Days of May and of June around no whole month: the journal's move, May 21's invoice, June's invoice and the void.
    const straddling = await report(`from=2026-05-04&to=2026-06-10&tracking_category_id=${department.id}`);
    expect(columnsOf(straddling.base)).toEqual({ income: { '4000': [490, 10, 0, 0] }, expenses: { '5000': [80, 20, 40, 0] }, net_profit: [410, -10, -40, 0] });
    // June alone: the void lands in June, on Front.
    const june = await report(`from=2026-06-01&to=2026-06-30&tracking_category_id=${department.id}`);
    expect(columnsOf(june.base)).toEqual({ income: { '4000': [500, 0, -60, 0] }, expenses: {}, net_profit: [500, 0, -60, 0] });
  });

  it('filtered to one option: its lines alone, in the profit and loss and the general ledger, with its own opening and closing balances', async () => {
    const { kitchen, revenue, report, business } = await bakeryBooks();
    const may = await report(`from=2026-05-01&to=2026-05-31&tracking_option_id=${kitchen.option_id}`);
    expect(may.tracking).toMatchObject({ option_id: kitchen.option_id, option_name: 'Kitchen', category_name: 'Department' });
    expect(may.base).toMatchObject({ total_income: 90, total_expenses: 80, net_profit: 10 });

    const ledger = async (query: string) => {
      const answer = await call('GET', `/api/v1/reports/general-ledger?account_id=${revenue}&${query}&tracking_option_id=${kitchen.option_id}`, { key: business.key });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data;
    };
    // The books take thirteen actions; a read catches up its credential's last five (`recent-writes.ts`), and the
    // general ledger's lines of the earlier ones follow the projector's lag, which a loaded machine stretches.
    expect(await eventually(async () => (await ledger('from=2026-06-01&to=2026-06-30')).opening_balance === -90 && (await ledger('from=2026-05-01&to=2026-05-31')).lines.length === 2, STREAM_LAG_MS)).toBe(true);
    const mayLedger = await ledger('from=2026-05-01&to=2026-05-31');
    expect(mayLedger.lines.map((line: { credit: number; debit: number; balance: number; source: { type: string } }) => [line.source.type, line.debit, line.credit, line.balance])).toEqual([
      ['invoice', 0, 100, -100],
      ['manual_journal', 10, 0, -90],
    ]);
    expect(mayLedger).toMatchObject({ opening_balance: 0, closing_balance: -90, tracking_option_id: kitchen.option_id });
    const juneLedger = await ledger('from=2026-06-01&to=2026-06-30');
    expect(juneLedger).toMatchObject({ opening_balance: -90, closing_balance: -590 });
    expect(juneLedger.lines).toHaveLength(1);
  });

  it('lines show their tracking, and a conversion, a draft and a void keep it', async () => {
    const { business, invoice, kitchen, wedding, bakery, report, customer } = await bakeryBooks();
    const read = (await call('GET', `/api/v1/invoices/${invoice.id}`, { key: business.key })).body.data;
    expect(read.lines.map((line: { tracking: unknown[] }) => line.tracking)).toEqual([[kitchen, wedding].sort((a, b) => a.category_id.localeCompare(b.category_id)), [bakery], []]);
    const post = postingAs(business.key);
    const estimate = await post('/api/v1/estimates', { customer_id: customer, date: '2026-07-01', lines: [{ description: 'Cake', quantity: 1, unit_price: 70, tracking: [bakery] }] });
    const converted = await post(`/api/v1/estimates/${estimate.id}/convert`, { date: '2026-07-02', approve: true });
    const made = (await call('GET', `/api/v1/invoices/${converted.id}`, { key: business.key })).body.data;
    expect(made.lines[0].tracking).toEqual([bakery]);
    const draft = await post('/api/v1/invoices', { status: 'draft', customer_id: customer, invoice_date: '2026-07-03', lines: [{ description: 'Pie', quantity: 1, unit_price: 5, tracking: [kitchen] }] });
    await post(`/api/v1/invoices/${draft.id}/approve`, {});
    const july = await report(`from=2026-07-01&to=2026-07-31&tracking_option_id=${bakery.option_id}`);
    expect(july.base.total_income).toBe(70);
    expect((await report(`from=2026-07-01&to=2026-07-31&tracking_option_id=${kitchen.option_id}`)).base.total_income).toBe(5);
  });

  it("a categorized bank line shows its transaction's tracking; a bank rule categorizes with tracking, refused when it names what a line may not", async () => {
    const { business, front, festival, kitchen, purchases, report } = await bakeryBooks();
    const post = postingAs(business.key);
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: uniqueName('Ruled bank'), kind: 'bank' })).id as string;
    const lines = async () => (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/lines?page_size=50`, { key: business.key })).body.data.items as { description: string; status: string; tracking: unknown[] }[];
    const sorted = (refs: { category_id: string }[]) => [...refs].sort((a, b) => a.category_id.localeCompare(b.category_id));

    // A rule naming an option of one category twice, or one that does not exist: 400 naming the rule's field, nothing kept.
    const refused = await call('POST', '/api/v1/bank-feeds/rules', { key: business.key, body: { name: 'Bad', conditions: [{ field: 'description', operator: 'contains', value: 'flour' }], action: { categorize: { account_id: purchases, tracking: [kitchen, front] } }, auto: true } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('action.categorize.tracking');
    const unknown = await call('POST', '/api/v1/bank-feeds/rules', { key: business.key, body: { name: 'Bad', conditions: [{ field: 'description', operator: 'contains', value: 'flour' }], action: { categorize: { account_id: purchases, tracking: [{ category_id: kitchen.category_id, option_id: festival.option_id }] } }, auto: true } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('action.categorize.tracking[0].option_id');

    // Sent out of the category order: kept and shown in it, as a line's are.
    const rule = await post('/api/v1/bank-feeds/rules', { name: 'Flour', conditions: [{ field: 'description', operator: 'contains', value: 'flour' }], action: { categorize: { account_id: purchases, tracking: sorted([front, festival]).reverse() } }, auto: true });
    expect(rule.action.categorize.tracking).toEqual(sorted([front, festival]));
    await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-05-20', amount: -25, description: 'Flour mill' }, { date: '2026-05-21', amount: -7, description: 'Stamps' }] });
    const [flour, stamps] = await lines().then((all) => [all.find((line) => line.description === 'Flour mill')!, all.find((line) => line.description === 'Stamps')!]);
    expect(flour).toMatchObject({ status: 'categorized', tracking: sorted([front, festival]) });
    expect(stamps).toMatchObject({ status: 'unmatched', tracking: [] });
    // Categorized by hand without tracking: unassigned, shown as none.
    const stampsId = ((await lines()).find((line) => line.description === 'Stamps') as unknown as { id: string }).id;
    expect((await call('POST', `/api/v1/bank-feeds/lines/${stampsId}/categorize`, { key: business.key, body: { account_id: purchases } })).body.data).toMatchObject({ status: 'categorized', tracking: [] });
    // The rule's posting counts for Front: 40 from the hand-categorized line of 05-12 and 25 from the rule's.
    const may = await report(`from=2026-05-01&to=2026-05-31&tracking_option_id=${front.option_id}`);
    expect(may.base.total_expenses).toBe(65);
  });

  it('refuses what a line may not name with a 400 naming the line, writing nothing: an unknown option, two of one category, an archived option or category', async () => {
    const { business, department, project, kitchen, bakery, customer, report } = await bakeryBooks();
    const before = await report('from=2026-01-01&to=2026-12-31');
    const attempt = async (tracking: unknown, field: string) => {
      const answer = await call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-05-30', lines: [{ description: 'Ok', quantity: 1, unit_price: 1 }, { description: 'Bad', quantity: 1, unit_price: 1, tracking }] } });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    };
    await attempt([{ category_id: department.id, option_id: project.options[0].id }], 'lines[1].tracking[0].option_id');
    await attempt([{ category_id: project.options[0].id, option_id: project.options[0].id }], 'lines[1].tracking[0].category_id');
    await attempt([kitchen, bakery], 'lines[1].tracking');
    const archived = await call('PATCH', `/api/v1/tracking-categories/${department.id}`, { key: business.key, body: { options: [{ id: kitchen.option_id, archived: true }] } });
    expect(archived.status, archived.text).toBe(200);
    expect(archived.body.data.options.find((option: { id: string }) => option.id === kitchen.option_id).archived).toBe(true);
    await attempt([kitchen], 'lines[1].tracking[0].option_id');
    expect((await call('PATCH', `/api/v1/tracking-categories/${project.id}`, { key: business.key, body: { archived: true } })).status).toBe(200);
    await attempt([{ category_id: project.id, option_id: project.options[0].id }], 'lines[1].tracking[0].category_id');
    expect(await report('from=2026-01-01&to=2026-12-31')).toEqual(before);
    // An archived option's lines stay in its column.
    const may = await report(`from=2026-05-01&to=2026-05-31&tracking_category_id=${department.id}`);
    expect(may.base.income[0].by_option[0]).toEqual({ option_id: kitchen.option_id, amount: 90 });
  });

  it('keeps at most two categories active and 100 options each, names unique among the active, and a posting to 20 options', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const create = (body: unknown) => call('POST', '/api/v1/tracking-categories', { key: business.key, body });
    const first = await post('/api/v1/tracking-categories', { name: 'Region', options: Array.from({ length: MAX_OPTIONS_PER_POSTING + 1 }, (_, index) => ({ name: `Region ${index}` })) });
    expect((await create({ name: 'region', options: [{ name: 'North' }] })).body.details?.[0]?.field).toBe('name');
    await post('/api/v1/tracking-categories', { name: 'Project', options: [{ name: 'A' }] });
    const third = await create({ name: 'Branch', options: [{ name: 'North' }] });
    expect(third.status, third.text).toBe(400);
    expect(third.body.details[0]).toMatchObject({ field: 'name' });
    expect((await create({ name: 'Many', options: Array.from({ length: 101 }, (_, index) => ({ name: `O${index}` })) })).status).toBe(400);
    const duplicate = await call('PATCH', `/api/v1/tracking-categories/${first.id}`, { key: business.key, body: { options: [{ name: 'Region 0' }] } });
    expect(duplicate.status, duplicate.text).toBe(400);
    expect(duplicate.body.details[0].field).toMatch(/^options\[\d+\]\.name$/);
    expect((await call('PATCH', `/api/v1/tracking-categories/${first.id}`, { key: business.key, body: { options: [{ id: '00000000-0000-4000-8000-000000000000', name: 'X' }] } })).status).toBe(400);
    const listed = (await call('GET', '/api/v1/tracking-categories', { key: business.key })).body.data.items as { name: string; options: unknown[] }[];
    expect(listed.map((category) => category.name)).toEqual(['Project', 'Region']);

    const accounts = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { id: string; code: string }[];
    const revenue = accounts.find((account) => account.code === '4000')!.id;
    const lines = (count: number) => [{ account_id: revenue, debit: count }, ...first.options.slice(0, count).map((option: { id: string }) => ({ account_id: revenue, credit: 1, tracking: [{ category_id: first.id, option_id: option.id }] }))];
    const tooMany = await call('POST', '/api/v1/journals', { key: business.key, body: { date: '2026-05-01', narration: 'Split', lines: lines(MAX_OPTIONS_PER_POSTING + 1) } });
    expect(tooMany.status, tooMany.text).toBe(400);
    expect(tooMany.body.details[0].field).toBe('lines');
    await post('/api/v1/journals', { date: '2026-05-01', narration: 'Split', lines: lines(MAX_OPTIONS_PER_POSTING) });
    const split = (await call('GET', `/api/v1/reports/profit-and-loss?from=2026-05-01&to=2026-05-01&tracking_category_id=${first.id}`, { key: business.key })).body.data;
    expect(split.base.income[0].by_option.slice(0, MAX_OPTIONS_PER_POSTING).every((column: Column) => column.amount === 1)).toBe(true);
    expect(split.base.income[0].by_option.at(-1)).toEqual({ option_id: null, amount: -MAX_OPTIONS_PER_POSTING });
  });

  it('answers 400 for a report by a category or option that does not exist, by both at once, or on the cash basis', async () => {
    const business = await freshBusiness();
    const ask = (query: string) => call('GET', `/api/v1/reports/profit-and-loss?from=2026-05-01&to=2026-05-31&${query}`, { key: business.key });
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [query, field] of [[`tracking_category_id=${missing}`, 'tracking_category_id'], [`tracking_option_id=${missing}`, 'tracking_option_id'], [`tracking_category_id=${missing}&tracking_option_id=${missing}`, 'tracking_category_id'], [`tracking_category_id=${missing}&basis=cash`, 'basis']] as const) {
      const answer = await ask(query);
      expect(answer.status, `${query}: ${answer.text}`).toBe(400);
      expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    const ledger = await call('GET', `/api/v1/reports/general-ledger?account_id=${missing}&tracking_option_id=${missing}`, { key: business.key });
    expect(ledger.status).toBe(400);
  });
});
