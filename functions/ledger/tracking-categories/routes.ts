import { defineRoutes } from '../../../shared/platform/http/route.ts';
import { TrackingCategory, TrackingCategoryCreate, TrackingCategoryList, TrackingCategoryPatch } from '../../../shared/ledger/tracking/schemas.ts';

const entry = (name: string) => `functions/ledger/tracking-categories/${name}.ts`;

/** Tracking categories (department, project): at most two active, whose options lines name for profit by option. */
export const trackingCategoriesRoutes = defineRoutes({
  create: { id: 'trackingCategories.create', method: 'POST', path: '/api/v1/tracking-categories', entry: entry('create'), auth: 'bearer', scope: 'finance_ledger:create', contract: { summary: 'Add a tracking category (such as Department) with its options (at most 100); at most two categories are active', tag: 'Tracking', body: TrackingCategoryCreate, response: TrackingCategory, status: 201 } },
  list: { id: 'trackingCategories.list', method: 'GET', path: '/api/v1/tracking-categories', entry: entry('list'), auth: 'bearer', scope: 'finance_ledger:read', contract: { summary: "The business's tracking categories with their options, active ones first (archived ones too, flagged)", tag: 'Tracking', response: TrackingCategoryList } },
  update: { id: 'trackingCategories.update', method: 'PATCH', path: '/api/v1/tracking-categories/{id}', entry: entry('update'), auth: 'bearer', scope: 'finance_ledger:update', contract: { summary: 'Rename or archive a category; add, rename or archive its options (an archived one takes no new lines; none is ever removed)', tag: 'Tracking', body: TrackingCategoryPatch, response: TrackingCategory } },
});
