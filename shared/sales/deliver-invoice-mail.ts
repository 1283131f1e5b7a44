/**
 * The mail worker's side of an invoice e-mail (see `invoice-mail.ts`): it builds the message (the PDF attached, or
 * the customer's preferred e-invoice: `invoice-mail-attachments.ts`; the public link) and sends it with the Message-ID chosen at the request, then counts it on the invoice once and
 * fires `invoice.sent`.
 */
import { sheetAmount } from '../platform/core/amount-text.ts';
import { config } from '../platform/config.ts';
import { mailSentKey } from '../platform/db/keys.ts';
import { addAuditEntry } from '../platform/trail/write.ts';
import { changedAction } from '../platform/trail/actions.ts';
import type { OutboxEvent } from '../platform/outbox/outbox.ts';
import { batchGet } from '../platform/db/query.ts';
import { mustNotExist, retryOnConflict, WriteTransaction } from '../platform/db/transaction.ts';
import type { Id } from '../platform/core/ids.ts';
import { defaultSubject, mailHtml, mailText, type InvoiceMailFacts } from './invoice-mail-rules.ts';
import { addDocumentReplace, asDocumentOf, balanceDue, documentStore, figuresOf, toDocumentResource } from '../ledger/index.ts';
import { sheetOf } from './document-pdf.ts';
import { readDocumentContext } from './document-context.ts';
import { invoiceMailAttachments } from './invoice-mail-attachments.ts';
import { Unprocessable } from '../platform/core/errors.ts';
import { publicInvoiceLink } from './public-links.ts';
import { emit } from '../platform/outbox/emit.ts';
import { composeMessage, type Attachment } from '../platform/mail/compose.ts';
import { invoiceOf } from './invoice-mail.ts';
import type { InvoiceMailRecord } from './invoice-mail-schemas.ts';
import { mailTransport } from '../platform/mail/transport.ts';
import { SENT_MARKER_SECONDS } from '../platform/mail/sending.ts';

/** What became of one outbox record at the mail worker. */
export type MailOutcome = 'sent' | 'already-sent' | 'invoice-gone' | 'invoice-voided' | 'e-invoice-incomplete';

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

  const link = (await publicInvoiceLink(businessId, invoice.id)).url;
  const context = await readDocumentContext(businessId, invoice);
  const sheet = await sheetOf(businessId, invoice, link, context);
  let attachments: Attachment[];
  try {
    attachments = await invoiceMailAttachments(businessId, invoice, sheet, link, context);
  } catch (error) {
    // The request checked the e-invoice; the business or the customer changed since, and it would now be invalid.
    if (error instanceof Unprocessable) return 'e-invoice-incomplete';
    throw error;
  }
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
    attachments,
  });
  await mailTransport().send({ businessId, kind: 'invoice', from, to: mail.to, cc: mail.cc, messageId: mail.message_id, subject, raw });
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
    addAuditEntry(tx, businessId, changedAction('delivered', 'invoice', stored.record, sent));
    await tx.commit();
  });
}
