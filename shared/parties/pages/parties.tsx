import type { Page } from '../../platform/core/paging.ts';
import type { PartyRecord } from '../schemas.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Scope } from '../../platform/http/scopes.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Pager, Table, NewRecordLink } from '../../platform/web/parts.tsx';

/** What a list of customers or vendors names and links to: its side's documents, money and forms (the dashboard's sales and purchases sides are two). */
export interface PartyListSide {
  readonly plural: string;
  readonly base: string;
  readonly partyLabel: string;
  readonly partyPlural: string;
  readonly partyBase: string;
  readonly partyScopes: { readonly create: Scope; readonly update: Scope };
  readonly partyField: string;
  readonly money: { readonly label: string; readonly form: string; readonly scope: Scope };
  readonly statements: boolean;
}

export function partyListPage(view: { viewer: Viewer; side: PartyListSide; result: Page<PartyRecord>; notice?: string | undefined }): string {
  const { side, viewer } = view;
  const canRecord = viewer.scopes.has(side.money.scope);
  const canEdit = viewer.scopes.has(side.partyScopes.update);
  // A statement lists the customer's invoices, so it needs their scope too, as the API's does.
  const statements = side.statements && viewer.scopes.has('sales_invoices:read');
  return renderDocument(
    <Frame viewer={viewer} title={side.partyPlural} notice={view.notice}>
      <NewRecordLink href={`${side.partyBase}/new`} label={`New ${side.partyLabel.toLowerCase()}`} shown={viewer.scopes.has(side.partyScopes.create)} />
      <Table caption={side.partyPlural} rows={view.result.items.length} empty={`No ${side.partyPlural.toLowerCase()} yet.`} head={['Name', 'Email', 'Currency', side.plural, ...(canRecord ? ['Money'] : []), ...(statements ? ['Statement'] : []), ...(canEdit ? ['Action'] : [])]}>
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
            {statements ? (
              <td>
                <a href={`${side.partyBase}/${party.id}/statement`} aria-label={`Statement of ${party.name}`}>
                  Statement
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
