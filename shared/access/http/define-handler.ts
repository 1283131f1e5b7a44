import type { Id } from '../../platform/core/ids.ts';
import type { Credential } from '../keys/credential.ts';
import { authenticateBearer } from './authenticate.ts';
import { actorOfCredential } from '../keys/credential.ts';
import { withHeaders } from '../../platform/http/boundary.ts';
import type { Contract } from '../../platform/http/contract.ts';
import { parsedJsonBody } from '../../platform/http/json-body.ts';
import { successResponse, type Success } from '../../platform/http/responses.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { buildHandler, type BaseInput, type Parsed, type ResponseOf, type RouteHandler } from '../../platform/http/stack.ts';

export type { RouteHandler } from '../../platform/http/stack.ts';

type BearerRoute = RouteRow & { readonly auth: 'bearer' | 'api_key:webhooks'; readonly contract: Contract };

export type HandlerInput<R extends BearerRoute> = BaseInput<R> & {
  readonly credential: Credential;
  /** The business of the verified credential: the only source of a business id. */
  readonly businessId: Id;
  readonly body: Parsed<R, 'body'>;
};

/**
 * A data API route called with a credential (an API key or an OAuth access token): the credential and the scope
 * are checked before the body is read; the handler returns `ok(...)` or `created(...)`, answered in the envelope.
 */
export function defineHandler<const R extends BearerRoute>(route: R, handle: (input: HandlerInput<R>) => Promise<Success<ResponseOf<R>>>): RouteHandler<R> {
  return buildHandler(
    route,
    {
      async prepare(event) {
        const { credential, quota } = await authenticateBearer(event, route);
        try {
          return { credential, businessId: credential.businessId, quota, rate: { headers: {} }, body: parsedJsonBody(event, route.contract) as Parsed<R, 'body'> };
        } catch (error) {
          // A body refused past the quota is told the quota first.
          const decided = await quota;
          await decided.allowed;
          throw withHeaders(error, decided.headers);
        }
      },
      respond: successResponse,
      // Read once the gate has settled, which set them.
      headersOf: (extra) => extra.rate.headers,
      gate: (extra) =>
        extra.quota.then((decided) => {
          extra.rate.headers = decided.headers;
          return decided.allowed;
        }),
      businessOf: (extra) => extra.businessId,
      actorOf: (extra) => actorOfCredential(extra.credential),
    },
    handle,
  );
}
