import { describe, expect, it } from 'vitest';
import { decideQuota, isPosting, secondsLeft, windowOf } from '../../shared/platform/limits/rate-limits.ts';

const at = (seconds: number) => seconds * 1000;

describe('rate limits', () => {
  it('counts in minute windows and says how long is left', () => {
    expect(windowOf(at(119))).toBe(1);
    expect(windowOf(at(120))).toBe(2);
    expect(secondsLeft(at(120))).toBe(60);
    expect(secondsLeft(at(179.5))).toBe(1);
  });

  it('allows up to the quota and refuses past it with Retry-After', () => {
    const limits = { api: 3, postings: 1 };
    expect(decideQuota({ api: 3, postings: 0 }, limits, false, at(130))).toEqual({ allowed: true, exceeded: null, headers: { 'ratelimit-policy': '"api";q=3;w=60', ratelimit: '"api";r=0;t=50' } });
    const refused = decideQuota({ api: 4, postings: 0 }, limits, false, at(130));
    expect(refused).toMatchObject({ allowed: false, exceeded: 'api', headers: { 'retry-after': '50', ratelimit: '"api";r=0;t=50' } });
  });

  it('a posting answers to both quotas and is refused by the postings one alone', () => {
    const decision = decideQuota({ api: 2, postings: 2 }, { api: 600, postings: 1 }, true, at(0));
    expect(decision).toMatchObject({ allowed: false, exceeded: 'postings' });
    expect(decision.headers['ratelimit-policy']).toBe('"api";q=600;w=60, "postings";q=1;w=60');
    expect(decision.headers.ratelimit).toBe('"api";r=598;t=60, "postings";r=0;t=60');
  });

  it('postings are the POSTs that create, settle or void money and documents', () => {
    expect(isPosting('POST', 'sales_invoices:create')).toBe(true);
    expect(isPosting('POST', 'sales_receipts:void')).toBe(true);
    expect(isPosting('POST', 'purchases_documents:create')).toBe(true);
    expect(isPosting('GET', 'sales_invoices:read')).toBe(false);
    expect(isPosting('POST', 'sales_customers:create')).toBe(false);
    expect(isPosting('POST', 'settings_webhooks:manage')).toBe(false);
    expect(isPosting('POST', null)).toBe(false);
  });
});
