import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteRow } from '../../platform/http/route.ts';
import { resolverOf, type Credential } from '../keys/credential.ts';
import { cacheCredential, cachedCredential } from '../keys/credential-cache.ts';
import { countRequest } from '../businesses/rate-limits.ts';
import { decideQuota, isPosting, type QuotaDecision } from '../../platform/limits/rate-limits.ts';
import { credentialResolvers } from '../keys/resolvers.ts';
import { ApiError, insufficientScope, unauthorized } from '../../platform/http/errors.ts';
import { rateLimited } from '../../platform/http/quota-refusal.ts';

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The request's place in its business's quota, and the headers every answer carries. */
export interface Quota {
  readonly headers: Readonly<Record<string, string>>;
  /** Resolves when the request is within the quota; rejects with the 429 when it is past it. */
  readonly allowed: Promise<void>;
}


/**
 * Counts a request whose credential is good, without waiting for the count: the request's own reads run beside
 * it, and its writes wait for the verdict (`shared/platform/db/write-gate.ts`), so a bearer posting costs two sequential
 * round trips (its read with the count, then its transaction) and nothing is written past the quota.
 */
function quotaOf(credential: Credential, posting: boolean): { readonly allowed: Promise<void>; readonly decided: Promise<QuotaDecision> } {
  const decided = countRequest(credential.businessId, posting).then((counted) => decideQuota(counted.usage, counted.limits, posting, Date.now()));
  const allowed = decided.then((quota) => {
    if (!quota.allowed) throw rateLimited(quota);
  });
  return { allowed, decided };
}

/**
 * Checks the bearer credential and the route's scope before anything else reads the request. The handler takes the
 * business id from the credential and from nowhere else. A credential resolved in the last 5 seconds on this
 * instance is taken from its cache (api.md's bound); only a credential known to be good is counted against the
 * business's quota, so a revoked or forged one spends nothing.
 */
export async function authenticateBearer(event: APIGatewayProxyEventV2, route: RouteRow): Promise<{ credential: Credential; quota: Promise<Quota> }> {
  const token = bearerToken(event.headers?.authorization);
  if (!token) throw unauthorized('A bearer credential is required.');
  const resolver = resolverOf(token, credentialResolvers);
  if (!resolver) throw unauthorized('The credential is unknown, expired or revoked.');
  const cached = cachedCredential(token);
  const credential = cached ?? (await resolver.resolve(token));
  if (!credential) throw unauthorized('The credential is unknown, expired or revoked.');
  if (!cached) cacheCredential(token, credential);
  const { allowed, decided } = quotaOf(credential, isPosting(route.method, route.scope));
  const quota = decided.then((decision) => ({ headers: decision.headers, allowed }));
  // A refusal of the credential's rights still counts, and a request past the quota is told so first.
  const refuse = async (error: ApiError): Promise<never> => {
    await allowed;
    throw error;
  };
  if (route.auth === 'api_key:webhooks' && !(credential.kind === 'api_key' && credential.options.has('webhooks'))) {
    await refuse(new ApiError(403, 'insufficient_scope', 'This endpoint requires an API key holding the webhooks option.', [{ field: 'options', message: 'webhooks' }]));
  }
  if (route.scope !== null && !credential.scopes.has(route.scope)) await refuse(insufficientScope(route.scope));
  return { credential, quota };
}
