import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { sessionOf, type Session } from '../oauth/sessions.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { buildHandler, type BaseInput, type RouteHandler } from '../../platform/http/stack.ts';
import { toApiError } from '../../platform/http/boundary.ts';
import { errorPage } from '../oauth/pages.tsx';
import { cookieOf, formOf, html, type Form } from '../../platform/http/web.ts';

type PageRoute = RouteRow & { readonly auth: 'browser' };

export type PageInput<R extends PageRoute> = BaseInput<R> & {
  /** The posted form (empty for a GET or a body that is not a form). */
  readonly form: Form;
  /** The signed-in user's session, read on first ask (the sign-in page never needs it). */
  readonly session: () => Promise<Session | null>;
};

/** Any error of a page as a page: its 4xx with the reason, or a 500 that discloses nothing. */
function pageErrorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  const apiError = toApiError(error);
  if (apiError.status >= 500) return html(500, errorPage('Something went wrong on our side. Please try again.'));
  return html(apiError.status, errorPage(apiError.description));
}

/** A page of the sign-in and consent flow: HTML in, HTML out, every failure an HTML page. */
export function definePageHandler<const R extends PageRoute>(route: R, handle: (input: PageInput<R>) => Promise<APIGatewayProxyStructuredResultV2>): RouteHandler<R> {
  return buildHandler(
    route,
    {
      respondError: pageErrorResponse,
      async prepare(event) {
        let session: Promise<Session | null> | undefined;
        return { form: (event.body ? formOf(event) : null) ?? {}, session: () => (session ??= sessionOf(cookieOf(event, 'session'))) };
      },
      respond: (page: APIGatewayProxyStructuredResultV2) => page,
    },
    handle,
  );
}
