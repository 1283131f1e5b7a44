import { batchGet, getItem } from '../../platform/db/query.ts';
import { type Key } from '../../platform/db/keys.ts';
import { mustNotExist, WriteTransaction } from '../../platform/db/transaction.ts';
import { newId, type Id } from '../../platform/core/ids.ts';
import { hashPassword } from './passwords.ts';

import type { Role } from '../../platform/http/scopes.ts';

export type { Role };

/** A user's role in a business as users made before member records kept it, on the user item. */
export interface LegacyMembership {
  readonly business_id: Id;
  readonly role: Role;
}

export interface UserRecord {
  readonly id: Id;
  readonly email: string;
  readonly name: string;
  readonly password_hash: string;
  /** How many businesses the user belongs to (the picker's total), moved with each membership. */
  readonly business_count?: number;
  /** Before member records: the user's businesses, kept here until moved (`shared/access/members/legacy-memberships.ts`). */
  readonly memberships?: readonly LegacyMembership[];
  /** Sessions opened before this moment (epoch ms) no longer stand: the user signed out everywhere. */
  readonly sessions_valid_from_ms?: number;
  readonly created_at: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A new user's record, its password hashed (nothing written yet). */
export async function newUserRecord(input: { email: string; name: string; password: string }): Promise<UserRecord> {
  return { id: newId(), email: normalizeEmail(input.email), name: input.name, password_hash: await hashPassword(input.password), business_count: 0, created_at: new Date().toISOString() };
}

/** Writes a new user into the caller's transaction; the e-mail guard item beside it keeps e-mail addresses unique. */
export function addUserCreate(tx: WriteTransaction, user: UserRecord): void {
  tx.put('USER:create', { ...userKey(user.id), entity: 'USER', ...user }, mustNotExist);
  tx.put('USER:email', { ...userEmailKey(user.email), entity: 'USEREMAIL', user_id: user.id }, mustNotExist);
}

export async function setPassword(userId: Id, password: string): Promise<void> {
  const tx = new WriteTransaction();
  tx.update('USER:password', userKey(userId), { expression: 'SET password_hash = :hash', values: { ':hash': await hashPassword(password) } }, { expression: 'attribute_exists(pk)' });
  await tx.commit();
}

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const guard = await getItem(userEmailKey(normalizeEmail(email)));
  if (!guard) return undefined;
  const item = await getItem(userKey(guard.user_id as Id));
  return item as UserRecord | undefined;
}

/** The e-mail addresses of some users, in one round trip (for naming who made what). */
export async function emailsOf(userIds: readonly Id[]): Promise<ReadonlyMap<Id, string>> {
  const read = await batchGet(userIds.map(userKey));
  return new Map(userIds.flatMap((id) => {
    const email = read(userKey(id))?.email;
    return typeof email === 'string' ? [[id, email] as const] : [];
  }));
}

export async function getUser(userId: Id): Promise<UserRecord | undefined> {
  return (await getItem(userKey(userId))) as UserRecord | undefined;
}

/** Users span businesses, so they and their e-mail guard live outside every business partition. */
export function userKey(userId: Id): Key {
  return { pk: `USER#${userId}`, sk: 'USER' };
}

export function userEmailKey(email: string): Key {
  return { pk: `USEREMAIL#${email}`, sk: 'USEREMAIL' };
}
