import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { pdfText } from '../integration/pdf-text.ts';
import { eventually, STREAM_LAG_MS } from '../integration/receiver.ts';
import { businessB, call, freshBusiness, outboxOf, runtime, useRuntimeTable, postingAs } from '../integration/support.ts';

/** The `.eml` the runtime wrote for a Message-ID, parsed back by mailparser once it is there. */
async function writtenMail(messageId: string): Promise<ParsedMail> {
  const file = join(runtime.mailDir, `${messageId.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`);
  expect(await eventually(async () => existsSync(file), STREAM_LAG_MS), `${file} was never written`).toBe(true);
  return simpleParser(readFileSync(file));
}

async function world(customer: { email?: string | null; name?: string } = { email: 'ada@example.com' }) {
  const business = await freshBusiness();
  const post = postingAs(business.key);
  await call('PATCH', '/api/v1/business', { key: business.key, body: { name: 'Lovelace Analytics', payment_instructions: 'Pay to IBAN GB00 MAIL 0000 0000' } });
  const customerId = (await post('/api/v1/customers', { name: customer.name ?? 'Ada Byron', ...(customer.email ? { email: customer.email } : {}) })).id as string;
  const invoice = await post('/api/v1/invoices', { customer_id: customerId, invoice_date: '2026-11-05', due_date: '2026-12-05', lines: [{ description: 'Difference engine tuning', quantity: 2, unit_price: 410.5 }] });
  const send = (body?: unknown, headers?: Record<string, string>, id = invoice.id as string) => call('POST', `/api/v1/invoices/${id}/send`, { key: business.key, ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) });
  const invoiceNow = async () => (await call('GET', `/api/v1/invoices/${invoice.id}`, { key: business.key })).body.data;
  return { business, post, customerId, invoice, send, invoiceNow };
}

