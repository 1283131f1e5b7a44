import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../integration/pdf-text.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { businessB, call, freshBusiness, outboxOf, postingAs, runtime, uniqueName } from '../integration/support.ts';
import { formFields, memberBrowser } from '../integration/oauth-flow.ts';

/** The `.eml` the runtime wrote for a Message-ID, parsed back by mailparser once it is there. */
async function writtenMail(messageId: string): Promise<ParsedMail> {
  const file = join(runtime.mailDir, `${messageId.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`);
  expect(await eventually(async () => existsSync(file), STREAM_LAG_MS), `${file} was never written`).toBe(true);
  return simpleParser(readFileSync(file));
}

/**
 * A customer's quarter, figures by hand: a May invoice of 100 carried in, a June invoice of 300, a receipt of
 * 100 for the May one, an unapplied credit note of 50, a EUR invoice of 80 due 20 June, and a July invoice of 200
 * voided in July. Another customer's invoice must appear nowhere.
 */
async function quarter() {
  const business = await freshBusiness({ currency: 'USD' });
  const post = postingAs(business.key);
  const customer = (await post('/api/v1/customers', { name: 'Ada Lovelace Ltd', email: 'ap@ada.test', billing_address: { line1: '10 Analytical Way', city: 'London', country: 'GB' } })).id as string;
  const other = (await post('/api/v1/customers', { name: uniqueName('Other') })).id as string;
  const bank = (await post('/api/v1/bank-feeds/accounts', { name: 'Bank', kind: 'bank' })).id as string;
  const line = (unit_price: number) => [{ description: 'Work', quantity: 1, unit_price }];
  const may = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-10', due_date: '2026-06-09', reference: 'PO-1', lines: line(100) });
  await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-06-05', due_date: '2026-07-05', reference: 'PO-2', lines: line(300) });
  await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-06-10', due_date: '2026-06-20', currency: 'EUR', exchange_rate: 1.1, lines: line(80) });
  await post('/api/v1/receipts', { party_id: customer, date: '2026-06-20', payment_account_id: bank, reference: 'CHQ-881', allocations: [{ document_id: may.id, amount: 100 }] });
  await post('/api/v1/credit-notes', { customer_id: customer, date: '2026-06-25', lines: line(50) });
  await post('/api/v1/invoices', { customer_id: other, invoice_date: '2026-06-12', lines: line(999) });
  const july = await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-07-02', due_date: '2026-08-01', lines: line(200) });
  await post(`/api/v1/invoices/${july.id}/void`, { void_date: '2026-07-15' });
  // A statement reads the projections the stream keeps, and a reader catches up only its last five actions itself:
  // wait until the projector holds all six USD postings and the EUR one (on a busy CI machine it has fallen more than
  // seconds behind, and it may hold the USD ones before the EUR invoice posted earlier).
  const linesPerCurrency = async () => Object.fromEntries((await statement(business, customer, 'from=2026-05-01&to=2026-07-31')).currencies.map((block: { currency: string; lines: unknown[] }) => [block.currency, block.lines.length]));
  expect(await eventually(async () => JSON.stringify(await linesPerCurrency()) === JSON.stringify({ EUR: 1, USD: 6 }), STREAM_LAG_MS)).toBe(true);
  return { business, post, customer, other, may, july };
}

async function statement(business: { key: string }, customer: string, query: string) {
  const answer = await call('GET', `/api/v1/customers/${customer}/statement?${query}`, { key: business.key });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
}

const aged = (current: number, d1_30 = 0) => ({ current, d1_30, d31_60: 0, d61_90: 0, over_90: 0, total: current + d1_30 });

