import type { Page } from '../../platform/core/paging.ts';
import type { PartyRecord } from '../schemas.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Side } from '../../sales/pages/sides.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Pager, Table, NewRecordLink } from '../../platform/web/parts.tsx';

export function partyListPage(view: { viewer: Viewer; side: Side; result: Page<PartyRecord>; notice?: string | undefined }): string {
  const { side, viewer } = view;
  const canRecord = viewer.scopes.has(side.money.scope);
  const canEdit = viewer.scopes.has(side.partyScopes.update);
  return renderDocument(
    <Frame viewer={viewer} title={side.partyPlural} notice={view.notice}>
      <NewRecordLink href={`${side.partyBase}/new`} label={`New ${side.partyLabel.toLowerCase()}`} shown={viewer.scopes.has(side.partyScopes.create)} />
      <Table caption={side.partyPlural} rows={view.result.items.length} empty={`No ${side.partyPlural.toLowerCase()} yet.`} head={['Name', 'Email', 'Currency', side.plural, ...(canRecord ? ['Money'] : []), ...(canEdit ? ['Action'] : [])]}>
        {view.result.items.map((party) => (
          <tr>
            <td>{party.name}</td>
            <td>{party.email ?? '—'}</td>
            <td>{party.currency}</td>
            <td>
              <a href={`${side.base}?${new URLSearchParams({ [side.partyField]: party.id })}`} aria-label={`${side.plural} of ${party.name}`}>
                {side.plural}
              </a>
            </td>
            {canRecord ? (
              <td>
                <a href={`${side.money.form}?${new URLSearchParams({ party_id: party.id })}`} aria-label={`${side.money.label} from ${party.name}`}>
                  {side.money.label}
                </a>
              </td>
            ) : null}
            {canEdit ? (
              <td>
                <a href={`${side.partyBase}/${party.id}/edit`} aria-label={`Edit ${party.name}`}>
                  Edit
                </a>
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      <Pager pagination={view.result.pagination} base={side.partyBase} query={{}} />
    </Frame>,
  );
}
