import type { FieldProblem } from '../../platform/core/errors.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Typed } from '../../platform/web/record-form-rules.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { ActionButton, Table } from '../../platform/web/parts.tsx';
import { RecordForm } from '../../platform/web/record-form.tsx';
import type { TaxRateResource } from '../tax/tax-rates.ts';
import { TAX_RATE_FIELDS } from './record-fields.ts';

/** Settings → Tax rates: every rate with its kind and VAT category, archived ones last; the form to add one. */
export function taxRatesPage(view: { viewer: Viewer; rates: readonly TaxRateResource[]; notice?: string | undefined; entry?: { readonly typed: Typed; readonly problems: readonly FieldProblem[] } }): string {
  const { viewer } = view;
  const rates = [...view.rates].sort((a, b) => Number(a.archived) - Number(b.archived));
  return renderDocument(
    <Frame viewer={viewer} title="Tax rates" notice={view.notice}>
      <p>Every taxed line names one of these. A rate a posting names keeps its rate and kind: for a new rate, add one and archive the old.</p>
      <Table caption="Tax rates" rows={rates.length} empty="No tax rates." head={['Name', { label: 'Rate', num: true }, 'Kind', 'Category', 'Exemption reason', 'Status', 'Action']}>
        {rates.map((rate) => (
          <tr>
            <td>{rate.name}</td>
            <td class="num">{`${rate.rate}%`}</td>
            <td>{rate.kind.replace(/_/g, ' ')}</td>
            <td>{rate.category}</td>
            <td>{rate.exemption_reason ?? '—'}</td>
            <td>{rate.archived ? 'Archived' : rate.used ? 'In use' : 'Not used yet'}</td>
            <td>{!rate.archived && viewer.scopes.has('finance_ledger:update') ? <ActionButton action={`/dashboard/settings/tax-rates/${rate.id}/archive`} viewer={viewer} label={`Archive ${rate.name}`} /> : null}</td>
          </tr>
        ))}
      </Table>
      {viewer.scopes.has('finance_ledger:create') ? (
        <>
          <h2>Add a tax rate</h2>
          <RecordForm viewer={viewer} action="/dashboard/settings/tax-rates" fields={TAX_RATE_FIELDS} typed={view.entry?.typed ?? {}} problems={view.entry?.problems}>
            <button type="submit">Add tax rate</button>
          </RecordForm>
        </>
      ) : null}
    </Frame>,
  );
}
