/**
 * A business's people. Each is a member record in the business's own collection (invited or joined, one per
 * e-mail address), and a joined member also has a membership item in the user's partition
 * (`membershipKey`): the one read that says whether, and as what, a user acts for a business, and by prefix the
 * businesses a user belongs to. Both change in one transaction, with the business's count of joined owners, which
 * a demotion or removal lowers only on the condition that another owner remains: two owners demoting each other
 * at once cannot leave a business with none.
 *
 * Removing a member or lowering their role ends, for that business, their dashboard sessions (each request reads
 * the membership again) and the OAuth grants they gave, with every token and API key issued under them.
 */
import { addAuditEntry } from '../../platform/trail/write.ts';
import { changedAction, createdAction, deletedAction } from '../../platform/trail/actions.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { config } from '../../platform/config.ts';
import { collection, type Stored } from '../../platform/db/collection.ts';
import { counterKey, collectionPk, type Key } from '../../platform/db/keys.ts';
import { membershipKey } from './memberships.ts';
import { userKey } from '../users/users.ts';
import { addEvent } from '../../platform/outbox/outbox.ts';
import { getItem, readCounter } from '../../platform/db/query.ts';
import { mustNotExist, TransactionConflict, WriteTransaction } from '../../platform/db/transaction.ts';
import { NotFound, RateLimited, StateConflict } from '../../platform/core/errors.ts';
import { newId, type Id } from '../../platform/core/ids.ts';
import { INVITATION_INTERVAL_SECONDS, invitationExpiry, lowers, MAX_MEMBERS, ownerChange, type MemberStatus } from './member-rules.ts';
import { messageIdFor } from '../../platform/mail/sending.ts';
import type { Page, PageRequest } from '../../platform/core/paging.ts';
import type { Role } from '../../platform/http/scopes.ts';
import { emit } from '../../platform/outbox/emit.ts';
import { forgetCredentials } from '../keys/credential-cache.ts';
import { liveKeysMadeBy, settleKeysOf } from '../keys/manage.ts';
import { linkToken, tokenHashOf } from '../../platform/links/link-secret.ts';
import { connectionsOf, revokeGrant } from '../oauth/grants.ts';
import { addUserCreate, newUserRecord, normalizeEmail, type UserRecord } from '../users/users.ts';
import { MEMBER_INVITATION_EVENT } from '../../../events/rules.ts';
import { membershipOrder, type Membership } from './memberships.ts';
import type { InvitationMailRecord, MemberCreateBody, MemberResource } from './schemas.ts';

