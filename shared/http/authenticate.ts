import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Route } from '../../functions/routes.ts';
import { resolveBearer, type Credential } from '../keys/credential.ts';
import { credentialResolvers } from '../keys/resolvers.ts';
import { ApiError, insufficientScope, unauthorized } from './errors.ts';

const verified = new WeakMap<APIGatewayProxyEventV2, Credential>();

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * Checks the credential and the route's scope before anything else reads the request. The verified credential
 * is kept beside the event for the handler, which takes the business id from it and from nowhere else.
 */
export function authentication(route: Route): MiddlewareObj<APIGatewayProxyEventV2> {
  return {
    before: async (request) => {
      // Pages keep their own cookie session; OAuth endpoints and rail calls authenticate their caller themselves.
      if (route.auth === 'public' || route.auth === 'browser' || route.auth === 'client' || route.auth === 'rail') return;
      const token = bearerToken(request.event.headers?.authorization);
      if (!token) throw unauthorized('A bearer credential is required.');
      const credential = await resolveBearer(token, credentialResolvers);
      if (!credential) throw unauthorized('The credential is unknown, expired or revoked.');
      if (route.auth === 'api_key:webhooks' && !(credential.kind === 'api_key' && credential.options.has('webhooks'))) {
        throw new ApiError(403, 'insufficient_scope', 'This endpoint requires an API key holding the webhooks option.', [
          { field: 'options', message: 'webhooks' },
        ]);
      }
      if (route.scope !== null && !credential.scopes.has(route.scope)) throw insufficientScope(route.scope);
      verified.set(request.event, credential);
    },
  };
}

export function credentialOf(event: APIGatewayProxyEventV2): Credential {
  const credential = verified.get(event);
  if (!credential) throw new Error('credentialOf called on a route without bearer authentication');
  return credential;
}
