/**
 * A customer's statement e-mailed through the outbox, as an invoice is (`shared/sales/invoice-mail.ts`): the
 * request checks the customer and the e-mail quota and writes an internal record (`statement.mail`) in its own
 * transaction, with the Idempotency-Key's answer and its audit entry; the mail queue's worker
 * (`deliver-statement-mail.ts`) draws the statement as of the send and sends it.
 */
import { randomUUID } from 'node:crypto';
import { config } from '../platform/config.ts';
import { idempotency } from '../platform/db/idempotency.ts';
import { batchGet } from '../platform/db/query.ts';
import { retryOnConflict, WriteTransaction } from '../platform/db/transaction.ts';
import { NotFound } from '../platform/core/errors.ts';
import type { Id } from '../platform/core/ids.ts';
import { messageIdFor } from '../platform/mail/sending.ts';
import { mailQuota, mailQuotaRefusal } from '../platform/mail/quota.ts';
import { addEvent } from '../platform/outbox/outbox.ts';
import { addAuditEntry } from '../platform/trail/write.ts';
import { parties } from '../parties/index.ts';
import { mailRecipients } from '../sales/index.ts';
import { STATEMENT_MAIL_EVENT } from '../../events/rules.ts';
import type { StatementPeriod } from './customer-statement.ts';
import type { StatementMailRecord, StatementMailResource, StatementSendBody } from './statement-schemas.ts';

export async function queueStatementMail(businessId: Id, customerId: Id, period: StatementPeriod, body: StatementSendBody, scope: { route: string; key: string } | undefined): Promise<StatementMailResource> {
  const once = idempotency(businessId, scope, body);
  const customers = parties('customer').store;
  const customerKey = customers.keyOf(businessId, customerId);
  const quota = mailQuota(businessId);
  return retryOnConflict(async () => {
    const read = await batchGet([customerKey, quota.key, ...(once.key ? [once.key] : [])]);
    const replayed = once.replay<StatementMailResource>(read);
    if (replayed) return replayed;
    const customer = customers.fromItem(read(customerKey));
    if (!customer) throw new NotFound('customer');
    const recipients = mailRecipients(body, customer.record.email);
    const count = recipients.to.length + recipients.cc.length;
    const allowance = quota.decide(read, count);
    if (!allowance.allowed) throw mailQuotaRefusal(allowance);
    const tx = new WriteTransaction();
    quota.spend(tx, allowance, count);
    const record: StatementMailRecord = {
      message_id: messageIdFor(randomUUID(), config().MAIL_FROM),
      customer_id: customerId,
      from: period.from,
      to: period.to,
      recipients: { to: [...recipients.to], cc: [...recipients.cc] },
      queued_at: new Date().toISOString(),
      subject: body.subject ?? null,
      message: body.message ?? null,
    };
    addEvent(tx, businessId, STATEMENT_MAIL_EVENT, record);
    addAuditEntry(tx, businessId, { action: 'statement_sent', record: { type: 'customer', id: customerId, no: null }, changes: [{ field: 'statement', from: null, to: { from: period.from, to: period.to, recipients: record.recipients, message_id: record.message_id } }] });
    const { subject: _subject, message: _message, ...answer } = record;
    once.record(tx, answer);
    await once.commit(tx);
    return answer;
  });
}
