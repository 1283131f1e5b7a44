/** A receipt's or a payment's own page: who, when, into or out of which account, what it settles, and its void. */
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Money, Table, VoidButton } from '../../platform/web/parts.tsx';
import type { Scope } from '../../platform/http/scopes.ts';
import type { MoneyResource } from '../records.ts';
import { RecordFiles, type RecordFilesView } from '../../attachments/pages/record-files.tsx';

/** What differs between a receipt's page and a payment's. */
export interface MoneyPageKind {
  readonly label: 'Receipt' | 'Payment';
  readonly base: string;
  readonly partyLabel: string;
  readonly accountLabel: string;
  /** The page of the documents it settles. */
  readonly documentsBase: string;
  readonly voidScope: Scope;
}

export interface MoneyPageView {
  readonly viewer: Viewer;
  readonly kind: MoneyPageKind;
  readonly money: MoneyResource;
  readonly partyName: string;
  readonly accountName: string;
  /** Each settled document's number, by id. */
  readonly documentNumbers: ReadonlyMap<string, string>;
  readonly notice?: string | undefined;
  /** Its files, when the viewer may read them. */
  readonly files?: RecordFilesView | undefined;
}

export function moneyPage(view: MoneyPageView): string {
  const { kind, money, viewer } = view;
  const voided = money.status === 'Voided';
  return renderDocument(
    <Frame viewer={viewer} title={`${kind.label} ${money.no}`} notice={view.notice}>
      <div class="card">
        <dl class="facts">
          {(
            [
              [kind.partyLabel, view.partyName],
              ['Date', money.date],
              [kind.accountLabel, view.accountName],
              ['Reference', money.reference ?? '—'],
              ['Status', voided ? `Voided, reversed on ${money.void_date ?? money.date}` : 'Posted'],
            ] as const
          ).map(([label, value]) => (
            <>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </>
          ))}
          <dt>Amount</dt>
          <dd>
            <strong>
              <Money value={money.amount} currency={money.currency} />
            </strong>
          </dd>
        </dl>
        {!voided && viewer.scopes.has(kind.voidScope) ? <VoidButton action={`${kind.base}/${money.id}/void`} label={`Void ${kind.label.toLowerCase()}`} /> : null}
      </div>
      <h2>What it settles</h2>
      <Table caption="What it settles" rows={money.allocations.length} head={['Document', { label: 'Amount', num: true }]}>
        {money.allocations.map((allocation) => (
          <tr>
            <td>
              <a href={`${kind.documentsBase}/${allocation.document_id}`}>{view.documentNumbers.get(allocation.document_id) ?? allocation.document_id}</a>
            </td>
            <td class="num">
              <Money value={allocation.amount} currency={money.currency} />
            </td>
          </tr>
        ))}
      </Table>
      {view.files ? <RecordFiles viewer={viewer} view={view.files} /> : null}
    </Frame>,
  );
}
