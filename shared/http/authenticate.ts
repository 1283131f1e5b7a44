import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteRow } from './route.ts';
import { resolverOf, type Credential } from '../keys/credential.ts';
import { countRequest } from '../businesses/rate-limits.ts';
import { decideQuota, isPosting } from '../domain/rate-limits.ts';
import { METRIC } from '../domain/metric-names.ts';
import { count } from '../db/telemetry.ts';
import { credentialResolvers } from '../keys/resolvers.ts';
import { ApiError, insufficientScope, unauthorized } from './errors.ts';

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Checks the bearer credential and the route's scope before anything else reads the request. The handler takes the
 * business id from the credential and from nowhere else.
 */
export async function authenticateBearer(event: APIGatewayProxyEventV2, route: RouteRow): Promise<{ credential: Credential; rateHeaders: Readonly<Record<string, string>> }> {
  const token = bearerToken(event.headers?.authorization);
  if (!token) throw unauthorized('A bearer credential is required.');
  const resolver = resolverOf(token, credentialResolvers);
  if (!resolver) throw unauthorized('The credential is unknown, expired or revoked.');
  // The request is counted beside the credential's own read when its business is already known, so the quota
  // costs no extra round trip; otherwise right after it.
  const posting = isPosting(route.method, route.scope);
  const hinted = await resolver.knownBusiness?.(token);
  const [credential, early] = await Promise.all([resolver.resolve(token), hinted ? countRequest(hinted, posting) : undefined]);
  if (!credential) throw unauthorized('The credential is unknown, expired or revoked.');
  const counted = early && hinted === credential.businessId ? early : await countRequest(credential.businessId, posting);
  const quota = decideQuota(counted.usage, counted.limits, posting, Date.now());
  if (!quota.allowed) {
    count(METRIC.rateLimited);
    throw new ApiError(429, 'rate_limited', `This business has used its ${quota.exceeded === 'postings' ? 'postings' : 'API'} quota for this minute; try again after ${quota.headers['retry-after']} s.`, [], quota.headers);
  }
  if (route.auth === 'api_key:webhooks' && !(credential.kind === 'api_key' && credential.options.has('webhooks'))) {
    throw new ApiError(403, 'insufficient_scope', 'This endpoint requires an API key holding the webhooks option.', [{ field: 'options', message: 'webhooks' }]);
  }
  if (route.scope !== null && !credential.scopes.has(route.scope)) throw insufficientScope(route.scope);
  return { credential, rateHeaders: quota.headers };
}
