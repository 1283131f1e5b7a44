import type { AGING_BUCKETS } from '../statements.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { overview } from './overview-figures.ts';
import type { SettledDocument } from '../../sales/index.ts';
import { SIDES, type Side } from '../../sales/index.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Money, Table } from '../../platform/web/parts.tsx';

type Overview = Awaited<ReturnType<typeof overview>>;
type Aged = Overview['receivables'];

const BUCKETS: readonly [(typeof AGING_BUCKETS)[number] | 'total', string][] = [
  ['current', 'Not yet due'],
  ['d1_30', '1–30 days overdue'],
  ['d31_60', '31–60'],
  ['d61_90', '61–90'],
  ['over_90', 'Over 90'],
  ['total', 'Total'],
];

function AgedTable(props: { title: string; aged: Aged; side: Side }) {
  return (
    <section class="card" aria-labelledby={`${props.side.type}-aged`}>
      <h2 id={`${props.side.type}-aged`}>{props.title}</h2>
      <Table caption={props.title} rows={props.aged.currencies.length} empty={`Nothing open: no ${props.side.plural.toLowerCase()} are due.`} head={['Currency', ...BUCKETS.map(([, label]) => ({ label, num: true as const }))]}>
        {props.aged.currencies.map((block) => (
          <tr>
            <td>{block.currency}</td>
            {BUCKETS.map(([bucket]) => (
              <td class="num">
                <Money value={block.totals[bucket]} currency={block.currency} />
              </td>
            ))}
          </tr>
        ))}
      </Table>
      <a href={`${props.side.base}?status=Open`}>Open {props.side.plural.toLowerCase()}</a>
    </section>
  );
}

function Recent(props: { side: Side; documents: SettledDocument[]; names: ReadonlyMap<string, string> }) {
  const { side } = props;
  return (
    <section class="card" aria-labelledby={`${side.type}-recent`}>
      <h2 id={`${side.type}-recent`}>Recent {side.plural.toLowerCase()}</h2>
      <Table caption={`Recent ${side.plural.toLowerCase()}`} rows={props.documents.length} empty={`No ${side.plural.toLowerCase()} yet.`} head={['Number', side.partyLabel, 'Status', { label: 'Total', num: true }]}>
        {props.documents.map((document) => (
          <tr>
            <td>
              <a href={`${side.base}/${document.id}`}>{document.no}</a>
            </td>
            <td>{props.names.get(String((document as unknown as Record<string, unknown>)[side.partyField])) ?? ''}</td>
            <td>{document.status}</td>
            <td class="num">
              <Money value={document.total} currency={document.currency} />
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

export function overviewPage(view: { viewer: Viewer; data: Overview }): string {
  const { data } = view;
  return renderDocument(
    <Frame viewer={view.viewer} title="Overview">
      <AgedTable title="Receivables" aged={data.receivables} side={SIDES.invoice} />
      <AgedTable title="Payables" aged={data.payables} side={SIDES.bill} />
      <section class="card" aria-labelledby="accounts">
        <h2 id="accounts">Bank and cash accounts</h2>
        <Table caption="Bank and cash accounts" rows={data.accounts.length} empty="No bank accounts yet." head={['Account', 'Kind', { label: 'Balance today', num: true }]}>
          {data.accounts.map((account) => (
            <tr>
              <td>{account.name}</td>
              <td>{account.kind ?? 'cash'}</td>
              <td class="num">
                <Money value={account.balance} currency={account.currency} />
              </td>
            </tr>
          ))}
        </Table>
      </section>
      <div class="cards">
        <Recent side={SIDES.invoice} documents={data.invoices} names={data.names} />
        <Recent side={SIDES.bill} documents={data.bills} names={data.names} />
      </div>
    </Frame>,
  );
}
