/**
 * The mail worker's side of a statement e-mail (see `statement-mail.ts`): it draws the statement as the books stand
 * at the send, attaches it and sends it with the Message-ID chosen at the request, then fires `statement.sent`
 * once per Message-ID.
 */
import { sheetAmount } from '../platform/core/amount-text.ts';
import { config } from '../platform/config.ts';
import { mailSentKey } from '../platform/db/keys.ts';
import { getItem } from '../platform/db/query.ts';
import { mustNotExist, TransactionConflict, WriteTransaction } from '../platform/db/transaction.ts';
import type { OutboxEvent } from '../platform/outbox/outbox.ts';
import type { Id } from '../platform/core/ids.ts';
import { emit } from '../platform/outbox/emit.ts';
import { composeMessage } from '../platform/mail/compose.ts';
import { htmlOfMailText } from '../platform/mail/mail-html.ts';
import { mailTransport } from '../platform/mail/transport.ts';
import { SENT_MARKER_SECONDS } from '../platform/mail/sending.ts';
import { statementForMail } from './customer-statement.ts';
import { statementMailText, statementSubject } from './customer-statement-rules.ts';
import type { StatementMailRecord } from './statement-schemas.ts';

/** What became of one outbox record at the mail worker. */
export type StatementMailOutcome = 'sent' | 'already-sent' | 'customer-gone';

/** Sends one queued statement (at least once: a crash after the send and before the marker sends it again, with the same Message-ID). */
export async function deliverStatementMail(event: OutboxEvent<StatementMailRecord>): Promise<StatementMailOutcome> {
  const businessId = event.business_id;
  const mail = event.data;
  const marker = mailSentKey(businessId, mail.message_id);
  if (await getItem(marker)) return 'already-sent';
  const drawn = await statementForMail(businessId, mail.customer_id as Id, { from: mail.from, to: mail.to });
  if (!drawn) return 'customer-gone';
  // A negative closing balance is credit the customer holds, never a negative amount owed.
  const owed = drawn.blocks.filter((block) => block.closingBalance > 0n).map((block) => `${block.currency} ${sheetAmount(block.closingBalance, block.currency)}`);
  const inCredit = drawn.blocks.filter((block) => block.closingBalance < 0n).map((block) => `${block.currency} ${sheetAmount(-block.closingBalance, block.currency)}`);
  const facts = { businessName: drawn.businessName, customerName: drawn.customerName, from: mail.from, to: mail.to, owed, inCredit, message: mail.message };
  const from = config().MAIL_FROM;
  const subject = mail.subject ?? statementSubject(facts);
  const text = statementMailText(facts);
  const raw = await composeMessage({
    from: facts.businessName ? { name: facts.businessName, address: from } : from,
    to: mail.recipients.to,
    cc: mail.recipients.cc,
    subject,
    text,
    html: htmlOfMailText(text),
    messageId: mail.message_id,
    date: new Date(mail.queued_at),
    attachments: [{ filename: drawn.pdf.filename, content: drawn.pdf.bytes, contentType: 'application/pdf' }],
  });
  await mailTransport().send({ businessId, kind: 'statement', from, to: mail.recipients.to, cc: mail.recipients.cc, messageId: mail.message_id, subject, raw });
  const tx = new WriteTransaction();
  tx.put('MAIL:sent', { ...marker, entity: 'MAILSENT', customer_id: mail.customer_id, sent_at: new Date().toISOString(), expires_at: Math.floor(Date.now() / 1000) + SENT_MARKER_SECONDS }, mustNotExist);
  const { subject: _subject, message: _message, ...sent } = mail;
  emit(tx, businessId, 'statement.sent', sent);
  try {
    await tx.commit();
  } catch (error) {
    // Marked and fired already by another attempt of the same message; anything else is tried again.
    if (!(error instanceof TransactionConflict && error.failedOn('MAIL:sent'))) throw error;
  }
  return 'sent';
}
