import { count } from '../observability/telemetry.ts';
import { METRIC } from '../observability/metric-names.ts';
import type { QuotaDecision } from '../limits/rate-limits.ts';
import { ApiError } from './errors.ts';

/** The 429 of a request past its business's quota (API or dashboard), counted in the service's metrics. */
export function rateLimited(quota: QuotaDecision): ApiError {
  count(METRIC.rateLimited);
  return new ApiError(429, 'rate_limited', `This business has used its ${quota.exceeded === 'postings' ? 'postings' : 'API'} quota for this minute; try again after ${quota.headers['retry-after']} s.`, [], quota.headers);
}
