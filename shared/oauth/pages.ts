/**
 * The server-rendered pages: plain HTML forms that work without JavaScript. Every value placed in a page is
 * escaped; every form carries its CSRF token.
 */
export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}
label{display:block;margin:.6rem 0}input[type=email],input[type=password]{width:100%;padding:.5rem}
fieldset{border:1px solid #ccc;margin:1rem 0;padding:.5rem 1rem}button{padding:.5rem 1.2rem;margin-right:.5rem}
.error{color:#a00}.scope{font-family:monospace}</style></head>
<body><main>${body}</main></body></html>`;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`;

export function errorPage(message: string): string {
  return layout('Cannot continue', `<h1>Cannot continue</h1><p class="error" role="alert">${escape(message)}</p>`);
}

export function signInPage(input: { returnTo: string; csrf: string; error?: string }): string {
  return layout(
    'Sign in',
    `<h1>Sign in</h1>${input.error ? `<p class="error" role="alert">${escape(input.error)}</p>` : ''}
<form method="post" action="/oauth/sign-in">
${hidden('csrf', input.csrf)}${hidden('return_to', input.returnTo)}
<label>Email <input type="email" name="email" autocomplete="username" required></label>
<label>Password <input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button>
</form>`,
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
  const business =
    view.businesses.length === 1 && onlyBusiness
      ? `<p>For <strong>${escape(onlyBusiness.name)}</strong></p>${hidden('business_id', onlyBusiness.id)}`
      : `<fieldset><legend>Business</legend>${view.businesses
          .map((entry, index) => `<label><input type="radio" name="business_id" value="${escape(entry.id)}"${index === 0 ? ' checked' : ''}> ${escape(entry.name)}</label>`)
          .join('\n')}</fieldset>`;
  const scopes = view.scopes.map((scope) => `<label><input type="checkbox" name="granted" value="${escape(scope)}" checked> <span class="scope">${escape(scope)}</span></label>`).join('\n');
  return layout(
    `Allow ${view.appName}?`,
    `<h1>Allow ${escape(view.appName)} to use your books?</h1>
<p>Signed in as ${escape(view.email)}.</p>
<form method="post" action="/oauth/authorize">
${hidden('csrf', view.csrf)}${Object.entries(view.request).map(([name, value]) => hidden(name, value)).join('')}
${business}
<fieldset><legend>${escape(view.appName)} asks to</legend>
${scopes}
</fieldset>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
</form>`,
  );
}

export interface ConnectionsView {
  readonly csrf: string;
  readonly businesses: readonly { id: string; name: string; grants: readonly { id: string; app: string; scopes: readonly string[]; since: string }[] }[];
}

export function connectionsPage(view: ConnectionsView): string {
  const sections = view.businesses
    .map(
      (business) => `<h2>${escape(business.name)}</h2>${
        business.grants.length === 0
          ? '<p>No connected apps.</p>'
          : `<ul>${business.grants
              .map(
                (grant) => `<li><strong>${escape(grant.app)}</strong> since ${escape(grant.since.slice(0, 10))}: <span class="scope">${escape(grant.scopes.join(' '))}</span>
<form method="post" action="/oauth/connections/${escape(grant.id)}/revoke">${hidden('csrf', view.csrf)}${hidden('business_id', business.id)}<button type="submit">Revoke</button></form></li>`,
              )
              .join('\n')}</ul>`
      }`,
    )
    .join('\n');
  return layout('Connected apps', `<h1>Connected apps</h1>${sections}`);
}
