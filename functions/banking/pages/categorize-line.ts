import { categorizeLine } from '../../../shared/banking/reconcile.ts';
import { LineCategorizeInput } from '../../../shared/banking/schemas.ts';
import { numberOf } from '../../../shared/platform/web/record-form-rules.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { parseInput } from '../../../shared/platform/http/validate.ts';
import { lineAction } from './line-action.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.categorizeLine, async ({ viewer, id, form }) =>
  lineAction(viewer, id, 'line_categorized', async () => {
    const field = (name: string) => form[name]?.[0]?.trim() ?? '';
    const body = parseInput(LineCategorizeInput, { account_id: field('account_id'), ...(field('tax_rate') ? { tax_rate: numberOf(field('tax_rate')) } : {}), ...(field('description') ? { description: field('description') } : {}) }, 'form');
    return categorizeLine(viewer.business.id, id, body);
  }),
);
