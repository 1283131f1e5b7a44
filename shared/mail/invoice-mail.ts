/**
 * An invoice e-mailed to its customer, through the outbox: the request writes an internal record (`invoice.mail`)
 * in its own transaction, so a send is never lost once answered and never doubled by a retried request; the bus
 * hands it to the mail queue; its worker builds the message (the PDF attached, the public link) and sends it with
 * the Message-ID chosen at the request, then counts it on the invoice once and fires `invoice.sent`.
 */
import { randomUUID } from 'node:crypto';
import { config } from '../config.ts';
import { idempotency } from '../db/idempotency.ts';
import { mailSentKey } from '../db/keys.ts';
import { addEvent, type OutboxEvent } from '../db/outbox.ts';
import { batchGet } from '../db/query.ts';
import { mustNotExist, retryOnConflict, WriteTransaction } from '../db/transaction.ts';
import { sheetAmount } from '../domain/document-sheet.ts';
import { NotFound, StateConflict } from '../domain/errors.ts';
import type { Id } from '../domain/ids.ts';
import { defaultSubject, mailHtml, mailRecipients, mailText, messageIdFor, type InvoiceMailFacts, type Recipients } from '../domain/invoice-mail.ts';
import { balanceDue } from '../domain/settlement.ts';
import { figuresOf } from '../domain/allocations.ts';
import { pdfOfSheet, sheetOf } from '../documents/document-pdf.ts';
import { publicInvoiceLink } from '../documents/public-links.ts';
import { addDocumentReplace, asDocumentOf, documentStore, toDocumentResource, type DocumentRecord } from '../documents/records.ts';
import { emit } from '../events/emit.ts';
import { parties } from '../parties/parties.ts';
import { INVOICE_MAIL_EVENT } from '../../events/rules.ts';
import { composeMessage } from './compose.ts';
import type { InvoiceMailQueuedResource, InvoiceMailRecord, InvoiceSendBody } from './schemas.ts';
import { mailTransport } from './transport.ts';

/** A sent marker outlives every redelivery of its message: the queue keeps one 4 days, its dead-letter queue 14. */
const SENT_MARKER_SECONDS = 30 * 24 * 3600;

const invoiceOf = (stored: { readonly record: DocumentRecord } | undefined) => (stored?.record.type === 'invoice' ? stored.record : undefined);

/**
 * Queues an invoice's e-mail: 202's answer, with the outbox record written in the same transaction as the
 * Idempotency-Key's answer and a check that the invoice is still not voided.
 */
export async function queueInvoiceMail(businessId: Id, invoiceId: Id, body: InvoiceSendBody, origin: string, scope: { route: string; key: string } | undefined): Promise<InvoiceMailQueuedResource> {
  const once = idempotency(businessId, scope, body);
  const invoiceKey = documentStore.keyOf(businessId, invoiceId);
  return retryOnConflict(async () => {
    const read = await batchGet([invoiceKey, ...(once.key ? [once.key] : [])]);
    const replayed = once.replay<InvoiceMailQueuedResource>(read);
    if (replayed) return replayed;
    const invoice = invoiceOf(documentStore.fromItem(read(invoiceKey)));
    if (!invoice) throw new NotFound('invoice');
    if (invoice.voided_at) throw new StateConflict('This invoice is voided: a voided invoice is not sent.');
    const customer = body.to?.length ? undefined : await parties('customer').store.get(businessId, invoice.party_id);
    const recipients = mailRecipients(body, customer?.record.email ?? null);
    const tx = new WriteTransaction();
    tx.check('invoice:not-voided', invoiceKey, { expression: 'attribute_type(voided_at, :null)', values: { ':null': 'NULL' } });
    const record = addInvoiceMail(tx, businessId, invoiceId, recipients, origin, body);
    const answer: InvoiceMailQueuedResource = { message_id: record.message_id, to: [...recipients.to], cc: [...recipients.cc], queued_at: record.queued_at };
    once.record(tx, answer);
    await once.commit(tx);
    return answer;
  });
}

/**
 * Writes an invoice's e-mail into the caller's transaction, as the internal outbox record the mail worker sends
 * from, with the Message-ID it keeps through every attempt: a send request's, or a recurring invoice's posting.
 */
