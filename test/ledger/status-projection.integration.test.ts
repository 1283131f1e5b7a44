import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import type { ProjectionSpec } from '../../shared/platform/outbox/projection.ts';
import { call, createdBy as created, freshBusiness, useRuntimeTable } from '../integration/support.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';

type Business = Awaited<ReturnType<typeof freshBusiness>>;

const listed = async (business: Business, query: string) => (await call('GET', `/api/v1/invoices?${query}`, { key: business.key })).body.data as { items: { id: string; no: string; status: string }[]; pagination: { total_count: number; next_cursor: string | null } };

async function world() {
  const business = await freshBusiness();
  const customer = (await created(business, '/api/v1/customers', { name: 'Projected Ltd' })).id as string;
  const other = (await created(business, '/api/v1/customers', { name: 'Other Ltd' })).id as string;
  const bank = (await created(business, '/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' })).id as string;
  const invoice = (party: string, day: number) => created(business, '/api/v1/invoices', { customer_id: party, invoice_date: `2026-03-${String(day).padStart(2, '0')}`, lines: [{ description: 'Work', quantity: 1, unit_price: 10 }] });
  const pay = (party: string, id: string, amount = 10) => created(business, '/api/v1/receipts', { party_id: party, date: '2026-04-01', payment_account_id: bank, allocations: [{ document_id: id, amount }] });
  return { business, customer, other, invoice, pay };
}

