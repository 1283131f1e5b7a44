/**
 * Reading a user's standing: the membership items in the user's partition (written with the member records by
 * `members.ts`). Kept apart from the use cases so that the OAuth grants, which those use cases revoke, can read a
 * standing without importing them.
 */
import { type Key } from '../../platform/db/keys.ts';
import { userKey } from '../users/users.ts';
import { getItem, queryPage } from '../../platform/db/query.ts';
import type { Id } from '../../platform/core/ids.ts';
import { offsetOf, paginate, type Page, type PageRequest } from '../../platform/core/paging.ts';
import type { Role } from '../../platform/http/scopes.ts';
import { getUser, type UserRecord } from '../users/users.ts';

/** A user's standing in one business, as the membership item keeps it. */
export interface Membership {
  readonly business_id: Id;
  readonly member_id: Id;
  readonly role: Role;
  /** When the user joined: the user's businesses are listed in this order, the first one the dashboard's default. */
  readonly joined_at: string;
}

const membershipOfItem = (item: Record<string, unknown>): Membership => ({ business_id: item.business_id as Id, member_id: item.member_id as Id, role: item.role as Role, joined_at: String(item.joined_at ?? '') });

/** The membership item's order among the user's businesses (its `lsi1sk`): by joining time. */
export const membershipOrder = (membership: Membership) => `${MEMBERSHIP_PREFIX}${membership.joined_at}#${membership.business_id}`;

/**
 * Whether, and as what, a user acts for a business: one read. A user whose memberships still sit on the user item
 * (made before member records, not yet moved: `legacy-memberships.ts`) is read there, at the price of one more read.
 */
export async function membershipOf(userId: Id, businessId: Id): Promise<Membership | undefined> {
  const item = await getItem(membershipKey(userId, businessId));
  return item ? membershipOfItem(item) : membershipRead(item, await getUser(userId), businessId);
}

/** A standing from what was read already: the membership item (`membershipKey`), else the user item's old list. */
export function membershipRead(item: Record<string, unknown> | undefined, user: Pick<UserRecord, 'id' | 'memberships'> | undefined, businessId: Id): Membership | undefined {
  if (item) return membershipOfItem(item);
  const legacy = user?.memberships?.find((membership) => membership.business_id === businessId);
  return legacy && user ? { business_id: businessId, member_id: user.id, role: legacy.role, joined_at: '' } : undefined;
}

/**
 * A user's role in a business as a condition: a write made on the strength of that role (an API key the user
 * makes) commits only while the role is unchanged. Null for a standing kept on the user item (not yet moved),
 * whose role is then only read.
 */
export function unchangedRole(userId: Id, membership: Membership): { readonly key: ReturnType<typeof membershipKey>; readonly condition: { expression: string; names: Record<string, string>; values: Record<string, unknown> } } | null {
  if (membership.joined_at === '') return null;
  return { key: membershipKey(userId, membership.business_id), condition: { expression: '#role = :role', names: { '#role': 'role' }, values: { ':role': membership.role } } };
}

/** One page of the businesses a user belongs to, in the order they joined them; the total is the user's own count. */
export async function membershipsPage(user: Pick<UserRecord, 'id' | 'business_count'>, request: PageRequest): Promise<Page<Membership>> {
  const items = await queryPage({ pk: userKey(user.id).pk, index: 'lsi1', sortKey: 'lsi1sk', prefix: MEMBERSHIP_PREFIX }, offsetOf(request), request.pageSize);
  return paginate(items.map(membershipOfItem), request, user.business_count ?? 0);
}

/**
 * A user's standing in one business, kept in the user's partition: the one read that says whether (and as what) a
 * user acts for a business, and, by prefix, the businesses a user belongs to. Its business keeps the member record.
 */
export function membershipKey(userId: Id, businessId: Id): Key {
  return { pk: `USER#${userId}`, sk: `${MEMBERSHIP_PREFIX}${businessId}` };
}

export const MEMBERSHIP_PREFIX = 'MEMBERSHIP#';
