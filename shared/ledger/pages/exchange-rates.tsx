import type { FieldProblem } from '../../platform/core/errors.ts';
import type { Page } from '../../platform/core/paging.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Typed } from '../../platform/web/record-form-rules.ts';
import { EXCHANGE_RATE_FIELDS } from './record-fields.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { Pager, Table } from '../../platform/web/parts.tsx';
import { RecordForm } from '../../platform/web/record-form.tsx';

export interface RateRow {
  readonly currency: string;
  readonly date: string;
  readonly rate: unknown;
}

/** The business's rates, newest first, and (for whoever may add one) the form to add a day's rate. */
export function exchangeRatesPage(view: { viewer: Viewer; rates: Page<RateRow>; homeCurrency: string; notice?: string | undefined; entry?: { readonly typed: Typed; readonly problems: readonly FieldProblem[] } }): string {
  const { viewer } = view;
  return renderDocument(
    <Frame viewer={viewer} title="Exchange rates" notice={view.notice}>
      <p>
        {view.homeCurrency} units for one unit of each currency. A foreign posting without its own rate takes the latest rate on or before its date.
      </p>
      <Table caption="Exchange rates" rows={view.rates.items.length} empty="No rates yet." head={['Currency', 'Date', { label: 'Rate', num: true }]}>
        {view.rates.items.map((rate) => (
          <tr>
            <td>{rate.currency}</td>
            <td>{rate.date}</td>
            <td class="num">{String(rate.rate)}</td>
          </tr>
        ))}
      </Table>
      <Pager pagination={view.rates.pagination} base="/dashboard/settings/exchange-rates" query={{}} />
      {viewer.scopes.has('finance_ledger:create') ? (
        <>
          <h2>Add a rate</h2>
          <RecordForm viewer={viewer} action="/dashboard/settings/exchange-rates" fields={EXCHANGE_RATE_FIELDS} typed={view.entry?.typed ?? {}} problems={view.entry?.problems}>
            <button type="submit">Add rate</button>
          </RecordForm>
        </>
      ) : null}
    </Frame>,
  );
}
