/**
 * The page an invitation's link opens: who invites you where and as what, and one form. A person without an
 * account chooses a name and a password; one with an account (the invited address) enters its password. Plain
 * HTML that works without JavaScript; the form carries the pre-sign-in token.
 */
import { Hidden, Problem, renderDocument, SimplePage } from '../../platform/web/layout.tsx';
import type { Role } from '../../platform/http/scopes.ts';

export interface InvitationView {
  readonly path: string;
  readonly businessName: string;
  readonly email: string;
  readonly role: Role;
  /** Whether an account with the invited address exists: then it signs in, else it is made here. */
  readonly hasAccount: boolean;
  readonly csrf: string;
  readonly name?: string;
  readonly error?: string;
}

export const MIN_PASSWORD_LENGTH = 12;

export function invitationPage(view: InvitationView): string {
  return renderDocument(
    <SimplePage title={`Join ${view.businessName}`}>
      <h1>Join {view.businessName}</h1>
      <p>
        You are invited as <strong>{view.role}</strong>, with the address <strong>{view.email}</strong>.
      </p>
      <Problem message={view.error} />
      <form method="post" action={view.path} class="card">
        <Hidden name="csrf" value={view.csrf} />
        {view.hasAccount ? (
          <>
            <p>You have an account: enter its password to join.</p>
            <label for="password">Password</label>
            <input id="password" type="password" name="password" autocomplete="current-password" required />
            <button type="submit">Join {view.businessName}</button>
          </>
        ) : (
          <>
            <label for="name">Your name</label>
            <input id="name" type="text" name="name" autocomplete="name" required maxLength={100} value={view.name ?? ''} />
            <label for="password">Choose a password (at least {MIN_PASSWORD_LENGTH} characters)</label>
            <input id="password" type="password" name="password" autocomplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
            <label for="password_again">The password again</label>
            <input id="password_again" type="password" name="password_again" autocomplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
            <button type="submit">Create my account and join</button>
          </>
        )}
      </form>
    </SimplePage>,
  );
}
