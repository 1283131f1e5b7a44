/**
 * The rules of a business's people, decided before anything is written: who counts as an owner, which changes
 * lower a member's standing (and so end what they gave), when an invitation expires, and what its e-mail says.
 * Pure: the use cases (`shared/access/members/members.ts`) read and write.
 */
import { htmlOfMailText } from '../../platform/mail/mail-html.ts';
import type { Role } from '../../platform/http/scopes.ts';

export const ROLES = ['owner', 'accountant', 'viewer'] as const satisfies readonly Role[];
export type MemberStatus = 'invited' | 'active';

/** An invitation's link works for 7 days (api.md). */
export const INVITATION_DAYS = 7;
/** One invitation an hour to an address, per business: withdrawing and inviting again cannot flood a mailbox. */
export const INVITATION_INTERVAL_SECONDS = 3600;
/** A business keeps at most this many people, invited or joined. */
export const MAX_MEMBERS = 200;

const RANK: Readonly<Record<Role, number>> = { viewer: 0, accountant: 1, owner: 2 };

/** Whether moving from `from` to `to` takes something away: the grants given under the wider role end. */
export function lowers(from: Role, to: Role): boolean {
  return RANK[to] < RANK[from];
}

/** 1 for a member who counts as an owner (joined, role owner), else 0: only joined owners keep a business run. */
export function ownerWeight(member: { readonly role: Role; readonly status: MemberStatus } | null): number {
  return member && member.status === 'active' && member.role === 'owner' ? 1 : 0;
}

/**
 * How a change moves the business's count of owners: -1 when an owner is demoted or removed, +1 when one is
 * made, 0 otherwise. A -1 is written on the condition that another owner remains (409 otherwise).
 */
export function ownerChange(before: { readonly role: Role; readonly status: MemberStatus } | null, after: { readonly role: Role; readonly status: MemberStatus } | null): -1 | 0 | 1 {
  return (ownerWeight(after) - ownerWeight(before)) as -1 | 0 | 1;
}

/** When an invitation made at `nowMs` stops working (epoch ms). */
export function invitationExpiry(nowMs: number): number {
  return nowMs + INVITATION_DAYS * 24 * 3600 * 1000;
}

export function invitationOpen(expiresAtMs: number, nowMs: number): boolean {
  return nowMs < expiresAtMs;
}

const ROLE_WORDS: Readonly<Record<Role, string>> = {
  owner: 'an owner (everything, settings and people included)',
  accountant: 'an accountant (the books, but not the settings)',
  viewer: 'a viewer (reads only)',
};

export interface InvitationFacts {
  readonly businessName: string;
  /** Who invited, as the dashboard names them (null when an app did). */
  readonly inviterName: string | null;
  readonly role: Role;
  readonly link: string;
  /** The last day the link works (YYYY-MM-DD). */
  readonly expiresOn: string;
}

export function invitationSubject(facts: Pick<InvitationFacts, 'businessName'>): string {
  return `You are invited to ${facts.businessName}`;
}

/** The plain-text body: who invites you where, as what, the link and how long it works. */
export function invitationText(facts: InvitationFacts): string {
  const who = facts.inviterName ? `${facts.inviterName} invites you` : 'You are invited';
  return [
    'Hello,',
    '',
    `${who} to keep the books of ${facts.businessName}${facts.inviterName ? ' with them' : ''}, as ${ROLE_WORDS[facts.role]}.`,
    '',
    `Accept the invitation: ${facts.link}`,
    `The link works once, until ${facts.expiresOn}. If you did not expect it, ignore this e-mail.`,
    '',
    facts.businessName,
    '',
  ].join('\n');
}

export function invitationHtml(facts: InvitationFacts): string {
  return htmlOfMailText(invitationText(facts), facts.link);
}
