/**
 * An invoice e-mailed to its customer, through the outbox: the request writes an internal record (`invoice.mail`)
 * in its own transaction, so a send is never lost once answered and never doubled by a retried request; the bus
 * hands it to the mail queue, whose worker (`deliver-invoice-mail.ts`) builds and sends the message. This side
 * draws nothing, so the routes that queue e-mail carry no PDF renderer and no XML writer; it only checks that a
 * customer who prefers e-invoices can be sent a valid one.
 */
import { addAuditEntry } from '../platform/trail/write.ts';
import { randomUUID } from 'node:crypto';
import { config } from '../platform/config.ts';
import { idempotency } from '../platform/db/idempotency.ts';
import { addEvent } from '../platform/outbox/outbox.ts';
import { batchGet } from '../platform/db/query.ts';
import { retryOnConflict, WriteTransaction } from '../platform/db/transaction.ts';
import { NotFound, StateConflict } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { mailRecipients, type Recipients } from './invoice-mail-rules.ts';
import { messageIdFor } from '../platform/mail/sending.ts';
import { documentStore } from '../ledger/index.ts';
import type { DocumentRecord } from '../ledger/index.ts';
import { parties } from '../parties/index.ts';
import { eInvoiceOfRecord } from './e-invoice-of.ts';
import { INVOICE_MAIL_EVENT } from '../../events/rules.ts';
import type { InvoiceMailQueuedResource, InvoiceMailRecord, InvoiceSendBody } from './invoice-mail-schemas.ts';
import { mailQuota, mailQuotaRefusal } from '../platform/mail/quota.ts';

/** The invoice among a read document, or undefined for none or another type. */
const isInvoice = (record: DocumentRecord): record is DocumentRecord & { readonly type: 'invoice' } => record.type === 'invoice';
export const invoiceOf = (stored: { readonly record: DocumentRecord } | undefined) => (stored && isInvoice(stored.record) ? stored.record : undefined);

/**
 * Queues an invoice's e-mail: 202's answer, with the outbox record written in the same transaction as the
 * Idempotency-Key's answer and a check that the invoice is still not voided.
 */
export async function queueInvoiceMail(businessId: Id, invoiceId: Id, body: InvoiceSendBody, scope: { route: string; key: string } | undefined): Promise<InvoiceMailQueuedResource> {
  const once = idempotency(businessId, scope, body);
  const invoiceKey = documentStore.keyOf(businessId, invoiceId);
  const quota = mailQuota(businessId);
  return retryOnConflict(async () => {
    const read = await batchGet([invoiceKey, quota.key, ...(once.key ? [once.key] : [])]);
    const replayed = once.replay<InvoiceMailQueuedResource>(read);
    if (replayed) return replayed;
    const invoice = invoiceOf(documentStore.fromItem(read(invoiceKey)));
    if (!invoice) throw new NotFound('invoice');
    if (invoice.voided_at) throw new StateConflict('This invoice is voided: a voided invoice is not sent.');
    const customer = await parties('customer').store.get(businessId, invoice.party_id);
    // A customer who prefers e-invoices gets one: what the standard would refuse is refused now, not in the worker.
    const preference = customer?.record.e_invoice?.syntax;
    if (preference) await eInvoiceOfRecord(preference === 'factur-x' ? 'cii' : preference, businessId, invoice, null);
    const recipients = mailRecipients(body, customer?.record.email ?? null);
    const tx = new WriteTransaction();
    const count = recipients.to.length + recipients.cc.length;
    const allowance = quota.decide(read, count);
    if (!allowance.allowed) throw mailQuotaRefusal(allowance);
    quota.spend(tx, allowance, count);
    tx.check('invoice:not-voided', invoiceKey, { expression: 'attribute_type(voided_at, :null)', values: { ':null': 'NULL' } });
    const record = addInvoiceMail(tx, businessId, invoiceId, recipients, body);
    addAuditEntry(tx, businessId, { action: 'sent', record: { type: 'invoice', id: invoiceId, no: invoice.no }, changes: [{ field: 'recipients', from: null, to: { to: recipients.to, cc: recipients.cc } }, { field: 'message_id', from: null, to: record.message_id }] });
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
export function addInvoiceMail(tx: WriteTransaction, businessId: Id, invoiceId: Id, recipients: Recipients, words: Pick<InvoiceSendBody, 'subject' | 'message'> = {}): InvoiceMailRecord {
  const record: InvoiceMailRecord = {
    message_id: messageIdFor(randomUUID(), config().MAIL_FROM),
    invoice_id: invoiceId,
    to: recipients.to,
    cc: recipients.cc,
    subject: words.subject ?? null,
    message: words.message ?? null,
    queued_at: new Date().toISOString(),
  };
  addEvent(tx, businessId, INVOICE_MAIL_EVENT, record);
  return record;
}
