import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../shared/platform/db/client.ts';
import { collectionPk, partyTotalsPk, periodTotalsPk, projectionCountsPk, projectionPk, rankCountsPk } from '../../shared/platform/db/keys.ts';
import { ledgerBuiltKey } from '../../shared/ledger/period-totals.ts';
import { openDocumentsPk } from '../../shared/ledger/documents/records.ts';
import { applyChange, type ProjectionSpec } from '../../shared/platform/outbox/projection.ts';
import { documentStatus, documentStore, type DocumentRecord } from '../../shared/ledger/documents/records.ts';
import { statusList } from '../../shared/ledger/documents/status-projection.ts';
import type { Id } from '../../shared/platform/core/ids.ts';
import { systemAccountId } from '../../shared/ledger/ledger-rules.ts';
import { entriesOfDocument, journalStore, type JournalEntryRecord } from '../../shared/ledger/journal.ts';
import { catchUpLedgers } from '../../infra/local/ledger-catch-up.ts';
import { call, freshBusiness, postingAs, runtime } from '../integration/support.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';

const run = promisify(execFile);

/** Takes a business back to books kept before period totals, open markers and yearly counts existed. */
async function forgetTotals(businessId: string) {
  for (const kind of ['DOC', 'MONEY', 'JOURNAL'] as const) {
    const counters = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :count)', ExpressionAttributeValues: { ':pk': collectionPk(businessId as Id, kind), ':count': '#COUNT#' } }))).Items ?? [];
    for (const counter of counters) {
      const years = Object.keys(counter).filter((name) => name.startsWith('y:'));
      expect(years.length).toBeGreaterThan(0);
      await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: counter.pk, sk: counter.sk }, UpdateExpression: `REMOVE ${years.map((_, index) => `#y${index}`).join(', ')}`, ExpressionAttributeNames: Object.fromEntries(years.map((name, index) => [`#y${index}`, name])) }));
    }
  }
  for (const pk of [periodTotalsPk(businessId as Id), partyTotalsPk(businessId as Id), openDocumentsPk(businessId as Id), rankCountsPk(businessId as Id)]) {
    const items = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? [];
    for (const item of items) await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
  }
  expect((await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': ledgerBuiltKey(businessId as Id).pk } }))).Items).toEqual([]);
}

const rebuild = (businessId: string, ...flags: string[]) =>
  run('npx', ['tsx', 'infra/local/ledger-rebuild.ts', businessId, ...flags], { env: { ...process.env, TABLE_NAME: runtime.tableName, DYNAMODB_ENDPOINT: runtime.engineEndpoint, AWS_REGION: 'local' } }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );

async function booksOf(key: string) {
  const answer = await call('GET', '/api/v1/reports/trial-balance?as_of=2999-12-31', { key });
  const aged = await call('GET', '/api/v1/reports/aged-receivables?as_of=2999-12-31', { key });
  return { trial: answer.body.data.currencies, aged: aged.body.data.currencies };
}

async function postSomeBooks(key: string) {
  const post = async (path: string, body: unknown) => (await call('POST', path, { key, body })).body.data.id as string;
  const customer = await post('/api/v1/customers', { name: 'Old customer' });
  const bank = await post('/api/v1/bank-feeds/accounts', { name: 'Old bank', kind: 'bank', opening_balance: 40 });
  const invoices = [];
  for (const date of ['2025-12-30', '2026-01-15', '2026-01-16']) invoices.push(await post('/api/v1/invoices', { customer_id: customer, invoice_date: date, lines: [{ description: 'Old', quantity: 1, unit_price: 25 }] }));
  await post('/api/v1/receipts', { party_id: customer, date: '2026-02-01', payment_account_id: bank, allocations: [{ document_id: invoices[0], amount: 25 }] });
  // A vendor credit at a rate, part applied: its posting, tax figures and cash-basis gap are the rebuild's to derive too.
  const vendor = await post('/api/v1/vendors', { name: 'Old supplier' });
  const bill = await post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-01-20', lines: [{ description: 'Old', quantity: 1, unit_price: 60, tax_rate: 10 }] });
  const credit = await post('/api/v1/vendor-credits', { vendor_id: vendor, date: '2026-01-25', lines: [{ description: 'Returned', quantity: 1, unit_price: 20, tax_rate: 10 }] });
  await post(`/api/v1/vendor-credits/${credit}/allocations`, { date: '2026-02-02', allocations: [{ document_id: bill, amount: 11 }] });
}

/** Takes a business's postings back to before rates: no rate, no home amounts, no realized gains account. */
async function forgetRates(businessId: string) {
  for (const kind of ['JOURNAL', 'DOC', 'MONEY'] as const) {
    const records = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :record)', ExpressionAttributeValues: { ':pk': collectionPk(businessId as Id, kind), ':record': `${kind}#` } }))).Items ?? [];
    for (const record of records) {
      const lines = kind === 'JOURNAL' ? { UpdateExpression: 'REMOVE exchange_rate SET #lines = :lines', ExpressionAttributeNames: { '#lines': 'lines' }, ExpressionAttributeValues: { ':lines': (record.lines as Record<string, unknown>[]).map(({ account_id, debit, credit }) => ({ account_id, debit, credit })) } } : { UpdateExpression: 'REMOVE exchange_rate, base_settled' };
      await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: record.pk, sk: record.sk }, ...lines }));
    }
  }
  await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: collectionPk(businessId as Id, 'ACCOUNT'), sk: `ACCOUNT#${systemAccountId(businessId as Id, 'realized_fx')}` } }));
}

