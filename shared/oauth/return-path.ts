/**
 * Where sign-in may send the browser afterwards: only back to an authorization request or the connected-apps
 * page of this service, never to another host (no open redirect).
 */
export function safeReturnPath(candidate: string | undefined): string {
  if (candidate && /^\/oauth\/(authorize\?|connections$)/.test(candidate) && !candidate.includes('\\') && !candidate.startsWith('//')) return candidate;
  return '/oauth/connections';
}
