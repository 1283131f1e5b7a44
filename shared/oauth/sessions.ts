import { oauthArtifactKey } from '../db/keys.ts';
import { getItem } from '../db/query.ts';
import { WriteTransaction } from '../db/transaction.ts';
import type { Id } from '../domain/ids.ts';
import { getUser, type UserRecord } from '../users/users.ts';
import { hashSecret, newSecret } from './secrets.ts';

const SESSION_SECONDS = 8 * 3600;

export interface Session {
  readonly user: UserRecord;
  /** The CSRF token every form of this session carries. */
  readonly csrf: string;
  readonly hash: string;
}

/** Opens a browser session for a signed-in user: the cookie value is returned once and stored as its hash. */
export async function openSession(userId: Id): Promise<{ cookie: string; maxAgeSeconds: number }> {
  const cookie = newSecret('ses_');
  const tx = new WriteTransaction();
  tx.put('SESSION:create', { ...oauthArtifactKey('SESSION', hashSecret(cookie)), entity: 'SESSION', user_id: userId, csrf: newSecret('csrf_'), created_at: new Date().toISOString(), expires_at: Math.floor(Date.now() / 1000) + SESSION_SECONDS });
  await tx.commit();
  return { cookie, maxAgeSeconds: SESSION_SECONDS };
}

export async function sessionOf(cookie: string | undefined): Promise<Session | null> {
  if (!cookie) return null;
  const hash = hashSecret(cookie);
  const item = await getItem(oauthArtifactKey('SESSION', hash));
  if (!item || Number(item.expires_at) <= Date.now() / 1000) return null;
  const user = await getUser(item.user_id as Id);
  return user ? { user, csrf: String(item.csrf), hash } : null;
}

/** Signs out: the session's item goes, so its cookie, wherever it is kept, opens nothing. */
export async function closeSession(hash: string): Promise<void> {
  const tx = new WriteTransaction();
  tx.delete('SESSION:close', oauthArtifactKey('SESSION', hash));
  await tx.commit();
}
