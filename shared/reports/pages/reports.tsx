import { PERIOD_PRESETS, PRESET_LABELS } from '../../ledger/index.ts';
import type { PeriodPreset } from '../../ledger/index.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import { barChartSvg } from '../../platform/web/charts.ts';
import type { ReportPage } from './report-figures.ts';
import type { figureText} from './report-tables.ts';
import { type ReportTable } from './report-tables.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { formatMoney } from '../../platform/web/parts.tsx';
import { currencyBlockLabel } from '../statements.ts';

export const REPORTS = [
  { slug: 'profit-and-loss', title: 'Profit and loss', about: 'Income and expenses over a period, beside the period before.' },
  { slug: 'balance-sheet', title: 'Balance sheet', about: 'Assets, liabilities and equity at the end of a period, beside the end of the one before.' },
  { slug: 'trial-balance', title: 'Trial balance', about: "Every account's debit or credit balance on a date." },
  { slug: 'aged-receivables', title: 'Aged receivables', about: 'What customers owe, by how long it is overdue.' },
  { slug: 'aged-payables', title: 'Aged payables', about: 'What is owed to vendors, by how long it is overdue.' },
  { slug: 'tax-summary', title: 'Tax summary', about: 'Tax on sales and purchases per tax rate over a period: the figures of a tax return.' },
  { slug: 'general-ledger', title: 'General ledger', about: "One account's postings with a running balance (open it from an account of the trial balance or the chart)." },
] as const;

export type ReportSlug = (typeof REPORTS)[number]['slug'];

export function reportsIndexPage(viewer: Viewer): string {
  return renderDocument(
    <Frame viewer={viewer} title="Reports">
      <ul class="reports">
        {REPORTS.map((report) => (
          <li>
            <a href={`/dashboard/reports/${report.slug}`}>{report.title}</a>: {report.about}
          </li>
        ))}
      </ul>
    </Frame>,
  );
}

/** What the picker shows as chosen, and how a link to another view of the same report is written. */
export interface ReportControls {
  readonly kind: 'period' | 'as_of';
  readonly preset?: PeriodPreset;
  readonly from?: string;
  readonly to?: string;
  readonly asOf?: string;
  readonly view: string;
  /** Of the profit and loss: the basis shown, which the picker switches. */
  readonly basis?: 'accrual' | 'cash' | undefined;
  /** Of the profit and loss: the tracking category whose options are the columns ('' for the period beside the one before), and those to choose. */
  readonly tracking?: { readonly chosen: string; readonly choices: readonly { readonly value: string; readonly label: string }[] } | undefined;
  /** This report's path with the given query (the picker's choices kept). */
  readonly link: (changes: Readonly<Record<string, string>>) => string;
}

function Picker(props: { controls: ReportControls; path: string }) {
  const { controls } = props;
  return (
    <form method="get" action={props.path} class="card filters" aria-label="Choose the period">
      {controls.kind === 'period' ? (
        <>
          <div>
            <label for="period">Period</label>
            <select id="period" name="period">
              {PERIOD_PRESETS.map((preset) => (
                <option value={preset} selected={preset === controls.preset}>
                  {PRESET_LABELS[preset]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label for="from">From (custom dates)</label>
            <input id="from" type="date" name="from" value={controls.from ?? ''} />
          </div>
          <div>
            <label for="to">To (custom dates)</label>
            <input id="to" type="date" name="to" value={controls.to ?? ''} />
          </div>
        </>
      ) : (
        <div>
          <label for="as_of">As of</label>
          <input id="as_of" type="date" name="as_of" value={controls.asOf ?? ''} />
        </div>
      )}
      {controls.basis ? (
        <div>
          <label for="basis">Basis</label>
          <select id="basis" name="basis">
            <option value="accrual" selected={controls.basis === 'accrual'}>
              Accrual: when invoiced or billed
            </option>
            <option value="cash" selected={controls.basis === 'cash'}>
              Cash: when paid
            </option>
          </select>
        </div>
      ) : null}
      {controls.tracking && controls.tracking.choices.length > 0 ? (
        <div>
          <label for="tracking_category_id">Columns</label>
          <select id="tracking_category_id" name="tracking_category_id">
            <option value="">This period and the one before</option>
            {controls.tracking.choices.map((choice) => (
              <option value={choice.value} selected={choice.value === controls.tracking!.chosen}>
                {`By ${choice.label}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <input type="hidden" name="view" value={controls.view} />
      <div>
        <button type="submit">Show</button>
      </div>
    </form>
  );
}

function ReportTableView(props: { table: ReportTable }) {
  const { table } = props;
  const money = (value: Parameters<typeof figureText>[0]) => (value === null ? '' : formatMoney(value, table.currency));
  // Focusable, so a keyboard can scroll the table sideways on a narrow screen (it holds no link of its own).
  return (
    <div class="table" tabIndex={0} role="region" aria-label={table.caption}>
      <table>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column, index) => (
              <th class={index === 0 ? undefined : 'num'} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr class={row.kind}>
              <th scope="row">{row.href ? <a href={row.href}>{row.label}</a> : row.label}</th>
              {row.values.map((value) => (
                <td class="num">{money(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A report: the picker, the views a click away, the chart with its figures in the table beside it, and its CSV. */
export function reportPage(view: { viewer: Viewer; slug: ReportSlug; report: ReportPage; controls: ReportControls }): string {
  const meta = REPORTS.find((report) => report.slug === view.slug)!;
  const { report, controls } = view;
  const path = `/dashboard/reports/${view.slug}`;
  return renderDocument(
    <Frame viewer={view.viewer} title={meta.title}>
      <p>
        <a href="/dashboard/reports">All reports</a>
      </p>
      <Picker controls={controls} path={path} />
      <nav class="views" aria-label="Currency">
        {report.views.map((name) => (
          <a href={controls.link({ view: name })} aria-current={name === controls.view ? 'page' : undefined}>
            {name === 'base' ? `Home currency (${report.homeCurrency}), books of record` : currencyBlockLabel(name)}
          </a>
        ))}
      </nav>
      <div class="report">
        <figure class="chart-box" dangerouslySetInnerHTML={{ __html: barChartSvg(report.chart, `chart-${view.slug}`) }} />
        <ReportTableView table={report.table} />
      </div>
      <p>
        <a class="button secondary" href={controls.link({ format: 'csv' })} download>
          Download CSV
        </a>
      </p>
    </Frame>,
  );
}
