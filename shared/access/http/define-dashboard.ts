import { config } from '../../platform/config.ts';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { businessRead, getBusiness } from '../businesses/businesses.ts';
import { businessKey, type Key } from '../../platform/db/keys.ts';
import { membershipKey } from '../members/memberships.ts';
import type { Item } from '../../platform/db/query.ts';
import { normalizeId, type Id } from '../../platform/core/ids.ts';
import { membershipRead, membershipsPage } from '../members/memberships.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { scopesOfRole } from '../../platform/http/scopes.ts';
import { decideQuota, isPosting } from '../../platform/limits/rate-limits.ts';
import { countRequest } from '../businesses/rate-limits.ts';
import { rateLimited } from '../../platform/http/quota-refusal.ts';
import { errorPage } from '../oauth/pages.tsx';
import { constantTimeEqual } from '../oauth/secrets.ts';
import { openedSession, type Session } from '../oauth/sessions.ts';
import { toApiError } from '../../platform/http/boundary.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { buildHandler, type BaseInput, type RouteHandler } from '../../platform/http/stack.ts';
import { cookieOf, formOf, html, redirect, setCookie, type Form } from '../../platform/http/web.ts';
import { isMultipart, multipartFormOf } from '../../platform/http/multipart.ts';

/** The cookie that remembers the business picked in the dashboard's header; re-checked on every request. */
export const BUSINESS_COOKIE = 'dashboard_business';

type DashboardRoute = RouteRow & { readonly auth: 'browser' };

export type DashboardInput<R extends DashboardRoute, B = undefined> = BaseInput<R> & {
  readonly viewer: Viewer;
  readonly form: Form;
  /** What `readBesideSession` started, when its business turned out to be the viewer's; else undefined. */
  readonly beside: B | undefined;
};

export interface DashboardPageOptions<B> {
  /**
   * The page's first read, started beside the session's (the page then costs one round trip less) on the business
   * the header's cookie names, before the membership in it is known: its result reaches the page only when that
   * membership stands. So it must be small and bounded (it is made for a request that may be refused), and read
   * nothing a refused request should cause to be written.
   */
  readonly readBesideSession?: (businessId: Id, event: APIGatewayProxyEventV2) => B;
}

/** No session: the answer is the sign-in page, which comes back here. */
class SignInRequired extends Error {
  constructor(readonly returnTo: string) {
    super('sign in first');
  }
}

/**
 * Where a refusal's "Go back" leads: the dashboard page a form was posted from (its `back` field, a dashboard path
 * only), else the overview. Never another host.
 */
function backOf(event: APIGatewayProxyEventV2): string {
  return dashboardBack(event.requestContext.http.method === 'POST' && event.body ? formOf(event)?.back?.[0] : undefined);
}

/** A form's `back` field when it is a dashboard path (never another site), else the dashboard's home. */
export function dashboardBack(back: string | undefined): string {
  return back && /^\/dashboard(\/[\w/-]*)?(\?[\w=&%.-]*)?$/.test(back) ? back : '/dashboard';
}

function dashboardError(error: unknown, event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 {
  if (error instanceof SignInRequired) return redirect(`/oauth/sign-in?return_to=${encodeURIComponent(error.returnTo)}`, [], 302);
  const apiError = toApiError(error);
  if (apiError.status >= 500) return html(500, errorPage('Something went wrong on our side. Please try again.', '/dashboard'));
  const problems = apiError.details.length > 1 ? ` ${apiError.details.map((problem) => `${problem.field}: ${problem.message}`).join('; ')}.` : '';
  return html(apiError.status, errorPage(`${apiError.description}${problems}`, backOf(event)), [], { headers: apiError.headers });
}

/** A GET form's query: the fields left empty are no filter at all, and `notice` is the page's own. */
export function filledQueryOf(event: APIGatewayProxyEventV2): Record<string, string> {
  return Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).filter((entry): entry is [string, string] => entry[0] !== 'notice' && typeof entry[1] === 'string' && entry[1].trim() !== ''));
}

const pathOf = (event: APIGatewayProxyEventV2) => `${event.rawPath}${event.rawQueryString ? `?${event.rawQueryString}` : ''}`;

/** The business picked in the header: its membership and its name are read with the session, in one round trip. */
const pickedKeys = (picked: Id | null) => (userId: Id): readonly Key[] => (picked ? [membershipKey(userId, picked), businessKey(picked)] : []);

