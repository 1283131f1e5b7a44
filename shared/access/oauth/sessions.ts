import { type Key } from '../../platform/db/keys.ts';
import { oauthArtifactKey } from './artifacts.ts';
import { userKey } from '../users/users.ts';
import { batchGet, type Item } from '../../platform/db/query.ts';
import { WriteTransaction } from '../../platform/db/transaction.ts';
import { normalizeId, type Id } from '../../platform/core/ids.ts';
import type { UserRecord } from '../users/users.ts';
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
  // The user's id rides beside the secret (it proves nothing alone: the secret's hash finds the session, which must
  // name the same user), so a request reads the session, the user and what it needs of them in one round trip.
  const cookie = `${newSecret('ses_')}.${userId}`;
  const now = Date.now();
  const tx = new WriteTransaction();
  tx.put('SESSION:create', { ...oauthArtifactKey('SESSION', hashSecret(cookie)), entity: 'SESSION', user_id: userId, csrf: newSecret('csrf_'), created_at: new Date(now).toISOString(), created_ms: now, last_seen_ms: now, expires_at: Math.floor(now / 1000) + SESSION_SECONDS });
  if (previousCookie) tx.delete('SESSION:previous', oauthArtifactKey('SESSION', hashSecret(previousCookie)));
  await tx.commit();
  return { cookie, maxAgeSeconds: SESSION_SECONDS };
}

/** A session's cookie, and the user it names when it names one (cookies made before users rode in them do not). */
function cookieParts(cookie: string): { readonly hash: string; readonly userId: Id | null } {
  const dot = cookie.lastIndexOf('.');
  return { hash: hashSecret(cookie), userId: dot > 0 ? normalizeId(cookie.slice(dot + 1)) : null };
}

/**
 * The session of a cookie, if it still stands (within its 8 hours, used within the last 30 minutes, opened after the
 * user last signed out everywhere), with whatever else the request reads of its user (`alsoRead`: a membership, a
 * business), all in one BatchGetItem when the cookie names its user. A request moves the last-use time (at most
 * once a minute).
 */
export async function openedSession(cookie: string | undefined, alsoRead: (userId: Id) => readonly Key[] = () => [], nowMs = Date.now()): Promise<{ readonly session: Session; readonly read: (key: Key) => Item | undefined } | null> {
  if (!cookie) return null;
  const { hash, userId: named } = cookieParts(cookie);
  const key = oauthArtifactKey('SESSION', hash);
  let read = await batchGet(named ? [key, userKey(named), ...alsoRead(named)] : [key]);
  const item = read(key);
  if (!item || Number(item.expires_at) <= nowMs / 1000) return null;
  const userId = item.user_id as Id;
  if (named && named !== userId) return null;
  const lastSeen = Number(item.last_seen_ms ?? item.created_ms ?? Date.parse(String(item.created_at)));
  if (nowMs - lastSeen > IDLE_MS) return null;
  // An older cookie: its user, and what the request reads of it, one round trip later.
  if (!named) read = await batchGet([userKey(userId), ...alsoRead(userId)]);
  const stored = read(userKey(userId)) as UserRecord | undefined;
  if (!stored) return null;
  const user = stored.memberships ? await moveLegacyMemberships(stored) : stored;
  const opened = Number(item.created_ms ?? Date.parse(String(item.created_at)));
  if (user.sessions_valid_from_ms !== undefined && opened < user.sessions_valid_from_ms) return null;
  if (nowMs - lastSeen > TOUCH_AFTER_MS) {
    const tx = new WriteTransaction();
    tx.update('SESSION:touch', key, { expression: 'SET last_seen_ms = :now', values: { ':now': nowMs } }, { expression: 'attribute_exists(pk)' });
    await tx.commit();
  }
  // Memberships just moved from the user item are read again where they now are.
  const moved = user !== stored;
  const current = moved ? await batchGet(alsoRead(userId)) : read;
  return { session: { user, csrf: String(item.csrf), hash }, read: current };
}

/** The session of a cookie, if it still stands (`openedSession`). */
export async function sessionOf(cookie: string | undefined, nowMs = Date.now()): Promise<Session | null> {
  return (await openedSession(cookie, () => [], nowMs))?.session ?? null;
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
