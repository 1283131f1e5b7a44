import { undoLine } from '../../../shared/banking/reconcile.ts';
import { defineDashboardPage } from '../../../shared/access/index.ts';
import { lineAction } from './line-action.ts';
import { dashboardBankingRoutes as rows } from './routes.ts';

export const handler = defineDashboardPage(rows.undoLine, async ({ viewer, id }) => lineAction(viewer, id, 'line_undone', () => undoLine(viewer.business.id, id)));
