import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../shared/platform/db/client.ts';
import { seriesTicketsKey, sequenceKey } from '../../shared/platform/db/keys.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { createDocument } from '../../shared/documents/documents.ts';
import { InvoiceCreate } from '../../shared/ledger/documents/schemas.ts';
import { recordMoney } from '../../shared/cash/cash.ts';
import { postInTurn } from '../../shared/platform/db/series-turn.ts';
import { batchGet } from '../../shared/platform/db/query.ts';
import { WriteTransaction } from '../../shared/platform/db/transaction.ts';
import { MoneyCreate } from '../../shared/cash/schemas.ts';
import { call, freshBusiness } from './support.ts';

/** A business with a customer, a bank account and `count` invoices of 100 each. */
async function booksWith(count: number) {
  const business = await freshBusiness();
  const post = async (path: string, body: unknown) => (await call('POST', path, { key: business.key, body })).body.data.id as string;
  const customer = await post('/api/v1/customers', { name: 'Queue customer' });
  const bank = await post('/api/v1/bank-feeds/accounts', { name: 'Queue bank', kind: 'bank' });
  const invoices: string[] = [];
  for (let index = 0; index < count; index++) invoices.push(await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-11-01', lines: [{ description: 'Queued', quantity: 1, unit_price: 100 }] }));
  const receipt = (invoice: string, amount: number) => ({ party_id: customer, date: '2026-11-05', payment_account_id: bank, allocations: [{ document_id: invoice, amount }] });
  return { business, invoices, receipt };
}

const receiptSeries = (businessId: string) => sequenceKey(businessId as Id, 'MONEY', 'receipt');
const receiptTickets = (businessId: string) => seriesTicketsKey(businessId as Id, 'MONEY', 'receipt');
const itemAt = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item ?? {};
/** The series' last number, the queue's last ticket and the last ticket served. */
const seriesOf = async (businessId: string) => {
  const [series, tickets] = await Promise.all([itemAt(receiptSeries(businessId)), itemAt(receiptTickets(businessId))]);
  return { last: series.last, tickets: tickets.tickets, served: series.served };
};

/** A ticket taken by a posting that then died (a killed process, a timed-out function): its turn never ends by itself. */
const abandonTicket = (businessId: string) =>
  db().send(new UpdateCommand({ TableName: tableName(), Key: receiptTickets(businessId), UpdateExpression: 'ADD tickets :one', ExpressionAttributeValues: { ':one': 1 } }));

describe('the queue in front of a number series', () => {
  it('30 receipts posted at once, each on its own like separate Lambda instances, all commit in turns: numbers without gap, few lost races, the queue left empty', async () => {
    const { business, invoices, receipt } = await booksWith(30);
    // Straight to the use case, as each Lambda instance calls it: the local runtime's per-caller queue is not in the way.
    let lostRaces = 0;
    db().middlewareStack.add(
      (next, context) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          if (context.commandName === 'TransactWriteItemsCommand' && (error as Error).name === 'TransactionCanceledException') lostRaces++;
          throw error;
        }
      },
      { step: 'initialize', name: 'seriesQueueLostRaces' },
    );
    try {
      const posted = await Promise.all(invoices.map((invoice) => recordMoney('receipt', business.id as Id, v.parse(MoneyCreate, receipt(invoice, 10)))));
      expect(posted.map(({ resource }) => resource.no).sort()).toEqual(Array.from({ length: 30 }, (_, index) => `RCT-${String(index + 1).padStart(5, '0')}`));
      // Racing without a queue, each commit leaves every other posting to lose once more: hundreds of lost races for 30.
      expect(lostRaces).toBeLessThan(30);
    } finally {
      db().middlewareStack.remove('seriesQueueLostRaces');
    }
    const series = await seriesOf(business.id);
    expect(series.last).toBe(30);
    expect(series.tickets).toBeGreaterThan(0);
    expect(series.served).toBe(series.tickets);
    // The turns left their pace on the series item for the next queue's waiters.
    expect((await itemAt(receiptSeries(business.id))).turn_ms).toBeGreaterThan(0);
    const listed = await call('GET', '/api/v1/receipts?page_size=50', { key: business.key });
    expect(listed.body.data.pagination.total_count).toBe(30);
  });

  it('invoices take their numbers in turns too: 20 posted at once straight to the use case are numbered 1 to 20', async () => {
    const { business } = await booksWith(0);
    const customer = (await call('GET', '/api/v1/customers', { key: business.key })).body.data.items[0].id as string;
    const body = v.parse(InvoiceCreate, { customer_id: customer, invoice_date: '2026-11-02', lines: [{ description: 'At once', quantity: 1, unit_price: 5 }] });
    const posted = await Promise.all(Array.from({ length: 20 }, () => createDocument('invoice', business.id as Id, body)));
    expect(posted.map((invoice) => invoice.no).sort()).toEqual(Array.from({ length: 20 }, (_, index) => `INV-${String(index + 1).padStart(5, '0')}`));
    const [series, tickets] = await Promise.all([itemAt(sequenceKey(business.id as Id, 'DOC', 'invoice')), itemAt(seriesTicketsKey(business.id as Id, 'DOC', 'invoice'))]);
    expect(series.last).toBe(20);
    expect(tickets.tickets).toBeGreaterThan(0);
    expect(series.served).toBe(tickets.tickets);
  });

  it('passes on the turn of a posting that died holding it, and a refused posting ends its own turn', async () => {
    const { business, invoices, receipt } = await booksWith(1);
    await abandonTicket(business.id);

    const posted = await call('POST', '/api/v1/receipts', { key: business.key, body: receipt(invoices[0]!, 40) });
    expect(posted.status).toBe(201);
    expect(posted.body.data.no).toBe('RCT-00001');
    expect(await seriesOf(business.id)).toMatchObject({ last: 1, tickets: 2, served: 2 });

    await abandonTicket(business.id);
    const refused = await call('POST', '/api/v1/receipts', { key: business.key, body: receipt(invoices[0]!, 500) });
    expect(refused.status).toBe(400);
    expect(await seriesOf(business.id)).toMatchObject({ last: 1, tickets: 4, served: 4 });

    const next = await call('POST', '/api/v1/receipts', { key: business.key, body: receipt(invoices[0]!, 60) });
    expect(next.body.data.no).toBe('RCT-00002');
    expect(await seriesOf(business.id)).toMatchObject({ last: 2, tickets: 4, served: 4 });
    expect((await call('GET', `/api/v1/invoices/${invoices[0]}`, { key: business.key })).body.data.amount_paid).toBe(100);
  });

  it('the next in line looks through its own read, and an attempt that ends without reading its turn (a replay) still ends its ticket in order', async () => {
    const { business } = await booksWith(0);
    const keys = { series: receiptSeries(business.id), tickets: receiptTickets(business.id) };
    // Two postings hold tickets 1 and 2; the test plays them, ending each turn by hand.
    await abandonTicket(business.id);
    await abandonTicket(business.id);
    const endTurnOf = (ticket: number) =>
      db().send(new UpdateCommand({ TableName: tableName(), Key: keys.series, UpdateExpression: 'SET served = :ticket', ExpressionAttributeValues: { ':ticket': ticket } }));

    const attempts: { served: number; at: number }[] = [];
    // The first attempt meets the queue and takes ticket 3; the next returns without reading its turn, as a
    // receipt whose Idempotency-Key was already answered does.
    const posting = postInTurn(keys, 'SEQ:receipt', async (turn) => {
      const read = await batchGet(turn.readKeys);
      attempts.push({ served: Number(read(keys.series)?.served ?? 0), at: Date.now() });
      if (attempts.length === 1) turn.lastOf(read);
      return 'replayed';
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still two turns ahead of it: it has not looked again.
    expect(attempts).toHaveLength(1);
    await endTurnOf(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Next in line: it looked through its attempt's read, instead of a read of the series alone.
    expect(attempts).toHaveLength(2);
    expect(attempts[1]!.served).toBe(1);
    await endTurnOf(2);
    expect(await posting).toBe('replayed');
    // Its ticket was ended after the turn before it, so the queue is empty, not stuck at ticket 3.
    expect(await seriesOf(business.id)).toMatchObject({ tickets: 3, served: 3 });
  });

  it('a turn stamps when served moved and the series’ pace, and the next in line times its look from the stamp rather than from when it saw it', async () => {
    const { business } = await booksWith(0);
    const keys = { series: receiptSeries(business.id), tickets: receiptTickets(business.id) };
    // Ticket 1 is held; by the series item, the turn before it ended 5 s ago and turns take 2 s.
    await abandonTicket(business.id);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.series, UpdateExpression: 'SET served_at = :at, turn_ms = :pace', ExpressionAttributeValues: { ':at': Date.now() - 5_000, ':pace': 2_000 } }));
    const attempts: number[] = [];
    const posting = postInTurn(keys, 'SEQ:receipt', async (turn) => {
      const read = await batchGet(turn.readKeys);
      attempts.push(Date.now());
      const tx = new WriteTransaction();
      const next = turn.addNext(tx, turn.lastOf(read));
      await tx.commit();
      return next;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Its first attempt met the queue and took ticket 2. Timed from the stamp, the turn ahead is long due, so it
    // looked again at once and then often; timed from its own sight of served, it would have waited 250 ms first.
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts[1]! - attempts[0]!).toBeLessThan(150);
    const ended = Date.now();
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.series, UpdateExpression: 'SET served = :one, served_at = :at', ExpressionAttributeValues: { ':one': 1, ':at': ended } }));
    expect(await posting).toBe(1);
    const series = await itemAt(keys.series);
    expect(series).toMatchObject({ last: 1, served: 2 });
    // Its own commit stamped the move, and moved the pace a quarter of the way toward its turn's length.
    expect(series.served_at).toBeGreaterThanOrEqual(ended);
    expect(series.served_at).toBeLessThanOrEqual(Date.now());
    expect(series.turn_ms).toBeGreaterThan(1_400);
    expect(series.turn_ms).toBeLessThan(2_000);
  });

  it('an instance that has just committed its turn takes its next ticket without reading the series again', async () => {
    const { business } = await booksWith(0);
    const keys = { series: receiptSeries(business.id), tickets: receiptTickets(business.id) };
    // A posting that read the series and committed the next number, in its turn when it holds one.
    const post = () =>
      postInTurn(keys, 'SEQ:receipt', async (turn) => {
        const read = await batchGet(turn.readKeys);
        const tx = new WriteTransaction();
        const next = turn.addNext(tx, turn.lastOf(read));
        await tx.commit();
        return next;
      });
    // Someone holds ticket 1: the first posting finds the queue, takes ticket 2 and posts once the test ends turn 1.
    await abandonTicket(business.id);
    const first = post();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.series, UpdateExpression: 'SET served = :ticket', ExpressionAttributeValues: { ':ticket': 1 } }));
    expect(await first).toBe(1);

    let seriesReads = 0;
    db().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'GetItemCommand' && (args.input as { Key: { sk: string } }).Key.sk === keys.series.sk) seriesReads++;
        return next(args);
      },
      { step: 'initialize', name: 'seriesReads' },
    );
    try {
      // Right after, this instance queues at once (it saw the queue) and knows `served` from its own commit.
      expect(await post()).toBe(2);
    } finally {
      db().middlewareStack.remove('seriesReads');
    }
    expect(seriesReads).toBe(0);
    expect(await seriesOf(business.id)).toMatchObject({ last: 2, tickets: 3, served: 3 });
  });
});
