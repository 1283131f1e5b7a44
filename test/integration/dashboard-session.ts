import { expect } from 'vitest';
import type { Id } from '../../shared/platform/core/ids.ts';
import { CookieBrowser } from './oauth-flow.ts';
import { freshBusiness, uniqueName } from './support.ts';

const PASSWORD = 'correct horse battery staple 4';

/** A browser signed in to a business's dashboard as a new user of `role`. */
export async function signedInTo(businessId: string, role: 'owner' | 'accountant' | 'viewer') {
  const { createUser } = await import('../../shared/access/members/members.ts');
  const user = await createUser({ email: `${uniqueName(role).replace(/\s/g, '-')}@example.test`, name: role, password: PASSWORD, memberships: [{ business_id: businessId as Id, role }] });
  const browser = new CookieBrowser();
  expect((await browser.signIn(user.email, PASSWORD, '/dashboard')).status).toBe(303);
  return browser;
}

/** A business of its own and a browser signed in to its dashboard as a new user of `role`. */
export async function signedInToFreshBusiness(role: 'owner' | 'viewer' = 'owner', options: { readonly currency?: string } = {}) {
  const business = await freshBusiness(options);
  return { business, browser: await signedInTo(business.id, role) };
}

/** The CSRF token of a dashboard page's forms. */
export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;
