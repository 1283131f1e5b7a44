import { pageOf } from '../../../shared/platform/core/fields.ts';
import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { Member, MemberCreateInput, MemberListQuery, MemberPatchInput } from '../../../shared/access/members/schemas.ts';

const entry = (name: string) => `functions/access/members/${name}.ts`;

/** This feature's rows of the route table: the business's people, and the invitations that bring them in. */
export const membersRoutes = defineRoutes({
  list: { id: 'members.list', method: 'GET', path: '/api/v1/business/members', entry: entry('list'), auth: 'bearer', scope: 'settings_business:manage', contract: { summary: "The business's people, invited and joined, oldest first", tag: 'Business', query: MemberListQuery, response: pageOf(Member) } },
  create: { id: 'members.create', method: 'POST', path: '/api/v1/business/members', entry: entry('create'), auth: 'bearer', scope: 'settings_business:manage', needs: { linkSecret: true }, contract: { summary: 'Invite a person: an e-mail with a single-use link (7 days) whose page sets a password for a new user or joins an existing one', tag: 'Business', body: MemberCreateInput, response: Member, status: 201, otherStatuses: { 409: 'The address is already a member or invited, or the business keeps 200 members already.', 429: 'The address was invited within the hour (rate_limited); Retry-After says when it may be again.' } } },
  get: { id: 'members.get', method: 'GET', path: '/api/v1/business/members/{id}', entry: entry('get'), auth: 'bearer', scope: 'settings_business:manage', contract: { summary: 'Get a member', tag: 'Business', response: Member } },
  update: { id: 'members.update', method: 'PATCH', path: '/api/v1/business/members/{id}', entry: entry('update'), auth: 'bearer', scope: 'settings_business:manage', contract: { summary: "Change a member's role; a lower role ends the OAuth grants (and their keys) the member gave for the business", tag: 'Business', body: MemberPatchInput, response: Member, otherStatuses: { 409: 'The last owner cannot be demoted.' } } },
  delete: { id: 'members.delete', method: 'DELETE', path: '/api/v1/business/members/{id}', entry: entry('delete'), auth: 'bearer', scope: 'settings_business:manage', contract: { summary: "Remove a member or withdraw an invitation: the member's sessions for the business end, with the OAuth grants (and their keys) they gave for it", tag: 'Business', response: Member, otherStatuses: { 409: 'The last owner cannot be removed.' } } },
});
