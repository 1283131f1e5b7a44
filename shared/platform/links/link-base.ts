/** Whether a URL may be the base of the links the service hands out, and the base it gives. */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The base of every link under `url`, or null when links there would be unsafe: https only, except plain http to
 * a loopback host in the local runtime; no credentials, query or fragment. A path (a base path mapping) is kept.
 */
export function linkBase(url: string, stage: 'local' | 'aws'): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const allowedHttp = stage === 'local' && parsed.protocol === 'http:' && (LOOPBACK_HOSTS.has(parsed.hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(parsed.hostname));
  if (parsed.protocol !== 'https:' && !allowedHttp) return null;
  if (parsed.username || parsed.password || parsed.search || parsed.hash) return null;
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

export const LINK_BASE_RULE = 'must be an https URL (http only to loopback in the local runtime), without credentials, query or fragment';
