/**
 * Where sign-in may send the browser afterwards: only back to an authorization request or a dashboard page
 * of this service, never to another host (no open redirect). The candidate is re-read by the URL parser
 * against this service's own origin, which percent-encodes anything that may not stand in a header (CR, LF,
 * U+2028, any non-ASCII), so the answer is always safe to send as a Location.
 */
const SELF = 'https://self.invalid';

export function safeReturnPath(candidate: string | undefined): string {
  const fallback = '/dashboard';
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, SELF);
  } catch {
    return fallback;
  }
  if (url.origin !== SELF) return fallback;
  const path = `${url.pathname}${url.search}`;
  if (!/^\/(oauth\/authorize\?[\x21-\x7e]*|oauth\/connections|dashboard(\/[\w/-]*)?(\?[\x21-\x7e]*)?)$/.test(path)) return fallback;
  return path;
}