export function addInvoiceMail(tx: WriteTransaction, businessId: Id, invoiceId: Id, recipients: Recipients, origin: string, words: Pick<InvoiceSendBody, 'subject' | 'message'> = {}): InvoiceMailRecord {
  const record: InvoiceMailRecord = {
    message_id: messageIdFor(randomUUID(), config().MAIL_FROM),
    invoice_id: invoiceId,
    to: recipients.to,
    cc: recipients.cc,
    subject: words.subject ?? null,
    message: words.message ?? null,
    origin,
    queued_at: new Date().toISOString(),
  };
  addEvent(tx, businessId, INVOICE_MAIL_EVENT, record);
  return record;
}

/** What became of one outbox record at the mail worker. */
export type MailOutcome = 'sent' | 'already-sent' | 'invoice-gone' | 'invoice-voided';

/**
 * Sends one queued e-mail (at least once: a crash after the send and before the count sends it again, with the same
 * Message-ID). A record already counted is not sent again; an invoice voided since the request is not sent.
 */
export async function deliverInvoiceMail(event: OutboxEvent<InvoiceMailRecord>): Promise<MailOutcome> {
  const businessId = event.business_id;
  const mail = event.data;
  const invoiceKey = documentStore.keyOf(businessId, mail.invoice_id);
  const read = await batchGet([invoiceKey, mailSentKey(businessId, mail.message_id)]);
  if (read(mailSentKey(businessId, mail.message_id))) return 'already-sent';
  const invoice = invoiceOf(documentStore.fromItem(read(invoiceKey)));
  if (!invoice) return 'invoice-gone';
  if (invoice.voided_at) return 'invoice-voided';

  const link = (await publicInvoiceLink(businessId, invoice.id, mail.origin)).url;
  const sheet = await sheetOf(businessId, invoice, link);
  const pdf = await pdfOfSheet(sheet);
  const money = (minor: number) => `${invoice.currency} ${sheetAmount(minor, invoice.currency)}`;
  const facts: InvoiceMailFacts = {
    businessName: sheet.from[0] ?? '',
    customerName: sheet.to[0] ?? null,
    no: invoice.no,
    total: money(invoice.total),
    balanceDue: money(balanceDue(figuresOf(invoice))),
    dueDate: invoice.due_date,
    link,
    message: mail.message,
  };
  const from = config().MAIL_FROM;
  const subject = mail.subject ?? defaultSubject(facts);
  const raw = await composeMessage({
    from: facts.businessName ? { name: facts.businessName, address: from } : from,
    to: mail.to,
    cc: mail.cc,
    subject,
    text: mailText(facts),
    html: mailHtml(facts),
    messageId: mail.message_id,
    date: new Date(mail.queued_at),
    attachments: [{ filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' }],
  });
  await mailTransport().send({ businessId, from, to: mail.to, cc: mail.cc, messageId: mail.message_id, subject, raw });
  await countSent(businessId, mail.invoice_id, mail.message_id, new Date().toISOString());
  return 'sent';
}

/** Moves `sent_at` and `send_count` on the invoice and fires `invoice.sent`, once per Message-ID. */
async function countSent(businessId: Id, invoiceId: Id, messageId: string, sentAt: string): Promise<void> {
  const marker = mailSentKey(businessId, messageId);
  const invoiceKey = documentStore.keyOf(businessId, invoiceId);
  await retryOnConflict(async () => {
    const read = await batchGet([invoiceKey, marker]);
    if (read(marker)) return;
    const stored = documentStore.fromItem(read(invoiceKey));
    if (!stored || !invoiceOf(stored)) return;
    const sent = { ...stored.record, sent_at: sentAt, send_count: (stored.record.send_count ?? 0) + 1, updated_at: sentAt };
    const tx = new WriteTransaction();
    addDocumentReplace(tx, businessId, stored, sent);
    tx.put('MAIL:sent', { ...marker, entity: 'MAILSENT', invoice_id: invoiceId, sent_at: sentAt, expires_at: Math.floor(Date.now() / 1000) + SENT_MARKER_SECONDS }, mustNotExist);
    emit(tx, businessId, 'invoice.sent', toDocumentResource(asDocumentOf('invoice', sent)));
    await tx.commit();
  });
}
