/** The general ledger of one account in the dashboard: chosen account and dates, its lines with a running balance, a page at a time. */
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { formatMoney, Table } from '../../platform/web/parts.tsx';
import type { generalLedgerReport } from '../general-ledger.ts';

type GeneralLedgerReport = Awaited<ReturnType<typeof generalLedgerReport>>;

/** Where the dashboard shows the record behind a line, for the kinds it has a page of. */
const SOURCE_PAGES: Readonly<Record<string, string>> = { invoice: 'invoices', bill: 'bills', credit_note: 'credit-notes', estimate: 'estimates' };

export interface AccountChoice {
  readonly id: string;
  readonly label: string;
}

/** The general ledger of `report.account`, or (`report` undefined) the form alone, for choosing an account. */
export function generalLedgerPage(view: { viewer: Viewer; accounts: readonly AccountChoice[]; chosen: { accountId?: string | undefined; from?: string | undefined; to?: string | undefined }; report?: GeneralLedgerReport; next?: string | undefined }): string {
  const { report } = view;
  const money = (value: number) => formatMoney(value, report!.currency);
  return renderDocument(
    <Frame viewer={view.viewer} title="General ledger">
      <p>
        <a href="/dashboard/reports">All reports</a>
      </p>
      <form method="get" action="/dashboard/reports/general-ledger" class="card filters" aria-label="Choose the account and dates">
        <div>
          <label for="account_id">Account</label>
          <select id="account_id" name="account_id">
            {view.accounts.map((account) => (
              <option value={account.id} selected={account.id === view.chosen.accountId}>
                {account.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="from">From</label>
          <input id="from" type="date" name="from" value={report?.from ?? view.chosen.from ?? ''} />
        </div>
        <div>
          <label for="to">To</label>
          <input id="to" type="date" name="to" value={report?.to ?? view.chosen.to ?? ''} />
        </div>
        <div>
          <button type="submit">Show</button>
        </div>
      </form>
      {report ? (
        <>
          <p>
            {report.account.code ? `${report.account.code} ` : ''}
            {report.account.name}, {report.from} to {report.to}, in {report.currency}. Opening balance {money(report.opening_balance)}; closing balance {money(report.closing_balance)} (net debit).
          </p>
          <Table caption={`General ledger of ${report.account.name}`} rows={report.lines.length} empty="No postings in these dates." head={['Date', 'Source', 'Description', 'Party', { label: 'Debit', num: true }, { label: 'Credit', num: true }, { label: 'Balance', num: true }, 'Posted in']}>
            {report.lines.map((line) => {
              const page = SOURCE_PAGES[line.source.type];
              return (
                <tr>
                  <td>{line.date}</td>
                  <td>{page ? <a href={`/dashboard/${page}/${line.source.id}`}>{line.source.no ?? line.source.type}</a> : (line.source.no ?? line.source.type)}</td>
                  <td>{line.description}</td>
                  <td>{line.party?.name ?? ''}</td>
                  <td class="num">{line.debit ? money(line.debit) : ''}</td>
                  <td class="num">{line.credit ? money(line.credit) : ''}</td>
                  <td class="num">{money(line.balance)}</td>
                  <td>{line.currency === report.currency ? '' : formatMoney(line.original_debit || line.original_credit, line.currency)}</td>
                </tr>
              );
            })}
          </Table>
          {view.next ? (
            <p>
              <a href={view.next}>Next 500 lines</a>
            </p>
          ) : null}
        </>
      ) : null}
    </Frame>,
  );
}
