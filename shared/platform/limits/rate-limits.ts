/**
 * Per-business quotas (api.md, "Rate limits"): every request of a business's credentials counts against its API
 * quota, and a write that posts money or a document also against its postings quota. Fixed windows of a minute,
 * counted in DynamoDB; answers carry the IETF RateLimit-Policy and RateLimit fields (draft-ietf-httpapi-
 * ratelimit-headers-10 syntax).
 */
export const WINDOW_SECONDS = 60;

export interface Limits {
  readonly api: number;
  readonly postings: number;
}

export const DEFAULT_LIMITS: Limits = { api: 600, postings: 60 };

/** Features whose create and void routes post money or documents. */
const POSTING_FEATURES = new Set(['sales_invoices', 'sales_receipts', 'sales_documents', 'purchases_bills', 'purchases_payments', 'purchases_documents']);

export function isPosting(method: string, scope: string | null): boolean {
  if (method !== 'POST' || !scope) return false;
  const [feature, verb] = scope.split(':');
  return POSTING_FEATURES.has(feature ?? '') && (verb === 'create' || verb === 'void');
}

export function windowOf(nowMs: number): number {
  return Math.floor(nowMs / 1000 / WINDOW_SECONDS);
}

/** Seconds until the window of `nowMs` ends (at least 1). */
export function secondsLeft(nowMs: number): number {
  return Math.max(1, (windowOf(nowMs) + 1) * WINDOW_SECONDS - Math.floor(nowMs / 1000));
}

export interface Usage {
  /** Requests counted in this window, this one included. */
  readonly api: number;
  /** Postings counted in this window, this one included (0 for a request that posts nothing). */
  readonly postings: number;
}

export interface QuotaDecision {
  readonly allowed: boolean;
  /** Which quota refused it, when one did. */
  readonly exceeded: 'api' | 'postings' | null;
  readonly headers: Readonly<Record<string, string>>;
}

/** Whether a request within its window's usage may run, and the fields that tell the caller where it stands. */
export function decideQuota(usage: Usage, limits: Limits, posting: boolean, nowMs: number): QuotaDecision {
  const reset = secondsLeft(nowMs);
  const policies: [string, number, number][] = [['api', limits.api, usage.api]];
  if (posting) policies.push(['postings', limits.postings, usage.postings]);
  const exceeded = policies.find(([, limit, used]) => used > limit)?.[0] as 'api' | 'postings' | undefined;
  const headers: Record<string, string> = {
    'ratelimit-policy': policies.map(([name, limit]) => `"${name}";q=${limit};w=${WINDOW_SECONDS}`).join(', '),
    ratelimit: policies.map(([name, limit, used]) => `"${name}";r=${Math.max(0, limit - used)};t=${reset}`).join(', '),
  };
  if (exceeded) headers['retry-after'] = String(reset);
  return { allowed: !exceeded, exceeded: exceeded ?? null, headers };
}
