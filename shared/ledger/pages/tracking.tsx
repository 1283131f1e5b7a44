import type { FieldProblem } from '../../platform/core/errors.ts';
import { renderDocument } from '../../platform/web/layout.tsx';
import type { Typed } from '../../platform/web/record-form-rules.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { Frame } from '../../platform/web/frame.tsx';
import { ActionButton, Table } from '../../platform/web/parts.tsx';
import { RecordForm } from '../../platform/web/record-form.tsx';
import type { TrackingCategoryResource } from '../tracking/schemas.ts';
import { TRACKING_CATEGORY_FIELDS } from './record-fields.ts';

export interface TrackingEntry {
  readonly typed: Typed;
  readonly problems: readonly FieldProblem[];
}

/** A typed category as the API's create body: the options textarea read one name a line, blank lines dropped. */
export function trackingCategoryBody(typed: Typed): { name: string; options: { name: string }[] } {
  const options = (typed.options ?? '').split(/\r?\n/).map((name) => name.trim()).filter((name) => name !== '');
  return { name: (typed.name ?? '').trim(), options: options.map((name) => ({ name })) };
}

/**
 * Settings → Tracking: each category with its options, archived ones marked; archive a category or an option, add
 * an option; the form to add a category. Lines name an option in the editors; the profit and loss shows a column each.
 */
export function trackingPage(view: { viewer: Viewer; categories: readonly TrackingCategoryResource[]; notice?: string | undefined; entry?: TrackingEntry; optionEntry?: { readonly categoryId: string } & TrackingEntry }): string {
  const { viewer } = view;
  const canChange = viewer.scopes.has('finance_ledger:update');
  return renderDocument(
    <Frame viewer={viewer} title="Tracking categories" notice={view.notice}>
      <p>Lines of invoices, bills, journals and bank transactions may name one option of each active category; the profit and loss then shows a column each. At most two categories are active.</p>
      {view.categories.length === 0 ? <p>No tracking categories yet.</p> : null}
      {view.categories.map((category) => (
        <section aria-labelledby={`category-${category.id}`}>
          <h2 id={`category-${category.id}`}>
            {category.name}
            {category.archived ? ' (archived)' : ''}
          </h2>
          <Table caption={`Options of ${category.name}`} rows={category.options.length} empty="No options." head={['Option', 'Status', 'Action']}>
            {category.options.map((option) => (
              <tr>
                <td>{option.name}</td>
                <td>{option.archived ? 'Archived' : 'Active'}</td>
                <td>{canChange && !option.archived && !category.archived ? <ActionButton action={`/dashboard/settings/tracking/${category.id}`} viewer={viewer} label={`Archive ${option.name}`} fields={{ change: 'archive_option', option_id: option.id }} /> : null}</td>
              </tr>
            ))}
          </Table>
          {canChange && !category.archived ? (
            <>
              <RecordForm viewer={viewer} action={`/dashboard/settings/tracking/${category.id}`} fields={[{ name: 'name', label: `New option of ${category.name}`, kind: 'text', required: true, maxLength: 100 }]} typed={view.optionEntry?.categoryId === category.id ? view.optionEntry.typed : {}} problems={view.optionEntry?.categoryId === category.id ? view.optionEntry.problems : undefined}>
                <input type="hidden" name="change" value="add_option" />
                <button type="submit">Add option</button>
              </RecordForm>
              <ActionButton action={`/dashboard/settings/tracking/${category.id}`} viewer={viewer} label={`Archive ${category.name}`} fields={{ change: 'archive' }} danger />
            </>
          ) : null}
          {canChange && category.archived ? <ActionButton action={`/dashboard/settings/tracking/${category.id}`} viewer={viewer} label={`Restore ${category.name}`} fields={{ change: 'restore' }} /> : null}
        </section>
      ))}
      {viewer.scopes.has('finance_ledger:create') ? (
        <>
          <h2>Add a tracking category</h2>
          <RecordForm viewer={viewer} action="/dashboard/settings/tracking" fields={TRACKING_CATEGORY_FIELDS} typed={view.entry?.typed ?? {}} problems={view.entry?.problems}>
            <button type="submit">Add category</button>
          </RecordForm>
        </>
      ) : null}
    </Frame>,
  );
}
