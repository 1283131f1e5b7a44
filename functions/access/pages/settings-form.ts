import type * as v from 'valibot';
import { bodyOf, typedFromRecord, typedOf, type FormField, type Typed } from '../../../shared/platform/web/record-form-rules.ts';
import { noticeOf } from '../../../shared/sales/index.ts';
import type { Viewer } from '../../../shared/platform/web/viewer.ts';
import { recordFormPage } from '../../../shared/platform/web/record-form.tsx';
import type { FieldProblem } from '../../../shared/platform/core/errors.ts';
import { defineDashboardPage } from '../../../shared/access/http/define-dashboard.ts';
import type { RouteRow } from '../../../shared/platform/http/route.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';

type PageRow = RouteRow & { readonly auth: 'browser' };

/** One of the books' settings kept as a single form (the profile, the lock date), saved through its API route. */
export interface SettingsForm<S extends v.GenericSchema> {
  readonly title: string;
  readonly intro?: string;
  readonly path: string;
  readonly fields: readonly FormField[];
  readonly schema: S;
  /** The body the form's fields make (default: as a PATCH makes it, an emptied field cleared). */
  readonly bodyOf?: (typed: Typed) => Record<string, unknown>;
  load(viewer: Viewer): Promise<object>;
  save(viewer: Viewer, body: v.InferOutput<S>): Promise<unknown>;
  readonly notice: string;
}

const draw = <S extends v.GenericSchema>(form: SettingsForm<S>, viewer: Viewer, typed: Typed, problems?: readonly FieldProblem[], notice?: string) =>
  recordFormPage({ viewer, title: form.title, ...(form.intro ? { intro: form.intro } : {}), action: form.path, fields: form.fields, typed, submit: 'Save', back: '/dashboard', notice, ...(problems ? { problems } : {}) });

export const settingsFormPage = <const R extends PageRow, S extends v.GenericSchema>(route: R, form: SettingsForm<S>) =>
  defineDashboardPage(route, async ({ viewer, event }) => html(200, draw(form, viewer, typedFromRecord(form.fields, (await form.load(viewer)) as Record<string, unknown>), undefined, noticeOf(event.queryStringParameters?.notice))));

export const saveSettingsForm = <const R extends PageRow, S extends v.GenericSchema>(route: R, form: SettingsForm<S>) =>
  defineDashboardPage(route, async ({ viewer, form: posted }) => {
    const typed = typedOf(posted, form.fields);
    try {
      await form.save(viewer, parseInput(form.schema, form.bodyOf ? form.bodyOf(typed) : bodyOf(form.fields, typed, 'edit'), 'form'));
      return redirect(`${form.path}?notice=${form.notice}`);
    } catch (error) {
      const refused = refusalOf(error);
      return html(refused.status, draw(form, viewer, typed, refused.problems));
    }
  });
