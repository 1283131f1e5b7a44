import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, freshBusiness, outboxOf, runtime, useRuntimeTable, postingAs } from '../integration/support.ts';

async function world(currency = 'USD') {
  const business = await freshBusiness({ currency });
  const post = postingAs(business.key);
  const get = async (path: string) => (await call('GET', path, { key: business.key })).body.data;
  const account = (await post('/api/v1/bank-feeds/accounts', { name: 'Operating', kind: 'bank' })).id as string;
  const lineCount = async () => (await get(`/api/v1/bank-feeds/accounts/${account}/lines?page_size=200`)).pagination.total_count as number;
  const feedEvents = async () => (await outboxOf(business.id)).filter((event) => event.type === 'bank_feed.received').length;
  return { business, post, get, account, lineCount, feedEvents };
}

describe('bank-feed lines', () => {
  it('adds signed lines once: a repeated external_id is skipped and reported, and only a call that added lines fires bank_feed.received', async () => {
    const w = await world();
    const lines = [
      { date: '2026-11-02', amount: 1200.5, description: 'Customer transfer', external_id: 'stmt-1' },
      { date: '2026-11-01', amount: -45.99, description: 'Card fee', external_id: 'stmt-2' },
      { date: '2026-11-03', amount: 10, description: 'No id' },
    ];
    const first = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/lines`, { key: w.business.key, body: { lines } });
    expect(first.status).toBe(201);
    expect(first.body.data.added).toHaveLength(3);
    expect(first.body.data.added[1]).toMatchObject({ amount: -45.99, currency: 'USD', source: 'api' });
    const again = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/lines`, { key: w.business.key, body: { lines: lines.slice(0, 2) } });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ added: [], skipped: [{ index: 0, external_id: 'stmt-1' }, { index: 1, external_id: 'stmt-2' }], categorized: 0 });
    const twiceInOne = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/lines`, { key: w.business.key, body: { lines: [{ date: '2026-11-04', amount: 1, external_id: 'dup' }, { date: '2026-11-04', amount: 1, external_id: 'dup' }] } });
    expect(twiceInOne.body.data.added).toHaveLength(1);
    expect(twiceInOne.body.data.skipped).toEqual([{ index: 1, external_id: 'dup' }]);
    expect(await w.lineCount()).toBe(4);
    expect(await w.feedEvents()).toBe(2);
    const listed = (await w.get(`/api/v1/bank-feeds/accounts/${w.account}/lines`)).items.map((line: { date: string }) => line.date);
    expect(listed).toEqual([...listed].sort());
  });

  it('refuses amounts with more digits than the account currency, writing nothing', async () => {
    const w = await world('JPY');
    const answer = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/lines`, { key: w.business.key, body: { lines: [{ date: '2026-11-01', amount: 100 }, { date: '2026-11-01', amount: 1.5 }] } });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].field).toBe('lines[1].amount');
    expect(await w.lineCount()).toBe(0);
  });

  it('parallel calls with the same external ids add each line once', async () => {
    const w = await world();
    const body = { lines: [{ date: '2026-11-05', amount: 7, external_id: 'race-1' }, { date: '2026-11-05', amount: 8, external_id: 'race-2' }] };
    await Promise.all(Array.from({ length: 8 }, () => call('POST', `/api/v1/bank-feeds/accounts/${w.account}/lines`, { key: w.business.key, body })));
    expect(await w.lineCount()).toBe(2);
    expect(await w.feedEvents()).toBe(1);
  });
});