async function viewerOf(event: APIGatewayProxyEventV2, session: Session, picked: Id | null, read: (key: Key) => Item | undefined): Promise<Viewer> {
  const user = session.user;
  // The picked business is re-checked against the user's membership in it (read beside the session), and its name
  // shown only when the membership stands.
  const pickedMembership = picked ? membershipRead(read(membershipKey(user.id, picked)), user, picked) : undefined;
  const pickedBusiness = picked ? businessRead(picked, read(businessKey(picked))) : undefined;
  const membership = pickedMembership ?? (await membershipsPage(user, { page: 1, pageSize: 1 })).items[0];
  if (!membership) throw new ApiError(403, 'forbidden', 'Your account belongs to no business yet.');
  const name = pickedMembership && pickedBusiness ? pickedBusiness.name : (await getBusiness(membership.business_id)).name;
  const business = { id: membership.business_id, name, role: membership.role };
  return { session, business, businessCount: user.business_count ?? 1, scopes: new Set(scopesOfRole(business.role)), path: pathOf(event), local: config().SERVICE_STAGE === 'local' };
}

/** The page's read beside the session, if it has one; a request it cannot read from (a bad query) starts none, and is refused after the session, as without it. */
function besideSession<B>(options: DashboardPageOptions<B>, businessId: Id, event: APIGatewayProxyEventV2): B | undefined {
  try {
    return options.readBesideSession?.(businessId, event);
  } catch {
    return undefined;
  }
}

/**
 * A dashboard page or form action. Before the handler: the session (or a redirect to sign in), the business picked
 * among the user's own, the CSRF token of any POST, and the row's `scope`, which the user's role in that business
 * must grant. So a page's hidden button is never the only guard: the server refuses what the role does not allow.
 */
export function defineDashboardPage<const R extends DashboardRoute, B = undefined>(route: R, handle: (input: DashboardInput<R, NoInfer<B>>) => Promise<APIGatewayProxyStructuredResultV2>, options: DashboardPageOptions<B> = {}): RouteHandler<R> {
  return buildHandler(
    route,
    {
      respondError: dashboardError,
      async prepare(event) {
        const picked = normalizeId(cookieOf(event, BUSINESS_COOKIE) ?? '');
        const sessionCookie = cookieOf(event, 'session');
        const early = picked && sessionCookie && event.requestContext.http.method === 'GET' ? besideSession(options, picked, event) : undefined;
        const opened = await openedSession(sessionCookie, pickedKeys(picked));
        if (!opened) throw new SignInRequired(event.requestContext.http.method === 'GET' ? pathOf(event) : '/dashboard');
        const { session, read } = opened;
        const form = (event.body ? (isMultipart(event) ? await multipartFormOf(event) : formOf(event)) : null) ?? {};
        if (event.requestContext.http.method !== 'GET' && !constantTimeEqual(session.csrf, form.csrf?.[0] ?? '')) {
          throw new ApiError(403, 'forbidden', 'The form expired. Please reload the page and try again.');
        }
        const viewer = await viewerOf(event, session, picked, read);
        // A business found without the header's cookie (none yet, or one the user no longer belongs to) is remembered
        // in it, so the next page reads its membership and name beside the session: one round trip for the shell.
        const remember = viewer.business.id !== picked;
        if (route.scope && !viewer.scopes.has(route.scope)) {
          throw new ApiError(403, 'forbidden', `Your role in ${viewer.business.name} (${viewer.business.role}) does not allow this page.`);
        }
        // A posting from the dashboard spends the business's postings quota, as the same posting through the API does.
        if (isPosting(route.method, route.scope)) {
          const counted = await countRequest(viewer.business.id, true);
          const quota = decideQuota(counted.usage, counted.limits, true, Date.now());
          if (!quota.allowed) throw rateLimited(quota);
        }
        return { viewer, form, remember, beside: viewer.business.id === picked ? early : undefined };
      },
      respond: (page: APIGatewayProxyStructuredResultV2) => page,
      businessOf: (extra) => extra.viewer.business.id,
      actorOf: (extra) => ({ type: 'user', id: extra.viewer.session.user.id, name: extra.viewer.session.user.name, user_id: extra.viewer.session.user.id }),
    },
    async (input) => {
      const page = await handle(input);
      // A page that sets the cookie itself (the business switcher, signing out) has the last word.
      const setsItself = (page.cookies ?? []).some((cookie) => cookie.includes(`${BUSINESS_COOKIE}=`));
      return input.remember && !setsItself ? { ...page, cookies: [...(page.cookies ?? []), setCookie(BUSINESS_COOKIE, input.viewer.business.id, BUSINESS_COOKIE_SECONDS)] } : page;
    },
  );
}

/** How long the header's business is remembered (the business switcher's own choice lasts as long). */
export const BUSINESS_COOKIE_SECONDS = 30 * 24 * 3600;
