/** A customer's statement of account in the dashboard: the period, each currency's lines with a running balance and ages, its PDF, and sending it. */
import { Hidden, renderDocument } from '../../platform/web/layout.tsx';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { formatMoney, FormTokens, Table } from '../../platform/web/parts.tsx';
import { placeEntry, type FormEntry } from '../../platform/web/form-entry.tsx';
import { SendFields } from '../../platform/web/send-fields.tsx';
import type { customerStatement } from '../customer-statement.ts';
import { statementLineName } from '../customer-statement-rules.ts';
import type { ExactDecimal } from '../../platform/core/money.ts';

type Statement = Awaited<ReturnType<typeof customerStatement>>;

const AGES = [['current', 'Current'], ['d1_30', '1–30 days'], ['d31_60', '31–60 days'], ['d61_90', '61–90 days'], ['over_90', 'Over 90 days'], ['total', 'Owed']] as const;

/** `sendEntry`: a refused send, drawn again with what was typed and each problem beside its field. */
export function customerStatementPage(view: { viewer: Viewer; statement: Statement; customerEmail: string | null; sendKey: string; sendEntry?: FormEntry | undefined; notice?: string | undefined }): string {
  const { statement, viewer } = view;
  const base = `/dashboard/customers/${statement.customer_id}/statement`;
  const period = new URLSearchParams({ from: statement.from, to: statement.to });
  const entry = placeEntry(['to', 'message', 'period.from', 'period.to'], view.sendEntry);
  return renderDocument(
    <Frame viewer={viewer} title={`Statement of ${statement.name}`} notice={view.notice}>
      <p>
        <a href="/dashboard/customers">All customers</a>
      </p>
      <form method="get" action={base} class="card filters" aria-label="Choose the dates">
        <div>
          <label for="from">From</label>
          <input id="from" type="date" name="from" value={statement.from} />
        </div>
        <div>
          <label for="to">To</label>
          <input id="to" type="date" name="to" value={statement.to} />
        </div>
        <div>
          <button type="submit">Show</button>
        </div>
      </form>
      {statement.currencies.length === 0 ? <p class="muted">Nothing owed and nothing posted from {statement.from} to {statement.to}.</p> : null}
      {statement.currencies.map((block) => {
        const money = (value: number | ExactDecimal) => formatMoney(value, block.currency);
        return (
          <section class="card" aria-label={`In ${block.currency}`}>
            <h2>In {block.currency}</h2>
            <p>
              Owed before {statement.from}: {money(block.opening_balance)}. Owed at the end of {statement.to}: <strong>{money(block.closing_balance)}</strong>.
            </p>
            <Table caption={`Postings in ${block.currency}`} rows={block.lines.length} empty="Nothing posted in these dates." head={['Date', 'What', 'Number', 'Reference', { label: 'Debit', num: true }, { label: 'Credit', num: true }, { label: 'Balance', num: true }]}>
              {block.lines.map((line) => (
                <tr>
                  <td>{line.date}</td>
                  <td>{statementLineName(line.type)}</td>
                  <td>{line.no ?? ''}</td>
                  <td>{line.reference ?? ''}</td>
                  <td class="num">{line.debit ? money(line.debit) : ''}</td>
                  <td class="num">{line.credit ? money(line.credit) : ''}</td>
                  <td class="num">{money(line.balance)}</td>
                </tr>
              ))}
            </Table>
            <Table caption={`What is owed in ${block.currency} by age`} rows={1} head={AGES.map(([, label]) => ({ label, num: true }) as const)}>
              <tr>
                {AGES.map(([bucket]) => (
                  <td class="num">{money(block.aged[bucket])}</td>
                ))}
              </tr>
            </Table>
          </section>
        );
      })}
      <div class="card">
        <h2>Share</h2>
        {entry.above}
        <p>
          <a class="button secondary" href={`${base}/pdf?${period}`} download>
            Download PDF
          </a>
        </p>
        {viewer.scopes.has('sales_customers:update') ? (
          <form method="post" action={`${base}/send`} noValidate>
            <FormTokens viewer={viewer} />
            <Hidden name="idempotency_key" value={view.sendKey} />
            <Hidden name="from" value={statement.from} />
            <Hidden name="to_date" value={statement.to} />
            <SendFields entry={entry} customerEmail={view.customerEmail} />
            <button type="submit">Send statement</button>
          </form>
        ) : null}
      </div>
    </Frame>,
  );
}