describe('statement import', () => {
  const csv = ['Posted,Amount,Details,Ref', '01/11/2026,"1,250.00",Invoice 17,A-1', '02/11/2026,-19.99,Bank fee,A-2', '02/11/2026,-19.99,Bank fee,'].join('\n');

  it('imports a CSV with a header mapping; importing it again adds nothing', async () => {
    const w = await world();
    const body = { format: 'csv', content: csv, mapping: { date: 'Posted', amount: 'Amount', description: 'Details', external_id: 'Ref' }, date_format: 'DD/MM/YYYY' };
    const first = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/imports`, { key: w.business.key, body });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data.added.map((line: { date: string; amount: number; source: string }) => [line.date, line.amount, line.source])).toEqual([
      ['2026-11-01', 1250, 'import'],
      ['2026-11-02', -19.99, 'import'],
      ['2026-11-02', -19.99, 'import'],
    ]);
    const again = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/imports`, { key: w.business.key, body });
    expect(again.body.data.added).toEqual([]);
    expect(again.body.data.skipped).toHaveLength(3);
    expect(await w.lineCount()).toBe(3);
  });

  it('rejects a file with one bad row, naming its line, and writes nothing of it', async () => {
    const w = await world();
    const bad = `${csv}\n31/02/2026,5.00,Impossible date,A-9\n03/11/2026,twelve,Not a number,A-10`;
    const answer = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/imports`, { key: w.business.key, body: { format: 'csv', content: bad, mapping: { date: 'Posted', amount: 'Amount', external_id: 'Ref' }, date_format: 'DD/MM/YYYY' } });
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((detail: { field: string }) => detail.field)).toEqual(['line 5', 'line 6']);
    expect(await w.lineCount()).toBe(0);
    expect(await w.feedEvents()).toBe(0);
    const unmapped = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/imports`, { key: w.business.key, body: { format: 'csv', content: csv, mapping: { date: 'When', amount: 'Amount' } } });
    expect(unmapped.body.details[0].field).toBe('mapping.date');
    expect((await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/imports`, { key: w.business.key, body: { format: 'csv', content: csv } })).body.details[0].field).toBe('mapping');
  });

  it('imports an OFX statement, its FITIDs as external ids', async () => {
    const w = await world();
    const ofx = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261101<DTEND>20261130
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261105120000<TRNAMT>500.00<FITID>FIT-1<NAME>Acme payment</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261106<TRNAMT>-12.34<FITID>FIT-2<NAME>Fee<MEMO>Monthly</STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const answer = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/imports`, { key: w.business.key, body: { format: 'ofx', content: ofx } });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.data.added.map((line: { date: string; amount: number; external_id: string; description: string }) => [line.date, line.amount, line.external_id, line.description])).toEqual([
      ['2026-11-05', 500, 'FIT-1', 'Acme payment'],
      ['2026-11-06', -12.34, 'FIT-2', 'Fee · Monthly'],
    ]);
    const broken = await call('POST', `/api/v1/bank-feeds/accounts/${w.account}/imports`, { key: w.business.key, body: { format: 'ofx', content: ofx.replace('<TRNAMT>-12.34', '<TRNAMT>lots') } });
    expect(broken.status).toBe(400);
    expect(broken.body.details[0].field).toBe('transaction 2');
    expect(await w.lineCount()).toBe(2);
  });
});

