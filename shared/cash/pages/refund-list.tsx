/** One side's refunds: each with its party, the credit it refunds, and its status. */
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Money, Pager, Table } from '../../platform/web/parts.tsx';
import type { Pagination } from '../../platform/core/paging.ts';
import type { MoneyPageKind } from './money-page.tsx';

export interface RefundRow {
  readonly refund: { readonly id: string; readonly no: string; readonly date: string; readonly amount: number; readonly currency: string; readonly status: string; readonly source: { readonly no: string } };
  readonly partyName: string;
  /** The page of the credit it refunds. */
  readonly sourceHref: string;
}

export function refundListPage(view: { viewer: Viewer; kind: MoneyPageKind & { readonly plural: string }; making: string; rows: readonly RefundRow[]; pagination: Pagination }): string {
  const { kind } = view;
  return renderDocument(
    <Frame viewer={view.viewer} title={kind.plural}>
      <p class="muted">{view.making}</p>
      <Table caption={kind.plural} rows={view.rows.length} empty={`No ${kind.plural.toLowerCase()} yet.`} head={['Number', 'Date', kind.partyLabel, 'Refunds', 'Status', { label: 'Amount', num: true }]}>
        {view.rows.map(({ refund, partyName, sourceHref }) => (
          <tr>
            <td>
              <a href={`${kind.base}/${refund.id}`}>{refund.no}</a>
            </td>
            <td>{refund.date}</td>
            <td>{partyName}</td>
            <td>
              <a href={sourceHref}>{refund.source.no}</a>
            </td>
            <td>{refund.status}</td>
            <td class="num">
              <Money value={refund.amount} currency={refund.currency} />
            </td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.pagination} base={kind.base} query={{}} />
    </Frame>,
  );
}
