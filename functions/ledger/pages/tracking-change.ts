import { trackingPage } from '../../../shared/ledger/pages/tracking.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { TrackingCategoryPatch } from '../../../shared/ledger/tracking/schemas.ts';
import { listTrackingCategories, updateTrackingCategory } from '../../../shared/ledger/tracking/categories.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { ledgerPageRoutes as rows } from './routes.ts';

/** The patch each button of a category sends: archive or restore it, archive one option, add one. */
function patchOf(form: Readonly<Record<string, readonly string[]>>): unknown {
  const field = (name: string) => form[name]?.[0]?.trim() ?? '';
  switch (field('change')) {
    case 'archive':
      return { archived: true };
    case 'restore':
      return { archived: false };
    case 'archive_option':
      return { options: [{ id: field('option_id'), archived: true }] };
    default:
      return { options: [{ name: field('name') }] };
  }
}

/** A category's change through the API's schema and use case; a refusal comes back on the page beside the category's form. */
export const handler = defineDashboardPage(rows.changeTrackingCategory, async ({ viewer, id, form }) => {
  try {
    await updateTrackingCategory(viewer.business.id, id, parseInput(TrackingCategoryPatch, patchOf(form), 'form'));
    return redirect('/dashboard/settings/tracking?notice=tracking_category_changed');
  } catch (error) {
    const refused = refusalOf(error);
    // A new option's name is refused as `options[0].name`: shown beside the option form's own field.
    const problems = refused.problems.map((problem) => ({ ...problem, field: problem.field.replace(/^options\[0\]\./, '') }));
    return html(refused.status, trackingPage({ viewer, categories: (await listTrackingCategories(viewer.business.id)).items, optionEntry: { categoryId: id, typed: { name: form.name?.[0] ?? '' }, problems } }));
  }
});