describe('customer statements', () => {
  it("list the customer's postings of the period with a running balance, opening and closing balances and the closing balance aged, per currency, figures by hand", async () => {
    const w = await quarter();
    const june = await statement(w.business, w.customer, 'from=2026-06-01&to=2026-06-30');
    expect(june).toMatchObject({ customer_id: w.customer, name: 'Ada Lovelace Ltd', from: '2026-06-01', to: '2026-06-30' });
    expect(june.currencies.map((block: { currency: string }) => block.currency)).toEqual(['EUR', 'USD']);
    const [eur, usd] = june.currencies;
    // The May invoice is owed at the start; June adds 300, takes 100 by the receipt and 50 by the credit note.
    expect(usd.opening_balance).toBe(100);
    expect(usd.lines.map((line: Record<string, unknown>) => [line.date, line.type, line.reference, line.debit, line.credit, line.balance])).toEqual([
      ['2026-06-05', 'invoice', 'PO-2', 300, 0, 400],
      ['2026-06-20', 'receipt', 'CHQ-881', 0, 100, 300],
      ['2026-06-25', 'credit_note', null, 0, 50, 250],
    ]);
    expect(usd.lines[0].no).toMatch(/^INV-/);
    expect(usd.closing_balance).toBe(250);
    // The June invoice is not yet due on 30 June; the unapplied credit is negative and current.
    expect(usd.aged).toEqual(aged(250));
    expect(eur).toMatchObject({ opening_balance: 0, closing_balance: 80, aged: aged(0, 80) });
    expect(eur.lines.map((line: Record<string, unknown>) => [line.date, line.type, line.debit, line.credit, line.balance])).toEqual([['2026-06-10', 'invoice', 80, 0, 80]]);

    // July: the voided invoice and its reversal, each on its own date; the June invoice now 26 days late.
    const julyStatement = await statement(w.business, w.customer, 'from=2026-07-01&to=2026-07-31');
    const julyUsd = julyStatement.currencies.find((block: { currency: string }) => block.currency === 'USD');
    expect(julyUsd.opening_balance).toBe(250);
    expect(julyUsd.lines.map((line: Record<string, unknown>) => [line.date, line.type, line.no, line.debit, line.credit, line.balance])).toEqual([
      ['2026-07-02', 'invoice', w.july.no, 200, 0, 450],
      ['2026-07-15', 'invoice', w.july.no, 0, 200, 250],
    ]);
    expect(julyUsd).toMatchObject({ closing_balance: 250, aged: { current: -50, d1_30: 300, total: 250 } });
    // EUR: nothing moved in July, but 80 is still owed, so the block shows.
    expect(julyStatement.currencies.find((block: { currency: string }) => block.currency === 'EUR')).toMatchObject({ opening_balance: 80, lines: [], closing_balance: 80 });

    // Before anything: no block at all.
    expect((await statement(w.business, w.customer, 'from=2026-01-01&to=2026-04-30')).currencies).toEqual([]);
    // The other customer's statement holds its own invoice only.
    const other = await statement(w.business, w.other, 'from=2026-06-01&to=2026-06-30');
    expect(other.currencies).toMatchObject([{ currency: 'USD', opening_balance: 0, closing_balance: 999, lines: [{ debit: 999, balance: 999 }] }]);
  });

  it('leaves out a debit note, as the aged receivables that give its closing balance do, so its opening balance stays true', async () => {
    const business = await freshBusiness({ currency: 'USD' });
    const post = postingAs(business.key);
    const customer = (await post('/api/v1/customers', { name: uniqueName('Debited') })).id as string;
    await post('/api/v1/invoices', { customer_id: customer, invoice_date: '2026-05-10', lines: [{ description: 'Work', quantity: 1, unit_price: 100 }] });
    await post('/api/v1/debit-notes', { customer_id: customer, date: '2026-06-10', lines: [{ description: 'Extra', quantity: 1, unit_price: 30 }] });
    const june = await statement(business, customer, 'from=2026-06-01&to=2026-06-30');
    expect(june.currencies).toMatchObject([{ currency: 'USD', opening_balance: 100, lines: [], closing_balance: 100 }]);
  });

  it('covers the month of `to` without `from`, and refuses a backwards period, an unknown or foreign customer and a credential without sales_invoices:read', async () => {
    const w = await quarter();
    expect(await statement(w.business, w.customer, 'to=2026-06-30')).toMatchObject({ from: '2026-06-01', to: '2026-06-30' });
    const backwards = await call('GET', `/api/v1/customers/${w.customer}/statement?from=2026-07-01&to=2026-06-30`, { key: w.business.key });
    expect([backwards.status, backwards.body.details]).toEqual([400, [{ field: 'from', message: 'must not be after to' }]]);
    const badFormat = await call('GET', `/api/v1/customers/${w.customer}/statement?format=csv`, { key: w.business.key });
    expect([badFormat.status, badFormat.body.details[0].field]).toEqual([400, 'format']);
    expect((await call('GET', `/api/v1/customers/${w.customer}/statement`, { key: businessB.api_key })).status).toBe(404);
    expect((await call('GET', '/api/v1/customers/00000000-0000-4000-8000-000000000000/statement', { key: w.business.key })).status).toBe(404);
    const narrow = await freshBusiness({ scopes: ['sales_customers:read'] });
    const refused = await call('GET', `/api/v1/customers/${w.customer}/statement`, { key: narrow.key });
    expect([refused.status, refused.body.error, refused.body.details]).toEqual([403, 'insufficient_scope', [{ field: 'scope', message: 'sales_invoices:read' }]]);
  });

  it('as a PDF: the letterhead, the customer, each line with its balance, the balances and the ages, read back', async () => {
    const w = await quarter();
    expect((await call('PATCH', '/api/v1/business', { key: w.business.key, body: { legal_name: 'Northwind Trading Ltd', payment_instructions: 'Pay to sort code 12-34-56' } })).status).toBe(200);
    const response = await fetch(`${runtime.baseUrl}/api/v1/customers/${w.customer}/statement?from=2026-06-01&to=2026-06-30&format=pdf`, { headers: { authorization: `Bearer ${w.business.key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="statement-2026-06-01-2026-06-30.pdf"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(pdfPageCount(bytes)).toBe(1);
    const text = pdfText(bytes, { layout: true });
    for (const expected of ['Northwind Trading Ltd', 'STATEMENT', 'From: 2026-06-01', 'To: 2026-06-30', 'Ada Lovelace Ltd', '10 Analytical Way', 'Opening balance USD', 'Payment received', '(CHQ-881)', 'Credit note', 'Closing balance USD', 'Opening balance EUR', '1–30 days past due EUR', 'Amount owed USD', 'Amount owed EUR', 'Pay to sort code 12-34-56']) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/Invoice INV-\d+ \(PO-2\)\s+300\.00\s+400\.00/);
    expect(text).toMatch(/Amount owed USD\s+250\.00/);
    expect(text).not.toContain('999');
  });

  it('e-mailed through the outbox: 202, the .eml to the customer with the PDF attached and what is owed, statement.sent once, the audit entry; an Idempotency-Key replays it', async () => {
    const w = await quarter();
    await call('PATCH', '/api/v1/business', { key: w.business.key, body: { name: 'Lovelace Analytics' } });
    const headers = { 'idempotency-key': `statement-${w.customer}` };
    const body = { period: { from: '2026-06-01', to: '2026-06-30' }, cc: ['books@ada.test'] };
    const answer = await call('POST', `/api/v1/customers/${w.customer}/statement/send`, { key: w.business.key, body, headers });
    expect(answer.status, answer.text).toBe(202);
    const queued = answer.body.data;
    expect(queued).toMatchObject({ customer_id: w.customer, from: '2026-06-01', to: '2026-06-30', recipients: { to: ['ap@ada.test'], cc: ['books@ada.test'] } });
    const again = await call('POST', `/api/v1/customers/${w.customer}/statement/send`, { key: w.business.key, body, headers });
    expect([again.status, again.body.data.message_id]).toEqual([202, queued.message_id]);

    const mail = await writtenMail(queued.message_id);
    expect(mail.subject).toBe('Statement from Lovelace Analytics, 2026-06-01 to 2026-06-30');
    expect(mail.text).toContain('Dear Ada Lovelace Ltd,');
    expect(mail.text).toContain('Owed on 2026-06-30: EUR 80.00, USD 250.00.');
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([['statement-2026-06-01-2026-06-30.pdf', 'application/pdf']]);
    expect(pdfText(mail.attachments[0]!.content)).toContain('Closing balance USD');

    const sentEvents = async () => (await outboxOf(w.business.id)).filter((event) => event.type === 'statement.sent');
    expect(await eventually(async () => (await sentEvents()).length === 1, STREAM_LAG_MS)).toBe(true);
    expect((await sentEvents())[0]!.data).toEqual(queued);
    const history = await call('GET', `/api/v1/customers/${w.customer}/history`, { key: w.business.key });
    expect(history.status, history.text).toBe(200);
    expect(history.body.data.items.map((entry: { action: string }) => entry.action)).toContain('statement_sent');
  });

  it('refuses a send to a customer without an e-mail address, naming to, and queues nothing', async () => {
    const w = await quarter();
    const silent = (await w.post('/api/v1/customers', { name: uniqueName('No mail') })).id as string;
    const refused = await call('POST', `/api/v1/customers/${silent}/statement/send`, { key: w.business.key });
    expect([refused.status, refused.body.details?.[0]?.field]).toEqual([400, 'to']);
    const backwards = await call('POST', `/api/v1/customers/${w.customer}/statement/send`, { key: w.business.key, body: { period: { from: '2026-07-01', to: '2026-06-01' } } });
    expect([backwards.status, backwards.body.details?.[0]?.field]).toEqual([400, 'period.from']);
    expect((await outboxOf(w.business.id)).filter((event) => String(event.type).startsWith('statement.'))).toEqual([]);
  });

  it('in the dashboard: a Statement link on each customer, the page of a period with its lines, ages and PDF, and a send queued once however often clicked; a viewer reads but does not send', async () => {
    const w = await quarter();
    const owner = await memberBrowser(w.business.id, 'owner');
    const list = await owner.request('GET', '/dashboard/customers');
    expect(list.text).toContain(`href="/dashboard/customers/${w.customer}/statement"`);
    const page = await owner.request('GET', `/dashboard/customers/${w.customer}/statement?from=2026-06-01&to=2026-06-30`);
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    for (const expected of ['Statement of Ada Lovelace Ltd', 'In USD', 'In EUR', 'Owed before 2026-06-01: $100.00', 'Owed at the end of 2026-06-30: <strong>$250.00</strong>', 'Payment received', 'CHQ-881', '<td class="num">$300.00</td>', `href="/dashboard/customers/${w.customer}/statement/pdf?from=2026-06-01&amp;to=2026-06-30"`]) {
      expect(page.text, expected).toContain(expected);
    }
    const pdf = await fetch(new URL(`/dashboard/customers/${w.customer}/statement/pdf?from=2026-06-01&to=2026-06-30`, runtime.baseUrl), { headers: { cookie: `session=${(owner as unknown as { jar: Map<string, string> }).jar.get('session')}` } });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('Closing balance USD');

    const action = `/dashboard/customers/${w.customer}/statement/send`;
    const hidden = formFields(page.text.slice(page.text.indexOf(`action="${action}"`) - 40)).hidden;
    expect(hidden).toMatchObject({ from: '2026-06-01', to_date: '2026-06-30' });
    const sent = await owner.request('POST', action, { ...hidden, to: '', message: 'Your June statement' });
    expect([sent.status, sent.location]).toEqual([303, `/dashboard/customers/${w.customer}/statement?from=2026-06-01&to=2026-06-30&notice=statement_queued`]);
    expect((await owner.request('POST', action, { ...hidden, to: '', message: 'Your June statement' })).status).toBe(303);
    const mails = (await outboxOf(w.business.id)).filter((event) => event.type === 'statement.mail');
    expect(mails.map((event) => event.data)).toMatchObject([{ from: '2026-06-01', to: '2026-06-30', recipients: { to: ['ap@ada.test'], cc: [] }, message: 'Your June statement' }]);
    const refused = await owner.request('POST', action, { ...hidden, idempotency_key: 'another-key', to: 'not an address' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(`action="${action}"`);
    expect(refused.text).toMatch(/id="to-error">/);

    const viewer = await memberBrowser(w.business.id, 'viewer');
    const asViewer = await viewer.request('GET', `/dashboard/customers/${w.customer}/statement?from=2026-06-01&to=2026-06-30`);
    expect(asViewer.status).toBe(200);
    expect(asViewer.text).toContain('Download PDF');
    expect(asViewer.text).not.toContain('Send statement');
    expect((await viewer.request('POST', action, { ...hidden })).status).toBe(403);
  });
});
