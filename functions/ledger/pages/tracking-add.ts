import { typedOf } from '../../../shared/platform/web/record-form-rules.ts';
import { TRACKING_CATEGORY_FIELDS } from '../../../shared/ledger/pages/record-fields.ts';
import { trackingCategoryBody, trackingPage } from '../../../shared/ledger/pages/tracking.tsx';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { html, redirect } from '../../../shared/platform/http/web.ts';
import { TrackingCategoryCreate } from '../../../shared/ledger/tracking/schemas.ts';
import { createTrackingCategory, listTrackingCategories } from '../../../shared/ledger/tracking/categories.ts';
import { refusalOf } from '../../../shared/platform/http/form-refusal.ts';
import { ledgerPageRoutes as rows } from './routes.ts';

/** A new category through the API's schema and use case; a refused one comes back on the page as typed, every problem at once. */
export const handler = defineDashboardPage(rows.addTrackingCategory, async ({ viewer, form }) => {
  const typed = typedOf(form, TRACKING_CATEGORY_FIELDS);
  try {
    await createTrackingCategory(viewer.business.id, parseInput(TrackingCategoryCreate, trackingCategoryBody(typed), 'form'));
    return redirect('/dashboard/settings/tracking?notice=tracking_category_added');
  } catch (error) {
    const refused = refusalOf(error);
    return html(refused.status, trackingPage({ viewer, categories: (await listTrackingCategories(viewer.business.id)).items, entry: { typed, problems: refused.problems } }));
  }
});
