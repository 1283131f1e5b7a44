import type * as v from 'valibot';
import type { ComponentChildren } from 'preact';
import { RecordHistory, recordHistoryFor, type RecordHistoryView } from '../../audit/index.ts';
import { bodyOf, fieldsFor, typedFromRecord, typedOf, type FormField, type FormMode, type Typed } from '../../platform/web/record-form-rules.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { recordFormPage } from '../../platform/web/record-form.tsx';
import type { FieldProblem } from '../../platform/core/errors.ts';
import type { Id } from '../../platform/core/ids.ts';
import { refusalOf } from '../../platform/http/form-refusal.ts';
import { defineDashboardPage } from './define-dashboard.ts';
import type { RouteRow } from '../../platform/http/route.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { html, redirect } from '../../platform/http/web.ts';

type PageRow = RouteRow & { readonly auth: 'browser' };

/** One kind of record the dashboard creates through its API route's schema and use case (a bank account, which is never edited). */
export interface CreatePages<C extends v.GenericSchema> {
  /** "customer", as a title says it. */
  readonly noun: string;
  /** The list the forms come from and go back to. */
  readonly base: string;
  /** Where the new-record form posts, when not to `base` (a list whose path the records' own pages share). */
  readonly createAction?: string;
  readonly fields: { readonly create: readonly FormField[] };
  /** The API route's body schema (POST). */
  readonly schemas: { readonly create: C };
  create(businessId: Id, body: v.InferOutput<C>): Promise<unknown>;
}

/**
 * One kind of record the dashboard creates and edits through its API route's schema and use case: a customer, a
 * vendor, an item, an account.
 */
export interface RecordPages<C extends v.GenericSchema, P extends v.GenericSchema> extends CreatePages<C> {
  readonly fields: { readonly create: readonly FormField[]; readonly edit: readonly FormField[] };
  /** The API route's body schemas, POST and PATCH. */
  readonly schemas: { readonly create: C; readonly edit: P };
  load(businessId: Id, id: Id): Promise<object>;
  /** The type its audit entries carry (`customer`): its edit page then shows its history to whoever may read the trail. */
  readonly auditType?: string;
  /** What its edit page shows below the form, before the history (a party's files), read beside the record. */
  readonly sections?: (viewer: Viewer, id: Id) => Promise<ComponentChildren>;
  /** The sentence of a `?notice=` its edit page is sent back with (a file deleted from it). */
  readonly noticeOf?: (code: string | undefined) => string | undefined;
  update(businessId: Id, id: Id, body: v.InferOutput<P>): Promise<unknown>;
}

type AnyPages = CreatePages<v.GenericSchema> | RecordPages<v.GenericSchema, v.GenericSchema>;
const fieldsOf = (pages: AnyPages, mode: FormMode) => (mode === 'create' ? pages.fields.create : (pages as RecordPages<v.GenericSchema, v.GenericSchema>).fields.edit);

function page(pages: AnyPages, viewer: Viewer, mode: FormMode, typed: Typed, id?: Id, problems?: readonly FieldProblem[], below?: { readonly sections?: ComponentChildren; readonly history?: RecordHistoryView | undefined; readonly notice?: string | undefined }) {
  return recordFormPage({
    viewer,
    title: mode === 'create' ? `New ${pages.noun}` : `Edit ${pages.noun}`,
    action: mode === 'create' ? (pages.createAction ?? pages.base) : `${pages.base}/${id}`,
    fields: fieldsFor(fieldsOf(pages, mode), mode),
    typed,
    submit: mode === 'create' ? `Create ${pages.noun}` : 'Save changes',
    back: pages.base,
    ...(problems ? { problems } : {}),
    ...(below ? { after: [below.sections, below.history ? RecordHistory({ entries: below.history.entries, more: below.history.more }) : null], notice: below.notice } : {}),
  });
}

/** The record a path names (`{id}`), for the edit form and its post; none for a new record. */
const idOf = (input: object): Id | undefined => ('id' in input ? (input.id as Id) : undefined);

/** The empty form of a new record. */
export const newRecordHandler = <const R extends PageRow>(route: R, pages: AnyPages) =>
  defineDashboardPage(route, async ({ viewer }) => html(200, page(pages, viewer, 'create', {})));

/** A record's form, filled with what it holds now. */
export const editRecordHandler = <const R extends PageRow>(route: R, pages: RecordPages<v.GenericSchema, v.GenericSchema>) =>
  defineDashboardPage(route, async (input) => {
    const id = idOf(input)!;
    const [record, history, sections] = await Promise.all([pages.load(input.viewer.business.id, id), pages.auditType ? recordHistoryFor(input.viewer, pages.auditType, id) : undefined, pages.sections?.(input.viewer, id)]);
    const notice = pages.noticeOf?.(input.event.queryStringParameters?.notice);
    return html(200, page(pages, input.viewer, 'edit', typedFromRecord(pages.fields.edit, record as Record<string, unknown>), id, undefined, { sections, history, notice }));
  });

/**
 * Saves a posted form through the API route's schema and use case. A refusal (400, 404 of a named record, 409, 422)
 * writes nothing: the form comes back in the frame as the person left it, each problem beside the field it names.
 */
export function saveRecordHandler<const R extends PageRow>(route: R, pages: AnyPages, mode: 'create'): ReturnType<typeof defineDashboardPage<R>>;
export function saveRecordHandler<const R extends PageRow>(route: R, pages: RecordPages<v.GenericSchema, v.GenericSchema>, mode: FormMode): ReturnType<typeof defineDashboardPage<R>>;
export function saveRecordHandler<const R extends PageRow>(route: R, pages: AnyPages, mode: FormMode) {
  return defineDashboardPage(route, async (input) => {
    const { viewer, form } = input;
    const id = idOf(input);
    const fields = fieldsFor(fieldsOf(pages, mode), mode);
    const typed = typedOf(form, fields);
    try {
      if (mode === 'create') await pages.create(viewer.business.id, parseInput(pages.schemas.create, bodyOf(fields, typed, mode), 'form'));
      else {
        const editable = pages as RecordPages<v.GenericSchema, v.GenericSchema>;
        await editable.update(viewer.business.id, id!, parseInput(editable.schemas.edit, bodyOf(fields, typed, mode), 'form'));
      }
      return redirect(`${pages.base}?notice=${mode === 'create' ? 'record_created' : 'record_saved'}`);
    } catch (error) {
      const refused = refusalOf(error);
      return html(refused.status, page(pages, viewer, mode, typed, id, refused.problems));
    }
  });
}
