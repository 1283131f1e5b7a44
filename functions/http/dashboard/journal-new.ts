import { newId } from '../../../shared/domain/ids.ts';
import { defineDashboardPage } from '../../../shared/http/define-dashboard.ts';
import { drawJournal, emptyJournal } from './journal-pages.ts';
import { dashboardRoutes } from './routes.ts';

export const handler = defineDashboardPage(dashboardRoutes.journalNew, async ({ viewer }) => drawJournal(viewer, 200, emptyJournal(), newId()));