describe('payout rails', () => {
  async function railWorld() {
    const w = await world();
    const rail = await w.post('/api/v1/payout-rails', { name: 'Acme Bank', payment_account_id: w.account });
    expect(rail.secret).toMatch(/^rsec_/);
    expect(JSON.stringify(await w.get('/api/v1/payout-rails'))).not.toContain(rail.secret);
    const vendor = (await w.post('/api/v1/vendors', { name: 'Supplier' })).id;
    const bill = await w.post('/api/v1/bills', { vendor_id: vendor, bill_date: '2026-11-01', lines: [{ description: 'Stock', quantity: 1, unit_price: 400 }] });
    const send = (body: string, options: { secret?: string; timestamp?: number; header?: string | null; railId?: string } = {}) => {
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
      const signature = `t=${timestamp},v1=${createHmac('sha256', options.secret ?? rail.secret).update(`${timestamp}.${body}`).digest('hex')}`;
      return fetch(`${runtime.baseUrl}/rails/${options.railId ?? rail.id}/payout-confirmations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.header === null ? {} : { 'rail-signature': options.header ?? signature }) },
        body,
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
    };
    return { ...w, rail, bill, vendor, send };
  }

  it('a confirmation naming a bill pays it through the payments producer, fires bill.paid once, records the line, and keeps the trial balance at zero; a replay does nothing', async () => {
    const w = await railWorld();
    const body = JSON.stringify({ type: 'payout.confirmation', id: 'po_123', date: '2026-11-07', amount: 400, currency: 'USD', reference: 'Payout 123', bill_id: w.bill.id });
    const first = await w.send(body);
    expect(first.status).toBe(200);
    expect(first.body.data.payment).toMatchObject({ type: 'Payment', no: 'PAY-00001', allocations: [{ document_id: w.bill.id, amount: 400 }] });
    expect(first.body.data.bank_feed_line).toMatchObject({ amount: -400, source: 'rail', external_id: 'payout:po_123' });
    expect(await w.get(`/api/v1/bills/${w.bill.id}`)).toMatchObject({ status: 'Paid', balance_due: 0 });
    const balance = await w.get('/api/v1/reports/trial-balance?as_of=2999-12-31');
    for (const currency of balance.currencies) expect(currency.total_debit).toBe(currency.total_credit);

    const replay = await w.send(body);
    expect(replay.status).toBe(200);
    expect(replay.body.data.replayed).toBe(true);
    expect(replay.body.data.payment.id).toBe(first.body.data.payment.id);
    expect((await w.get('/api/v1/payments')).pagination.total_count).toBe(1);
    expect(await w.lineCount()).toBe(1);
    const events = await outboxOf(w.business.id);
    expect(events.filter((event) => event.type === 'bill.paid')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'payment.created')).toHaveLength(1);
  });

  it('a confirmation whose payment falls in a locked period is refused with 409 period_locked and records neither payment nor line', async () => {
    const w = await railWorld();
    expect((await call('PUT', '/api/v1/business/lock-date', { key: w.business.key, body: { lock_date: '2026-11-30' } })).status).toBe(200);
    const answer = await w.send(JSON.stringify({ type: 'payout.confirmation', id: 'po_locked', date: '2026-11-07', amount: 400, currency: 'USD', bill_id: w.bill.id }));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: 'period_locked', details: [{ field: 'date' }] });
    expect((await w.get('/api/v1/payments')).pagination.total_count).toBe(0);
    expect(await w.lineCount()).toBe(0);
  });

  it('a confirmation without a bill records the line only', async () => {
    const w = await railWorld();
    const answer = await w.send(JSON.stringify({ type: 'payout.confirmation', id: 'po_9', date: '2026-11-08', amount: 25.5, currency: 'USD' }));
    expect(answer.status).toBe(200);
    expect(answer.body.data.payment).toBeNull();
    expect(await w.lineCount()).toBe(1);
    const deleted = await call('DELETE', `/api/v1/payout-rails/${w.rail.id}`, { key: w.business.key });
    expect(deleted.status).toBe(200);
    expect((await w.get('/api/v1/payout-rails')).pagination.total_count).toBe(0);
    expect((await w.send(JSON.stringify({ type: 'payout.confirmation', id: 'po_10', date: '2026-11-08', amount: 1, currency: 'USD' }))).status).toBe(401);
  });

  it('an unknown rail costs the same reads as a known one with a wrong signature, so rail ids cannot be told apart by time', async () => {
    const w = await railWorld();
    const body = JSON.stringify({ type: 'payout.confirmation', id: 'po_probe', date: '2026-11-07', amount: 1, currency: 'USD' });
    useRuntimeTable();
    const { db } = await import('../../shared/platform/db/client.ts');
    const { verifyRailCall } = await import('../../shared/banking/rails.ts');
    const readsOf = async (railId: string) => {
      let reads = 0;
      db().middlewareStack.add(
        (next) => async (args) => {
          reads++;
          return next(args);
        },
        { step: 'initialize', name: 'railReads' },
      );
      try {
        await expect(verifyRailCall(railId, 't=1,v1=00', body)).rejects.toThrow('rail-signature');
      } finally {
        db().middlewareStack.remove('railReads');
      }
      return reads;
    };
    const known = await readsOf(w.rail.id);
    expect(known).toBeGreaterThan(0);
    expect(await readsOf('00000000-0000-4000-8000-000000000000')).toBe(known);
    expect(await readsOf('not-a-uuid')).toBe(known);
  });

  it('wrong secret, altered body, stale timestamp, missing header, unknown rail and a repeated field each get 401 and write nothing', async () => {
    const w = await railWorld();
    const body = JSON.stringify({ type: 'payout.confirmation', id: 'po_bad', date: '2026-11-07', amount: 400, currency: 'USD', bill_id: w.bill.id });
    const timestamp = Math.floor(Date.now() / 1000);
    const signedRight = `t=${timestamp},v1=${createHmac('sha256', w.rail.secret).update(`${timestamp}.${body}`).digest('hex')}`;
    const attempts = [
      await w.send(body, { secret: 'rsec_wrong' }),
      await w.send(body.replace('400', '4'), { header: signedRight }),
      await w.send(body, { timestamp: timestamp - 301 }),
      await w.send(body, { header: null }),
      await w.send(body, { railId: '00000000-0000-4000-8000-000000000000' }),
      // Two v1 values: one of them right is not enough, whichever comes last.
      await w.send(body, { header: `${signedRight},v1=${'0'.repeat(64)}` }),
      await w.send(body, { header: `t=${timestamp},v1=${'0'.repeat(64)},${signedRight.split(',')[1]}` }),
      await w.send(body, { header: `${signedRight},t=${timestamp - 10}` }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(401);
      expect(attempt.body.error).toBe('unauthorized');
    }
    expect(await w.lineCount()).toBe(0);
    expect((await w.get('/api/v1/payments')).pagination.total_count).toBe(0);
    expect(await w.get(`/api/v1/bills/${w.bill.id}`)).toMatchObject({ status: 'Open' });
    expect((await w.send(body)).status).toBe(200);
  });

  it('refuses a confirmation in another currency or paying more than the bill, writing nothing', async () => {
    const w = await railWorld();
    const euros = await w.send(JSON.stringify({ type: 'payout.confirmation', id: 'po_eur', date: '2026-11-07', amount: 10, currency: 'EUR' }));
    expect(euros.status).toBe(400);
    expect(euros.body.details[0].field).toBe('currency');
    const over = await w.send(JSON.stringify({ type: 'payout.confirmation', id: 'po_over', date: '2026-11-07', amount: 401, currency: 'USD', bill_id: w.bill.id }));
    expect(over.status).toBe(400);
    expect(await w.lineCount()).toBe(0);
  });
});