describe('documents by status (the status projection)', () => {
  it('lists a status change under its new status within the projection’s bound, with an exact total_count, and Open at once', async () => {
    const { business, customer, other, invoice, pay } = await world();
    const invoices = [];
    for (let day = 1; day <= 6; day++) invoices.push(await invoice(day % 2 ? customer : other, day));
    // Open comes from the open-documents index: strongly consistent, no wait.
    expect((await listed(business, 'status=Open')).pagination.total_count).toBe(6);
    await pay(customer, invoices[0].id);
    await pay(customer, invoices[2].id, 4);
    await pay(other, invoices[1].id);
    expect((await call('POST', `/api/v1/invoices/${invoices[3].id}/void`, { key: business.key })).status).toBe(200);
    // The bound itself (p99 under 2 s at 20 postings/s) is measured by `npm run bench`; here the whole suite shares
    // one runtime and its projector, so the deadline is generous.
    expect(await eventually(async () => (await listed(business, 'status=Paid')).pagination.total_count === 2 && (await listed(business, 'status=Voided')).pagination.total_count === 1, STREAM_LAG_MS)).toBe(true);
    expect((await listed(business, 'status=Paid')).items.map((item) => item.no)).toEqual([invoices[0].no, invoices[1].no]);
    expect((await listed(business, `status=Paid&customer_id=${customer}`)).items.map((item) => item.no)).toEqual([invoices[0].no]);
    expect((await listed(business, 'status=Voided')).items.map((item) => item.status)).toEqual(['Voided']);
    expect((await listed(business, 'status=PartiallyPaid')).items.map((item) => item.no)).toEqual([invoices[2].no]);
    expect((await listed(business, 'status=Paid&from=2026-03-02&to=2026-03-31')).items.map((item) => item.no)).toEqual([invoices[1].no]);
  });

  it('pages a status list by number and by cursor alike', async () => {
    const { business, customer, invoice, pay } = await world();
    for (let day = 1; day <= 23; day++) await pay(customer, (await invoice(customer, day)).id);
    expect(await eventually(async () => (await listed(business, 'status=Paid')).pagination.total_count === 23, STREAM_LAG_MS)).toBe(true);
    const byNumber = [];
    for (let page = 1; page <= 4; page++) byNumber.push(...(await listed(business, `status=Paid&page=${page}&page_size=7`)).items.map((item) => item.no));
    const byCursor = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await listed(business, `status=Paid&page_size=7${cursor ? `&cursor=${cursor}` : ''}`);
      byCursor.push(...page.items.map((item) => item.no));
      cursor = page.pagination.next_cursor;
    }
    expect(byNumber).toHaveLength(23);
    expect(byCursor).toEqual(byNumber);
    expect([...byNumber].sort()).toEqual(byNumber);
  });

  it('applies a change once under redelivery, and keeps the newer of two changes delivered in the wrong order', async () => {
    const { business, customer, invoice } = await world();
    useRuntimeTable();
    const { projectDocumentChange } = await import('../../shared/ledger/documents/status-projection.ts');
    const { documentStore } = await import('../../shared/ledger/documents/records.ts');
    const document = await invoice(customer, 9);
    const stored = (await documentStore.get(business.id as Id, document.id))!;
    // The projector has seen version 1 already (or will): delivering it again moves nothing.
    expect(await eventually(async () => (await listed(business, 'status=Open')).pagination.total_count === 1)).toBe(true);
    const paid = { ...stored.record, amount_paid: stored.record.total };
    const part = { ...stored.record, amount_paid: 1 };
    // Version 3 (paid) arrives before version 2 (part paid): the older one is dropped.
    expect(await projectDocumentChange(business.id as Id, document.id, 3, paid)).toBe(true);
    expect(await projectDocumentChange(business.id as Id, document.id, 2, part)).toBe(false);
    expect(await projectDocumentChange(business.id as Id, document.id, 3, paid)).toBe(false);
    expect(await projectDocumentChange(business.id as Id, document.id, 1, stored.record)).toBe(false);
    const counts = async (status: string) => (await listed(business, `status=${status}`)).pagination.total_count;
    expect(await counts('Paid')).toBe(1);
    expect((await listed(business, 'status=Paid')).items.map((item) => item.id)).toEqual([document.id]);
    // Back to the document as it is stored (a later version), and the lists follow.
    expect(await projectDocumentChange(business.id as Id, document.id, 4, stored.record)).toBe(true);
    expect(await counts('Paid')).toBe(0);
  });

  it('changes of records of two kinds, for different projections, share one marker read and one transaction, and are dropped alike when delivered again', async () => {
    const business = await freshBusiness();
    useRuntimeTable();
    const { applyPending, pendingChanges, projectedBetween } = await import('../../shared/platform/outbox/projection.ts');
    const { db } = await import('../../shared/platform/db/client.ts');
    const calls = new Map<string, number>();
    db().middlewareStack.add((next, context) => async (args) => {
      calls.set(context.commandName ?? '', (calls.get(context.commandName ?? '') ?? 0) + 1);
      return next(args);
    }, { step: 'initialize', name: 'sharedProjectionCalls' });
    try {
      const notes: ProjectionSpec<{ readonly day: string }> = { name: 'TESTNOTES', entriesOf: (note) => [{ list: 'N', date: note.day, order: '1', attributes: { day: note.day }, counted: false }] };
      const sums: ProjectionSpec<{ readonly amount: number }> = { name: 'TESTSUMS', entriesOf: (sum) => [{ list: 'S', date: '2026-01-01', order: String(sum.amount), attributes: { amount: sum.amount }, counted: false }] };
      const batch = () => [
        ...pendingChanges(notes, business.id as Id, [{ recordId: 'n1', version: 1, record: { day: '2026-01-02' } }, { recordId: 'n2', version: 1, record: { day: '2026-01-03' } }]),
        ...pendingChanges(sums, business.id as Id, [{ recordId: 's1', version: 1, record: { amount: 7 } }]),
      ];
      expect(await applyPending(batch())).toBe(3);
      expect(Object.fromEntries(calls)).toEqual({ BatchGetItemCommand: 1, TransactWriteItemsCommand: 1 });
      expect((await projectedBetween(business.id as Id, 'TESTNOTES', 'N', '', '9999-12-31', 10)).map((item) => item.day)).toEqual(['2026-01-02', '2026-01-03']);
      expect((await projectedBetween(business.id as Id, 'TESTSUMS', 'S', '', '9999-12-31', 10)).map((item) => item.amount)).toEqual([7]);
      calls.clear();
      expect(await applyPending(batch())).toBe(0);
      expect(Object.fromEntries(calls)).toEqual({ BatchGetItemCommand: 1 });
    } finally {
      db().middlewareStack.remove('sharedProjectionCalls');
    }
  });

  it('packs changes into transactions by the items each one makes: three changes of 36 items each take two transactions, none past 100 items', async () => {
    const business = await freshBusiness();
    useRuntimeTable();
    const { applyPending, pendingChanges, projectedBetween } = await import('../../shared/platform/outbox/projection.ts');
    const { db } = await import('../../shared/platform/db/client.ts');
    const transactions: number[] = [];
    db().middlewareStack.add((next, context) => async (args) => {
      if (context.commandName === 'TransactWriteItemsCommand') transactions.push(((args.input as { TransactItems?: unknown[] }).TransactItems ?? []).length);
      return next(args);
    }, { step: 'initialize', name: 'wideProjectionTransactions' });
    try {
      // Like a journal entry moving many cash-flow accounts: one entry in each of 35 lists, and the marker.
      const wide: ProjectionSpec<{ readonly id: string }> = { name: 'TESTWIDE', entriesOf: (record) => Array.from({ length: 35 }, (_, list) => ({ list: `W${list}`, date: '2026-01-01', order: record.id, attributes: { id: record.id }, counted: false })) };
      const changes = ['a', 'b', 'c'].map((id) => ({ recordId: id, version: 1, record: { id } }));
      expect(await applyPending(pendingChanges(wide, business.id as Id, changes))).toBe(3);
      expect(transactions).toEqual([72, 36]);
      expect((await projectedBetween(business.id as Id, 'TESTWIDE', 'W34', '', '9999-12-31', 10)).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    } finally {
      db().middlewareStack.remove('wideProjectionTransactions');
    }
  });
});
