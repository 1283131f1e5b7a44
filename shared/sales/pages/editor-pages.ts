import { pathIdOf } from '../../platform/http/stack.ts';
import { MAX_ROWS, ROWS_ADDED } from '../../platform/web/line-editor-rules.ts';
import { blankRow, draftTyped, editorBody, editorTypedOf, previewTotals, STARTING_ROWS, type EditorSpec, type EditorTyped, type PreviewTotals } from './document-editor-rules.ts';
import { editorChoices } from './editor-choices-rules.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { documentEditorPage, type EditorView } from './document-editor.tsx';
import { checkDocumentDraft, createDocument, createDocumentOrDraft, draftToChange, replaceDraft } from '../../documents/index.ts';
import type { DocumentCreateBody } from '../../ledger/index.ts';
import type { FieldProblem } from '../../platform/core/errors.ts';
import { derivedId, newId, normalizeId, type Id } from '../../platform/core/ids.ts';
import { refusalOf } from '../../platform/http/form-refusal.ts';
import { defineDashboardPage } from '../../access/index.ts';
import { formIdempotencyKey } from '../../platform/http/idempotency.ts';
import { today } from '../../platform/core/dates.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { html, redirect } from '../../platform/http/web.ts';
import { checkRecurringDraft, createRecurringInvoice } from '../recurring/recurring.ts';
import { RecurringInvoiceCreate } from '../recurring/schemas.ts';

type PageRow = RouteRow & { readonly auth: 'browser' };
type IdRow = PageRow & { readonly path: `${string}{id}${string}` };

/** Where a created document is shown: its own page (the list's path and its id), with what became of it. */
function shownAt(spec: EditorSpec, id: string): string {
  const notice = spec.type === 'invoice' || spec.type === 'bill' ? 'document_created' : `${spec.type}_created`;
  return `${spec.postPath}/${id}?notice=${notice}`;
}

/** The editor drawn (again): its choices read once; a preview's totals counted in the currency they settle on. */
export async function draw(spec: EditorSpec, viewer: Viewer, status: number, state: { typed: EditorTyped; key: string; search: { party: string; item: string }; problems?: readonly FieldProblem[]; kept?: readonly number[]; preview?: (currency: string) => PreviewTotals; editing?: EditorView['editing'] }) {
  const itemIds = state.typed.rows.flatMap((row) => normalizeId(row.item_id) ?? []);
  const choices = await editorChoices(spec, viewer.business.id, { partyId: normalizeId(state.typed.header.party_id ?? '') ?? undefined, partySearch: state.search.party, itemSearch: state.search.item, itemIds });
  return html(status, documentEditorPage({ viewer, spec, typed: state.typed, choices, idempotencyKey: state.key, search: state.search, problems: state.problems, kept: state.kept, preview: state.preview?.(choices.currency), today: today(), editing: state.editing }));
}

/** What an editor's post says: the form as typed (with rows added for "more lines"), the button pressed, the searches. */
export function postedEditor(form: Readonly<Record<string, readonly string[]>>, header: Readonly<Record<string, string>> = {}) {
  const posted = editorTypedOf(form);
  const intent = form.intent?.[0] ?? 'preview';
  const rows = posted.rows.length === 0 ? Array.from({ length: STARTING_ROWS }, blankRow) : intent === 'more' ? [...posted.rows, ...Array.from({ length: ROWS_ADDED }, blankRow)].slice(0, MAX_ROWS) : posted.rows;
  // Fields the form does not post (an edited schedule's customer and rhythm) come from `header`.
  const typed: EditorTyped = { header: { ...header, ...Object.fromEntries(Object.entries(posted.header).filter(([name, value]) => value !== '' || form[name] !== undefined)) }, rows };
  return { typed, intent, search: { party: form.party_search?.[0]?.trim() ?? '', item: form.item_search?.[0]?.trim() ?? '' }, key: form.idempotency_key?.[0] ?? '' };
}

/** The empty editor (its party chosen already when the link names one: "New invoice" from a customer). */
export const editorFormHandler = <const R extends PageRow>(route: R, spec: EditorSpec) =>
  defineDashboardPage(route, async ({ viewer, event }) => {
    const partyId = normalizeId(event.queryStringParameters?.party_id ?? '');
    const typed: EditorTyped = { header: { party_id: partyId ?? '' }, rows: Array.from({ length: STARTING_ROWS }, blankRow) };
    return draw(spec, viewer, 200, { typed, key: newId(), search: { party: '', item: '' } });
  });

/**
 * Every button of the editor. Finding and adding rows only draw the form again; previewing checks the draft as the
 * posting would (party, items, accounts, lock date) and shows its totals; creating posts through the API route's
 * schema and producer, under the idempotency key drawn with the form, so a double submit posts once.
 */
