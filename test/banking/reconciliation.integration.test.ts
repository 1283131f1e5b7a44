import { describe, expect, it } from 'vitest';
import { call, expectEventPayloads, keyWithScopes, outboxOf } from '../integration/support.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { SCOPES } from '../../shared/platform/http/scopes.ts';
import { world } from './bank-world.ts';

describe('bank reconciliation', () => {
  it('lines start unmatched; a match to a receipt links both, is listed by status with exact counts, and fires bank_feed.line_matched', async () => {
    const w = await world();
    const receipt = await w.receipt(await w.invoice(330), 330);
    const [line, other] = await w.lines([
      { date: '2026-02-11', amount: 330, description: 'ACME LTD PAYMENT' },
      { date: '2026-02-12', amount: -12.5, description: 'Bank fee' },
    ]);
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines`)).items.map((item: { status: string }) => item.status)).toEqual(['unmatched', 'unmatched']);

    const matched = await w.post(`/api/v1/bank-feeds/lines/${line!.id}/match`, { money_id: receipt.id });
    expect(matched).toMatchObject({ id: line!.id, status: 'matched', matches: [{ type: 'receipt', id: receipt.id, no: receipt.no }], journal_entry_id: null });
    const byStatus = async (status: string) => (await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?status=${status}`)).pagination.total_count;
    expect([await byStatus('matched'), await byStatus('unmatched'), await byStatus('categorized'), await byStatus('excluded')]).toEqual([1, 1, 0, 0]);
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?status=unmatched`)).items[0].id).toBe(other!.id);
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?from=2026-02-12`)).items.map((item: { id: string }) => item.id)).toEqual([other!.id]);
    const outbox = await outboxOf(w.business.id);
    await expectEventPayloads(outbox);
    expect(outbox.filter((event) => event.type === 'bank_feed.line_matched')).toHaveLength(1);

    // Matched once: the line again, or another line to the same receipt, is refused.
    expect((await w.send('POST', `/api/v1/bank-feeds/lines/${line!.id}/match`, { money_id: receipt.id })).status).toBe(409);
    const [twin] = await w.lines([{ date: '2026-02-11', amount: 330 }]);
    const again = await w.send('POST', `/api/v1/bank-feeds/lines/${twin!.id}/match`, { money_id: receipt.id });
    expect(again.status, again.text).toBe(409);
    // A matched receipt cannot be voided until its line is undone.
    const voided = await w.send('POST', `/api/v1/receipts/${receipt.id}/void`);
    expect(voided.status, voided.text).toBe(409);
    expect(voided.body.error_description).toContain('undo');
    const undone = await w.post(`/api/v1/bank-feeds/lines/${line!.id}/undo`);
    expect(undone).toMatchObject({ status: 'unmatched', matches: [] });
    expect((await w.send('POST', `/api/v1/receipts/${receipt.id}/void`)).status).toBe(200);
    // A voided posting is matched to nothing.
    const afterVoid = await w.send('POST', `/api/v1/bank-feeds/lines/${line!.id}/match`, { money_id: receipt.id });
    expect(afterVoid.status).toBe(400);
    expect(afterVoid.body.details).toEqual([{ field: 'money_id', message: 'is voided (reversed)' }]);
  });

  it('one deposit matches several receipts whose amounts add up to it; postings that do not add up, of another account or of the wrong kind are 400 naming the field and write nothing', async () => {
    const w = await world();
    const [a, b] = [await w.receipt(await w.invoice(100), 100), await w.receipt(await w.invoice(230), 230)];
    const elsewhere = await w.receipt(await w.invoice(50), 50, '2026-02-10', w.savings);
    const [deposit] = await w.lines([{ date: '2026-02-12', amount: 330, description: 'Deposit' }]);
    const journalEntry = async (documentId: string) => ((await w.get(`/api/v1/journal-entries?page_size=200`)).items as { id: string; document_id: string }[]).find((entry) => entry.document_id === documentId)!.id;
    const [entryA, entryB, entryElsewhere] = [await journalEntry(a.id), await journalEntry(b.id), await journalEntry(elsewhere.id)];

    const short = await w.send('POST', `/api/v1/bank-feeds/lines/${deposit!.id}/match`, { journal_entry_ids: [entryA] });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([{ field: 'journal_entry_ids', message: "add up to 100 on this account, not the line's 330" }]);
    const wrongAccount = await w.send('POST', `/api/v1/bank-feeds/lines/${deposit!.id}/match`, { journal_entry_ids: [entryA, entryElsewhere] });
    expect(wrongAccount.body.details).toEqual([{ field: 'journal_entry_ids[1]', message: "does not post to this line's account" }]);
    expect((await w.send('POST', `/api/v1/bank-feeds/lines/${deposit!.id}/match`, { money_id: elsewhere.id })).body.details).toEqual([{ field: 'money_id', message: "is recorded on another account than the line's" }]);
    const invoiceEntry = await journalEntry((await w.get('/api/v1/invoices?page_size=1')).items[0].id);
    expect((await w.send('POST', `/api/v1/bank-feeds/lines/${deposit!.id}/match`, { journal_entry_ids: [invoiceEntry] })).body.details[0].message).toContain('invoice posting');
    expect((await w.send('POST', `/api/v1/bank-feeds/lines/${deposit!.id}/match`, { journal_entry_ids: [entryA, entryA] })).body.details).toEqual([{ field: 'journal_entry_ids', message: 'names a posting twice' }]);
    expect((await w.send('POST', `/api/v1/bank-feeds/lines/${deposit!.id}/match`, { money_id: a.id, journal_entry_ids: [entryA] })).status).toBe(400);
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines`)).items[0].status).toBe('unmatched');

    const matched = await w.post(`/api/v1/bank-feeds/lines/${deposit!.id}/match`, { journal_entry_ids: [entryA, entryB] });
    expect(matched.matches.map((match: { id: string }) => match.id)).toEqual([a.id, b.id]);
  });

  it('a race of two matches of one line leaves one match; a race of two lines for one receipt leaves one line matched', async () => {
    const w = await world();
    const [first, second] = [await w.receipt(await w.invoice(40), 40), await w.receipt(await w.invoice(40), 40)];
    const [line] = await w.lines([{ date: '2026-02-11', amount: 40 }]);
    const answers = await Promise.all([first, second].map((receipt) => w.send('POST', `/api/v1/bank-feeds/lines/${line!.id}/match`, { money_id: receipt.id })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const voidable = await Promise.all([first, second].map((receipt) => w.send('POST', `/api/v1/receipts/${receipt.id}/void`)));
    // The receipt that lost the race is free (voided), the one that won is held by its line.
    expect(voidable.map((answer) => answer.status).sort()).toEqual([200, 409]);

    const third = await w.receipt(await w.invoice(25), 25);
    const twins = await w.lines([{ date: '2026-02-13', amount: 25 }, { date: '2026-02-13', amount: 25 }]);
    const raced = await Promise.all(twins.map((twin) => w.send('POST', `/api/v1/bank-feeds/lines/${twin.id}/match`, { money_id: third.id })));
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?status=matched`)).pagination.total_count).toBe(2);
  });

  it('a match and a void of one receipt racing: never both; the receipt ends matched and live, or voided with its line unmatched', async () => {
    const w = await world();
    let matchedWins = 0;
    let voidWins = 0;
    for (let round = 0; round < 8; round++) {
      const receipt = await w.receipt(await w.invoice(15), 15);
      const [line] = await w.lines([{ date: '2026-02-11', amount: 15 }]);
      const [match, voided] = await Promise.all([w.send('POST', `/api/v1/bank-feeds/lines/${line!.id}/match`, { money_id: receipt.id }), w.send('POST', `/api/v1/receipts/${receipt.id}/void`)]);
      expect([match.status, voided.status].filter((status) => status === 200), `${match.text} ${voided.text}`).toHaveLength(1);
      const state = (await w.get(`/api/v1/receipts/${receipt.id}`)).status;
      const lineStatus = ((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?page_size=200`)).items as { id: string; status: string }[]).find((item) => item.id === line!.id)!.status;
      if (match.status === 200) {
        matchedWins++;
        expect([state, lineStatus]).toEqual(['Posted', 'matched']);
      } else {
        voidWins++;
        expect([state, lineStatus]).toEqual(['Voided', 'unmatched']);
      }
    }
    expect(matchedWins + voidWins).toBe(8);
  });

  it('categorize posts a numbered bank transaction with its tax split; undo reverses it on its own date; exclude and undo', async () => {
    const w = await world();
    const [fee, income, junk] = await w.lines([
      { date: '2026-03-05', amount: -11, description: 'Stationery' },
      { date: '2026-03-06', amount: 50, description: 'Interest' },
      { date: '2026-03-07', amount: 5, description: 'Duplicate' },
    ]);
    const expenses = (await w.post('/api/v1/accounts', { code: '6100', name: 'Office supplies', type: 'expense' })).id;
    const interest = (await w.post('/api/v1/accounts', { code: '4200', name: 'Interest income', type: 'revenue' })).id;
    const before = await w.entries();
    const categorized = await w.post(`/api/v1/bank-feeds/lines/${fee!.id}/categorize`, { account_id: expenses, tax_rate: 10 });
    expect(categorized).toMatchObject({ status: 'categorized', matches: [{ type: 'bank_transaction', no: 'BT-00001' }] });
    const entry = ((await w.get('/api/v1/journal-entries?page_size=200')).items as { id: string; date: string; lines: { account_id: string; debit: number; credit: number }[] }[]).find((item) => item.id === categorized.journal_entry_id) as { date: string; lines: { account_id: string; debit: number; credit: number }[] };
    expect(entry.date).toBe('2026-03-05');
    expect(entry.lines.map((line: { account_id: string; debit: number; credit: number }) => [line.account_id, line.debit, line.credit])).toEqual([
      [expenses, 10, 0],
      [await w.accountCode('1200'), 1, 0],
      [w.bank, 0, 11],
    ]);
    expect((await w.post(`/api/v1/bank-feeds/lines/${income!.id}/categorize`, { account_id: interest })).matches[0].no).toBe('BT-00002');
    expect(await w.entries()).toBe(before + 2);
    expect((await w.send('POST', `/api/v1/bank-feeds/lines/${fee!.id}/categorize`, { account_id: expenses })).status).toBe(409);

    // Receivables, payables, bank accounts and archived accounts are refused, naming account_id.
    const archived = (await w.post('/api/v1/accounts', { code: '6199', name: 'Old supplies', type: 'expense' })).id;
    expect((await w.send('PATCH', `/api/v1/accounts/${archived}`, { archived: true })).status).toBe(200);
    for (const account of [await w.accountCode('1100'), await w.accountCode('2100'), w.savings, archived, '00000000-0000-4000-8000-000000000009']) {
      const refused = await w.send('POST', `/api/v1/bank-feeds/lines/${junk!.id}/categorize`, { account_id: account });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.details[0].field).toBe('account_id');
    }
    expect(await w.entries()).toBe(before + 2);

    const undone = await w.post(`/api/v1/bank-feeds/lines/${fee!.id}/undo`);
    expect(undone).toMatchObject({ status: 'unmatched', matches: [], journal_entry_id: null });
    const reversal = ((await w.get('/api/v1/journal-entries?page_size=200')).items as { reverses: string | null; date: string }[]).find((item) => item.reverses === categorized.journal_entry_id);
    expect(reversal?.date).toBe('2026-03-05');
    expect((await w.send('POST', `/api/v1/bank-feeds/lines/${fee!.id}/undo`)).status).toBe(409);
    // Categorized again, it takes the next number: numbers are never reused.
    expect((await w.post(`/api/v1/bank-feeds/lines/${fee!.id}/categorize`, { account_id: expenses })).matches[0].no).toBe('BT-00003');

    expect(await w.post(`/api/v1/bank-feeds/lines/${junk!.id}/exclude`)).toMatchObject({ status: 'excluded' });
    expect((await w.send('POST', `/api/v1/bank-feeds/lines/${junk!.id}/exclude`)).status).toBe(409);
    expect(await w.post(`/api/v1/bank-feeds/lines/${junk!.id}/undo`)).toMatchObject({ status: 'unmatched' });
    const outbox = await outboxOf(w.business.id);
    await expectEventPayloads(outbox);
    const types = outbox.map((event) => event.type);
    expect(types.filter((type) => type === 'bank_feed.line_categorized')).toHaveLength(3);
    expect(types.filter((type) => type === 'bank_feed.line_updated')).toHaveLength(3);

    // The lock date holds: an undo of a categorization dated in a locked period is refused.
    await w.post(`/api/v1/bank-feeds/lines/${income!.id}/undo`);
    await w.post(`/api/v1/bank-feeds/lines/${income!.id}/categorize`, { account_id: interest });
    expect((await w.send('PUT', '/api/v1/business/lock-date', { lock_date: '2026-03-31' })).status).toBe(200);
    const locked = await w.send('POST', `/api/v1/bank-feeds/lines/${income!.id}/undo`);
    expect(locked.status).toBe(409);
    expect(locked.body.error).toBe('period_locked');
  });

  it('a transfer between two accounts is numbered, balanced, and each side is matched to its own account\'s line', async () => {
    const w = await world();
    const transfer = await w.post('/api/v1/bank-feeds/transfers', { from_account_id: w.bank, to_account_id: w.savings, date: '2026-04-01', amount: 200, reference: 'To savings' });
    expect(transfer).toMatchObject({ no: 'TR-00001', amount: 200, currency: 'USD' });
    const [out] = await w.lines([{ date: '2026-04-01', amount: -200 }]);
    const [into] = await w.lines([{ date: '2026-04-02', amount: 200 }], w.savings);
    expect((await w.post(`/api/v1/bank-feeds/lines/${out!.id}/match`, { journal_entry_ids: [transfer.journal_entry_id] })).matches).toEqual([{ type: 'transfer', id: transfer.id, no: 'TR-00001' }]);
    expect((await w.post(`/api/v1/bank-feeds/lines/${into!.id}/match`, { journal_entry_ids: [transfer.journal_entry_id] })).status).toBe('matched');

    const refusals: [unknown, string][] = [
      [{ from_account_id: w.bank, to_account_id: w.bank, date: '2026-04-01', amount: 1 }, 'to_account_id'],
      [{ from_account_id: w.bank, to_account_id: await w.accountCode('4000'), date: '2026-04-01', amount: 1 }, 'to_account_id'],
      [{ from_account_id: w.bank, to_account_id: w.savings, date: '2026-04-01', amount: 0 }, 'amount'],
      [{ from_account_id: w.bank, to_account_id: w.savings, date: '2026-04-01', amount: 1.005 }, 'amount'],
    ];
    const eur = (await w.post('/api/v1/bank-feeds/accounts', { name: 'Euro', kind: 'bank', currency: 'EUR' })).id;
    refusals.push([{ from_account_id: w.bank, to_account_id: eur, date: '2026-04-01', amount: 1 }, 'to_account_id']);
    const before = await w.entries();
    for (const [body, field] of refusals) {
      const answer = await w.send('POST', '/api/v1/bank-feeds/transfers', body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
    expect(await w.entries()).toBe(before);
  });

  it('the summary: feed, ledger, reconciled and stated balances and their differences, as of any date; before the opening date is 400', async () => {
    const w = await world();
    const receipt = await w.receipt(await w.invoice(300), 300, '2026-02-10');
    const [paid, _fee, dup] = await w.lines([
      { date: '2026-02-11', amount: 300 },
      { date: '2026-02-20', amount: -20 },
      { date: '2026-02-21', amount: 300 },
    ]);
    await w.post(`/api/v1/bank-feeds/lines/${paid!.id}/match`, { money_id: receipt.id });
    await w.post(`/api/v1/bank-feeds/lines/${dup!.id}/exclude`);
    const ofx = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260225<TRNAMT>-5.00<FITID>F1<NAME>Card</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>1275.00<DTASOF>20260228</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    await w.post(`/api/v1/bank-feeds/accounts/${w.bank}/imports`, { format: 'ofx', content: ofx });

    // The receipt is matched: no posting is left unexplained (the index follows the stream within about a second).
    expect(await eventually(async () => (await w.summary('2026-02-28')).unmatched_postings.count === 0, STREAM_LAG_MS)).toBe(true);
    expect(await w.summary('2026-02-28')).toEqual({
      account_id: w.bank,
      currency: 'USD',
      as_of: '2026-02-28',
      opening_balance: 1000,
      opening_balance_date: '2026-01-01',
      feed_balance: 1275,
      ledger_balance: 1300,
      reconciled_balance: 1300,
      stated_balance: 1275,
      stated_date: '2026-02-28',
      unmatched_lines: { count: 2, amount: -25 },
      unmatched_postings: { count: 0, amount: 0 },
      difference: -25,
      stated_difference: 0,
    });
    // As of a day inside the month: only what is dated by then.
    expect(await w.summary('2026-02-15')).toMatchObject({ feed_balance: 1300, ledger_balance: 1300, reconciled_balance: 1300, stated_balance: null, stated_difference: null, unmatched_lines: { count: 0, amount: 0 } });
    expect(await w.summary('2026-01-31')).toMatchObject({ feed_balance: 1000, ledger_balance: 1000, difference: 0 });
    const early = await w.send('GET', `/api/v1/bank-feeds/accounts/${w.bank}/reconciliation?as_of=2025-12-31`);
    expect(early.status).toBe(400);
    expect(early.body.details[0].field).toBe('as_of');
  });

  it('the payout rail matches its line to the payment it records', async () => {
    const w = await world();
    const { createHmac } = await import('node:crypto');
    const bill = (await w.post('/api/v1/bills', { vendor_id: w.vendor, bill_date: '2026-02-01', lines: [{ description: 'Paper', quantity: 1, unit_price: 70 }] })).id;
    const rail = await w.post('/api/v1/payout-rails', { name: 'Rail', payment_account_id: w.bank });
    const body = JSON.stringify({ type: 'payout.confirmation', id: 'po_1', date: '2026-02-15', amount: 70, currency: 'USD', bill_id: bill });
    const t = Math.floor(Date.now() / 1000);
    const signature = `t=${t},v1=${createHmac('sha256', rail.secret).update(`${t}.${body}`).digest('hex')}`;
    const confirmed = await call('POST', `/rails/${rail.id}/payout-confirmations`, { key: null, rawBody: body, headers: { 'rail-signature': signature } });
    expect(confirmed.status, confirmed.text).toBeLessThan(300);
    const line = confirmed.body.data.bank_feed_line;
    expect(line).toMatchObject({ status: 'matched', matches: [{ type: 'payment', id: confirmed.body.data.payment.id }] });
  });

  it('unmatched postings are counted and summed per account as of a date, and leave the count when matched or voided', async () => {
    const w = await world();
    const a = await w.receipt(await w.invoice(100), 100, '2026-03-01');
    await w.receipt(await w.invoice(40), 40, '2026-03-05');
    const unmatched = async (asOf: string) => (await w.summary(asOf)).unmatched_postings;
    expect(await eventually(async () => JSON.stringify(await unmatched('2026-12-31')) === JSON.stringify({ count: 2, amount: 140 }), STREAM_LAG_MS)).toBe(true);
    expect(await unmatched('2026-03-02')).toEqual({ count: 1, amount: 100 });
    const [line] = await w.lines([{ date: '2026-03-02', amount: 100 }]);
    await w.post(`/api/v1/bank-feeds/lines/${line!.id}/match`, { money_id: a.id });
    expect(await eventually(async () => JSON.stringify(await unmatched('2026-12-31')) === JSON.stringify({ count: 1, amount: 40 }), STREAM_LAG_MS)).toBe(true);
    await w.post(`/api/v1/bank-feeds/lines/${line!.id}/undo`);
    expect(await eventually(async () => (await unmatched('2026-12-31')).count === 2, STREAM_LAG_MS)).toBe(true);
    expect((await w.send('POST', `/api/v1/receipts/${a.id}/void`)).status).toBe(200);
    expect(await eventually(async () => JSON.stringify(await unmatched('2026-12-31')) === JSON.stringify({ count: 1, amount: 40 }), STREAM_LAG_MS)).toBe(true);
  });

  it('suggestions: the rule first, then postings of the same amount nearest in date, then open invoices whose balance is the amount, the named party first; invoices only to a credential that reads them', async () => {
    const w = await world();
    const other = (await w.post('/api/v1/customers', { name: 'Globex' })).id;
    const near = await w.receipt(await w.invoice(75), 75, '2026-05-03');
    const far = await w.receipt(await w.invoice(75), 75, '2026-04-01');
    await w.receipt(await w.invoice(75), 75, '2025-12-01'); // outside 90 days
    const acmeInvoice = await w.invoice(75, '2026-04-20');
    const globexInvoice = (await w.post('/api/v1/invoices', { customer_id: other, invoice_date: '2026-04-10', lines: [{ description: 'Work', quantity: 1, unit_price: 75 }] })).id;
    const rule = await w.post('/api/v1/bank-feeds/rules', { name: 'Acme pays', conditions: [{ field: 'description', operator: 'contains', value: 'acme' }], action: { party_id: w.customer } });
    const [line] = await w.lines([{ date: '2026-05-05', amount: 75, description: 'Transfer from ACME Ltd' }]);
    expect(line).toMatchObject({ rule_id: rule.id });
    let suggestions: { kind: string; id: string; journal_entry_id: string | null }[] = [];
    // Suggestions read projections: on a busy machine an invoice a receipt settles can still be listed open for a
    // moment, so wait for the projections to hold every posting above; the order must then be exactly this.
    const expected = [
      ['rule', rule.id],
      ['receipt', near.id],
      ['receipt', far.id],
      ['invoice', acmeInvoice],
      ['invoice', globexInvoice],
    ];
    const listed = async () => JSON.stringify((suggestions = await w.get(`/api/v1/bank-feeds/lines/${line!.id}/suggestions`)).map((item: { kind: string; id: string }) => [item.kind, item.id]));
    await eventually(async () => (await listed()) === JSON.stringify(expected), STREAM_LAG_MS);
    expect(suggestions.map((item) => [item.kind, item.id])).toEqual(expected);
    // A suggested posting is matched by the entry it names.
    expect((await w.post(`/api/v1/bank-feeds/lines/${line!.id}/match`, { journal_entry_ids: [suggestions[1]!.journal_entry_id] })).status).toBe('matched');
    expect(await w.get(`/api/v1/bank-feeds/lines/${line!.id}/suggestions`)).toEqual([]);

    const [again] = await w.lines([{ date: '2026-05-06', amount: 75 }]);
    const bankOnly = await keyWithScopes(w.business.id, SCOPES.filter((scope) => scope !== 'sales_invoices:read'));
    const limited = await call('GET', `/api/v1/bank-feeds/lines/${again!.id}/suggestions`, { key: bankOnly });
    expect(limited.status).toBe(200);
    expect(limited.body.data.map((item: { kind: string }) => item.kind)).toEqual(['receipt']);
    expect((await w.send('GET', '/api/v1/bank-feeds/lines/00000000-0000-4000-8000-000000000000/suggestions')).status).toBe(404);
  });

  it('rules: validated, ordered by priority then age, changed and deleted; an auto rule categorizes at import, a plain one marks', async () => {
    const w = await world();
    const fees = (await w.post('/api/v1/accounts', { code: '6200', name: 'Bank fees', type: 'expense' })).id;
    const bad: [unknown, string][] = [
      [{ name: 'x', conditions: [], action: { party_id: w.customer } }, 'conditions'],
      [{ name: 'x', conditions: [{ field: 'amount', operator: 'contains', value: 1 }], action: { party_id: w.customer } }, 'conditions[0].operator'],
      [{ name: 'x', conditions: [{ field: 'description', operator: 'equals', value: 'x' }], action: { party_id: w.customer }, auto: true }, 'auto'],
      [{ name: 'x', conditions: [{ field: 'description', operator: 'equals', value: 'x' }], action: { party_id: '00000000-0000-4000-8000-000000000001' } }, 'action.party_id'],
      [{ name: 'x', conditions: [{ field: 'description', operator: 'equals', value: 'x' }], action: { categorize: { account_id: await w.accountCode('1100') } } }, 'action.categorize.account_id'],
      [{ name: 'x', account_id: fees, conditions: [{ field: 'description', operator: 'equals', value: 'x' }], action: { categorize: { account_id: fees } } }, 'account_id'],
    ];
    for (const [body, field] of bad) {
      const answer = await w.send('POST', '/api/v1/bank-feeds/rules', body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.details.map((detail: { field: string }) => detail.field), answer.text).toContain(field);
    }
    const general = await w.post('/api/v1/bank-feeds/rules', { name: 'Small debits', priority: 50, conditions: [{ field: 'amount', operator: 'lt', value: 0 }, { field: 'amount', operator: 'gt', value: -10 }], action: { categorize: { account_id: fees } } });
    const auto = await w.post('/api/v1/bank-feeds/rules', { name: 'Monthly fee', priority: 10, account_id: w.bank, conditions: [{ field: 'description', operator: 'starts_with', value: 'MONTHLY FEE' }], action: { categorize: { account_id: fees, tax_rate: 0 } }, auto: true });
    expect((await w.get('/api/v1/bank-feeds/rules')).items.map((rule: { id: string }) => rule.id)).toEqual([auto.id, general.id]);

    const csv = 'Date,Amount,Text\n2026-06-01,-5.00,Monthly fee June\n2026-06-02,-4.00,Coffee\n2026-06-03,-40.00,Monthly fee (big)\n';
    const imported = await w.post(`/api/v1/bank-feeds/accounts/${w.bank}/imports`, { format: 'csv', content: csv, mapping: { date: 'Date', amount: 'Amount', description: 'Text' } });
    expect(imported.categorized).toBe(2);
    expect(imported.added.map((line: { status: string; rule_id: string | null }) => [line.status, line.rule_id])).toEqual([
      ['categorized', auto.id],
      ['unmatched', general.id],
      ['categorized', auto.id],
    ]);
    // The same rule on another account does not hold.
    const [elsewhere] = await w.lines([{ date: '2026-06-01', amount: -5, description: 'Monthly fee' }], w.savings);
    expect(elsewhere).toMatchObject({ status: 'unmatched', rule_id: general.id });

    const patched = await call('PATCH', `/api/v1/bank-feeds/rules/${general.id}`, { key: w.business.key, body: { priority: 1, conditions: [{ field: 'description', operator: 'equals', value: 'coffee' }] } });
    expect(patched.status, patched.text).toBe(200);
    expect((await w.get('/api/v1/bank-feeds/rules')).items.map((rule: { id: string }) => rule.id)).toEqual([general.id, auto.id]);
    const [coffee] = await w.lines([{ date: '2026-06-09', amount: -3, description: 'COFFEE' }]);
    expect(coffee).toMatchObject({ status: 'unmatched', rule_id: general.id });
    expect((await call('DELETE', `/api/v1/bank-feeds/rules/${general.id}`, { key: w.business.key })).status).toBe(200);
    expect((await w.get('/api/v1/bank-feeds/rules')).pagination.total_count).toBe(1);
    expect((await call('DELETE', `/api/v1/bank-feeds/rules/${general.id}`, { key: w.business.key })).status).toBe(404);
  });

  it('match by recording: the receipt or payment the line is, posted through the money producer and linked in the same transaction; refusals write nothing', async () => {
    const w = await world();
    const invoice = await w.invoice(330);
    const [line] = await w.lines([{ date: '2026-02-20', amount: 330, description: 'ACME' }]);
    const receipts = async () => (await w.get('/api/v1/receipts')).pagination.total_count;

    const short = await w.send('POST', `/api/v1/bank-feeds/lines/${line!.id}/match`, { party_id: w.customer, allocations: [{ document_id: invoice, amount: 200 }] });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual([{ field: 'allocations', message: "add up to 200, not the line's 330" }]);
    const withoutMoneyScope = await keyWithScopes(w.business.id, SCOPES.filter((scope) => scope !== 'sales_receipts:create'));
    const forbidden = await call('POST', `/api/v1/bank-feeds/lines/${line!.id}/match`, { key: withoutMoneyScope, body: { party_id: w.customer, allocations: [{ document_id: invoice, amount: 330 }] } });
    expect(forbidden.status).toBe(403);
    expect(await receipts()).toBe(0);

    const matched = await w.post(`/api/v1/bank-feeds/lines/${line!.id}/match`, { party_id: w.customer, allocations: [{ document_id: invoice, amount: 330 }], reference: 'ACME' });
    expect(matched).toMatchObject({ status: 'matched', matches: [{ type: 'receipt', no: 'RCT-00001' }] });
    const receipt = await w.get(`/api/v1/receipts/${matched.matches[0].id}`);
    expect(receipt).toMatchObject({ date: '2026-02-20', payment_account_id: w.bank, amount: 330, reference: 'ACME' });
    expect((await w.get(`/api/v1/invoices/${invoice}`)).status).toBe('Paid');
    expect((await w.send('POST', `/api/v1/receipts/${receipt.id}/void`)).status).toBe(409);
    expect((await w.send('POST', `/api/v1/bank-feeds/lines/${line!.id}/match`, { party_id: w.customer, allocations: [{ document_id: invoice, amount: 330 }] })).status).toBe(409);
    // Undone, the receipt stays and is free to be voided.
    await w.post(`/api/v1/bank-feeds/lines/${line!.id}/undo`);
    expect((await w.send('POST', `/api/v1/receipts/${receipt.id}/void`)).status).toBe(200);

    // Money out records a payment against a bill; a date in a locked period is refused.
    const bill = (await w.post('/api/v1/bills', { vendor_id: w.vendor, bill_date: '2026-02-01', lines: [{ description: 'Paper', quantity: 1, unit_price: 45 }] })).id;
    const [out, locked] = await w.lines([{ date: '2026-03-03', amount: -45 }, { date: '2026-01-15', amount: -45 }]);
    expect((await w.post(`/api/v1/bank-feeds/lines/${out!.id}/match`, { party_id: w.vendor, allocations: [{ document_id: bill, amount: 45 }] })).matches[0]).toMatchObject({ type: 'payment', no: 'PAY-00001' });
    const another = (await w.post('/api/v1/bills', { vendor_id: w.vendor, bill_date: '2026-01-02', lines: [{ description: 'Ink', quantity: 1, unit_price: 45 }] })).id;
    await w.send('PUT', '/api/v1/business/lock-date', { lock_date: '2026-01-31' });
    const refused = await w.send('POST', `/api/v1/bank-feeds/lines/${locked!.id}/match`, { party_id: w.vendor, allocations: [{ document_id: another, amount: 45 }] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('period_locked');
  });

  it('a statement of more than 45 lines is queued (202), stored chunk by chunk with the rules applied, fires one bank_feed.received with its counts, and imported again adds nothing', async () => {
    const w = await world();
    const fees = (await w.post('/api/v1/accounts', { code: '6300', name: 'Card fees', type: 'expense' })).id;
    await w.post('/api/v1/bank-feeds/rules', { name: 'Card fee', conditions: [{ field: 'description', operator: 'starts_with', value: 'card fee' }], action: { categorize: { account_id: fees } }, auto: true });
    const rows = Array.from({ length: 600 }, (_, index) => `2026-07-${String(1 + (index % 28)).padStart(2, '0')},${index % 10 === 0 ? '-1.50' : (index + 1).toFixed(2)},${index % 10 === 0 ? 'Card fee' : `Sale ${index}`},T${index}`);
    const csv = `Date,Amount,Text,Id\n${rows.join('\n')}\n`;
    const body = { format: 'csv', content: csv, mapping: { date: 'Date', amount: 'Amount', description: 'Text', external_id: 'Id' }, closing_balance: 12_345.67, closing_date: '2026-07-31' };
    const queued = await w.send('POST', `/api/v1/bank-feeds/accounts/${w.bank}/imports`, body);
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body.data).toMatchObject({ status: 'queued', lines_total: 600, lines_added: 0 });
    const done = async (id: string) => {
      let current: { status: string } = { status: 'queued' };
      expect(await eventually(async () => (current = await w.get(`/api/v1/bank-feeds/imports/${id}`)).status === 'done', 60_000)).toBe(true);
      return current;
    };
    expect(await done(queued.body.data.id)).toMatchObject({ lines_total: 600, lines_added: 600, lines_skipped: 0, lines_categorized: 60 });
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?page_size=1`)).pagination.total_count).toBe(600);
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?status=categorized&page_size=1`)).pagination.total_count).toBe(60);
    expect((await w.summary('2026-07-31')).stated_balance).toBe(12_345.67);
    await expectEventPayloads(await outboxOf(w.business.id));
    const received = (await outboxOf(w.business.id)).filter((event) => event.type === 'bank_feed.received');
    expect(received).toHaveLength(1);
    expect((received[0]!.data as Record<string, unknown>)).toMatchObject({ source: 'import', import_id: queued.body.data.id, lines_added: 600, lines_skipped: 0, lines_categorized: 60, lines: [] });

    const again = await w.send('POST', `/api/v1/bank-feeds/accounts/${w.bank}/imports`, body);
    expect(again.status).toBe(202);
    expect(await done(again.body.data.id)).toMatchObject({ lines_added: 0, lines_skipped: 600, lines_categorized: 0 });
    expect((await w.get(`/api/v1/bank-feeds/accounts/${w.bank}/lines?page_size=1`)).pagination.total_count).toBe(600);
    expect((await w.send('GET', '/api/v1/bank-feeds/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  }, 120_000);

  it('an import whose chunk fails its last attempt is marked failed, naming the lines, before its message is dead-lettered', async () => {
    const w = await world();
    const rows = Array.from({ length: 300 }, (_, index) => `2026-08-01,${index + 1}.00,Row ${index},R${index}`);
    const queued = await w.send('POST', `/api/v1/bank-feeds/accounts/${w.bank}/imports`, { format: 'csv', content: `Date,Amount,Text,Id\n${rows.join('\n')}\n`, mapping: { date: 'Date', amount: 'Amount', description: 'Text', external_id: 'Id' } });
    expect(queued.status).toBe(202);
    expect(await eventually(async () => (await w.get(`/api/v1/bank-feeds/imports/${queued.body.data.id}`)).status === 'done', 60_000)).toBe(true);
    // A chunk that cannot be stored (its account's currency takes no such amount), on its fifth and last attempt.
    const { importStore } = await import('../../shared/banking/imports.ts');
    const { WriteTransaction } = await import('../../shared/platform/db/transaction.ts');
    const { importChunkKey } = await import('../../shared/banking/imports.ts');
    const { handler } = await import('../../functions/banking/workers/import-chunk.ts');
    const now = new Date().toISOString();
    const record = { id: '00000000-0000-4000-8000-00000000abcd', account_id: w.bank, status: 'running', lines_total: 500, chunks: 2, next_chunk: 1, lines_added: 250, lines_skipped: 0, lines_categorized: 0, problems: [], stated: null, created_at: now, updated_at: now } as never;
    const tx = new WriteTransaction();
    importStore.addCreate(tx, w.business.id as never, record);
    tx.put('chunk', { ...importChunkKey(w.business.id as never, '00000000-0000-4000-8000-00000000abcd' as never, 1), lines: [{ date: '2026-08-02', amount: 1.001, external_id: 'X1' }] });
    await tx.commit();
    const message = (receiveCount: number) => ({ Records: [{ messageId: `m${receiveCount}`, body: JSON.stringify({ business_id: w.business.id, import_id: '00000000-0000-4000-8000-00000000abcd', chunk: 1 }), attributes: { ApproximateReceiveCount: String(receiveCount) } }] });
    const context = { functionName: 'test', awsRequestId: 'r', getRemainingTimeInMillis: () => 60_000 } as never;
    expect((await handler(message(1) as never, context)).batchItemFailures).toHaveLength(1);
    expect((await w.get('/api/v1/bank-feeds/imports/00000000-0000-4000-8000-00000000abcd')).status).toBe('running');
    expect((await handler(message(5) as never, context)).batchItemFailures).toHaveLength(1);
    const failed = await w.get('/api/v1/bank-feeds/imports/00000000-0000-4000-8000-00000000abcd');
    expect(failed).toMatchObject({ status: 'failed', lines_added: 250, problems: [{ field: 'lines[250]' }] });
    expect(failed.problems[0].message).toContain('lines from 251 on');
  }, 90_000);
});
