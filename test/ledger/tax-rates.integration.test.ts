import { describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { periodTotalsPk } from '../../shared/platform/db/keys.ts';
import { cashBasisPk } from '../../shared/ledger/cash-basis.ts';
import { rebuildLedger } from '../../functions/ledger/rebuild/rebuild.ts';
import { db, tableName } from '../../shared/platform/db/client.ts';
import { nameTaxRatesOfLines } from '../../shared/ledger/tax/name-lines.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';

interface Rate {
  readonly id: string;
  readonly name: string;
  readonly rate: number;
  readonly kind: string;
  readonly category: string;
  readonly exemption_reason: string | null;
  readonly archived: boolean;
  readonly used: boolean;
}

async function books() {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: uniqueName('Taxed') })).id as string;
  const vendor = (await post('/api/v1/vendors', { name: uniqueName('Supplier') })).id as string;
  const rates = async (query = '') => (await call('GET', `/api/v1/tax-rates${query}`, { key: business.key })).body.data.items as Rate[];
  const invoice = (lines: unknown[], extra: Record<string, unknown> = {}) => call('POST', '/api/v1/invoices', { key: business.key, body: { customer_id: customer, invoice_date: '2026-05-04', lines, ...extra } });
  return { business, post, customer, vendor, rates, invoice };
}

