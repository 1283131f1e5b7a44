import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteRow } from './route.ts';
import { resolveBearer, type Credential } from '../keys/credential.ts';
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
export async function authenticateBearer(event: APIGatewayProxyEventV2, route: RouteRow): Promise<Credential> {
  const token = bearerToken(event.headers?.authorization);
  if (!token) throw unauthorized('A bearer credential is required.');
  const credential = await resolveBearer(token, credentialResolvers);
  if (!credential) throw unauthorized('The credential is unknown, expired or revoked.');
  if (route.auth === 'api_key:webhooks' && !(credential.kind === 'api_key' && credential.options.has('webhooks'))) {
    throw new ApiError(403, 'insufficient_scope', 'This endpoint requires an API key holding the webhooks option.', [{ field: 'options', message: 'webhooks' }]);
  }
  if (route.scope !== null && !credential.scopes.has(route.scope)) throw insufficientScope(route.scope);
  return credential;
}