describe('ledger rebuild', () => {
  it('npm run ledger:rebuild reports the drift of books kept before the totals, repairs it, then finds none', async () => {
    const business = await freshBusiness();
    await postSomeBooks(business.key);
    const kept = await booksOf(business.key);
    expect(kept.trial.length).toBe(1);
    await forgetTotals(business.id);
    expect((await booksOf(business.key)).trial).toEqual([]);

    const check = await rebuild(business.id, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/drift D#2026-01-15 b:.*:USD: stored 0, the books say 2500/);
    expect(check.stdout).toMatch(/drift .*#Y#2026 n:DOC:invoice#.*@01: stored 0, the books say 2/);
    expect(check.stdout).toMatch(/drift #COUNT#invoice y:2026: stored 0, the books say 2/);
    expect(check.stdout).toMatch(/drift #COUNT#invoice y:2025: stored 0, the books say 1/);
    expect(check.stdout).toMatch(/missing open marker OPEN#invoice#2026-01-15#/);
    // 'Old customer' counted under the empty prefix by its first letter, o (6f), and under 'old' by its space (20).
    expect(check.stdout).toMatch(/drift CUSTOMER# r:6f: stored 0, the books say 1/);
    expect(check.stdout).toMatch(/drift CUSTOMER#old r:20: stored 0, the books say 1/);
    expect((await booksOf(business.key)).trial).toEqual([]);

    // A business made since the audit trail has an entry for every record, its starting chart in its creation's:
    // nothing to record (books kept before the trail are test/audit/backfill.integration.test.ts's).
    expect(check.stdout).not.toMatch(/had no audit entry/);
    const repair = await rebuild(business.id);
    expect(repair.code, repair.stdout).toBe(0);
    expect(repair.stdout).toMatch(/differences repaired/);
    expect(await booksOf(business.key)).toEqual(kept);
    const again = await rebuild(business.id, '--check');
    expect(again).toMatchObject({ code: 0, stdout: expect.stringMatching(/no drift/) });
    expect(again.stdout).not.toMatch(/no audit entry/);
  }, 60_000);

  it('books settled before relief records were kept get them from their settlements\' own dates: an aged report of a past date is right again', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'Settled early' })).id as string;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Relief bank', kind: 'bank' })).id as string;
    const invoice = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-03-01', due_date: '2026-03-31', lines: [{ description: 'Old', quantity: 1, unit_price: 100 }] })).id as string;
    const voided = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-03-02', due_date: '2026-03-31', lines: [{ description: 'Mistake', quantity: 1, unit_price: 30 }] })).id as string;
    const note = (await post('/api/v1/credit-notes', { customer_id: customer, date: '2026-03-03', lines: [{ description: 'Goodwill', quantity: 1, unit_price: 10 }] })).id as string;
    await post(`/api/v1/credit-notes/${note}/allocations`, { date: '2026-04-10', allocations: [{ document_id: invoice, amount: 10 }] });
    const receipt = (await post('/api/v1/receipts', { party_id: customer, date: '2026-04-20', payment_account_id: bank, allocations: [{ document_id: invoice, amount: 90 }] })).id as string;
    expect((await call('POST', `/api/v1/receipts/${receipt}/void`, { key: business.key, body: { void_date: '2026-05-05' } })).status).toBe(200);
    expect((await call('POST', `/api/v1/invoices/${voided}/void`, { key: business.key, body: { void_date: '2026-04-15' } })).status).toBe(200);
    const agedOn = async (asOf: string) => (await call('GET', `/api/v1/reports/aged-receivables?as_of=${asOf}`, { key: business.key })).body.data.currencies[0]?.totals.total ?? 0;
    const dates = ['2026-03-31', '2026-04-12', '2026-04-30', '2026-05-31'];
    // 130 owed less the credit note's 10, unapplied until 04-10; the voided 30 gone on 04-15; the receipt's 90 from
    // 04-20 to its void on 05-05.
    const kept = await Promise.all(dates.map(agedOn));
    expect(kept).toEqual([120, 120, 0, 90]);

    // Books from before relief records: none kept, so every settlement counts as made before any date.
    const records = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BIZ#${business.id}#RELIEF` } }))).Items ?? [];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: record.pk, sk: record.sk } }));
    expect(await Promise.all(dates.map(agedOn))).toEqual([90, 90, 90, 90]);

    const check = await rebuild(business.id, '--check');
    expect(check.code, check.stdout).toBe(1);
    expect(check.stdout).toMatch(/missing or different relief record invoice#2026-04-20#/);
    const repair = await rebuild(business.id);
    expect(repair.code, repair.stdout).toBe(0);
    expect(await Promise.all(dates.map(agedOn))).toEqual(kept);
    expect(await rebuild(business.id, '--check')).toMatchObject({ code: 0, stdout: expect.stringMatching(/no drift/) });

    // Records kept before they described their documents (build version 13): the report reads those documents instead.
    const described = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BIZ#${business.id}#RELIEF` } }))).Items ?? [];
    const facts = described.flatMap((record) => Object.keys(record).filter((name) => name.startsWith('m#')).map((name) => ({ record, name })));
    expect(facts.length).toBeGreaterThan(0);
    for (const { record, name } of facts) await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: record.pk, sk: record.sk }, UpdateExpression: 'REMOVE #m', ExpressionAttributeNames: { '#m': name } }));
    expect(await Promise.all(dates.map(agedOn))).toEqual(kept);
    expect((await rebuild(business.id, '--check')).stdout).toMatch(/missing or different relief record invoice#2026-04-20#/);
    expect((await rebuild(business.id)).code).toBe(0);
    const redescribed = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BIZ#${business.id}#RELIEF` } }))).Items ?? [];
    expect(redescribed.find((record) => String(record.sk).startsWith('invoice#2026-04-20#'))?.[`m#${invoice}`]).toEqual({ no: expect.any(String), party_id: customer, currency: expect.any(String), date: '2026-03-01', due_date: '2026-03-31' });
  }, 60_000);

  it('tracking options\' totals lost or drifted are found against the journal\'s lines and rewritten: the profit and loss by option is right again', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'Tracked' })).id as string;
    const category = await post('/api/v1/tracking-categories', { name: 'Branch', options: [{ name: 'North' }, { name: 'South' }] });
    const [north, south] = category.options as [{ id: string }, { id: string }];
    const tracked = (option: { id: string }) => [{ category_id: category.id, option_id: option.id }];
    await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-03-01', lines: [{ description: 'North work', quantity: 1, unit_price: 70, tracking: tracked(north) }, { description: 'South work', quantity: 1, unit_price: 30, tracking: tracked(south) }] });
    await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-04-02', lines: [{ description: 'More north', quantity: 2, unit_price: 5, tracking: tracked(north) }] });
    const byOption = async () => JSON.stringify((await call('GET', `/api/v1/reports/profit-and-loss?from=2026-03-01&to=2026-04-30&tracking_category_id=${category.id}`, { key: business.key })).body.data);
    const kept = await byOption();
    expect(kept).toContain(`{"option_id":"${north.id}","amount":80}`);
    expect(kept).toContain(`{"option_id":"${south.id}","amount":30}`);
    // The projections the check also compares follow the stream: checked once the projector has caught up.
    expect(await eventually(async () => (await rebuild(business.id, '--check')).stdout.includes('no drift'), STREAM_LAG_MS)).toBe(true);

    const pk = `BIZ#${business.id}#TRACKTOTAL`;
    const items = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? [];
    // A day and a month item per option and posting date: North on two dates, South on one.
    expect(items).toHaveLength(6);
    const lost = items.find((item) => String(item.sk).endsWith(`#M#2026-03#${south.id}`))!;
    await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk: lost.sk } }));
    const drifted = items.find((item) => String(item.sk).endsWith(`#M#2026-04#${north.id}`))!;
    const attribute = Object.keys(drifted).find((name) => name.startsWith('b:'))!;
    await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk, sk: drifted.sk }, UpdateExpression: 'ADD #a :one', ExpressionAttributeNames: { '#a': attribute }, ExpressionAttributeValues: { ':one': 1 } }));
    expect(await byOption()).not.toBe(kept);

    const check = await rebuild(business.id, '--check');
    expect(check.code, check.stdout).toBe(1);
    expect(check.stdout).toContain(`drift tracking ${category.id}#M#2026-03#${south.id}`);
    expect(check.stdout).toContain(`drift tracking ${category.id}#M#2026-04#${north.id} ${attribute}`);
    expect((await rebuild(business.id)).code).toBe(0);
    expect(await byOption()).toBe(kept);
    expect(await rebuild(business.id, '--check')).toMatchObject({ code: 0, stdout: expect.stringMatching(/no drift/) });
  }, 60_000);

  it('books kept before cash basis get their gaps replayed from the settlements: the cash-basis profit and loss is right again', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'Paid in parts' })).id as string;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Cash-basis bank', kind: 'bank' })).id as string;
    const invoice = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-03-01', lines: [{ description: 'Work', quantity: 1, unit_price: 10, tax_rate: 10 }] })).id as string;
    const note = (await post('/api/v1/credit-notes', { customer_id: customer, date: '2026-03-02', lines: [{ description: 'Goodwill', quantity: 1, unit_price: 1 }] })).id as string;
    await post(`/api/v1/credit-notes/${note}/allocations`, { date: '2026-04-02', allocations: [{ document_id: invoice, amount: 1 }] });
    const first = (await post('/api/v1/receipts', { party_id: customer, date: '2026-04-03', payment_account_id: bank, allocations: [{ document_id: invoice, amount: 3 }] })).id as string;
    await post('/api/v1/receipts', { party_id: customer, date: '2026-04-04', payment_account_id: bank, allocations: [{ document_id: invoice, amount: 3 }] });
    expect((await call('POST', `/api/v1/receipts/${first}/void`, { key: business.key, body: { void_date: '2026-05-05' } })).status).toBe(200);
    await post('/api/v1/receipts', { party_id: customer, date: '2026-05-06', payment_account_id: bank, allocations: [{ document_id: invoice, amount: 7 }] });
    const incomeIn = async (month: string) => (await call('GET', `/api/v1/reports/profit-and-loss?from=${month}-01&to=${month}-28&basis=cash`, { key: business.key })).body.data.base.total_income;
    const months = ['2026-03', '2026-04', '2026-05'];
    // April: the credit (1 of 11: 0.91 of the invoice, −1 of the note) and two receipts of 3 (to 7 of 11: 6.36); May: the void (back to 4 of 11: 3.64) then the rest.
    const kept = await Promise.all(months.map(incomeIn));
    expect(kept).toEqual([0, 5.36, 3.64]);

    // Books from before cash basis: no gaps kept, so the cash basis says what the accrual basis says.
    const items = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BIZ#${business.id}#CASHBASIS` } }))).Items ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
    expect(await Promise.all(months.map(incomeIn))).toEqual([9, 0, 0]);

    const check = await rebuild(business.id, '--check');
    expect(check.code, check.stdout).toBe(1);
    expect(check.stdout).toContain('cash basis M#2026-04');
    expect((await rebuild(business.id)).code).toBe(0);
    expect(await Promise.all(months.map(incomeIn))).toEqual(kept);
    expect(await rebuild(business.id, '--check')).toMatchObject({ code: 0, stdout: expect.stringMatching(/no drift/) });
  }, 60_000);

  it('books posted before the home currency take rate 1, are listed, and gain the realized gains account and home balances', async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const post = async (path: string, body: unknown) => {
      const answer = await call('POST', path, { key: business.key, body });
      expect(answer.status, answer.text).toBe(201);
      return answer.body.data.id as string;
    };
    const customer = await post('/api/v1/customers', { name: 'Alte Kunde', currency: 'EUR' });
    const bank = await post('/api/v1/bank-feeds/accounts', { name: 'EUR bank', kind: 'bank', currency: 'EUR' });
    const invoice = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-01-15', exchange_rate: 1.2, lines: [{ description: 'Old', quantity: 1, unit_price: 100 }] });
    await post('/api/v1/receipts', { party_id: customer, date: '2026-02-01', payment_account_id: bank, exchange_rate: 1.3, allocations: [{ document_id: invoice, amount: 40 }] });
    await post('/api/v1/invoices', { customer_id: await post('/api/v1/customers', { name: 'Home customer' }), invoice_date: '2026-01-16', lines: [{ description: 'Home', quantity: 1, unit_price: 7 }] });
    await forgetRates(business.id);
    await forgetTotals(business.id);

    const check = await rebuild(business.id, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/rate 1 assumed: invoice INV-00001 of 2026-01-15 in EUR/);
    expect(check.stdout).toMatch(/rate 1 assumed: receipt RCT-00001 of 2026-02-01 in EUR/);
    expect(check.stdout).not.toMatch(/INV-00002/);
    expect(await catchUpLedgers()).toBeGreaterThanOrEqual(1);

    const trial = (await call('GET', '/api/v1/reports/trial-balance?as_of=2999-12-31', { key: business.key })).body.data;
    // At rate 1: EUR 100 + USD 7 invoiced, EUR 40 received, all balanced in the home block.
    expect(trial.base).toMatchObject({ currency: 'USD', total_debit: 107, total_credit: 107 });
    const chart = (await call('GET', '/api/v1/accounts', { key: business.key })).body.data as { code: string | null; system_role: string | null }[];
    expect(chart.find((account) => account.system_role === 'realized_fx')).toMatchObject({ code: '4900' });
    const [entry] = (await call('GET', `/api/v1/journal-entries?document_id=${invoice}`, { key: business.key })).body.data.items;
    expect(entry).toMatchObject({ exchange_rate: 1, lines: [{ debit: 100, base_debit: 100 }, { credit: 100, base_credit: 100 }] });
    expect((await call('GET', `/api/v1/invoices/${invoice}`, { key: business.key })).body.data).toMatchObject({ exchange_rate: 1, balance_due: 60 });
    // Settling the rest at a real rate relieves what rate 1 booked: the receivable ends at zero in both.
    await post('/api/v1/receipts', { party_id: customer, date: '2026-03-01', payment_account_id: bank, exchange_rate: 1.1, allocations: [{ document_id: invoice, amount: 60 }] });
    const settled = (await call('GET', '/api/v1/reports/trial-balance?as_of=2999-12-31', { key: business.key })).body.data;
    expect(settled.base.total_debit).toBe(settled.base.total_credit);
    const again = await rebuild(business.id, '--check');
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/no drift/);
    // Still listed after the migration: their rate is assumed, not recorded.
    expect(again.stdout).toMatch(/rate 1 assumed: invoice INV-00001/);
  }, 90_000);

  it('bank-feed lines recorded before reconciliation become unmatched, listed and counted per status, their amounts summed', async () => {
    const business = await freshBusiness();
    const post = async (path: string, body: unknown) => {
      const answer = await call('POST', path, { key: business.key, body });
      expect(answer.status, answer.text).toBe(201);
      return answer.body.data;
    };
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Old feed', kind: 'bank', opening_balance_date: '2026-01-01' })).id as string;
    await post(`/api/v1/bank-feeds/accounts/${bank}/lines`, { lines: [{ date: '2026-03-01', amount: 10 }, { date: '2026-03-02', amount: -4 }, { date: '2027-01-05', amount: 7 }] });
    // As the lines were kept before: no status, no second sort key, one counter per account, no counts by day.
    const lines = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :line)', ExpressionAttributeValues: { ':pk': collectionPk(business.id as Id, 'BANKLINE'), ':line': 'BANKLINE#' } }))).Items ?? [];
    expect(lines).toHaveLength(3);
    for (const line of lines) await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: line.pk, sk: line.sk }, UpdateExpression: 'REMOVE #status, matches, rule_id, lsi2sk, updated_at', ExpressionAttributeNames: { '#status': 'status' } }));
    for (const item of (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :account)', ExpressionAttributeValues: { ':pk': partyTotalsPk(business.id as Id), ':account': `${bank}#` } }))).Items ?? []) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
    }
    await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: collectionPk(business.id as Id, 'BANKLINE'), sk: `#COUNT#ACCT#${bank}` }, UpdateExpression: 'SET #count = :three', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':three': 3 } }));
    const unmatched = async () => (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/lines?status=unmatched`, { key: business.key })).body.data;
    expect((await unmatched()).items).toEqual([]);

    const check = await rebuild(business.id, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(new RegExp(`drift ${bank}#D#2026-03-01 n:BANKLINE:unmatched: stored 0, the books say 1`));
    expect(check.stdout).toMatch(new RegExp(`drift ${bank}#Y#2026 a:unmatched: stored 0, the books say 600`));
    expect(check.stdout).toMatch(new RegExp(`drift #COUNT#ACCT#${bank} count: stored 3, the books say 0`));
    const repair = await rebuild(business.id);
    expect(repair.code, repair.stdout).toBe(0);
    expect((await unmatched()).pagination.total_count).toBe(3);
    expect((await unmatched()).items.map((line: { status: string; matches: unknown[] }) => [line.status, line.matches])).toEqual([['unmatched', []], ['unmatched', []], ['unmatched', []]]);
    const summary = (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/reconciliation?as_of=2026-12-31`, { key: business.key })).body.data;
    expect(summary).toMatchObject({ feed_balance: 6, unmatched_lines: { count: 2, amount: 6 } });
    expect(await rebuild(business.id, '--check')).toMatchObject({ code: 0, stdout: expect.stringMatching(/no drift/) });
  }, 90_000);

  it('the entries the status projection kept for open invoices before build 7 are found stale and removed', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'Open customer' })).id as string;
    const invoice = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: [{ description: 'Work', quantity: 1, unit_price: 10 }] })).id as Id;
    const marker = { pk: projectionPk(business.id as Id, 'STATUS'), sk: `@${invoice}` };
    const markerOf = async () => (await db().send(new GetCommand({ TableName: tableName(), Key: marker, ConsistentRead: true }))).Item;
    expect(await eventually(async () => (await markerOf()) !== undefined)).toBe(true);
    expect((await markerOf())!.entries).toEqual([]);
    // As build 6 projected it: the open invoice listed under Open, its own and its party's, and counted there.
    await db().send(new DeleteCommand({ TableName: tableName(), Key: marker }));
    const asBuild6: ProjectionSpec<DocumentRecord> = {
      name: 'STATUS',
      entriesOf: (document) => [undefined, document.party_id].map((party) => ({ list: statusList(document.type, documentStatus(document), party), date: document.date, order: String(document.sequence).padStart(12, '0'), attributes: { document_id: document.id } })),
    };
    const stored = (await documentStore.get(business.id as Id, invoice))!;
    expect(await applyChange(asBuild6, business.id as Id, invoice, stored.version, stored.record)).toBe(true);

    const check = await rebuild(business.id, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('stale projected item invoice#Open#2026-05-04#');
    expect(check.stdout).toContain(`stale projected item invoice@${customer}#Open#2026-05-04#`);
    expect(check.stdout).toMatch(/drift invoice#Open#Y#2026 n: stored 1, the books say 0/);
    expect((await rebuild(business.id)).code).toBe(0);
    expect(await rebuild(business.id, '--check')).toMatchObject({ code: 0, stdout: expect.stringMatching(/no drift/) });
    expect((await markerOf())!.entries).toEqual([]);
    const projected = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': marker.pk } }))).Items ?? [];
    expect(projected.map((item) => item.sk)).toEqual([`@${invoice}`]);
  }, 60_000);

  it('the unmatched postings kept as counts alone from build 8: the items written for them before are found stale and removed', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'Banked customer' })).id as string;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Banked', kind: 'bank' })).id as string;
    const invoice = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: [{ description: 'Work', quantity: 1, unit_price: 10 }] })).id as string;
    await post('/api/v1/receipts', { party_id: customer, date: '2026-05-06', payment_account_id: bank, allocations: [{ document_id: invoice, amount: 10 }] });
    const pk = projectionPk(business.id as Id, 'BANKPOST');
    const partition = async () => ((await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }))).Items ?? []) as { sk: string; version?: number; entries?: { list: string; date: string; order: string; amount?: number; stored?: boolean }[] }[];
    expect(await eventually(async () => (await partition()).some((item) => item.sk.startsWith('@')))).toBe(true);
    const [marker, ...others] = await partition();
    // The receipt's posting: its marker notes the per-account entry as not stored; the amount index and the list of open ones have items.
    expect(marker!.entries!.map((entry) => [entry.list.split('#')[0], entry.stored])).toEqual([['P', false], ['U', undefined], ['A', undefined]]);
    expect(others.map((item) => item.sk.split('#')[0])).toEqual(['A', 'U']);
    const summary = async () => (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/reconciliation?as_of=2026-12-31`, { key: business.key })).body.data.unmatched_postings;
    expect(await summary()).toEqual({ count: 1, amount: 10 });

    // As build 7 projected it: the per-account entry with an item of its own (applied again: its counts twice).
    await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk: marker!.sk } }));
    const asBuild7: ProjectionSpec<JournalEntryRecord> = {
      name: 'BANKPOST',
      entriesOf: (entry) => marker!.entries!.map(({ stored: _stored, ...noted }) => ({ ...noted, attributes: { journal_entry_id: entry.id, ...(noted.amount === undefined ? {} : { amount: noted.amount }) } })),
    };
    const entryId = marker!.sk.slice(1) as Id;
    const stored = (await journalStore.get(business.id as Id, entryId))!;
    expect(await applyChange(asBuild7, business.id as Id, entryId, stored.version, stored.record)).toBe(true);
    expect((await partition()).map((item) => item.sk.split('#')[0]).sort()).toEqual([`@${entryId}`, 'A', 'P', 'U']);

    const check = await rebuild(business.id, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`stale projected item P#${marker!.entries![0]!.list.slice(2)}#2026-05-06#${entryId}`);
    expect(check.stdout).toMatch(/drift P#\S+#Y#2026 n: stored 2, the books say 1/);
    expect((await rebuild(business.id)).code).toBe(0);
    expect(await rebuild(business.id, '--check')).toMatchObject({ code: 0, stdout: expect.stringMatching(/no drift/) });
    expect((await partition()).map((item) => item.sk.split('#')[0])).toEqual([`@${entryId}`, 'A', 'U']);
    expect(await summary()).toEqual({ count: 1, amount: 10 });
  }, 60_000);

  it('the amount index names its parties from build 16: items indexed before are still suggested with their party, found drifted and rewritten', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'Indexed customer' })).id as string;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Indexed bank', kind: 'bank', opening_balance_date: '2026-05-01' })).id as string;
    const paid = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: [{ description: 'Work', quantity: 1, unit_price: 10 }] })).id as string;
    const open = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-05', lines: [{ description: 'More', quantity: 1, unit_price: 7 }] })).id as string;
    const receipt = await post('/api/v1/receipts', { party_id: customer, date: '2026-05-06', payment_account_id: bank, allocations: [{ document_id: paid, amount: 10 }] });
    await post(`/api/v1/bank-feeds/accounts/${bank}/imports`, { format: 'csv', content: 'Date,Amount,Text\n2026-05-06,10.00,Deposit\n2026-05-07,7.00,Deposit\n', mapping: { date: 'Date', amount: 'Amount', description: 'Text' } });
    const lines = (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/lines`, { key: business.key })).body.data.items as { id: string; amount: number }[];
    const suggested = async () =>
      Object.fromEntries(await Promise.all(lines.map(async (line) => [line.amount, ((await call('GET', `/api/v1/bank-feeds/lines/${line.id}/suggestions`, { key: business.key })).body.data as { kind: string; id: string; party: { name: string } | null }[]).map((item) => [item.kind, item.id, item.party?.name])] as const)));
    const expected = { 10: [['receipt', receipt.id, 'Indexed customer']], 7: [['invoice', open, 'Indexed customer']] };
    expect(await eventually(async () => JSON.stringify(await suggested()) === JSON.stringify(expected))).toBe(true);
    const pk = projectionPk(business.id as Id, 'BANKPOST');
    const openPk = projectionPk(business.id as Id, 'OPENAMOUNT');
    const indexItems = async () => {
      const items = await Promise.all([pk, openPk].map(async (partition) => (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition }, ConsistentRead: true }))).Items ?? []));
      return items.flat().filter((item) => /^[AO]#/.test(String(item.sk)));
    };
    expect((await indexItems()).map((item) => [String(item.sk)[0], item.party_id, item.party_kind])).toEqual([['A', customer, 'customer'], ['O', customer, undefined]]);

    // As build 15 wrote them: no party on the items.
    for (const item of await indexItems()) await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk }, UpdateExpression: 'REMOVE party_id, party_kind' }));
    expect(await suggested()).toEqual(expected);

    const check = await rebuild(business.id, '--check');
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/A#\S+#1000#2026-05-06/);
    expect((await rebuild(business.id)).code).toBe(0);
    expect(await rebuild(business.id, '--check')).toMatchObject({ code: 0, stdout: expect.stringMatching(/no drift/) });
    expect((await indexItems()).map((item) => [String(item.sk)[0], item.party_id])).toEqual([['A', customer], ['O', customer]]);
    expect(await suggested()).toEqual(expected);
  }, 60_000);

  it('a posting voided before its mark kept the void date (build 11): the rebuild reads the date from the reversal, and the posting counts as unmatched until it', async () => {
    const business = await freshBusiness();
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: 'Voided customer' })).id as string;
    const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Voided bank', kind: 'bank', opening_balance_date: '2026-05-01' })).id as string;
    const invoice = (await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: [{ description: 'Work', quantity: 1, unit_price: 10 }] })).id as string;
    const receipt = await post('/api/v1/receipts', { party_id: customer, date: '2026-05-06', payment_account_id: bank, allocations: [{ document_id: invoice, amount: 10 }] });
    await post(`/api/v1/receipts/${receipt.id}/void`, { void_date: '2026-05-20' });
    // Read by another credential: the writer's own reads would apply its void to the index again (read your own writes).
    const { issueApiKey } = await import('../../shared/access/keys/api-keys.ts');
    const { SCOPES } = await import('../../shared/platform/http/scopes.ts');
    const reader = (await issueApiKey(business.id as Id, { name: 'reader', scopes: SCOPES, options: [] })).key;
    const between = async () => (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/reconciliation?as_of=2026-05-10`, { key: reader })).body.data;
    const listed = async () => (await call('GET', `/api/v1/bank-feeds/accounts/${bank}/unmatched-postings?as_of=2026-05-10`, { key: reader })).body.data.items as { id: string; until: string | null }[];
    // Wait for the projector to have applied the void itself (the posting listed as closed on its void date), not
    // only the receipt: what follows takes its work away, and must not race it.
    expect(await eventually(async () => (await listed())[0]?.until === '2026-05-20')).toBe(true);
    expect(await between()).toMatchObject({ ledger_balance: 10, unmatched_postings: { count: 1, amount: 10 }, difference: -10 });

    // As build 10 left it: the mark without its date, and the posting left out of the index from its void on.
    const original = (await entriesOfDocument(business.id as Id, receipt.id as Id)).find((entry) => entry.reverses === null)!;
    expect(original.reversed_on).toBe('2026-05-20');
    const key = journalStore.keyOf(business.id as Id, original.id);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'REMOVE reversed_on', ConditionExpression: 'attribute_exists(pk)' }));
    const pk = projectionPk(business.id as Id, 'BANKPOST');
    const counts = projectionCountsPk(business.id as Id, 'BANKPOST');
    for (const partitionKey of [pk, counts]) {
      const items = (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partitionKey }, ConsistentRead: true }))).Items ?? [];
      for (const item of items) await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
    }
    // The difference the summary could not explain.
    expect(await between()).toMatchObject({ unmatched_postings: { count: 0, amount: 0 }, difference: -10 });

    expect((await rebuild(business.id, '--check')).code).toBe(1);
    expect((await rebuild(business.id)).code).toBe(0);
    expect(await between()).toMatchObject({ ledger_balance: 10, unmatched_postings: { count: 1, amount: 10 }, difference: -10 });
    expect((await listed()).map((item) => [item.id, item.until])).toEqual([[receipt.id, '2026-05-20']]);
  }, 60_000);

  it('refuses anything but one business id', async () => {
    expect((await rebuild('not-an-id')).code).toBe(2);
  }, 30_000);

  it('the local runtime brings books without totals up to date on start, and leaves built ones alone', async () => {
    const business = await freshBusiness();
    await postSomeBooks(business.key);
    const kept = await booksOf(business.key);
    await forgetTotals(business.id);
    expect(await catchUpLedgers()).toBe(1);
    expect(await booksOf(business.key)).toEqual(kept);
    expect(await catchUpLedgers()).toBe(0);
  }, 60_000);
});