describe('tax rates as records', () => {
  it('a business starts with zero, exempt and out-of-scope rates at 0%, each its EN 16931 category', async () => {
    const { rates } = await books();
    expect((await rates()).map((rate) => [rate.name, rate.rate, rate.kind, rate.category])).toEqual([
      ['Exempt', 0, 'exempt', 'E'],
      ['Out of scope', 0, 'out_of_scope', 'O'],
      ['Zero rated', 0, 'zero', 'Z'],
    ]);
  });

  it('refuses a rate its kind cannot have, a missing exemption reason, an unknown kind, each by its field', async () => {
    const { business } = await books();
    const refused = async (body: Record<string, unknown>) => {
      const answer = await call('POST', '/api/v1/tax-rates', { key: business.key, body });
      expect(answer.status, answer.text).toBe(400);
      return answer.text;
    };
    expect(await refused({ name: 'Zero at five', rate: 5, kind: 'zero', exemption_reason: 'Why' })).toContain('rate');
    expect(await refused({ name: 'Exempt', rate: 0, kind: 'exempt' })).toContain('exemption_reason');
    expect(await refused({ name: 'Standard nil', rate: 0, kind: 'standard' })).toContain('rate');
    expect(await refused({ name: 'Odd', rate: 10, kind: 'luxury' })).toContain('kind');
    expect(await refused({ name: 'Five decimals', rate: 10.12345, kind: 'standard' })).toContain('rate');
    const made = await call('POST', '/api/v1/tax-rates', { key: business.key, body: { name: 'Intra-community', rate: 0, kind: 'intra_community', exemption_reason: 'Intra-community supply' } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ category: 'K', used: false, archived: false });
  });

  it('every line names a rate: a bare percentage is the zero rate or the standard rate of that percentage, created once', async () => {
    const { business, rates, invoice } = await books();
    const zero = (await rates()).find((rate) => rate.kind === 'zero')!;
    const first = await invoice([{ description: 'A', quantity: 1, unit_price: 100, tax_rate: 7.5 }, { description: 'B', quantity: 1, unit_price: 50 }]);
    expect(first.status, first.text).toBe(201);
    const second = await invoice([{ description: 'C', quantity: 1, unit_price: 10, tax_rate: 7.5 }]);
    const standard = (await rates()).filter((rate) => rate.kind === 'standard');
    expect(standard.map((rate) => [rate.name, rate.rate, rate.used])).toEqual([['Standard 7.5%', 7.5, true]]);
    expect(first.body.data.lines.map((line: { tax_rate_id: string }) => line.tax_rate_id)).toEqual([standard[0]!.id, zero.id]);
    expect(second.body.data.lines[0].tax_rate_id).toBe(standard[0]!.id);
    // The rate a posting created is a related record of that posting's entry, and has a created entry of its own,
    // written with it, so its history is whole; the next posting only names it.
    const entryOf = async (id: string) => (await call('GET', `/api/v1/audit-log?record_type=invoice&record_id=${id}`, { key: business.key })).body.data.items[0] as { related: { type: string; id: string }[]; request_id: string };
    expect((await entryOf(first.body.data.id)).related).toContainEqual({ type: 'tax_rate', id: standard[0]!.id, no: 'Standard 7.5%' });
    expect((await entryOf(second.body.data.id)).related).toEqual([]);
    const history = await call('GET', `/api/v1/tax-rates/${standard[0]!.id}/history`, { key: business.key });
    expect(history.status, history.text).toBe(200);
    expect(history.body.data.items.map((entry: { action: string; request_id: string; changes: { field: string; to: unknown }[] }) => [entry.action, entry.request_id, entry.changes.find((change) => change.field === 'rate')?.to])).toEqual([['created', (await entryOf(first.body.data.id)).request_id, 7.5]]);
    // A standard rate of its own is what a bare percentage names from then on.
    expect((await rates()).find((rate) => rate.kind === 'zero')!.used).toBe(true);
  });

  it('a rate a posting names keeps its rate and kind; renamed and archived it stays; archived it takes no new line', async () => {
    const { business, invoice } = await books();
    const rate = (await call('POST', '/api/v1/tax-rates', { key: business.key, body: { name: 'VAT 20%', rate: 20, kind: 'standard' } })).body.data as Rate;
    // Unused, it may still change.
    expect((await call('PATCH', `/api/v1/tax-rates/${rate.id}`, { key: business.key, body: { rate: 21 } })).body.data.rate).toBe(21);
    expect((await call('PATCH', `/api/v1/tax-rates/${rate.id}`, { key: business.key, body: { rate: 20 } })).status).toBe(200);
    const posted = await invoice([{ description: 'Work', quantity: 1, unit_price: 100, tax_rate_id: rate.id }]);
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.data).toMatchObject({ tax_total: 20, total: 120 });
    expect(posted.body.data.lines[0]).toMatchObject({ tax_rate: 20, tax_rate_id: rate.id, tax_amount: 20 });
    const retuned = await call('PATCH', `/api/v1/tax-rates/${rate.id}`, { key: business.key, body: { rate: 21, kind: 'reduced' } });
    expect(retuned.status).toBe(400);
    expect(retuned.body.details.map((problem: { field: string }) => problem.field)).toEqual(['rate', 'kind']);
    const mismatch = await invoice([{ description: 'Work', quantity: 1, unit_price: 100, tax_rate_id: rate.id, tax_rate: 19 }]);
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('lines[0].tax_rate');
    const archived = await call('PATCH', `/api/v1/tax-rates/${rate.id}`, { key: business.key, body: { name: 'VAT 20% (old)', archived: true } });
    expect(archived.body.data).toMatchObject({ name: 'VAT 20% (old)', archived: true, used: true, rate: 20 });
    const refused = await invoice([{ description: 'Work', quantity: 1, unit_price: 100, tax_rate_id: rate.id }]);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('lines[0].tax_rate_id');
    const log = await call('GET', `/api/v1/tax-rates/${rate.id}/history`, { key: business.key });
    expect(log.status, log.text).toBe(200);
    expect(log.body.data.items.map((entry: { action: string }) => entry.action)).toEqual(['archived', 'updated', 'updated', 'created']);
    // Each change is an event too (api.md's new events), oldest first in the feed, the archive last.
    const feed = async () => ((await call('GET', '/api/v1/events?limit=100', { key: business.key })).body.data.items as { type: string; data: { id: string; archived: boolean } }[]).filter((event) => event.data.id === rate.id);
    expect(await eventually(async () => (await feed()).length === 4, STREAM_LAG_MS)).toBe(true);
    expect((await feed()).map((event) => event.type).sort()).toEqual(['tax_rate.created', 'tax_rate.updated', 'tax_rate.updated', 'tax_rate.updated']);
    expect((await feed()).some((event) => event.type === 'tax_rate.updated' && event.data.archived)).toBe(true);
  });

  it('rounds tax once per rate by default (three 0.10 lines at 5%: 0.02), per line when the business chooses (0.03)', async () => {
    const { business, invoice } = await books();
    const lines = [0, 1, 2].map(() => ({ description: 'Pin', quantity: 1, unit_price: 0.1, tax_rate: 5 }));
    const perRate = await invoice(lines);
    expect(perRate.status, perRate.text).toBe(201);
    expect(perRate.body.data).toMatchObject({ subtotal: 0.3, tax_total: 0.02, total: 0.32, tax_rounding: 'rate' });
    expect(perRate.body.data.lines.map((line: { tax_amount: number }) => line.tax_amount)).toEqual([0.01, 0.01, 0]);
    expect((await call('PATCH', '/api/v1/business', { key: business.key, body: { tax_rounding: 'line' } })).body.data.tax_rounding).toBe('line');
    const perLine = await invoice(lines);
    expect(perLine.body.data).toMatchObject({ subtotal: 0.3, tax_total: 0.03, total: 0.33, tax_rounding: 'line' });
    // The first keeps its figures.
    expect((await call('GET', `/api/v1/invoices/${perRate.body.data.id}`, { key: business.key })).body.data.tax_total).toBe(0.02);
  });

  it('inclusive amounts hold their tax: three 10.00 lines at 20% are 25.00 net (8.34 + 8.33 + 8.33) and 5.00 tax, 30.00 in all', async () => {
    const { invoice } = await books();
    const posted = await invoice([0, 1, 2].map(() => ({ description: 'Coffee', quantity: 1, unit_price: 10, tax_rate: 20 })), { amounts: 'inclusive' });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.data).toMatchObject({ amounts: 'inclusive', subtotal: 25, tax_total: 5, total: 30 });
    expect(posted.body.data.lines.map((line: { amount: number; tax_amount: number }) => [line.amount, line.tax_amount])).toEqual([[8.34, 1.66], [8.33, 1.67], [8.33, 1.67]]);
  });

  it('a sale at a reverse-charge rate carries no tax', async () => {
    const { business, invoice } = await books();
    const reverse = (await call('POST', '/api/v1/tax-rates', { key: business.key, body: { name: 'Reverse charge 20%', rate: 20, kind: 'reverse_charge', exemption_reason: 'Reverse charge: the customer accounts for the VAT' } })).body.data as Rate;
    expect(reverse.category).toBe('AE');
    const posted = await invoice([{ description: 'Consulting', quantity: 1, unit_price: 1000, tax_rate_id: reverse.id }]);
    expect(posted.body.data).toMatchObject({ subtotal: 1000, tax_total: 0, total: 1000 });
    expect(posted.body.data.lines[0]).toMatchObject({ tax_rate: 0, tax_rate_id: reverse.id });
  });

  it('ledger:rebuild names the rate of each line posted before tax rates, once, and says how many; figures stay; the return then counts them', async () => {
    const { business, invoice, rates } = await books();
    const posted = (await invoice([{ description: 'A', quantity: 1, unit_price: 100, tax_rate: 12.5 }, { description: 'B', quantity: 2, unit_price: 5 }])).body.data;
    // As it was stored before tax rates: lines without a rate.
    const key = { pk: `BIZ#${business.id}#DOC`, sk: `DOC#${posted.id}` };
    const item = (await db().send(new GetCommand({ TableName: tableName(), Key: key }))).Item!;
    const bare = (item.lines as Record<string, unknown>[]).map(({ tax_rate_id: _id, ...line }) => line);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'SET #lines = :lines', ExpressionAttributeNames: { '#lines': 'lines' }, ExpressionAttributeValues: { ':lines': bare } }));
    expect((await call('GET', `/api/v1/invoices/${posted.id}`, { key: business.key })).body.data.lines.map((line: { tax_rate_id: string | null }) => line.tax_rate_id)).toEqual([null, null]);
    // Nor did its posting keep per-rate totals: take them off the period-total and cash-basis items.
    for (const pk of [periodTotalsPk(business.id as Id), cashBasisPk(business.id as Id)]) {
      for (const total of (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? []) {
        const names = Object.keys(total).filter((name) => name.startsWith('t:'));
        if (names.length === 0) continue;
        await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: total.pk, sk: total.sk }, UpdateExpression: `REMOVE ${names.map((_, index) => `#t${index}`).join(', ')}`, ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#t${index}`, name])) }));
      }
    }
    const may = async (basis: string) => (await call('GET', `/api/v1/reports/tax-summary?from=2026-05-01&to=2026-05-31&basis=${basis}`, { key: business.key })).body.data;
    expect((await may('accrual')).rates).toEqual([]);

    expect(await nameTaxRatesOfLines(business.id as Id, { write: true })).toEqual({ lines: 2, documents: 1, unresolved: 0 });
    const named = (await call('GET', `/api/v1/invoices/${posted.id}`, { key: business.key })).body.data;
    const byKind = new Map((await rates()).map((rate) => [`${rate.kind} ${rate.rate}`, rate.id]));
    expect(named.lines.map((line: { tax_rate_id: string }) => line.tax_rate_id)).toEqual([byKind.get('standard 12.5'), byKind.get('zero 0')]);
    expect(named).toMatchObject({ subtotal: posted.subtotal, tax_total: posted.tax_total, total: posted.total });
    expect(await nameTaxRatesOfLines(business.id as Id, { write: true })).toEqual({ lines: 0, documents: 0, unresolved: 0 });
    // The rebuild recomputes the per-rate totals from the named lines, on both bases (unpaid: nothing on the cash basis).
    const drift = await rebuildLedger(business.id as Id, { repair: true });
    expect(drift.periods.filter((period) => period.attribute.startsWith('t:')).length).toBeGreaterThan(0);
    expect((await may('accrual')).rates.map((rate: { name: string; sales: unknown }) => [rate.name, rate.sales])).toEqual([
      ['Standard 12.5%', { net: 100, tax: 12.5 }],
      ['Zero rated', { net: 10, tax: 0 }],
    ]);
    expect((await may('cash')).rates).toEqual([]);
    expect((await rebuildLedger(business.id as Id, { repair: false })).periods).toEqual([]);
  });
});
