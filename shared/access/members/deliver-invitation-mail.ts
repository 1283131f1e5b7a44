/**
 * The mail worker's side of a member's invitation (`shared/access/members/members.ts`): the link's token is derived again
 * from the record's nonce under the link secret, and the message sent with the Message-ID chosen at the request.
 * An invitation withdrawn or accepted since is not sent; a message sent and handed back by the queue is not sent
 * again (a marker per Message-ID).
 */
import { config } from '../../platform/config.ts';
import { mailSentKey } from '../../platform/db/keys.ts';
import type { OutboxEvent } from '../../platform/outbox/outbox.ts';
import { batchGet } from '../../platform/db/query.ts';
import { WriteTransaction } from '../../platform/db/transaction.ts';
import { invitationHtml, invitationSubject, invitationText, type InvitationFacts } from './member-rules.ts';
import { getBusiness } from '../businesses/businesses.ts';
import { tokenHashOf } from '../../platform/links/link-secret.ts';
import { publicOrigin } from '../../platform/links/public-origin.ts';
import { invitationPath, invitationToken, memberStore } from './members.ts';
import type { InvitationMailRecord } from './schemas.ts';
import { composeMessage } from '../../platform/mail/compose.ts';
import { mailTransport } from '../../platform/mail/transport.ts';
import { SENT_MARKER_SECONDS } from '../../platform/mail/sending.ts';

export type InvitationMailOutcome = 'sent' | 'already-sent' | 'invitation-closed';

export async function deliverInvitationMail(event: OutboxEvent<InvitationMailRecord>): Promise<InvitationMailOutcome> {
  const businessId = event.business_id;
  const mail = event.data;
  const memberKey = memberStore.keyOf(businessId, mail.member_id);
  const marker = mailSentKey(businessId, mail.message_id);
  const read = await batchGet([memberKey, marker]);
  if (read(marker)) return 'already-sent';
  const token = await invitationToken(businessId, mail.member_id, mail.nonce);
  const member = memberStore.fromItem(read(memberKey))?.record;
  if (!member || member.status !== 'invited' || member.invitation_hash !== tokenHashOf(token)) return 'invitation-closed';

  const business = await getBusiness(businessId);
  const facts: InvitationFacts = { businessName: business.name, inviterName: mail.inviter_name, role: mail.role, link: `${publicOrigin()}${invitationPath(token)}`, expiresOn: mail.expires_at.slice(0, 10) };
  const from = config().MAIL_FROM;
  const subject = invitationSubject(facts);
  const raw = await composeMessage({ from: { name: business.name, address: from }, to: [mail.email], cc: [], subject, text: invitationText(facts), html: invitationHtml(facts), messageId: mail.message_id, date: new Date(mail.queued_at), attachments: [] });
  await mailTransport().send({ businessId, kind: 'invitation', from, to: [mail.email], cc: [], messageId: mail.message_id, subject, raw });
  const tx = new WriteTransaction();
  tx.put('MAIL:sent', { ...marker, entity: 'MAILSENT', member_id: mail.member_id, sent_at: new Date().toISOString(), expires_at: Math.floor(Date.now() / 1000) + SENT_MARKER_SECONDS });
  await tx.commit();
  return 'sent';
}
