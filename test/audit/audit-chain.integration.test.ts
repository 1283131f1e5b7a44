import { describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/platform/db/client.ts';
import { businessB, call, freshBusiness, postingAs, uniqueName } from '../integration/support.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';

interface Verification {
  readonly checked: number;
  readonly ok: boolean;
  readonly first_bad_seq: number | null;
  readonly head_seq: number;
  readonly next_from_seq: number | null;
}

type Item = Record<string, unknown>;

const chainPk = (businessId: string) => `BIZ#${businessId}#AUDITCHAIN`;
const linkKey = (businessId: string, seq: number) => ({ pk: chainPk(businessId), sk: `S#${String(seq).padStart(12, '0')}` });

async function read(key: { pk: string; sk: string }): Promise<Item | undefined> {
  return (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}
const put = async (item: Item) => void (await db().send(new PutCommand({ TableName: tableName(), Item: item })));
const remove = async (item: Item) => void (await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } })));

/** The entry stored at a seq, found by its link, and the link. */
async function atSeq(businessId: string, seq: number): Promise<{ readonly link: Item; readonly entry: Item }> {
  const link = (await read(linkKey(businessId, seq)))!;
  return { link, entry: (await read({ pk: String(link.entry_pk), sk: String(link.entry_sk) }))! };
}

/** A business with a few changes, and its chain once the chainer has placed every entry. */
async function chainedBooks() {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: uniqueName('Chained') })).id as string;
  const invoices = [];
  for (const amount of [10, 20, 30]) invoices.push(await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-04', lines: [{ description: 'Work', quantity: 1, unit_price: amount }] }));
  expect((await call('POST', `/api/v1/invoices/${invoices[1]!.id}/void`, { key: business.key })).status).toBe(200);
  const verify = async (query = '', key = business.key) => {
    const answer = await call('GET', `/api/v1/audit-log/verify${query ? `?${query}` : ''}`, { key });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data as Verification;
  };
  // The business's creation, the key's, the customer, three invoices and a void.
  const entries = 7;
  expect(await eventually(async () => (await verify()).head_seq >= entries, STREAM_LAG_MS, 100), `the chain did not reach ${entries} entries`).toBe(true);
  return { business, verify, entries };
}

describe('the hash chain, off the request path', () => {
  it('places every entry within seconds: seq gapless from 1 in the order of the changes, each hash its predecessor\'s and its own, the head the last', async () => {
    const { business, verify, entries } = await chainedBooks();
    expect(await verify()).toEqual({ checked: entries, ok: true, first_bad_seq: null, head_seq: entries, next_from_seq: null });
    const log = await call('GET', '/api/v1/audit-log', { key: business.key });
    const items = log.body.data.items as { seq: number; action: string; record: { type: string }; prev_hash: string; hash: string }[];
    // Newest first: the seqs count down from the head without a gap, and each entry hangs from the one before it.
    expect(items.map((entry) => entry.seq)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(items.map((entry) => [entry.action, entry.record.type])).toEqual([['voided', 'invoice'], ['created', 'invoice'], ['created', 'invoice'], ['created', 'invoice'], ['created', 'customer'], ['created', 'api_key'], ['created', 'business']]);
    items.slice(0, -1).forEach((entry, index) => expect(entry.prev_hash).toBe(items[index + 1]!.hash));
    expect(items.at(-1)!.prev_hash).toBe('0'.repeat(64));
    // A stretch, and a stretch that starts past the head.
    expect(await verify('from_seq=3&to_seq=4')).toEqual({ checked: 2, ok: true, first_bad_seq: null, head_seq: 7, next_from_seq: null });
    expect(await verify('from_seq=50')).toMatchObject({ checked: 0, ok: true, head_seq: 7 });
    const backwards = await call('GET', '/api/v1/audit-log/verify?from_seq=4&to_seq=3', { key: business.key });
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toContainEqual(expect.objectContaining({ field: 'to_seq' }));
    // Another business's credential verifies its own chain, never this one.
    expect((await verify('', businessB.api_key)).head_seq).not.toBe(0);
    const viewer = await freshBusiness({ scopes: ['sales_invoices:read'] });
    expect((await call('GET', '/api/v1/audit-log/verify', { key: viewer.key })).status).toBe(403);
  });

  it('names the first bad seq when an entry is changed, deleted or swapped in the table, when the last is removed and when the head is rolled back', async () => {
    const { business, verify, entries } = await chainedBooks();
    const b = business.id;

    // Changed: an entry's action rewritten in place.
    const third = await atSeq(b, 3);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: { pk: third.entry.pk, sk: third.entry.sk }, UpdateExpression: 'SET #action = :forged', ExpressionAttributeNames: { '#action': 'action' }, ExpressionAttributeValues: { ':forged': 'deleted' } }));
    expect(await verify()).toMatchObject({ ok: false, first_bad_seq: 3, checked: 2 });
    await put(third.entry);
    expect((await verify()).ok).toBe(true);

    // Deleted: an entry gone from the table.
    const second = await atSeq(b, 2);
    await remove(second.entry);
    expect(await verify()).toMatchObject({ ok: false, first_bad_seq: 2 });
    // Its link gone too makes no difference.
    await remove(second.link);
    expect(await verify()).toMatchObject({ ok: false, first_bad_seq: 2 });
    await put(second.entry);
    await put(second.link);
    expect((await verify()).ok).toBe(true);

    // Swapped: two entries' places exchanged, by their links or by their chain fields.
    const [fourth, fifth] = [await atSeq(b, 4), await atSeq(b, 5)];
    await put({ ...fourth.link, entry_pk: fifth.link.entry_pk, entry_sk: fifth.link.entry_sk });
    await put({ ...fifth.link, entry_pk: fourth.link.entry_pk, entry_sk: fourth.link.entry_sk });
    expect(await verify()).toMatchObject({ ok: false, first_bad_seq: 4 });
    await put(fourth.link);
    await put(fifth.link);
    const chainFields = (entry: Item) => ({ seq: entry.seq, prev_hash: entry.prev_hash, hash: entry.hash });
    await put({ ...fourth.entry, ...chainFields(fifth.entry) });
    await put({ ...fifth.entry, ...chainFields(fourth.entry) });
    expect(await verify()).toMatchObject({ ok: false, first_bad_seq: 4 });
    await put(fourth.entry);
    await put(fifth.entry);
    expect((await verify()).ok).toBe(true);

    // The last entry removed, with its link: the head still counts it.
    const last = await atSeq(b, entries);
    await remove(last.entry);
    await remove(last.link);
    expect(await verify()).toMatchObject({ ok: false, first_bad_seq: entries, head_seq: entries });
    await put(last.entry);
    await put(last.link);

    // The head rolled back over the last entry: the entry past it is found.
    const headKey = { pk: chainPk(b), sk: 'HEAD' };
    const head = (await read(headKey))!;
    await put({ ...headKey, seq: entries - 1, hash: (await atSeq(b, entries - 1)).entry.hash });
    expect(await verify()).toMatchObject({ ok: false, first_bad_seq: entries, head_seq: entries - 1 });
    await put(head);

    expect(await verify()).toEqual({ checked: entries, ok: true, first_bad_seq: null, head_seq: entries, next_from_seq: null });
  });
});
