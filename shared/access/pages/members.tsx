import type { Page } from '../../platform/core/paging.ts';
import { ROLES } from '../members/member-rules.ts';
import type { MemberResource } from '../members/schemas.ts';
import type { RemovalPreview } from '../members/members.ts';
import { Problem, renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { ActionButton, FormTokens, Pager, Table, when } from '../../platform/web/parts.tsx';
import { RecordForm } from '../../platform/web/record-form.tsx';
import { INVITATION_FIELDS } from './settings-fields.ts';
import type { Typed } from '../../platform/web/record-form-rules.ts';
import type { FieldProblem } from '../../platform/core/errors.ts';

const BASE = '/dashboard/settings/members';

function RoleForm(props: { viewer: Viewer; member: MemberResource }) {
  return (
    <form method="post" action={`${BASE}/${props.member.id}/role`} class="inline">
      <FormTokens viewer={props.viewer} />
      <select name="role" aria-label={`Role of ${props.member.email}`}>
        {ROLES.map((role) => (
          <option value={role} selected={role === props.member.role}>
            {role}
          </option>
        ))}
      </select>{' '}
      <button type="submit" class="secondary">
        Change role
      </button>
    </form>
  );
}

/** The business's people: each with their role (changed in place) and a removal; an invitation form below. */
/** `refusal`: why a change of a member's role, or their removal, was refused (the last owner stays), above the list. */
export function membersPage(view: { viewer: Viewer; members: Page<MemberResource>; notice?: string | undefined; invitation?: { readonly typed: Typed; readonly problems: readonly FieldProblem[] }; refusal?: string }): string {
  const { viewer } = view;
  return renderDocument(
    <Frame viewer={viewer} title="Members" notice={view.notice}>
      <p>
        The people who keep {viewer.business.name}'s books. Lowering someone's role or removing them ends at once what they could do here, with the apps they connected. A business keeps at least one owner.
      </p>
      <Problem message={view.refusal} />
      <Table caption="Members" rows={view.members.items.length} empty="Nobody yet." head={['Name', 'E-mail', 'Status', 'Role', 'Action']}>
        {view.members.items.map((member) => (
          <tr>
            <td>{member.name ?? '—'}</td>
            <td>{member.email}</td>
            <td>{member.status === 'invited' ? `Invited, until ${when(member.invitation_expires_at)}` : `Joined ${when(member.joined_at)}`}</td>
            <td>
              <RoleForm viewer={viewer} member={member} />
            </td>
            <td>
              <ActionButton action={`${BASE}/${member.id}/remove`} viewer={viewer} label={member.status === 'invited' ? 'Withdraw' : 'Remove'} danger />
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.members.pagination} base={BASE} query={{}} />
      <h2>Invite someone</h2>
      <RecordForm viewer={viewer} action={BASE} fields={INVITATION_FIELDS} typed={view.invitation?.typed ?? { role: 'viewer' }} problems={view.invitation?.problems}>
        <button type="submit">Send invitation</button>
      </RecordForm>
    </Frame>,
  );
}

/**
 * Before a member is removed, what the removal ends: their access, every API key they made and every app they
 * connected for this business. Nothing changes until the owner confirms.
 */
export function memberRemovalPage(view: { viewer: Viewer; preview: RemovalPreview }): string {
  const { viewer, preview } = view;
  const who = preview.member.name ?? preview.member.email;
  return renderDocument(
    <Frame viewer={viewer} title={`Remove ${who}?`}>
      <p>
        {who} ({preview.member.email}, {preview.member.role}) will no longer open {viewer.business.name}'s books. Removing them also ends at once:
      </p>
      <h2>API keys they made</h2>
      <Table caption="API keys they made" rows={preview.keys.length} empty="None." head={['Name', 'Key']}>
        {preview.keys.map((key) => (
          <tr>
            <td>{key.name}</td>
            <td class="mono">{key.hint}…</td>
          </tr>
        ))}
      </Table>
      <h2>Apps they connected</h2>
      <Table caption="Apps they connected" rows={preview.apps.length} empty="None." head={['App', 'Connected']}>
        {preview.apps.map((app) => (
          <tr>
            <td>{app.name}</td>
            <td>{when(app.since)}</td>
          </tr>
        ))}
      </Table>
      <p>
        <ActionButton action={`${BASE}/${preview.member.id}/remove`} viewer={viewer} label={`Remove ${who} and end these`} danger fields={{ confirm: 'yes' }} /> <a href={BASE}>Keep {who}</a>
      </p>
    </Frame>,
  );
}
