import type { Id } from '../core/ids.ts';
import type { Role, Scope } from '../http/scopes.ts';

export interface Seat {
  readonly id: Id;
  readonly name: string;
  readonly role: Role;
}

/**
 * The signed-in person as the pages see them: what they show and pass on of the session. The access domain's
 * session (`shared/access/oauth/sessions.ts`) is one; the platform names the shape, so it imports no domain.
 */
export interface ViewerSession {
  readonly user: { readonly id: Id; readonly email: string; readonly name: string; readonly business_count?: number };
  /** The CSRF token every form of this session carries. */
  readonly csrf: string;
  /** The stored hash of the session's cookie: what ends this session and no other. */
  readonly hash: string;
}

/** Who is looking at the dashboard, in which business, allowed to do what. */
export interface Viewer {
  readonly session: ViewerSession;
  readonly business: Seat;
  /**
   * How many businesses the user belongs to: a request reads only the one it acts for, and the picker
   * (`/dashboard/businesses`) reads the others a page at a time.
   */
  readonly businessCount: number;
  readonly scopes: ReadonlySet<Scope>;
  /** The path (and query) of this request, so a page can mark where it is and forms can come back. */
  readonly path: string;
  /** Served by the local runtime, which adds pages of its own (the outbox of e-mails it writes). */
  readonly local: boolean;
}

/** The viewer as a reader of the local outbox: invitations only to those who may invite (owners). */
export const mailboxReader = (viewer: Viewer) => ({ businessId: viewer.business.id, seesInvitations: viewer.scopes.has('settings_business:manage') });
