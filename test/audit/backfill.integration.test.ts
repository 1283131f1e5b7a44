import { describe, expect, it } from 'vitest';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Id } from '../../shared/platform/core/ids.ts';
import { db, tableName } from '../../shared/platform/db/client.ts';
import { call, chainSettled, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';

interface Entry {
  readonly seq: number | null;
  readonly at: string;
  readonly action: string;
  readonly actor: { readonly type: string; readonly id: string };
  readonly record: { readonly type: string; readonly id: string };
  readonly changes: readonly { readonly field: string; readonly to: unknown }[];
}

/** Removes every audit item of a business (its entries, links and head): its books as they were before the trail. */
async function forgetTrail(businessId: string): Promise<void> {
  for (const pk of [`BIZ#${businessId}#AUDIT#${new Date().toISOString().slice(0, 4)}`, `BIZ#${businessId}#AUDITCHAIN`]) {
    const { Items = [] } = await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }));
    for (const item of Items) await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
  }
}

describe('books kept before the audit trail', () => {
  it('ledger:rebuild records each existing record once, by the service, dated when it was made; the chain then holds them all, and a second run records nothing', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const customer = await post('/api/v1/customers', { name: uniqueName('Before the trail') });
    const invoice = await post('/api/v1/invoices', { customer_id: customer.id, invoice_date: '2026-05-04', lines: [{ description: 'Old work', quantity: 1, unit_price: 70 }] });
    await chainSettled(business.id);
    await forgetTrail(business.id);
    expect((await call('GET', '/api/v1/audit-log', { key: business.key })).body.data.items).toEqual([]);

    const { backfillAuditTrail } = await import('../../infra/local/audit-backfill.ts');
    const checked = await backfillAuditTrail(business.id as Id, { write: false });
    // The chart and tax rates a business starts with (8 accounts, 3 rates), its key, the customer and the invoice; a check writes nothing.
    expect(checked).toEqual({ records: 14, recorded: 14 });
    expect((await call('GET', '/api/v1/audit-log', { key: business.key })).body.data.items).toEqual([]);

    expect(await backfillAuditTrail(business.id as Id, { write: true })).toEqual({ records: 14, recorded: 14 });
    await chainSettled(business.id);
    const history = (await call('GET', `/api/v1/invoices/${invoice.id}/history`, { key: business.key })).body.data.items as Entry[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'recorded', actor: { type: 'service', id: 'migration' }, at: invoice.created_at, record: { type: 'invoice', id: invoice.id } });
    expect(history[0]!.changes).toContainEqual({ field: 'total', from: null, to: 70 });
    const log = (await call('GET', '/api/v1/audit-log?page_size=200', { key: business.key })).body.data.items as Entry[];
    expect(log).toHaveLength(14);
    expect(new Set(log.map((entry) => entry.action))).toEqual(new Set(['recorded']));
    expect((await call('GET', '/api/v1/audit-log/verify', { key: business.key })).body.data).toEqual({ checked: 14, ok: true, first_bad_seq: null, head_seq: 14, next_from_seq: null });

    expect(await backfillAuditTrail(business.id as Id, { write: true })).toEqual({ records: 14, recorded: 0 });
    // A change after the migration lands after it in the record's history.
    await call('PATCH', `/api/v1/customers/${customer.id}`, { key: business.key, body: { email: 'after@example.test' } });
    expect(((await call('GET', `/api/v1/customers/${customer.id}/history`, { key: business.key })).body.data.items as Entry[]).map((entry) => entry.action)).toEqual(['updated', 'recorded']);
  });

  it('a business created since the trail has the entry of its creation, naming the chart and tax rates it starts with: the migration records none of them again', async () => {
    const business = await freshBusiness();
    await chainSettled(business.id);
    const [created] = ((await call('GET', `/api/v1/audit-log?record_type=business&record_id=${business.id}`, { key: business.key })).body.data.items as (Entry & { related: { type: string }[] })[]);
    expect(created).toMatchObject({ action: 'created', actor: { type: 'service' }, record: { type: 'business', id: business.id } });
    expect(created!.related.map((record) => record.type).sort()).toEqual([...Array(8).fill('account'), ...Array(3).fill('tax_rate')]);
    const { backfillAuditTrail } = await import('../../infra/local/audit-backfill.ts');
    // The business's key is its only record with an entry of its own besides the business: nothing is missing.
    expect(await backfillAuditTrail(business.id as Id, { write: false })).toEqual({ records: 12, recorded: 0 });
  });
});
