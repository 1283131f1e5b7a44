/**
 * Users made before member records kept their businesses on the user item (`memberships`). Each is moved once into
 * member records and membership items: on the user's next dashboard or consent request (`sessionOf`), or for every
 * user at once by `npm run members:migrate` after a deploy, so that each business lists all its people. Until then
 * `membershipOf` reads the old list, so nobody loses access in between. Moving is safe to repeat and to race: a
 * business already joined is passed over, and the old list goes only once every business is joined.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../platform/db/client.ts';
import { userKey } from '../users/users.ts';
import { TransactionConflict, WriteTransaction } from '../../platform/db/transaction.ts';
import type { UserRecord } from '../users/users.ts';
import { joinBusiness } from './members.ts';

/** Moves one user's old list; returns the user as it now reads (no `memberships`, its count of businesses set). */
export async function moveLegacyMemberships(user: UserRecord): Promise<UserRecord> {
  const legacy = user.memberships;
  if (!legacy) return user;
  let joined = 0;
  for (const membership of legacy) {
    try {
      await joinBusiness(membership.business_id, user, membership.role, false);
      joined += 1;
    } catch (error) {
      // Joined already (a move that stopped half-way, or one racing this one): nothing more to do for it.
      if (!(error instanceof TransactionConflict && (error.failedOn('MEMBERSHIP:put') || error.failedOn('MEMBER:email')))) throw error;
    }
  }
  const tx = new WriteTransaction();
  tx.update('USER:legacy', userKey(user.id), { expression: 'REMOVE memberships' }, { expression: 'attribute_exists(pk)' });
  await tx.commit();
  const { memberships: _moved, ...rest } = user;
  return { ...rest, business_count: (user.business_count ?? 0) + joined };
}

/** Every user still holding an old list, moved (a Scan: a one-off after deploying member records). */
export async function moveAllLegacyMemberships(): Promise<number> {
  let moved = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), FilterExpression: 'entity = :user AND attribute_exists(memberships)', ExpressionAttributeValues: { ':user': 'USER' }, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) {
      await moveLegacyMemberships(item as unknown as UserRecord);
      moved += 1;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return moved;
}