describe('POST /invoices/{id}/send', () => {
  it('with no body, queues a message to the customer (202); the .eml carries the PDF and the public link; sent_at, send_count and invoice.sent follow', async () => {
    const w = await world();
    const answer = await w.send();
    expect(answer.status, answer.text).toBe(202);
    const queued = answer.body.data;
    expect(queued).toMatchObject({ to: ['ada@example.com'], cc: [] });
    expect(queued.message_id).toMatch(/^[0-9a-f-]{36}@localhost\.localdomain$/);

    const mail = await writtenMail(queued.message_id);
    expect(mail.messageId).toBe(`<${queued.message_id}>`);
    expect(mail.subject).toBe(`Invoice ${w.invoice.no} from Lovelace Analytics`);
    expect(mail.from?.value).toEqual([{ name: 'Lovelace Analytics', address: 'invoices@localhost.localdomain' }]);
    expect((Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((to) => to?.value.map((address) => address.address))).toEqual(['ada@example.com']);
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`${w.invoice.no}.pdf`);
    const link = (await call('GET', `/api/v1/invoices/${w.invoice.id}/link`, { key: w.business.key })).body.data.url as string;
    expect(mail.text).toContain('Dear Ada Byron,');
    expect(mail.text).toContain('USD 821.00 is due by 2026-12-05.');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}">`);
    const text = pdfText(pdf!.content);
    expect(text).toContain(w.invoice.no);
    expect(text).toContain(link);
    // The link in the message opens the invoice's page.
    expect((await fetch(link.replace(/^https?:\/\/[^/]+/, runtime.baseUrl))).status).toBe(200);

    expect(await eventually(async () => (await w.invoiceNow()).send_count === 1, STREAM_LAG_MS)).toBe(true);
    const sent = await w.invoiceNow();
    expect(sent.sent_at).toEqual(expect.any(String));
    expect(Date.parse(sent.sent_at)).toBeGreaterThanOrEqual(Date.parse(queued.queued_at));
    const events = await outboxOf(w.business.id);
    expect(events.filter((event) => event.type === 'invoice.sent').map((event) => (event.data as { id: string; send_count: number }).send_count)).toEqual([1]);
    expect(events.filter((event) => event.type === 'invoice.mail')).toHaveLength(1);
    // The internal record never shows in the events feed.
    const feedTypes = async () => ((await call('GET', '/api/v1/events?limit=100', { key: w.business.key })).body.data.items as { type: string }[]).map((event) => event.type);
    expect(await eventually(async () => (await feedTypes()).includes('invoice.sent'), STREAM_LAG_MS)).toBe(true);
    expect(await feedTypes()).not.toContain('invoice.mail');
  });

  it('makes every link under the configured base, whatever the request headers say (X-Forwarded-Proto, Host)', async () => {
    const w = await world();
    const forged = { 'x-forwarded-proto': 'https://pay-northwind.evil.example/#', 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example;proto=https' };
    const answer = await w.send(undefined, forged);
    expect(answer.status, answer.text).toBe(202);
    const mail = await writtenMail(answer.body.data.message_id);
    const base = `${runtime.baseUrl}/i/`;
    const linksIn = (text: string) => [...text.matchAll(/(?:https?|javascript):[^\s"<>]+/g)].map((match) => match[0]);
    for (const link of [...linksIn(mail.text ?? ''), ...linksIn(String(mail.html)), ...linksIn(pdfText(mail.attachments[0]!.content))].filter((link) => link.includes('/i/'))) expect(link.startsWith(base), link).toBe(true);
    expect(`${mail.text} ${String(mail.html)}`).not.toContain('evil.example');
    const javascript = await call('GET', `/api/v1/invoices/${w.invoice.id}/link`, { key: w.business.key, headers: { 'x-forwarded-proto': 'javascript:alert(document.domain)//' } });
    expect(javascript.body.data.url.startsWith(base), javascript.body.data.url).toBe(true);
    const url = new URL(`${runtime.baseUrl}/api/v1/invoices/${w.invoice.id}/link`);
    const hosted = await new Promise<string>((done, fail) => {
      // fetch will not send a Host header of its own choosing; a raw request does, as an attacker would.
      import('node:http').then(({ request }) => {
        const sent = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { host: `localhost:4711@evil.example`, authorization: `Bearer ${w.business.key}` } }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => done(body));
        });
        sent.on('error', fail);
        sent.end();
      }, fail);
    });
    expect(JSON.parse(hosted).data.url.startsWith(base), hosted).toBe(true);
  });

  it('takes bidirectional controls out of every name and text it renders: the e-mail, its PDF and the public page', async () => {
    const w = await world({ email: 'ada@example.com', name: 'Ada \u202Egnp.exe\u202C \u2066Byron\u2069' });
    const answer = await w.send({ subject: 'Invoice \u202Efdp.exe', message: 'Hello \u2067there\u2069' });
    expect(answer.status, answer.text).toBe(202);
    const mail = await writtenMail(answer.body.data.message_id);
    const bidi = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
    expect(mail.subject).toBe('Invoice fdp.exe');
    expect(mail.text).toContain('Dear Ada gnp.exe Byron,');
    for (const text of [mail.subject ?? '', mail.text ?? '', String(mail.html), pdfText(mail.attachments[0]!.content)]) expect(bidi.test(text), text.slice(0, 200)).toBe(false);
    const link = (await call('GET', `/api/v1/invoices/${w.invoice.id}/link`, { key: w.business.key })).body.data.url as string;
    const page = await (await fetch(link)).text();
    expect(page).toContain('Ada gnp.exe Byron');
    expect(bidi.test(page)).toBe(false);
    const pdf = Buffer.from(await (await fetch(`${link}/pdf`)).arrayBuffer());
    expect(pdfText(pdf)).toContain('Ada gnp.exe Byron');
    expect(bidi.test(pdfText(pdf))).toBe(false);
  });

  it('sends to the addresses given, cc without repeats, with the subject and words given; a second send counts 2', async () => {
    const w = await world({ email: null, name: 'Charles Babbage' });
    const answer = await w.send({ to: ['ledger@example.org', 'Ops@Example.org'], cc: ['ops@example.org', 'boss@example.org'], subject: 'Your invoice, Ελλάδα edition', message: 'Thank you for the work in November.' });
    expect(answer.status, answer.text).toBe(202);
    expect(answer.body.data).toMatchObject({ to: ['ledger@example.org', 'Ops@Example.org'], cc: ['boss@example.org'] });
    const mail = await writtenMail(answer.body.data.message_id);
    expect(mail.subject).toBe('Your invoice, Ελλάδα edition');
    expect(mail.text).toContain('Thank you for the work in November.');
    expect(mail.cc && !Array.isArray(mail.cc) ? mail.cc.value.map((address) => address.address) : []).toEqual(['boss@example.org']);
    expect(await eventually(async () => (await w.invoiceNow()).send_count === 1, STREAM_LAG_MS)).toBe(true);
    const again = await w.send({ to: ['ledger@example.org'] });
    expect(again.body.data.message_id).not.toBe(answer.body.data.message_id);
    expect(await eventually(async () => (await w.invoiceNow()).send_count === 2, STREAM_LAG_MS)).toBe(true);
  });

  it('a repeated Idempotency-Key answers the same message and sends once', async () => {
    const w = await world();
    const headers = { 'Idempotency-Key': `send-${w.invoice.id}` };
    const first = await w.send({ message: 'Once only.' }, headers);
    const second = await w.send({ message: 'Once only.' }, headers);
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.data).toEqual(first.body.data);
    const reused = await w.send({ message: 'Another body.' }, headers);
    expect(reused.status).toBe(422);
    await writtenMail(first.body.data.message_id);
    expect(await eventually(async () => (await w.invoiceNow()).send_count === 1, STREAM_LAG_MS)).toBe(true);
    expect((await outboxOf(w.business.id)).filter((event) => event.type === 'invoice.mail')).toHaveLength(1);
  });

  it('a redelivered record is sent again with the same Message-ID and counted once; once counted, it is not sent again', async () => {
    useRuntimeTable();
    process.env.LINK_SECRET_FILE = runtime.linkSecretFile;
    const w = await world();
    const [{ deliverInvoiceMail }, { installMailTransport }] = await Promise.all([import('../../shared/sales/deliver-invoice-mail.ts'), import('../../shared/platform/mail/transport.ts')]);
    const raws: Buffer[] = [];
    let crashAfterSend = true;
    // The first attempt's message leaves, then the worker dies before it counts the send.
    installMailTransport({
      async send(mail) {
        raws.push(mail.raw);
        if (crashAfterSend) {
          crashAfterSend = false;
          throw new Error('the worker stopped after the message left');
        }
      },
    });
    const record = { id: 'evt_redelivered', type: 'invoice.mail' as const, created_at: new Date().toISOString(), business_id: w.business.id, data: { message_id: `redelivered-${w.invoice.id}@localhost.localdomain`, invoice_id: w.invoice.id, to: ['ada@example.com'], cc: [], subject: null, message: null, origin: runtime.baseUrl, queued_at: new Date().toISOString() } };
    await expect(deliverInvoiceMail(record as never)).rejects.toThrow('stopped');
    expect(await deliverInvoiceMail(record as never)).toBe('sent');
    expect(await deliverInvoiceMail(record as never)).toBe('already-sent');
    expect(raws).toHaveLength(2);
    const ids = await Promise.all(raws.map(async (raw) => (await simpleParser(raw)).messageId));
    expect(ids).toEqual([`<${record.data.message_id}>`, `<${record.data.message_id}>`]);
    expect((await w.invoiceNow()).send_count).toBe(1);
  });

  it("keeps to the business's e-mail quota of recipients an hour: past it, 429 with Retry-After, and nothing is queued", async () => {
    const w = await world();
    useRuntimeTable();
    const { setMailQuota } = await import('../../shared/platform/mail/quota.ts');
    await setMailQuota(w.business.id as Id, 5);
    const mails = async () => (await outboxOf(w.business.id)).filter((event) => event.type === 'invoice.mail').length;
    expect((await w.send({ to: ['a@example.com', 'b@example.com'], cc: ['c@example.com'] })).status).toBe(202);
    const over = await w.send({ to: ['d@example.com', 'e@example.com', 'f@example.com'] });
    expect(over.status, over.text).toBe(429);
    expect(over.body.error).toBe('rate_limited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(await mails()).toBe(1);
    // What still fits goes; racing sends cannot pass the limit together.
    const racing = await Promise.all([w.send({ to: ['g@example.com'] }), w.send({ to: ['h@example.com'] }), w.send({ to: ['i@example.com'] })]);
    expect(racing.map((answer) => answer.status).sort()).toEqual([202, 202, 429]);
    expect(await mails()).toBe(3);
    // Another business's quota is its own.
    const other = await world();
    expect((await other.send({ to: ['a@example.com'] })).status).toBe(202);
  });

  it('refuses what cannot be sent, naming the field, and writes nothing', async () => {
    const w = await world({ email: null });
    const before = (await outboxOf(w.business.id)).length;
    const noAddress = await w.send({});
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.details).toEqual([expect.objectContaining({ field: 'to' })]);
    const notAnAddress = await w.send({ to: ['not-an-address'] });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body.details[0].field).toMatch(/^to/);
    const tooMany = await w.send({ to: Array.from({ length: 30 }, (_, index) => `a${index}@example.com`), cc: Array.from({ length: 21 }, (_, index) => `c${index}@example.com`) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details[0].field).toBe('cc');
    const unknownField = await w.send({ to: ['ada@example.com'], bcc: ['x@example.com'] });
    expect(unknownField.status).toBe(400);
    expect((await w.send({ to: ['ada@example.com'] }, undefined, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const otherBusiness = await call('POST', `/api/v1/invoices/${w.invoice.id}/send`, { key: businessB.api_key, body: { to: ['ada@example.com'] } });
    expect(otherBusiness.status).toBe(404);
    expect((await call('POST', `/api/v1/invoices/${w.invoice.id}/void`, { key: w.business.key })).status).toBe(200);
    const voided = await w.send({ to: ['ada@example.com'] });
    expect(voided.status).toBe(409);
    const after = await outboxOf(w.business.id);
    expect(after.filter((event) => event.type === 'invoice.mail')).toHaveLength(0);
    expect(after.length).toBe(before + 1); // the void's own event only
  });
});
