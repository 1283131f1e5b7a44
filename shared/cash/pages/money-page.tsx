/** A receipt's, a payment's or a refund's own page: who, when, into or out of which account, what it settles or refunds, and its void. */
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Money, Table, VoidButton } from '../../platform/web/parts.tsx';
import type { Scope } from '../../platform/http/scopes.ts';
import type { MoneyResource } from '../records.ts';
import { RecordFiles, type RecordFilesView } from '../../attachments/index.ts';

/** What differs between a receipt's page, a payment's and a refund's. */
export interface MoneyPageKind {
  readonly label: string;
  readonly base: string;
  readonly partyLabel: string;
  readonly accountLabel: string;
  /** What its table of documents says they are: what it settles, or the credit it refunds. */
  readonly settledHeading: string;
  readonly voidScope: Scope;
}

/** One document the money settles (or the credit it refunds), with the page it links to. */
export interface SettledRow {
  readonly href: string;
  readonly no: string;
  readonly amount: number;
}

/** The fields a money page shows, which receipts, payments and refunds share. */
type ShownMoney = Pick<MoneyResource, 'id' | 'no' | 'date' | 'reference' | 'status' | 'void_date' | 'amount' | 'currency'>;

export interface MoneyPageView {
  readonly viewer: Viewer;
  readonly kind: MoneyPageKind;
  readonly money: ShownMoney;
  readonly partyName: string;
  readonly accountName: string;
  readonly settled: readonly SettledRow[];
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
      <h2>{kind.settledHeading}</h2>
      <Table caption={kind.settledHeading} rows={view.settled.length} head={['Document', { label: 'Amount', num: true }]}>
        {view.settled.map((row) => (
          <tr>
            <td>
              <a href={row.href}>{row.no}</a>
            </td>
            <td class="num">
              <Money value={row.amount} currency={money.currency} />
            </td>
          </tr>
        ))}
      </Table>
      {view.files ? <RecordFiles viewer={viewer} view={view.files} /> : null}
    </Frame>,
  );
}
