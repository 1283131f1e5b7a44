import { oauthArtifactKey, userKey } from '../db/keys.ts';
import { getItem } from '../db/query.ts';
import { WriteTransaction } from '../db/transaction.ts';
import type { Id } from '../domain/ids.ts';
import { getUser, type UserRecord } from '../users/users.ts';
import { moveLegacyMemberships } from '../members/legacy-memberships.ts';
import { hashSecret, newSecret } from './secrets.ts';

/** A session ends 8 hours after sign-in whatever happens, and after 30 minutes without a request. */
const SESSION_SECONDS = 8 * 3600;
const IDLE_MS = 30 * 60 * 1000;
/** How stale the last-request time may be before a request writes it again: at most one write a minute. */
const TOUCH_AFTER_MS = 60 * 1000;

export interface Session {
  readonly user: UserRecord;
  /** The CSRF token every form of this session carries. */
  readonly csrf: string;
  readonly hash: string;
}

/**
 * Opens a browser session for a signed-in user: the cookie value is returned once and stored as its hash. The
 * session the browser had before (`previousCookie`), if any, ends in the same transaction, so a sign-in never
 * leaves an older session of the browser alive (a fixed or stolen cookie dies with it).
 */
export async function openSession(userId: Id, previousCookie?: string): Promise<{ cookie: string; maxAgeSeconds: number }> {
  const cookie = newSecret('ses_');
  const now = Date.now();
  const tx = new WriteTransaction();
  tx.put('SESSION:create', { ...oauthArtifactKey('SESSION', hashSecret(cookie)), entity: 'SESSION', user_id: userId, csrf: newSecret('csrf_'), created_at: new Date(now).toISOString(), created_ms: now, last_seen_ms: now, expires_at: Math.floor(now / 1000) + SESSION_SECONDS });
  if (previousCookie) tx.delete('SESSION:previous', oauthArtifactKey('SESSION', hashSecret(previousCookie)));
  await tx.commit();
  return { cookie, maxAgeSeconds: SESSION_SECONDS };
}

/**
 * The session of a cookie, if it still stands: within its 8 hours, used within the last 30 minutes, and opened
 * after the user last signed out everywhere. A request moves its last-use time (at most once a minute).
 */
export async function sessionOf(cookie: string | undefined, nowMs = Date.now()): Promise<Session | null> {
  if (!cookie) return null;
  const hash = hashSecret(cookie);
  const key = oauthArtifactKey('SESSION', hash);
  const item = await getItem(key);
  if (!item || Number(item.expires_at) <= nowMs / 1000) return null;
  const lastSeen = Number(item.last_seen_ms ?? item.created_ms ?? Date.parse(String(item.created_at)));
  if (nowMs - lastSeen > IDLE_MS) return null;
  const stored = await getUser(item.user_id as Id);
  if (!stored) return null;
  const user = stored.memberships ? await moveLegacyMemberships(stored) : stored;
  const opened = Number(item.created_ms ?? Date.parse(String(item.created_at)));
  if (user.sessions_valid_from_ms !== undefined && opened < user.sessions_valid_from_ms) return null;
  if (nowMs - lastSeen > TOUCH_AFTER_MS) {
    const tx = new WriteTransaction();
    tx.update('SESSION:touch', key, { expression: 'SET last_seen_ms = :now', values: { ':now': nowMs } }, { expression: 'attribute_exists(pk)' });
    await tx.commit();
  }
  return { user, csrf: String(item.csrf), hash };
}

/** Signs out: the session's item goes, so its cookie, wherever it is kept, opens nothing. */
export async function closeSession(hash: string): Promise<void> {
  const tx = new WriteTransaction();
  tx.delete('SESSION:close', oauthArtifactKey('SESSION', hash));
  await tx.commit();
}

/**
 * Signs the user out everywhere: every session opened until now stops standing (one write on the user, read with
 * every session anyway), and this one's item goes too.
 */
export async function closeEverySession(userId: Id, hash: string, nowMs = Date.now()): Promise<void> {
  const tx = new WriteTransaction();
  tx.update('USER:sessions', userKey(userId), { expression: 'SET sessions_valid_from_ms = :now', values: { ':now': nowMs + 1 } }, { expression: 'attribute_exists(pk)' });
  tx.delete('SESSION:close', oauthArtifactKey('SESSION', hash));
  await tx.commit();
}
