/**
 * A recurring invoice changed in the editor: its template's lines, sending and when it ends, through
 * `PATCH /recurring-invoices/{id}`'s schema and use case; its customer and rhythm are shown, not changed.
 */
import { pathIdOf } from '../../../shared/platform/http/stack.ts';
import { editorBody, previewTotals, RECURRING_EDITOR, recurringTyped } from '../../../shared/sales/pages/document-editor-rules.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { today } from '../../../shared/platform/core/dates.ts';
import { newId, type Id } from '../../../shared/platform/core/ids.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { redirect } from '../../../shared/platform/http/web.ts';
import { checkRecurringChange, getRecurringInvoice, updateRecurringInvoice } from '../../../shared/sales/recurring/recurring.ts';
import { RecurringInvoicePatch } from '../../../shared/sales/recurring/schemas.ts';
import { draw, postedEditor } from '../../../shared/sales/pages/editor-pages.ts';

type IdRow = RouteRow & { readonly auth: 'browser'; readonly path: `${string}{id}${string}` };


/** The schedule as stored, and how the editor names it (its customer's name comes with the editor's choices). */
async function editing(viewer: Viewer, id: Id) {
  const recurring = await getRecurringInvoice(viewer.business.id, id);
  return { typed: recurringTyped(recurring), editing: { action: `${RECURRING_EDITOR.postPath}/${id}`, title: (customerName: string) => `Recurring invoice for ${customerName}`, submit: 'Save recurring invoice', cancel: RECURRING_EDITOR.postPath } };
}

export const recurringEditHandler = <const R extends IdRow>(route: R) =>
  defineDashboardPage(route, async (input) => {
    const { typed, editing: shown } = await editing(input.viewer, pathIdOf(input));
    return draw(RECURRING_EDITOR, input.viewer, 200, { typed, key: newId(), search: { party: '', item: '' }, editing: shown });
  });

export const recurringUpdateHandler = <const R extends IdRow>(route: R) =>
  defineDashboardPage(route, async (input) => {
    const { viewer, form } = input;
    const id = pathIdOf(input);
    const stored = await editing(viewer, id);
    // The form always shows the send box: unticked, it posts nothing, so it is not taken from the stored schedule.
    const { typed, intent, search, key } = postedEditor(form, { ...stored.typed.header, send: '' });
    const state = { typed, key, search, editing: stored.editing };
    if (intent === 'more' || intent === 'find_item') return draw(RECURRING_EDITOR, viewer, 200, state);
    const { body, kept } = editorBody(RECURRING_EDITOR, typed, 'edit');
    try {
      const patch = parseInput(RecurringInvoicePatch, body, 'form');
      if (intent === 'create') {
        await updateRecurringInvoice(viewer.business.id, id, patch, today());
        return redirect(`${RECURRING_EDITOR.postPath}?notice=recurring_saved`);
      }
      await checkRecurringChange(viewer.business.id, id, patch, today());
      return draw(RECURRING_EDITOR, viewer, 200, { ...state, kept, preview: (currency) => previewTotals(patch.invoice?.lines ?? [], kept, patch.invoice?.currency ?? currency) });
    } catch (error) {
      const refused = refusalOf(error);
      return draw(RECURRING_EDITOR, viewer, refused.status, { ...state, problems: refused.problems, kept });
    }
  });
