import { userEmailKey, userKey } from '../db/keys.ts';
import { getItem } from '../db/query.ts';
import { mustNotExist, WriteTransaction } from '../db/transaction.ts';
import { newId, type Id } from '../domain/ids.ts';
import { hashPassword } from './passwords.ts';

import type { Role } from '../domain/scopes.ts';

export type { Role };

export interface Membership {
  readonly business_id: Id;
  readonly role: Role;
}

export interface UserRecord {
  readonly id: Id;
  readonly email: string;
  readonly name: string;
  readonly password_hash: string;
  readonly memberships: readonly Membership[];
  /** Sessions opened before this moment (epoch ms) no longer stand: the user signed out everywhere. */
  readonly sessions_valid_from_ms?: number;
  readonly created_at: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates a user; the e-mail guard item in the same transaction keeps e-mail addresses unique. */
export async function createUser(input: { email: string; name: string; password: string; memberships: readonly Membership[] }): Promise<UserRecord> {
  const user: UserRecord = {
    id: newId(),
    email: normalizeEmail(input.email),
    name: input.name,
    password_hash: await hashPassword(input.password),
    memberships: input.memberships,
    created_at: new Date().toISOString(),
  };
  const tx = new WriteTransaction();
  tx.put('USER:create', { ...userKey(user.id), entity: 'USER', ...user }, mustNotExist);
  tx.put('USER:email', { ...userEmailKey(user.email), entity: 'USEREMAIL', user_id: user.id }, mustNotExist);
  await tx.commit();
  return user;
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

export async function getUser(userId: Id): Promise<UserRecord | undefined> {
  return (await getItem(userKey(userId))) as UserRecord | undefined;
}