export const editorPostHandler = <const R extends PageRow>(route: R, spec: EditorSpec) =>
  defineDashboardPage(route, async ({ viewer, form }) => {
    const { typed, intent, search, key } = postedEditor(form);
    if (intent === 'more' || intent === 'find_party' || intent === 'find_item') return draw(spec, viewer, 200, { typed, key, search });
    const { body, kept } = editorBody(spec, typed);
    try {
      const scope = formIdempotencyKey(form, route.id);
      if (spec.recurring) {
        const parsed = parseInput(RecurringInvoiceCreate, body, 'form');
        if (intent === 'create') {
          // The schedule's id comes from the form's key: the same form sent twice sets up one schedule.
          await createRecurringInvoice(viewer.business.id, parsed, today(), derivedId(`recurring:${viewer.business.id}:${scope.key}`));
          return redirect(`${spec.postPath}?notice=recurring_created`);
        }
        await checkRecurringDraft(viewer.business.id, parsed);
        return draw(spec, viewer, 200, { typed, key, search, kept, preview: (currency) => previewTotals(parsed.invoice.lines, kept, parsed.invoice.currency ?? currency) });
      }
      const parsed = parseInput(spec.schema, body, 'form') as DocumentCreateBody;
      if (intent === 'create') {
        const created = await createDocument(spec.type, viewer.business.id, parsed, scope);
        return redirect(shownAt(spec, created.id));
      }
      if (intent === 'draft' && spec.drafts) {
        const saved = await createDocumentOrDraft(spec.type, viewer.business.id, { ...parsed, status: 'draft' }, scope);
        return redirect(`${spec.postPath}/${saved.id}?notice=draft_saved`);
      }
      await checkDocumentDraft(spec.type, viewer.business.id, parsed);
      return draw(spec, viewer, 200, { typed, key, search, kept, preview: (currency) => previewTotals(parsed.lines, kept, parsed.currency ?? currency) });
    } catch (error) {
      const refused = refusalOf(error);
      return draw(spec, viewer, refused.status, { typed, key, search, problems: refused.problems, kept });
    }
  });

/** A draft in the editor: its fields and lines as saved, its party fixed, posted back to its own edit path. */
async function draftEditing(spec: EditorSpec, viewer: Viewer, id: Id) {
  const { draft, body } = await draftToChange(spec.type, viewer.business.id, id);
  return { typed: draftTyped(spec, draft, body), editing: { action: `${spec.postPath}/${id}/edit`, title: (partyName: string) => `Draft ${spec.label} for ${partyName}`, submit: 'Save draft', cancel: `${spec.postPath}/${id}` } };
}


/** A draft's editor, filled in as it was saved (a posted document is refused: only a draft changes). */
export const draftEditHandler = <const R extends IdRow>(route: R, spec: EditorSpec) =>
  defineDashboardPage(route, async (input) => {
    const { typed, editing } = await draftEditing(spec, input.viewer, pathIdOf(input));
    return draw(spec, input.viewer, 200, { typed, key: newId(), search: { party: '', item: '' }, editing });
  });

/**
 * The draft's editor posted: finding items and adding rows draw it again, previewing checks it as approval would,
 * saving replaces the draft's body (checked and priced again, as `PATCH` does); nothing is posted.
 */
export const draftUpdateHandler = <const R extends IdRow>(route: R, spec: EditorSpec) =>
  defineDashboardPage(route, async (input) => {
    const { viewer, form } = input;
    const id = pathIdOf(input);
    const stored = await draftEditing(spec, viewer, id);
    // What the form does not show (the party, the note, whether prices hold their tax) stays as saved.
    const { party_id: partyId = '', note = '', amounts = '' } = stored.typed.header;
    const { typed, intent, search, key } = postedEditor(form, { party_id: partyId, note, amounts });
    const state = { typed, key, search, editing: stored.editing };
    if (intent === 'more' || intent === 'find_item') return draw(spec, viewer, 200, state);
    const { body, kept } = editorBody(spec, typed);
    try {
      const parsed = parseInput(spec.schema, body, 'form') as DocumentCreateBody;
      if (intent === 'create') {
        await replaceDraft(spec.type, viewer.business.id, id, parsed);
        return redirect(`${spec.postPath}/${id}?notice=draft_saved`);
      }
      await checkDocumentDraft(spec.type, viewer.business.id, parsed);
      return draw(spec, viewer, 200, { ...state, kept, preview: (currency) => previewTotals(parsed.lines, kept, parsed.currency ?? currency) });
    } catch (error) {
      const refused = refusalOf(error);
      return draw(spec, viewer, refused.status, { ...state, problems: refused.problems, kept });
    }
  });