export interface MemberRecord {
  readonly id: Id;
  readonly user_id: Id | null;
  readonly email: string;
  readonly name: string | null;
  readonly role: Role;
  readonly status: MemberStatus;
  readonly invited_at: string | null;
  readonly invited_by: Id | null;
  /** The hash of the invitation link's token while the invitation is open (null once accepted). */
  readonly invitation_hash: string | null;
  readonly invitation_expires_at: string | null;
  readonly joined_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const memberStore = collection<MemberRecord>({ kind: 'MEMBER', order: (record) => `MEMBER#${record.created_at}#${record.id}` });

/** The business's count of joined owners. */
const ownersKey = (businessId: Id) => counterKey(businessId, 'MEMBER', 'OWNERS');

export function toMemberResource(record: MemberRecord): MemberResource {
  return {
    id: record.id,
    user_id: record.user_id,
    email: record.email,
    name: record.name,
    role: record.role,
    status: record.status,
    invited_at: record.invited_at,
    invitation_expires_at: record.invitation_expires_at,
    joined_at: record.joined_at,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** Moves the owners' count by a change's `ownerChange`; a decrease only while another owner remains. */
function countOwners(tx: WriteTransaction, businessId: Id, change: -1 | 0 | 1): void {
  if (change === 1) tx.increment('MEMBER:owners', ownersKey(businessId), 'count', 1);
  if (change === -1) tx.update('MEMBER:last-owner', ownersKey(businessId), { expression: 'ADD #count :less', names: { '#count': 'count' }, values: { ':less': -1 } }, { expression: '#count > :one', names: { '#count': 'count' }, values: { ':one': 1 } });
}

/** A commit that may lower the owners' count: losing that condition is the last owner's 409. */
async function commitKeepingAnOwner(tx: WriteTransaction): Promise<void> {
  try {
    await tx.commit();
  } catch (error) {
    if (error instanceof TransactionConflict && error.failedOn('MEMBER:last-owner')) throw new StateConflict('A business keeps at least one owner: make another member an owner first.');
    throw error;
  }
}

/** The membership item of a joined member (the user's side of the record). */
function putMembership(tx: WriteTransaction, userId: Id, membership: Membership, condition?: Parameters<WriteTransaction['put']>[2]): void {
  tx.put('MEMBERSHIP:put', { ...membershipKey(userId, membership.business_id), lsi1sk: membershipOrder(membership), entity: 'MEMBERSHIP', ...membership }, condition);
}

/**
 * A user joins a business as `role` in the caller's transaction: the member record (or its invitation accepted,
 * `invited`), the e-mail guard, the membership item, the owners' count and the user's count of businesses
 * (`countOnUser` false when the same transaction creates the user with that count already), and `member.added`
 * (`announce` false for a membership moved from the user item: nobody joined).
 */
function addJoin(tx: WriteTransaction, businessId: Id, user: Pick<UserRecord, 'id' | 'email' | 'name'>, role: Role, at: string, options: { readonly invited?: Stored<MemberRecord>; readonly countOnUser?: boolean; readonly announce?: boolean } = {}): MemberRecord {
  const { invited, countOnUser = true, announce = true } = options;
  const joined: MemberRecord = invited
    ? { ...invited.record, user_id: user.id, name: user.name, status: 'active', invitation_hash: null, invitation_expires_at: null, joined_at: at, updated_at: at }
    : { id: newId(), user_id: user.id, email: user.email, name: user.name, role, status: 'active', invited_at: null, invited_by: null, invitation_hash: null, invitation_expires_at: null, joined_at: at, created_at: at, updated_at: at };
  if (invited) memberStore.addReplace(tx, businessId, joined, invited.version);
  else {
    memberStore.addCreate(tx, businessId, joined);
    tx.put('MEMBER:email', { ...memberEmailKey(businessId, user.email), entity: 'MEMBEREMAIL', member_id: joined.id }, mustNotExist);
  }
  putMembership(tx, user.id, { business_id: businessId, member_id: joined.id, role: joined.role, joined_at: at }, mustNotExist);
  countOwners(tx, businessId, ownerChange(invited?.record ?? null, joined));
  if (countOnUser) tx.increment('USER:businesses', userKey(user.id), 'business_count', 1);
  if (announce) emit(tx, businessId, 'member.added', toMemberResource(joined));
  return joined;
}

/**
 * A user made with the businesses they belong to from the start (the seed, tests, the legacy memberships' move):
 * the user first, then one transaction per business.
 */
export async function createUser(input: { email: string; name: string; password: string; memberships: readonly { readonly business_id: Id; readonly role: Role }[] }): Promise<UserRecord> {
  const user = await newUserRecord(input);
  const tx = new WriteTransaction();
  addUserCreate(tx, user);
  await tx.commit();
  for (const membership of input.memberships) await joinBusiness(membership.business_id, user, membership.role);
  return { ...user, business_count: input.memberships.length };
}

/** Joins an existing user to a business directly (no invitation): a business's first owner, the seed, a move. */
export async function joinBusiness(businessId: Id, user: Pick<UserRecord, 'id' | 'email' | 'name'>, role: Role, announce = true): Promise<MemberRecord> {
  const tx = new WriteTransaction();
  const joined = addJoin(tx, businessId, user, role, new Date().toISOString(), { announce });
  await tx.commit();
  return joined;
}

export async function listMembers(businessId: Id, page: PageRequest): Promise<Page<MemberResource>> {
  const result = await memberStore.page(businessId, page);
  return { ...result, items: result.items.map(toMemberResource) };
}

export async function getMember(businessId: Id, id: Id): Promise<MemberResource> {
  const stored = await memberStore.get(businessId, id);
  if (!stored) throw new NotFound('member');
  return toMemberResource(stored.record);
}

/** The invitation link's token: derived from the member and a nonce under the link secret, so only its hash is kept. */
export async function invitationToken(businessId: Id, memberId: Id, nonce: string): Promise<string> {
  return linkToken(`member-invitation:v1:${businessId}:${memberId}:${nonce}`);
}

/** The page an invitation's link opens. */
export const invitationPath = (token: string) => `/invitations/${token}`;

/**
 * Invites a person: the member record (status invited), the e-mail guard (409 when the address is already a member
 * or invited), the invitation's lookup by its token's hash, and the e-mail's outbox record, in one transaction.
 */
export async function inviteMember(businessId: Id, input: MemberCreateBody, inviter: { readonly userId: Id | null; readonly name: string | null }): Promise<MemberResource> {
  if ((await readCounter(counterKey(businessId, 'MEMBER'))) >= MAX_MEMBERS) throw new StateConflict(`A business keeps at most ${MAX_MEMBERS} members; remove one first.`);
  const email = normalizeEmail(input.email);
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const expiresMs = invitationExpiry(nowMs);
  const id = newId();
  const nonce = randomBytes(16).toString('hex');
  const hash = tokenHashOf(await invitationToken(businessId, id, nonce));
  const member: MemberRecord = { id, user_id: null, email, name: null, role: input.role, status: 'invited', invited_at: now, invited_by: inviter.userId, invitation_hash: hash, invitation_expires_at: new Date(expiresMs).toISOString(), joined_at: null, created_at: now, updated_at: now };
  const tx = new WriteTransaction();
  memberStore.addCreate(tx, businessId, member);
  tx.put('MEMBER:email', { ...memberEmailKey(businessId, email), entity: 'MEMBEREMAIL', member_id: id }, mustNotExist);
  tx.put('INVITATION:create', { ...invitationKey(hash), entity: 'INVITATION', business_id: businessId, member_id: id, expires_at: Math.ceil(expiresMs / 1000) }, mustNotExist);
  const mail: InvitationMailRecord = { message_id: messageIdFor(randomUUID(), config().MAIL_FROM), member_id: id, email, role: input.role, nonce, inviter_name: inviter.name, expires_at: member.invitation_expires_at!, queued_at: now };
  addEvent(tx, businessId, MEMBER_INVITATION_EVENT, mail);
  addAuditEntry(tx, businessId, { ...createdAction('member', toMemberResource(member)), action: 'invited' });
  const sentKey = invitedAddressKey(businessId, email);
  tx.put('MEMBER:invited', { ...sentKey, sent_ms: nowMs, expires_at: Math.ceil(nowMs / 1000) + INVITATION_INTERVAL_SECONDS }, { expression: 'attribute_not_exists(pk) OR sent_ms <= :hourAgo', values: { ':hourAgo': nowMs - INVITATION_INTERVAL_SECONDS * 1000 } });
  try {
    await tx.commit();
  } catch (error) {
    if (error instanceof TransactionConflict && error.failedOn('MEMBER:email')) throw new StateConflict(`${email} is already a member of this business, or invited.`);
    if (error instanceof TransactionConflict && error.failedOn('MEMBER:invited')) {
      const last = Number((await getItem(sentKey))?.sent_ms ?? nowMs);
      throw new RateLimited(Math.max(1, Math.ceil((last + INVITATION_INTERVAL_SECONDS * 1000 - nowMs) / 1000)), `${email} was invited within the hour`);
    }
    throw error;
  }
  return toMemberResource(member);
}

/**
 * What a removal (`role` null) or a lowered role takes away at once: every grant the member gave for the business
 * (and the keys made through them), and the API keys the member made, revoked on removal and narrowed to the new
 * role otherwise (`settleKeysOf`).
 */
async function endWhatTheyGave(businessId: Id, userId: Id, reason: string, role: Role | null): Promise<void> {
  for (const grant of await connectionsOf(businessId, userId)) await revokeGrant(businessId, grant.id, reason);
  await settleKeysOf(businessId, userId, role);
  forgetCredentials(businessId);
}

/**
 * Changes a member's role. The last owner stays an owner (409). A joined member's membership item moves with the
 * record; a lowered role ends the grants the member gave, whose scopes the old role allowed.
 */
export async function changeMemberRole(businessId: Id, id: Id, role: Role): Promise<MemberResource> {
  const stored = await memberStore.get(businessId, id);
  if (!stored) throw new NotFound('member');
  const before = stored.record;
  if (before.role === role) return toMemberResource(before);
  const after: MemberRecord = { ...before, role, updated_at: new Date().toISOString() };
  const tx = new WriteTransaction();
  memberStore.addReplace(tx, businessId, after, stored.version);
  addAuditEntry(tx, businessId, changedAction('updated', 'member', toMemberResource(before), toMemberResource(after)));
  if (before.user_id && before.status === 'active') putMembership(tx, before.user_id, { business_id: businessId, member_id: id, role, joined_at: before.joined_at ?? before.created_at }, { expression: 'attribute_exists(pk)' });
  countOwners(tx, businessId, ownerChange(before, after));
  await commitKeepingAnOwner(tx);
  if (before.user_id && lowers(before.role, role)) await endWhatTheyGave(businessId, before.user_id, `the member's role was lowered to ${role}`, role);
  return toMemberResource(after);
}

/** What removing a member would end, for an owner to see first: the API keys they made and the apps they connected. */
export interface RemovalPreview {
  readonly member: MemberResource;
  readonly keys: readonly { readonly name: string; readonly hint: string }[];
  readonly apps: readonly { readonly name: string; readonly since: string }[];
}

export async function removalPreview(businessId: Id, id: Id): Promise<RemovalPreview> {
  const stored = await memberStore.get(businessId, id);
  if (!stored) throw new NotFound('member');
  const userId = stored.record.user_id;
  const [keys, apps] = userId ? await Promise.all([liveKeysMadeBy(businessId, userId), connectionsOf(businessId, userId)]) : [[], []];
  return { member: toMemberResource(stored.record), keys: keys.map((key) => ({ name: key.name, hint: key.hint })), apps: apps.map((grant) => ({ name: grant.client_name, since: grant.created_at })) };
}

/**
 * Removes a member, or withdraws an invitation: the record, its e-mail guard, the membership item or the open
 * invitation's lookup, and the owners' count (the last owner stays: 409); then every grant the member gave.
 */
export async function removeMember(businessId: Id, id: Id): Promise<MemberResource> {
  const stored = await memberStore.get(businessId, id);
  if (!stored) throw new NotFound('member');
  const member = stored.record;
  const tx = new WriteTransaction();
  memberStore.addRemove(tx, businessId, member, stored.version);
  tx.delete('MEMBER:email', memberEmailKey(businessId, member.email));
  if (member.invitation_hash) tx.delete('INVITATION:withdraw', invitationKey(member.invitation_hash));
  if (member.user_id && member.status === 'active') {
    tx.delete('MEMBERSHIP:delete', membershipKey(member.user_id, businessId));
    tx.increment('USER:businesses', userKey(member.user_id), 'business_count', -1);
  }
  countOwners(tx, businessId, ownerChange(member, null));
  emit(tx, businessId, 'member.removed', toMemberResource(member));
  addAuditEntry(tx, businessId, { ...deletedAction('member', toMemberResource(member)), action: 'removed' });
  await commitKeepingAnOwner(tx);
  if (member.user_id) await endWhatTheyGave(businessId, member.user_id, 'the member was removed from the business', null);
  return toMemberResource(member);
}

/** An open invitation, found by its link's token: its business, its member record, and the lookup's key. */
export interface OpenInvitation {
  readonly businessId: Id;
  readonly member: Stored<MemberRecord>;
  readonly hash: string;
}

/** The invitation a link opens, while it is open (unused, unexpired, not withdrawn); undefined otherwise. */
export async function openInvitation(token: string, nowMs = Date.now()): Promise<OpenInvitation | undefined> {
  const hash = tokenHashOf(token);
  const lookup = await getItem(invitationKey(hash));
  if (!lookup || Number(lookup.expires_at) * 1000 <= nowMs) return undefined;
  const businessId = lookup.business_id as Id;
  const member = await memberStore.get(businessId, lookup.member_id as Id);
  if (!member || member.record.status !== 'invited' || member.record.invitation_hash !== hash) return undefined;
  return { businessId, member, hash };
}

/**
 * Accepts an invitation, once: the lookup goes (on the condition that it is still there), the member joins. With
 * `newUser`, the user is made in the same transaction (its e-mail taken meanwhile: 409).
 */
export async function acceptInvitation(invitation: OpenInvitation, joiner: { readonly user: UserRecord; readonly isNew: boolean }): Promise<MemberRecord> {
  const tx = new WriteTransaction();
  tx.delete('INVITATION:accept', invitationKey(invitation.hash), { expression: 'attribute_exists(pk)' });
  if (joiner.isNew) addUserCreate(tx, { ...joiner.user, business_count: 1 });
  const joined = addJoin(tx, invitation.businessId, joiner.user, invitation.member.record.role, new Date().toISOString(), { invited: invitation.member, countOnUser: !joiner.isNew });
  addAuditEntry(tx, invitation.businessId, changedAction('joined', 'member', toMemberResource(invitation.member.record), toMemberResource(joined)));
  try {
    await tx.commit();
  } catch (error) {
    if (error instanceof TransactionConflict && (error.failedOn('INVITATION:accept') || error.failedOn('MEMBER:version'))) throw new NotFound('invitation');
    if (error instanceof TransactionConflict && error.failedOn('USER:email')) throw new StateConflict('An account with this e-mail address exists already: sign in to accept.');
    if (error instanceof TransactionConflict && error.failedOn('MEMBERSHIP:put')) throw new StateConflict('You are a member of this business already.');
    throw error;
  }
  return joined;
}

/** Keeps one member per e-mail address in a business (invited or joined). */
export function memberEmailKey(businessId: Id, email: string): Key {
  return { pk: collectionPk(businessId, 'MEMBER'), sk: `EMAIL#${email}` };
}

/** When an address was last invited to a business: one invitation an hour per address, however often withdrawn. */
export function invitedAddressKey(businessId: Id, email: string): Key {
  return { pk: collectionPk(businessId, 'MEMBER'), sk: `INVITED#${email}` };
}

/** An invitation, found by the hash of its link's token (the token itself is never stored). */
export function invitationKey(tokenHash: string): Key {
  return { pk: `INVITATION#${tokenHash}`, sk: 'INVITATION' };
}
