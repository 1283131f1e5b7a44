import * as v from 'valibot';
import { Email, PagingQuery, ResourceId, Timestamp } from '../../platform/core/fields.ts';
import type { Id } from '../../platform/core/ids.ts';
import { ROLES } from './member-rules.ts';
import type { Role } from '../../platform/http/scopes.ts';

const RoleInput = v.pipe(v.picklist(ROLES, 'must be owner, accountant or viewer'), v.description('owner: everything; accountant: everything but settings and people; viewer: every read.'));

export const MemberCreateInput = v.strictObject({
  email: v.pipe(Email, v.description('Where the invitation goes; the person joins with this address.')),
  role: RoleInput,
});

export const MemberPatchInput = v.strictObject({ role: RoleInput });

export const MemberListQuery = v.strictObject({ ...PagingQuery });

export const Member = v.object({
  id: ResourceId,
  user_id: v.pipe(v.nullable(ResourceId), v.description('The user, once the invitation is accepted (null while invited).')),
  email: v.string(),
  name: v.pipe(v.nullable(v.string()), v.description("The user's name, once joined.")),
  role: v.picklist(ROLES),
  status: v.picklist(['invited', 'active']),
  invited_at: v.nullable(Timestamp),
  invitation_expires_at: v.pipe(v.nullable(Timestamp), v.description('When the invitation stops working (null once accepted).')),
  joined_at: v.nullable(Timestamp),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export type MemberCreateBody = v.InferOutput<typeof MemberCreateInput>;
export type MemberResource = v.InferOutput<typeof Member>;

/**
 * The internal outbox record of one invitation e-mail. It carries the nonce the link's token is derived from under
 * the service's link secret, never the token: the table, its stream and the queues hold nothing that opens the link.
 */
export interface InvitationMailRecord {
  readonly message_id: string;
  readonly member_id: Id;
  readonly email: string;
  readonly role: Role;
  readonly nonce: string;
  readonly inviter_name: string | null;
  readonly expires_at: string;
  readonly queued_at: string;
}
