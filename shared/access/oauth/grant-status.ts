import { recordKey } from '../../platform/db/keys.ts';
import { getItem } from '../../platform/db/query.ts';
import type { Id } from '../../platform/core/ids.ts';

/** Whether an OAuth grant still stands: it exists in that business and nobody revoked it. */
export async function grantStands(businessId: Id, grantId: Id): Promise<boolean> {
  const grant = await getItem(recordKey(businessId, 'GRANT', grantId));
  return !!grant && !grant.revoked_at;
}
