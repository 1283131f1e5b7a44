/**
 * The sign-in and consent pages: plain HTML forms that work without JavaScript, rendered by Preact (which escapes
 * every value); every form carries its CSRF token.
 */
import { Document, Hidden, Problem, renderDocument, SimplePage } from '../../platform/web/layout.tsx';
import { SCOPE_NOTES, type Scope } from '../../platform/http/scopes.ts';

export function errorPage(message: string, back?: string): string {
  return renderDocument(
    <SimplePage title="Cannot continue">
      <h1>Cannot continue</h1>
      <Problem message={message} />
      {back ? <p><a href={back}>Go back</a></p> : null}
    </SimplePage>,
  );
}

export function signInPage(input: { returnTo: string; csrf: string; error?: string }): string {
  return renderDocument(
    <SimplePage title="Sign in">
      <h1>Sign in</h1>
      <Problem message={input.error} />
      <form method="post" action="/oauth/sign-in" class="card">
        <Hidden name="csrf" value={input.csrf} />
        <Hidden name="return_to" value={input.returnTo} />
        <label for="email">Email</label>
        <input id="email" type="email" name="email" autocomplete="username" required />
        <label for="password">Password</label>
        <input id="password" type="password" name="password" autocomplete="current-password" required />
        <button type="submit">Sign in</button>
      </form>
    </SimplePage>,
  );
}

export interface ConsentView {
  readonly appName: string;
  readonly scopes: readonly string[];
  readonly businesses: readonly { id: string; name: string }[];
  readonly request: Readonly<Record<string, string>>;
  readonly csrf: string;
  readonly email: string;
}

export function consentPage(view: ConsentView): string {
  const [onlyBusiness] = view.businesses;
  return renderDocument(
    <Document title={`Allow ${view.appName}?`}>
      <main class="narrow">
        <h1>Allow {view.appName} to use your books?</h1>
        <p>Signed in as {view.email}.</p>
        <form method="post" action="/oauth/authorize" class="card">
          <Hidden name="csrf" value={view.csrf} />
          {Object.entries(view.request).map(([name, value]) => (
            <Hidden name={name} value={value} />
          ))}
          {view.businesses.length === 1 && onlyBusiness ? (
            <>
              <p>
                For <strong>{onlyBusiness.name}</strong>
              </p>
              <Hidden name="business_id" value={onlyBusiness.id} />
            </>
          ) : (
            <fieldset>
              <legend>Business</legend>
              {view.businesses.map((entry, index) => (
                <label class="check">
                  <input type="radio" name="business_id" value={entry.id} checked={index === 0} /> {entry.name}
                </label>
              ))}
            </fieldset>
          )}
          <fieldset>
            <legend>{view.appName} asks to</legend>
            {view.scopes.map((scope) => (
              <>
                <label class="check">
                  <input type="checkbox" name="granted" value={scope} checked /> <span class="scope">{scope}</span>
                </label>
                {SCOPE_NOTES[scope as Scope] ? <p class="muted scope-note">This {SCOPE_NOTES[scope as Scope]}.</p> : null}
              </>
            ))}
          </fieldset>
          <button type="submit" name="decision" value="approve">
            Approve
          </button>
          <button type="submit" name="decision" value="cancel" class="secondary" formnovalidate>
            Cancel
          </button>
        </form>
      </main>
    </Document>,
  );
}
