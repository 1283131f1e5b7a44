import * as v from 'valibot';
import { OAuthError } from '../../platform/core/errors.ts';
import type { Id } from '../../platform/core/ids.ts';
import { authenticateClient } from '../oauth/authorize.ts';
import type { Contract } from '../../platform/http/contract.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { buildHandler, type BaseInput, type Parsed, type ResponseOf, type RouteHandler } from '../../platform/http/stack.ts';
import { oauthErrorResponse, oauthResponse } from '../../platform/http/oauth-answers.ts';
import { formOf } from '../../platform/http/web.ts';

type ClientRoute = RouteRow & { readonly auth: 'client'; readonly contract: Contract & { readonly body: v.GenericSchema } };

export type ClientInput<R extends ClientRoute> = BaseInput<R> & {
  /** The OAuth client that authenticated itself (HTTP Basic, or client_id and client_secret in the body). */
  readonly clientId: Id;
  readonly body: Parsed<R, 'body'>;
};

/** The request's fields, each present at most once (RFC 6749 §3.1). */
function fieldsOf(form: Record<string, string[]>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, values] of Object.entries(form)) {
    if (values.length > 1) throw new OAuthError('invalid_request', `${name} was sent more than once.`);
    fields[name] = values[0]!;
  }
  return fields;
}

/** A refused field in RFC 6749 terms: an unknown grant type has its own code; anything else is invalid_request. */
function refusal(issue: v.BaseIssue<unknown>): OAuthError {
  const field = v.getDotPath(issue) ?? 'body';
  if (field === 'grant_type' && issue.input !== undefined) return new OAuthError('unsupported_grant_type', 'Only authorization_code and refresh_token are supported.');
  return new OAuthError('invalid_request', issue.input === undefined ? `${field} is required.` : `${field} ${issue.message}`);
}

/**
 * An OAuth endpoint (token, revocation): a form or JSON body, the client authenticated from it, the body then
 * validated by the route's contract; answers and errors bare, in RFC 6749's shape.
 */
export function defineClientHandler<const R extends ClientRoute>(route: R, handle: (input: ClientInput<R>) => Promise<ResponseOf<R> | undefined>): RouteHandler<R> {
  return buildHandler(
    route,
    {
      respondError: oauthErrorResponse,
      async prepare(event) {
        const form = formOf(event);
        if (!form) throw new OAuthError('invalid_request', 'Send the request as application/x-www-form-urlencoded or application/json.');
        const fields = fieldsOf(form);
        const clientId = await authenticateClient(event.headers?.authorization, fields);
        const parsed = v.safeParse(route.contract.body, fields);
        if (!parsed.success) throw refusal(parsed.issues[0]);
        return { clientId, body: parsed.output as Parsed<R, 'body'> };
      },
      respond: (out: ResponseOf<R> | undefined) => oauthResponse(200, out),
      actorOf: (extra) => ({ type: 'oauth_app', id: extra.clientId, name: null, user_id: null }),
    },
    handle,
  );
}
